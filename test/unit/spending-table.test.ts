// The spending table (src/core/spend/spending.ts, issue 47) against the feature table: every command
// an entry of the extension answers is either a spending row, with how it shows its price, or named
// free here, so a new command cannot spend without saying how it shows what it costs. The host suite
// "spending entries" runs each priced row's command and proves it asks or names its price first.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { entryOwners } from '../../src/core/feature-table';
import { Command } from '../../src/core/ids';
import { PAID_REPEAT_COMMANDS, SPENDING_COMMANDS } from '../../src/core/spend/spending';

const ROOT = path.join(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { contributes: { commands: Array<{ command: string }> } };

/** The commands that send nothing paid: reads, views, settings, copies, and stops (a stop ends a bill, it adds none). */
const FREE: readonly string[] = [
  Command.answerInChat, Command.connect, Command.setApiKey, Command.clearApiKey, Command.showLog, Command.removeSearch,
  Command.clearSearches, Command.pinSearch, Command.unpinSearch, Command.editSearch, Command.filterSearches, Command.clearSearchFilter,
  Command.openAllResults, Command.exportSearch, Command.openMarkdown, Command.openSummary, Command.enableMarkdown, Command.openInBrowser, Command.copyUrl,
  Command.refreshCrawls, Command.copyCrawlId, Command.refreshUsage, Command.showUsage, Command.startWebhookReceiver, Command.stopWebhookReceiver,
  Command.copyWebhookUrl, Command.setWebhookSecret, Command.clearWebhookSecret, Command.copyJobId, Command.openWebhookPayload, Command.clearWebhookEvents,
  Command.checkConnection, Command.copyConnectionReport, Command.openCrawlResults, Command.cancelCrawl, Command.openCrawlPage, Command.pinPage,
  Command.unpinPage, Command.removePage, Command.exportPage, Command.clearPages, Command.openAllCrawlPages, Command.exportCrawlPages,
  Command.loadMoreCrawlResults, Command.cancelResearch, Command.openStructuredResult, Command.removeStructuredResult, Command.copyStructuredResult,
  Command.pinDocument, Command.unpinDocument, Command.removeDocument, Command.pauseWatch, Command.deleteWatch, Command.openWatchChanges,
  Command.refreshWatches, Command.copyWatchId, Command.stopBrowserSession, Command.openLiveView, Command.openInteractiveLiveView,
  Command.copyBrowserSessionId, Command.runInBrowserSession, Command.showCreditsUsage,
  Command.searchDocs, Command.removeDocs, Command.openDocsPageList,
];

describe('spending table: every command says whether it spends, and how it shows the price', () => {
  const contributed = manifest.contributes.commands.map((c) => c.command);
  const spending = Object.keys(SPENDING_COMMANDS);

  it('holds every contributed command as a spending row or a free one, never both', () => {
    assert.deepEqual(spending.filter((id) => FREE.includes(id)), [], 'both spending and free');
    assert.deepEqual(contributed.filter((id) => !spending.includes(id) && !FREE.includes(id)), [], 'a command that does not say whether it spends');
    assert.deepEqual([...spending, ...FREE].filter((id) => !contributed.includes(id)), [], 'a row for a command the manifest lacks');
  });

  it('names only commands the feature table owns, each once', () => {
    const owned = new Set<string>(entryOwners().commands.keys());
    assert.deepEqual(spending.filter((id) => !owned.has(id)), []);
    assert.equal(new Set(spending).size, spending.length);
  });

  it('has every paid repeat ask first, every time', () => {
    assert.ok(PAID_REPEAT_COMMANDS.length > 0);
    for (const id of PAID_REPEAT_COMMANDS) assert.equal(SPENDING_COMMANDS[id]?.shows, 'asks', id);
  });

  it('has every command name its price before it sends, none after (issue 46)', () => {
    const shown: readonly string[] = ['asks', 'review', 'box'];
    for (const [id, entry] of Object.entries(SPENDING_COMMANDS)) assert.ok(shown.includes(entry.shows), `${id}: ${entry.shows}`);
    for (const id of [Command.search, Command.searchSelection, Command.searchTerminalSelection, Command.searchProblem, Command.insertOperator, Command.scrapeUrl, Command.mapSite]) {
      assert.equal(SPENDING_COMMANDS[id]?.shows, 'box', id);
    }
  });

  it('has Watch for Changes…, Edit Watch… and Resume Watch review their month, and Check Now ask its price (issue 47)', () => {
    assert.equal(SPENDING_COMMANDS[Command.resumeWatch]?.shows, 'review');
    assert.equal(SPENDING_COMMANDS[Command.watch]?.shows, 'review');
    assert.equal(SPENDING_COMMANDS[Command.editWatch]?.shows, 'review');
    assert.equal(SPENDING_COMMANDS[Command.checkWatchNow]?.shows, 'asks');
  });
});
