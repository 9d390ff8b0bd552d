// The webData_search tool's input: checked with zod, every field's problem named, turned into the
// request the search command sends (fields left out stay the settings').
import assert from 'node:assert/strict';
import { readSearchToolInput } from '../../src/core/chat/input';

describe('chat: the search tool input', () => {
  it('turns a full input into the request, sources and categories in object form', () => {
    const read = readSearchToolInput({
      query: 'tideflow', limit: 3, sources: ['web', 'news', 'web'], categories: ['pdf'], tbs: ' qdr:w ', includeDomains: ['example.com'],
      country: 'DE', location: 'Berlin,Germany', scrapeFormats: ['markdown'],
    });
    assert.ok(read.ok);
    assert.deepEqual(read.request, {
      query: 'tideflow', limit: 3, sources: [{ type: 'web' }, { type: 'news' }], categories: [{ type: 'pdf' }], tbs: 'qdr:w',
      country: 'DE', location: 'Berlin,Germany', includeDomains: ['example.com'], scrapeOptions: { formats: [{ type: 'markdown' }] },
    });
    assert.deepEqual(read.ignored, []);
  });

  it('leaves out what was not given (the settings decide), but an empty scrapeFormats means none', () => {
    const plain = readSearchToolInput({ query: 'x' });
    assert.ok(plain.ok);
    assert.deepEqual(plain.request, { query: 'x' });
    const none = readSearchToolInput({ query: 'x', scrapeFormats: [] });
    assert.ok(none.ok);
    assert.deepEqual(none.request, { query: 'x', scrapeOptions: { formats: [] } });
  });

  it('names each wrong field once, with what it must be and what it got', () => {
    const read = readSearchToolInput({ query: '', limit: 500, sources: ['web', 'video'], scrapeFormats: 'markdown' });
    assert.ok(!read.ok);
    assert.deepEqual(read.problems.map((p) => p.field), ['query', 'limit', 'sources', 'scrapeFormats']);
    assert.match(read.problems[1]?.message ?? '', /limit must be a whole number from 1 to 100 .*got the number 500/);
    assert.match(read.problems[2]?.message ?? '', /"web", "images", "news"/);
    assert.match(read.problems[3]?.message ?? '', /got "markdown"/);
  });

  it('a missing query is required; an input that is not an object says so', () => {
    const missing = readSearchToolInput({ limit: 3 });
    assert.ok(!missing.ok);
    assert.match(missing.problems[0]?.message ?? '', /query is required/);
    const wrong = readSearchToolInput('just a query');
    assert.ok(!wrong.ok);
    assert.equal(wrong.problems[0]?.field, 'input');
  });

  it('ignores inputs it does not have, and names them', () => {
    const read = readSearchToolInput({ query: 'x', maxResults: 3 });
    assert.ok(read.ok);
    assert.deepEqual(read.ignored, ['maxResults']);
    assert.deepEqual(read.request, { query: 'x' });
  });
});
