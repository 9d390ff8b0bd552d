// webData_readDocument's words for the model (issue 35), without VS Code: a parsed document fitted
// to budgets of 64 and 200 tokens and none (the path, the document id and the read call always
// through, each PDF page marked), its parts through webData_read with no gap and no overlap,
// the reuse and refusal texts, and the tool's and webData_read's inputs.
import assert from 'node:assert/strict';
import { documentLookup, documentModelText, pathRefusalText } from '../../src/core/chat/document-text';
import { characterBudget, tokenBudget } from '../../src/core/chat/fit';
import { readReadInput } from '../../src/core/chat/read-input';
import { readPart, splitPage } from '../../src/core/chat/read-result';
import { readDocumentToolInput } from '../../src/core/chat/web-input';
import type { ParsedRecord } from '../../src/core/parse/document';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const quarter = (text: string): Promise<number> => Promise.resolve(Math.ceil(text.length / 4));

function record(pages = 12): ParsedRecord {
  const list = Array.from({ length: pages }, (_, i) => ({ pageNumber: i + 1, markdown: `Text of page ${i + 1}. ${'Words that fill the page. '.repeat(8)}\n` }));
  return {
    id: ID, fileName: 'spec.pdf', relativePath: 'docs/spec.pdf', contentHash: 'a'.repeat(64), fileBytes: 2048, parsedAt: '2026-11-28T10:00:00.000Z',
    askedBy: 'agent', creditsUsed: pages, markdown: list.map((p) => p.markdown).join('\n'), pages: list, options: {}, shape: 'pdf|auto|pages',
  };
}

describe('webData_readDocument: the answer for the model', () => {
  for (const tokens of [64, 200, undefined]) {
    it(`a document at ${tokens ?? 'no'} token budget: fits, names the path, the id and the read call when cut`, async () => {
      const budget = tokens === undefined ? characterBudget() : tokenBudget(tokens, quarter);
      const text = await documentModelText(record(), budget);
      assert.ok(await budget.count(text) <= budget.limit, `${text.length} characters over the budget`);
      assert.match(text, /docs\/spec\.pdf/);
      assert.ok(text.includes(`{"what":{"source":"document","documentId":"${ID}","part":1}}`) || tokens === undefined, 'the read call when cut');
      if (tokens === 200) {
        assert.match(text, /Page 1/);
        assert.match(text, /Left out to fit the size budget \(200 tokens\)/);
        assert.match(text, /12 credits used/);
      }
      if (tokens === undefined) {
        assert.match(text, /Page 12/, 'the whole document without a token budget');
        assert.doesNotMatch(text, /Left out/);
      }
    });
  }

  it('says a document kept minutes ago was reused, free', async () => {
    const text = await documentModelText(record(1), characterBudget(), 3);
    assert.match(text, /From the document kept 3 minutes ago \(the same content\), so nothing was uploaded or spent now/);
  });

  it('reads on in parts through webData_read, every page once', async () => {
    const found = documentLookup(record(), ID);
    assert.ok(found.ok);
    const budget = tokenBudget(100, quarter);
    const parts = await splitPage(found.page, budget);
    assert.ok(parts && parts.length > 1);
    let all = '';
    for (let n = 1; n <= parts.length; n++) {
      const read = await readPart(found.page, parts, { part: n }, budget);
      assert.ok(read.ok);
      all += read.text;
    }
    for (let page = 1; page <= 12; page++) assert.equal(all.split(`Text of page ${page}.`).length - 1, 1, `page ${page} once`);
    const gone = documentLookup(undefined, ID);
    assert.ok(!gone.ok);
    assert.match(gone.problem, /No document with id/);
  });

  it('says each refusal with why, and that nothing was sent', () => {
    assert.match(pathRefusalText({ kind: 'secret' }, '.env'), /^".env" has a name that usually holds secrets.*Nothing was uploaded or spent\.$/);
    assert.match(pathRefusalText({ kind: 'outside' }, '/etc/passwd.pdf'), /outside the open workspace folders/);
    assert.match(pathRefusalText({ kind: 'unsupported', extension: 'txt' }, 'a.txt'), /\.pdf .*\.csv/);
  });

  it('reads its input, and webData_read takes a document id', () => {
    assert.deepEqual(readDocumentToolInput({ path: 'docs/spec.pdf', pages: 3 }), { ok: true, input: { path: 'docs/spec.pdf', pages: 3 } });
    const bad = readDocumentToolInput({ path: '', pages: 0 });
    assert.ok(!bad.ok);
    assert.deepEqual(bad.problems.map((p) => p.field).sort(), ['pages', 'path']);
    assert.deepEqual(readReadInput({ source: 'document', documentId: ID.toUpperCase(), part: 2 }), { ok: true, request: { source: 'document', id: ID, page: { number: 1 }, part: 2 } });
    assert.ok(!readReadInput({ source: 'document', pageId: ID }).ok, 'source document needs documentId');
    assert.ok(!readReadInput({ documentId: ID, pageId: ID }).ok, 'one id at a time');
  });
});
