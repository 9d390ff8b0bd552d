// The text builders of the features use the inert helpers: a hostile webhook id, type, reason or
// metadata, and a hostile result title, URL or warning, reach notifications, rows, tab titles and
// tooltips as plain text.
import * as assert from 'node:assert/strict';
import { resultTitle, searchLabel } from '../../src/core/search/present';
import { summarize, type TypedResult } from '../../src/core/search/record';
import { resultTooltip, searchTooltip } from '../../src/core/search/tooltip';
import { documentFileName } from '../../src/core/search/uri';
import { eventDescription, eventLabel, notificationText, statusExplanation, type WebhookEventRecord } from '../../src/core/webhook-events';
import { makeRecord } from './search-fixtures';

const COMMAND_LINK = '[Open](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22x%22%7D)';
/** VS Code 1.100's parseLinkedText link pattern (src/vs/base/common/linkedText.ts). */
const LINK_REGEX = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/i;

function record(fields: Partial<WebhookEventRecord>): WebhookEventRecord {
  return { key: 'k1', receivedAt: 0, status: 'unsigned', ...fields };
}

describe('inert text in the webhook events', () => {
  it('notificationText shows a hostile id and crawl URL as text, never as a link', () => {
    for (const type of ['crawl.completed', 'batch_scrape.started', 'batch_scrape.completed'] as const) {
      const text = notificationText({ type, jobId: COMMAND_LINK }) ?? '';
      assert.ok(text.includes('[Open] (command: workbench.action'), text);
      assert.doesNotMatch(text, LINK_REGEX);
      assert.ok(!text.includes(']('));
    }
    const withUrl = notificationText({ type: 'crawl.completed', jobId: 'c1' }, `https://x.example/$(zap)[a](command:evil)\u202E`) ?? '';
    assert.equal(withUrl, 'Crawl of https://x.example/$ (zap)[a] (command: evil) completed (c1).');
  });

  it('a hostile type, id or reason is one clean line in the row and its tooltip', () => {
    const hostile = record({ type: 'crawl.completed\r# Heading\u202E', jobId: '\u2066job\u2069\u200B-1' });
    assert.equal(eventLabel(hostile), 'crawl.completed # Heading');
    assert.match(eventDescription(hostile, '14:02'), /^14:02 · job-1 · unsigned$/);
    const refused = record({ status: 'refused', httpStatus: 400, reason: 'bad\rbody\u202E' });
    assert.equal(statusExplanation(refused), 'Refused with 400: bad body');
    assert.equal(eventLabel(record({ type: '\u200B\u202E' })), 'Event without a type');
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
    const tooltip = resultTooltip(hostile);
    assert.ok(!tooltip.includes('\r'));
    assert.match(tooltip, /line \\# heading \\\[x\\\]\\\(command\\:y\\\)/);
    assert.match(tooltip, /Report \\=\\=\\=\\=\\=/);
    assert.match(tooltip, /zap\\\) \\# url/);
    const summary = summarize(makeRecord({ warning: 'Partial results\r# Injected\r[x](command:y)' }), 10);
    const searchTip = searchTooltip(summary, 'now');
    assert.match(searchTip, /\*\*Warning from the service:\*\* Partial results \\# Injected \\\[x\\\]\\\(command\\:y\\\)$/);
  });
});
