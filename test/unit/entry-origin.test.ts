// Where a search started: kept with it in the history (records and the index), read back from
// histories written before origins existed and from files edited by hand, shown first in its
// row's tooltip. And the argument webData.searchProblem takes: plain objects only.
import * as assert from 'node:assert/strict';
import { readProblemArgument } from '../../src/core/entries/arguments';
import { readSearchOrigin, type SearchOrigin } from '../../src/core/entries/origin';
import { parseSearchIndex, parseSearchRecord } from '../../src/core/search/record-schema';
import { summarize } from '../../src/core/search/record';
import { searchTooltip } from '../../src/core/search/tooltip';
import { makeRecord } from './search-fixtures';

const PROBLEM: SearchOrigin = { kind: 'problem', file: 'src/app.ts', line: 12, source: 'ts', code: '2322' };

describe('search origin: stored with the search', () => {
  it('a record and its index entry keep the origin through JSON', () => {
    const record = { ...makeRecord(), origin: PROBLEM };
    const read = parseSearchRecord(JSON.parse(JSON.stringify(record)));
    assert.deepEqual(read?.origin, PROBLEM);
    const summary = summarize(record, 100);
    assert.deepEqual(summary.origin, PROBLEM);
    assert.deepEqual(parseSearchIndex({ version: 1, searches: [JSON.parse(JSON.stringify(summary))] })?.[0]?.origin, PROBLEM);
  });

  it('a history written before origins reads back as it was, with no origin', () => {
    const old = makeRecord();
    const read = parseSearchRecord(JSON.parse(JSON.stringify(old)));
    assert.ok(read);
    assert.equal('origin' in read, false);
    assert.deepEqual(read, parseSearchRecord(old));
    const summary = summarize(old, 10);
    assert.equal('origin' in summary, false);
  });

  it('an origin that does not fit is dropped, the search kept', () => {
    for (const origin of [{ kind: 'selection', file: 'a.ts', line: 0 }, { kind: 'elsewhere' }, 'terminal', { kind: 'terminal', terminal: 42 }, { kind: 'problem', line: 3 }]) {
      const read = parseSearchRecord({ ...JSON.parse(JSON.stringify(makeRecord())), origin });
      assert.ok(read, `the search was dropped for ${JSON.stringify(origin)}`);
      assert.equal(read.origin, undefined);
    }
  });

  it('reads each kind, drops unknown fields, caps long text', () => {
    assert.deepEqual(readSearchOrigin({ kind: 'terminal', terminal: ' bash ', extra: 1 }), { kind: 'terminal', terminal: 'bash' });
    assert.deepEqual(readSearchOrigin({ kind: 'problem', file: 'x.py', line: 3, code: 7 }), { kind: 'problem', file: 'x.py', line: 3, code: '7' });
    assert.equal(readSearchOrigin({ kind: 'selection', file: 'f'.repeat(5000), line: 1 })?.kind, 'selection');
    assert.equal((readSearchOrigin({ kind: 'selection', file: 'f'.repeat(5000), line: 1 }) as { file: string }).file.length, 200);
  });

  it('the row\'s tooltip says where it started, first', () => {
    const tooltip = searchTooltip(summarize({ ...makeRecord(), origin: PROBLEM }, 1));
    assert.deepEqual(tooltip.facts[0], { kind: 'origin', origin: PROBLEM });
    assert.equal(searchTooltip(summarize(makeRecord(), 1)).facts.some((f) => f.kind === 'origin'), false);
  });
});

describe('webData.searchProblem\'s argument', () => {
  const good = { message: 'Type error', source: 'ts', code: 2322, uri: 'file:///x.ts', line: 4 };

  it('takes a plain object with the fields of their types', () => {
    assert.deepEqual(readProblemArgument(good), good);
    assert.deepEqual(readProblemArgument({ message: 'm', uri: 'untitled:Untitled-1', line: 1 }), { message: 'm', uri: 'untitled:Untitled-1', line: 1 });
  });

  it('refuses anything else: a Uri-like instance, a list, wrong types, a line below 1', () => {
    class UriLike { scheme = 'file'; path = '/x.ts'; query = 'id=1&kind=web'; message = 'm'; uri = 'file:///x.ts'; line = 1; }
    for (const value of [new UriLike(), [good], 'Type error', null, undefined, { ...good, line: 0 }, { ...good, line: 1.5 }, { ...good, code: { value: 1 } }, { ...good, source: 3 }, { ...good, uri: '' }, { ...good, message: undefined }]) {
      assert.equal(readProblemArgument(value), undefined, JSON.stringify(value));
    }
  });
});
