// What a window finds at its start, before anyone asks (issue 47): the documents and extracted data
// kept in global storage are listed in Pages, Documents and Data at the view's first draw, even when
// the view's own feature (scrape) was loaded first, as a scraped page's tab restored after a reload
// loads it. First of the suites (its file name sorts first), so nothing has loaded the parse and
// agent features yet; what another window kept is written here with the stores' own classes.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { StructuredResults } from '../../../src/core/agent/store';
import { ParsedDocuments } from '../../../src/core/parse/store';
import type { SearchTreeNode } from '../../../src/core/view-nodes';
import { activate, waitFor } from './helpers-account';

describe('a start: what is kept is listed before anyone asks', function () {
  this.timeout(60_000);
  const ids = { document: randomUUID(), result: randomUUID() };
  let parsed: ParsedDocuments | undefined;
  let results: StructuredResults | undefined;

  after(async () => {
    await parsed?.remove(ids.document);
    await results?.remove(ids.result).catch(() => undefined);
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
  });

  it('the Documents and Extracted Data and Research groups are drawn at the view\'s first draw, though a restored page tab loaded its feature first', async () => {
    const api = await activate();
    assert.ok(api.codeCacheDir, 'no global storage handed out under test');
    const storage = path.dirname(api.codeCacheDir);
    const log = { warn: (message: string): void => { console.log(message); } };
    // What an earlier start kept: a converted document and an extraction.
    parsed = new ParsedDocuments(storage, { log });
    await parsed.save({
      id: ids.document, fileName: 'kept-before.pdf', relativePath: 'kept-before.pdf', contentHash: 'a'.repeat(64), fileBytes: 1200,
      parsedAt: new Date().toISOString(), askedBy: 'person', markdown: '# Kept before the reload\n', options: {}, shape: 'pdf',
    });
    results = new StructuredResults(storage, log);
    await results.save({ id: ids.result, kind: 'extract', createdAt: new Date().toISOString(), askedBy: 'person', url: 'https://docs.tideflow.dev/kept-before', data: { kept: true } });
    assert.ok(!api.features.loaded.includes('parse') && !api.features.loaded.includes('agent'), `loaded already: ${api.features.loaded.join(', ')}`);

    // A scraped page's tab restored after a reload reads its file system first: that loads the scrape feature.
    await vscode.workspace.fs.stat(vscode.Uri.from({ scheme: 'webdata-page', path: '/00000000-0000-4000-8000-000000000000/restored.md' })).then(undefined, () => undefined);
    assert.ok(api.features.loaded.includes('scrape'), `the page's file system did not load the scrape feature: ${api.features.loaded.join(', ')}`);

    // Then the view is drawn (the side bar a reload restores).
    await vscode.commands.executeCommand('webData.pages.focus');
    await waitFor('the parse and agent features, loaded by the view\'s first draw', () => api.features.loaded.includes('parse') && api.features.loaded.includes('agent'), 20_000);
    const kept = api.scrape.kept;
    assert.ok(kept);
    const labels = async (): Promise<string[]> => {
      const rows: SearchTreeNode[] = await kept.getChildren();
      return rows.map((row) => {
        const label = kept.getTreeItem(row).label;
        return typeof label === 'string' ? label : (label?.label ?? '');
      });
    };
    await waitFor('both groups in the view', async () => { const shown = await labels(); return shown.includes('Documents') && shown.includes('Extracted Data and Research'); }, 20_000)
      .catch(async () => { assert.fail(`the view shows: ${JSON.stringify(await labels())}`); });
  });

  // Issue 49: the usage ledger is read for the credits tooltip after this window's first spend (or a
  // click on the credits), and by the credits panel; a start, with its first credits answer, reads
  // nothing of it. Checked here, in the first suite, before any suite spends.
  it('the usage ledger is not read at a start, nor by the first credits answer', async () => {
    const api = await activate();
    await waitFor('the first credits answer', () => api.usage.state.kind !== 'loading', 20_000);
    assert.equal(api.spend.usage.wasRead, false);
  });
});
