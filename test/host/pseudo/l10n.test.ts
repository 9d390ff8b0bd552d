// Runs only in the pseudo-locale mode (WEBDATA_PSEUDO_L10N=1 npm run test:host): VS Code in
// qps-ploc, the extension's bundles pseudo-localized ("Retry" -> "Řḗḗŧřẏ"). Every letter of a
// pseudo-localized string is a non-ASCII look-alike, so an English word left in what the extension
// shows is a string that escaped localization.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ActiveCrawl } from '../../../src/core/api/schemas';
import type { SearchRecord } from '../../../src/core/search/record';
import type { WebDataApi } from '../../../src/extension';
import type { WebhookNotification } from '../../../src/features/webhooks';
import type { SearchTreeNode } from '../../../src/features/search';
import { makeEvent, sendWebhook } from '../../emulator/webhook-sender';
import { activate, EXTENSION_ID, emulator, plainText, restoreDemoKey, useKey, usageFor, waitFor } from '../suite/helpers-account';
import { crawlRows, creditsItem, type ShownRow } from '../suite/helpers-shown';
import { eventRows as shownEventRows, startUnsignedReceiver, type UnsignedReceiver } from '../suite/helpers-webhooks';

const KEY = 'wd-host-pseudo-0001';
const CRAWLS: ActiveCrawl[] = [
  { id: '3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01', url: 'https://docs.example.dev', options: { scrapeOptions: { formats: ['markdown'], onlyMainContent: true } } },
  { id: '8b2d4c7e-1f5a-4e3b-a6d9-0c7e5f2b9a42', url: 'https://garden.example/tomatoes', options: { scrapeOptions: { formats: ['markdown'] } } },
];

const SECRET = 'pseudo-webhook-secret';
const EVENT = makeEvent('batch_scrape.completed', { id: 'pseudo-batch-1', metadata: { project: 'tomatoes' } });

// The crawls' URLs, the search's query and the service's results, the webhook event's type, id and
// metadata are data: however a row shows or escapes them, their words are not English text.
const DATA_WORDS = new Set(CRAWLS.flatMap((crawl) => crawl.url.match(/[A-Za-z]{3,}/g) ?? []));
const addDataWords = (text: string): void => {
  for (const word of text.match(/[A-Za-z]{3,}/g) ?? []) DATA_WORDS.add(word);
};
addDataWords(`${EVENT.type} ${EVENT.id} project tomatoes`);

/** Every string value of the service's answer (titles, URLs, snippets, categories), not its keys. */
function stringValues(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringValues);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringValues);
  return [];
}

/** The rows of a tree as VS Code reads them, children included. */
async function treeRows<T>(provider: vscode.TreeDataProvider<T>, parent?: T): Promise<ShownRow[]> {
  const nodes = (await provider.getChildren(parent)) ?? [];
  return Promise.all(nodes.map(async (node) => {
    const item = await provider.getTreeItem(node);
    const tooltip = item.tooltip;
    return {
      label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
      description: typeof item.description === 'string' ? item.description : undefined,
      tooltip: typeof tooltip === 'string' ? tooltip : tooltip?.value,
      children: await treeRows(provider, node),
    };
  }));
}

/**
 * Words Intl writes for dates, relative days and units. Intl has no data for qps-ploc and writes
 * its fallback language; in a real language it writes that language's words. Intl's words are
 * Intl's to localize, so they are taken out like data (the extension's own words around them are
 * still checked).
 */
function intlWords(): Set<string> {
  const locale = Intl.DateTimeFormat().resolvedOptions().locale;
  const texts: string[] = [];
  for (let month = 0; month < 12; month++) {
    const at = new Date(Date.UTC(2026, month, 15));
    texts.push(new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(at), new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(at));
  }
  for (const tag of [locale, 'en']) {
    const rtf = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
    for (const unit of ['day', 'hour', 'minute', 'second'] as const) for (const n of [-2, -1, 0, 1, 2]) texts.push(rtf.format(n, unit));
    for (const [unit, display] of [['millisecond', 'short'], ['day', 'long'], ['hour', 'short'], ['minute', 'short'], ['second', 'short']] as const) {
      for (const n of [1, 2]) texts.push(new Intl.NumberFormat(tag, { style: 'unit', unit, unitDisplay: display }).format(n));
    }
  }
  return new Set(texts.flatMap((text) => text.match(/[A-Za-z]{3,}/g) ?? []));
}
const INTL_WORDS = intlWords();

/**
 * The English words left in a shown string once what is not words is taken out: codicons
 * ($(name)), URLs, ids and the service's own format names, which are data and stay as they are.
 */
function englishWords(shown: string): string[] {
  const data = shown
    .replace(/\$\([\w~-]+\)/g, ' ')
    .replace(/\b\w+:\/\/\S+/g, ' ')
    .replace(/#?[0-9a-f]{8}(-[0-9a-f-]+)?/g, ' ')
    .replace(/\b(markdown|summary|links|html|json|screenshot)\b/g, ' ');
  return (data.match(/[A-Za-z]{3,}/g) ?? []).filter((word) => !DATA_WORDS.has(word) && !INTL_WORDS.has(word));
}

// What the extension shows that is known to escape localization today, by surface, with where the
// English is made. The test fails when one of these is localized: take it off the list then.
const KNOWN_ESCAPES: Record<string, string> = {};

describe('pseudo locale: nothing the extension shows escaped localization', function () {
  this.timeout(60_000);
  let api: WebDataApi;
  let receiver: UnsignedReceiver | undefined;
  const notifications: WebhookNotification[] = [];

  before(async function () {
    if (process.env.WEBDATA_PSEUDO_L10N !== '1') this.skip();
    api = await activate();
    await emulator.addTeam({ apiKey: KEY, usage: usageFor(185_175), crawls: CRAWLS });
    await useKey(KEY);
    await vscode.commands.executeCommand('webData.clearSearches', { confirmed: true });
  });

  after(async () => {
    if (process.env.WEBDATA_PSEUDO_L10N !== '1') return;
    await receiver?.stop();
    await vscode.commands.executeCommand('webData.clearSearches', { confirmed: true });
    await restoreDemoKey();
  });

  it('one search against the emulator (web and news, so the rows are grouped) and one signed webhook event', async () => {
    const record = await vscode.commands.executeCommand<SearchRecord | undefined>('webData.search', { query: 'tomato garden', limit: 3, sources: ['web', 'news'] });
    assert.ok(record, 'the search ran');
    for (const text of [record.request.query, ...stringValues(record.response.data)]) addDataWords(text);
    receiver = await startUnsignedReceiver(api, notifications);
    assert.equal(await vscode.commands.executeCommand('webData.setWebhookSecret', { secret: SECRET }), true);
    assert.equal((await sendWebhook({ url: receiver.url, event: EVENT, secret: SECRET })).status, 200);
    await waitFor('the signed delivery\'s row in Webhook Events', () => api.webhooks.events.some((e) => e.jobId === EVENT.id));
    assert.equal(api.webhooks.events.find((e) => e.jobId === EVENT.id)?.status, 'verified');
  });

  it('runs in the pseudo locale (the stand-in language pack was taken)', () => {
    assert.equal(vscode.env.language, 'qps-ploc');
  });

  it('a pseudo-localized string has no English word left, an English one has (the check can fail)', () => {
    assert.deepEqual(englishWords(vscode.l10n.t('Retry')), []);
    assert.deepEqual(englishWords('Retry'), ['Retry']);
  });

  it('the manifest: display name, command titles, view names and welcome texts', () => {
    // A translated command title or category arrives as { value, original } (the palette can show both).
    type Localized = string | { value: string; original: string };
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as {
      displayName: string; contributes: { commands: Array<{ title: Localized; category: Localized }>; views: Record<string, Array<{ name: string }>>; viewsWelcome: Array<{ contents: string }> };
    };
    const value = (text: Localized): string => (typeof text === 'string' ? text : text.value);
    const shown = [
      manifest.displayName,
      ...manifest.contributes.commands.flatMap((c) => [value(c.title), value(c.category)]),
      ...Object.values(manifest.contributes.views).flat().map((v) => v.name),
      // Links and command ids are not words someone reads.
      ...manifest.contributes.viewsWelcome.map((w) => w.contents.replace(/\]\([^)]*\)/g, ']')),
    ];
    assert.ok(shown.length > 30);
    assert.deepEqual(shown.filter((text) => englishWords(text).length > 0), []);
  });

  it('a vscode.l10n.t string: the Active Crawls badge', async () => {
    await vscode.commands.executeCommand('webData.refreshCrawls');
    const tooltip = api.crawls.view.badge?.tooltip ?? '';
    assert.match(tooltip, /^2 /, 'the badge counts the two crawls');
    assert.deepEqual(englishWords(tooltip), []);
  });

  async function surfaces(): Promise<Record<string, string[]>> {
    const usage = creditsItem(api);
    const rows = await crawlRows(api);
    const treeText = (row: ShownRow): string[] => [row.label, row.description ?? '', plainText(row.tooltip), ...row.children.flatMap(treeText)];
    const searchRows = await treeRows<SearchTreeNode>(api.search.results);
    const eventRows = shownEventRows(api).map((item) => [
      typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
      typeof item.description === 'string' ? item.description : '',
      // appendText writes spaces as &nbsp; and the metadata is a ```yaml block: markup, not words.
      plainText(typeof item.tooltip === 'string' ? item.tooltip : item.tooltip?.value).replace(/&nbsp;/g, ' ').replace(/```\w*/g, ' '),
      item.accessibilityInformation?.label ?? '',
    ]).flat();
    const receiverItem = api.webhooks.statusBarItem;
    const receiverTooltip = typeof receiverItem.tooltip === 'string' ? receiverItem.tooltip : receiverItem.tooltip?.value;
    return {
      'the credits status bar item': [usage.text, plainText(usage.tooltip), api.usage.item.accessibilityInformation?.label ?? ''],
      'the Active Crawls rows': rows.flatMap(treeText),
      'the Search Results rows and tooltips': searchRows.flatMap(treeText),
      'the Webhook Events rows and tooltips': eventRows,
      'the webhook notifications': notifications.map((n) => n.message),
      // Its tooltip's action links name our commands, and appendText writes spaces as &nbsp;.
      'the webhook receiver status bar item': [receiverItem.text, plainText(receiverTooltip).replace(/\]\([^)]*\)/g, ']').replace(/&nbsp;/g, ' '),
        receiverItem.accessibilityInformation?.label ?? ''],
    };
  }

  it('Intl\'s words are only taken out where Intl writes them (the check still sees ours)', () => {
    assert.deepEqual(englishWords('Updated'), ['Updated']);
    assert.deepEqual(englishWords('left'), ['left']);
  });

  it('no surface escapes localization but the known ones', async () => {
    await vscode.commands.executeCommand('webData.refreshUsage');
    await vscode.commands.executeCommand('webData.refreshCrawls');
    const shown = await surfaces();
    // Each surface shows something, so "no English" is not "nothing at all".
    assert.ok((shown['the Search Results rows and tooltips'] ?? []).length >= 4 * 5, 'the search, its two groups and their results');
    assert.ok((shown['the Webhook Events rows and tooltips'] ?? []).some((text) => text.includes(EVENT.id)), 'the event row');
    assert.ok(notifications.some((n) => n.kind === 'batch_scrape.completed' && n.message.includes(EVENT.id)), 'the event\'s notification');
    assert.match(api.webhooks.statusBarItem.text, /^\$\(radio-tower\) :\d+ · \S/, 'the receiver\'s status bar item');
    const escaped = Object.entries(shown)
      .map(([surface, texts]) => ({ surface, words: [...new Set(texts.flatMap(englishWords))] }))
      .filter(({ words }) => words.length > 0);
    const unknown = escaped.filter(({ surface }) => !(surface in KNOWN_ESCAPES)).map(({ surface, words }) => `${surface}: ${words.join(' ')}`);
    assert.deepEqual(unknown, []);
    const fixed = Object.keys(KNOWN_ESCAPES).filter((surface) => !escaped.some((e) => e.surface === surface));
    assert.deepEqual(fixed, [], 'localized now: take these off KNOWN_ESCAPES');
    // The run's log shows what still escapes, for whoever localizes it next.
    for (const { surface, words } of escaped) console.log(`  still English in ${surface} (${KNOWN_ESCAPES[surface]}): ${words.join(' ')}`);
  });
});
