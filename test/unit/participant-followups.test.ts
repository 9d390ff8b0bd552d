// @webData's follow-ups (issue 46): what it offers to ask next, from the turn and the pages it cited.
import assert from 'node:assert/strict';
import { followupsFor, turnOf } from '../../src/core/participant/followups';
import { SOURCES_KEY } from '../../src/core/participant/sources';

const SOURCES = { [SOURCES_KEY]: [{ n: 1, title: 'Backpressure', url: 'https://docs.tideflow.dev/backpressure', page: { kind: 'result', searchId: 's1', index: 0 } }] };

describe('@webData follow-ups', () => {
  it('after an answer: read its first source in full, or research the question', () => {
    assert.deepEqual(followupsFor({ ...SOURCES, ...turnOf(undefined, ' how does tideflow apply backpressure? ') }), [
      { kind: 'read-first-source', command: 'read', prompt: 'https://docs.tideflow.dev/backpressure how does tideflow apply backpressure?' },
      { kind: 'research', command: 'research', prompt: 'how does tideflow apply backpressure?' },
    ]);
    assert.deepEqual(followupsFor({ [SOURCES_KEY]: [], ...turnOf(undefined, 'q') }), [{ kind: 'research', command: 'research', prompt: 'q' }]);
  });

  it('after /search: answer from those results, a plain question; after /read: search for more of its question', () => {
    assert.deepEqual(followupsFor({ ...SOURCES, ...turnOf('search', 'tideflow retries') }), [{ kind: 'answer-from-results', prompt: 'tideflow retries' }]);
    assert.deepEqual(followupsFor({ ...SOURCES, ...turnOf('read', 'https://docs.tideflow.dev/a what is a window?') }), [{ kind: 'search-more', command: 'search', prompt: 'what is a window?' }]);
    assert.deepEqual(followupsFor({ ...SOURCES, ...turnOf('read', 'https://docs.tideflow.dev/a') }), []);
  });

  it('none after /research, /cost, a turn that cited nothing, or metadata of another shape', () => {
    assert.deepEqual(followupsFor({ ...SOURCES, ...turnOf('research', 'q') }), []);
    assert.deepEqual(followupsFor({ ...SOURCES, ...turnOf('cost', '') }), []);
    assert.deepEqual(followupsFor(turnOf(undefined, 'q')), []);
    for (const odd of [undefined, null, 'x', [], { webDataTurn: 'x', [SOURCES_KEY]: [] }, { webDataTurn: { command: 3, prompt: 4 }, [SOURCES_KEY]: [] }]) {
      assert.deepEqual(followupsFor(odd), [], JSON.stringify(odd));
    }
  });
});
