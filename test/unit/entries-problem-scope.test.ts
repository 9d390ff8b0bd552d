// Where the problem Code Action is offered: its selector matches documents on every scheme where
// diagnostics appear (files, untitled, notebook cells, virtual and remote workspaces), and the
// provider declines only this extension's own documents (pages, payloads, the report).
import assert from 'node:assert/strict';
import { offersProblemActions, PROBLEM_ACTION_SELECTOR } from '../../src/core/entries/problem-scope';
import { Schemes } from '../../src/core/schemes';

/** VS Code's rule for a filter's scheme (languageSelector.ts, score()): equal, or '*', else no match. */
const schemeMatches = (filter: { scheme: string }, scheme: string): boolean => filter.scheme === scheme || filter.scheme === '*';

describe('entries: where the problem Code Action is offered', () => {
  for (const scheme of ['file', 'untitled', 'vscode-notebook-cell', 'vscode-vfs', 'vscode-remote', 'vscode-userdata', 'git']) {
    it(`a diagnostic in a ${scheme}: document gets it`, () => {
      assert.ok(PROBLEM_ACTION_SELECTOR.some((filter) => schemeMatches(filter, scheme)), `the selector leaves out ${scheme}`);
      assert.ok(offersProblemActions(scheme));
    });
  }

  it('the selector names no language and no pattern: any language, any file', () => {
    for (const filter of PROBLEM_ACTION_SELECTOR) assert.deepEqual(Object.keys(filter), ['scheme']);
  });

  it('not in this extension\'s own page tabs (a result\'s or a crawl page\'s markdown)', () => {
    assert.equal(offersProblemActions('webdata'), false);
    assert.equal(offersProblemActions('webdata-crawl'), false);
  });

  it('not in a webhook event\'s payload tab nor in the connection report: every scheme of src/core/schemes.ts', () => {
    assert.equal(offersProblemActions('webdata-event'), false);
    assert.equal(offersProblemActions('webdata-report'), false);
    for (const own of Object.values(Schemes)) assert.equal(offersProblemActions(own.scheme), false, own.scheme);
  });
});
