// The text builders of the features use the inert helpers: a hostile webhook id, type, reason or
// metadata, and a hostile result title, URL or warning, reach notifications, rows, tab titles and
// tooltips as plain text.
import * as assert from 'node:assert/strict';
import { resultTitle, searchLabel } from '../../src/core/search/present';
import { summarize, type TypedResult } from '../../src/core/search/record';
import { resultTooltip, searchTooltip } from '../../src/core/search/tooltip';
import { tooltipMarkdown } from '../../src/core/text/inert';
import { documentFileName } from '../../src/core/search/uri';
import { eventFacts, eventTitle, notificationFacts, refusalReason, type NotificationFacts, type WebhookEventRecord } from '../../src/core/webhook-events';
import { makeRecord } from './search-fixtures';

const COMMAND_LINK = '[Open](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22x%22%7D)';
/** VS Code 1.100's parseLinkedText link pattern (src/vs/base/common/linkedText.ts). */
const LINK_REGEX = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/i;

function record(fields: Partial<WebhookEventRecord>): WebhookEventRecord {
  return { key: 'k1', receivedAt: 0, status: 'unsigned', ...fields };
}

describe('inert text in the webhook events', () => {
  // The words are made in the feature (vscode.l10n) around these fields, in whatever order a
  // translation wants: the guarantee lives in the fields, so each must be inert on its own.
  const textFields = (facts: NotificationFacts | undefined): string[] =>
    Object.values(facts ?? {}).filter((value): value is string => typeof value === 'string' && value !== facts?.kind);

  it('notificationFacts gives a hostile id and crawl URL as text, never as a link or an icon', () => {
    const hostileId = `${COMMAND_LINK} $(zap)\u202E`;
    for (const type of ['crawl.completed', 'batch_scrape.started', 'batch_scrape.completed'] as const) {
      const facts = notificationFacts({ type, jobId: hostileId });
      assert.equal(facts?.id, '[Open] (command: workbench.action.terminal.sendSequence?%7B%22text%22%3A%22x%22%7D) $ (zap)', type);
      for (const text of textFields(facts)) {
        assert.doesNotMatch(text, LINK_REGEX, text);
        assert.ok(!text.includes('](') && !text.includes('$(') && !/command:\S/i.test(text), text);
      }
    }
    const withUrl = notificationFacts({ type: 'crawl.completed', jobId: 'c1' }, `https://x.example/$(zap)[a](command:evil)\u202E`);
    assert.deepEqual(withUrl, { kind: 'crawl.completed', id: 'c1', shortId: 'c1', url: 'https://x.example/$ (zap)[a] (command: evil)' });
  });

  it('the short id of a hostile id is inert too, even where the cut ends it', () => {
    // Inert, the id reads "command: aaa…"; its first 8 characters would leave "command:" right before the "…".
    const facts = notificationFacts({ type: 'crawl.completed', jobId: `command:${'a'.repeat(20)}` }, 'https://x.example');
    assert.ok(facts?.kind === 'crawl.completed');
    assert.equal(facts.shortId, 'command: …');
    for (const text of textFields(facts)) assert.ok(!/command:\S/i.test(text), text);
  });

  it('an id with nothing left once inert is absent, not an empty placeholder', () => {
    assert.deepEqual(notificationFacts({ type: 'batch_scrape.started', jobId: '\u200B\u202E' }), { kind: 'batch_scrape.started' });
    assert.deepEqual(notificationFacts({ type: 'crawl.completed', jobId: 'c1' }, '\u2066'), { kind: 'crawl.completed', id: 'c1', shortId: 'c1' });
  });

  it('a hostile type, id or reason is one clean line in the row and its tooltip', () => {
    const hostile = record({ type: 'crawl.completed\r# Heading\u202E', jobId: '\u2066job\u2069\u200B-1' });
    assert.deepEqual(eventTitle(hostile), { kind: 'type', type: 'crawl.completed # Heading' });
    assert.deepEqual(eventFacts(hostile), { receivedAt: new Date(0), jobId: 'job-1', status: 'unsigned', unsuccessful: false });
    const refused = record({ status: 'refused', httpStatus: 400, reason: 'bad\rbody\u202E' });
    assert.equal(refusalReason(refused), 'bad body');
    assert.deepEqual(eventTitle(record({ type: '\u200B\u202E' })), { kind: 'no-type' });
  });
});

describe('inert text in search results', () => {
  const hostile: TypedResult = {
    kind: 'web',
    result: { title: '\u202Egnp.exe\u202C Report\r=====\u200B', url: 'https://evil.example/$(zap)\r# url', description: 'line\r# heading [x](command:y)' },
  };

  it('the row label and tab title have no control, bidi or zero-width characters', () => {
    assert.equal(resultTitle(hostile), 'gnp.exe Report =====');
    assert.equal(documentFileName(resultTitle(hostile), 'markdown'), 'gnp.exe Report =====.md');
    assert.equal(searchLabel({ query: 'q\u2067uery\r\n' }), 'query');
  });

  it('tooltips escape the text and a lone \\r starts no heading', () => {
    const tip = resultTooltip(hostile);
    const tooltip = tooltipMarkdown({ heading: tip.title, paragraphs: [[tip.url ?? ''], [tip.text ?? '']] });
    assert.ok(!tooltip.includes('\r'));
    assert.match(tooltip, /line \\# heading \\\[x\\\]\\\(command\\:y\\\)/);
    assert.match(tooltip, /Report \\=\\=\\=\\=\\=/);
    assert.match(tooltip, /zap\\\) \\# url/);
    const summary = summarize(makeRecord({ warning: 'Partial results\r# Injected\r[x](command:y)' }), 10);
    const { query, warning } = searchTooltip(summary);
    const searchTip = tooltipMarkdown({ heading: query, paragraphs: [], ...(warning !== undefined ? { warning: { label: 'Warning from the service:', text: warning } } : {}) });
    assert.match(searchTip, /\*\*Warning from the service\\:\*\* Partial results \\# Injected \\\[x\\\]\\\(command\\:y\\\)$/);
  });
});
