// webData_read's page reader: the input (a search id and a result by number or URL, a part), the
// page found in a stored search, and every part read in turn giving the page back exactly.
import assert from 'node:assert/strict';
import { tokenBudget } from '../../src/core/chat/fit';
import { readReadInput } from '../../src/core/chat/read-input';
import { readPart, searchResultPage, splitPage } from '../../src/core/chat/read-result';
import { makeRecord } from './search-fixtures';

const quarter = (text: string): Promise<number> => Promise.resolve(Math.ceil(text.length / 4));
const long = Array.from({ length: 40 }, (_, i) => `## Section ${i + 1}\n\n${'Some text of the section. '.repeat(12)}`).join('\n\n');
const record = makeRecord({ id: 'lz0abc-xyz123', data: { web: [
  { url: 'https://a.example/one/', title: 'One', description: 'd', markdown: long },
  { url: 'https://b.example/two', title: 'Two', description: 'd' },
] } });

describe('chat: reading a result in parts', () => {
  it('reads the input: a search id with a result number (or numeric text) or a URL, part 1 by default', () => {
    assert.deepEqual(readReadInput({ searchId: 'lz0abc-xyz123', result: 2 }), { ok: true, request: { source: 'search', id: 'lz0abc-xyz123', page: { number: 2 }, part: 1 } });
    assert.deepEqual(readReadInput({ searchId: 's', result: '3', part: '2' }), { ok: true, request: { source: 'search', id: 's', page: { number: 3 }, part: 2 } });
    assert.deepEqual(readReadInput({ searchId: 's', url: ' https://a.example/one ' }), { ok: true, request: { source: 'search', id: 's', page: { address: 'https://a.example/one' }, part: 1 } });
  });

  it('refuses what it cannot read, naming each field', () => {
    const check = (value: unknown): string => { const r = readReadInput(value); return r.ok ? 'ok' : r.problems.map((p) => p.field).join(','); };
    assert.equal(check({ result: 1 }), 'searchId');
    assert.equal(check({ searchId: 's' }), 'result');
    assert.equal(check({ searchId: 's', result: 0, part: -1 }), 'result,part');
    assert.equal(check('lz0abc'), 'input');
  });

  it('finds a result by number or by its URL (a trailing slash aside); says why when it cannot', () => {
    const byUrl = searchResultPage(record, 'lz0abc-xyz123', { address: 'https://a.example/one' });
    assert.ok(byUrl.ok);
    assert.equal(byUrl.page.what, 'result 1 of search lz0abc-xyz123');
    const none = (key: Parameters<typeof searchResultPage>[2]): string => { const r = searchResultPage(record, 'lz0abc-xyz123', key); return r.ok ? 'found' : r.problem; };
    assert.match(none({ number: 3 }), /has 2 results; there is no result 3/);
    assert.match(none({ number: 2 }), /has no page content.*scrapeFormats \["markdown"\]/);
    assert.match(none({ address: 'https://c.example/' }), /No result of search lz0abc-xyz123 has that URL/);
    const gone = searchResultPage(undefined, 'nope', { number: 1 });
    assert.ok(!gone.ok && /No search with id "nope" is in the history/.test(gone.problem));
  });

  it('every part, read in turn at 200 tokens, fits, says "part N of M" and the next call, and the parts give the page exactly', async () => {
    const found = searchResultPage(record, 'lz0abc-xyz123', { number: 1 });
    assert.ok(found.ok);
    const budget = tokenBudget(200, quarter);
    const parts = await splitPage(found.page, budget);
    assert.ok(parts && parts.length > 5, `${parts?.length} parts`);
    let joined = '';
    for (let n = 1; n <= parts.length; n++) {
      const read = await readPart(found.page, parts, { part: n }, budget);
      assert.ok(read.ok, `part ${n}`);
      assert.ok(Math.ceil(read.text.length / 4) <= 200);
      assert.ok(read.text.startsWith(`Part ${n} of ${parts.length} of the page markdown of result 1 of search lz0abc-xyz123`), read.text.slice(0, 120));
      if (n < parts.length) assert.ok(read.text.includes(`Next: {"what":{"source":"search","searchId":"lz0abc-xyz123","result":1,"part":${n + 1}}}`));
      else assert.match(read.text, /This is the last part\./);
      joined += /\n(~{3,})markdown\n([\s\S]*)\n\1$/.exec(read.text)?.[2] ?? '<no fence>';
    }
    assert.equal(joined, long);
    const past = await readPart(found.page, parts, { part: parts.length + 1 }, budget);
    assert.ok(!past.ok && past.problem.includes(`has ${parts.length} parts at this budget`));
  });
});
