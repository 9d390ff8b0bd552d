// webData_browser's input (issue 39): exactly one place to run in, the code, the language; the
// manifest's schema names exactly the fields the check reads.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BROWSER_INPUT_FIELDS, readBrowserToolInput } from '../../src/core/chat/browser-input';

const SCRAPE = '3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01';

describe('webData_browser: its input', () => {
  it('reads an address, a scrapeId or a session id, with node by default', () => {
    assert.deepEqual(readBrowserToolInput({ url: 'https://example.com/login', code: 'x' }), { ok: true, input: { target: { kind: 'url', url: 'https://example.com/login' }, code: 'x', language: 'node' } });
    assert.deepEqual(readBrowserToolInput({ scrapeId: SCRAPE.toUpperCase(), code: 'x', language: 'python' }), { ok: true, input: { target: { kind: 'scrape', scrapeId: SCRAPE }, code: 'x', language: 'python' } });
    assert.deepEqual(readBrowserToolInput({ sessionId: 'abc-1', code: 'x', language: 'bash' }), { ok: true, input: { target: { kind: 'session', sessionId: 'abc-1' }, code: 'x', language: 'bash' } });
  });

  it('refuses none or two places, a non-web address, an id that is not one, no code, another language', () => {
    const fields = (input: unknown): string[] => {
      const read = readBrowserToolInput(input);
      return read.ok ? [] : read.problems.map((p) => p.field);
    };
    assert.deepEqual(fields({ code: 'x' }), ['url']);
    assert.deepEqual(fields({ url: 'https://a.example', sessionId: 'abc', code: 'x' }), ['url']);
    assert.deepEqual(fields({ url: 'file:///etc/passwd', code: 'x' }), ['url']);
    assert.deepEqual(fields({ scrapeId: 'nope', code: 'x' }), ['scrapeId']);
    assert.deepEqual(fields({ sessionId: '../team', code: 'x' }), ['sessionId']);
    assert.deepEqual(fields({ url: 'https://a.example', code: '' }), ['code']);
    assert.deepEqual(fields({ url: 'https://a.example', code: 'x', language: 'ruby' }), ['language']);
    assert.deepEqual(fields('x'), ['input']);
  });

  it('the manifest\'s schema names exactly the fields read, code required', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { contributes: { languageModelTools: Array<{ name: string; inputSchema: { properties: Record<string, unknown>; required: string[] } }> } };
    const tool = manifest.contributes.languageModelTools.find((t) => t.name === 'webData_browser');
    assert.deepEqual(Object.keys(tool?.inputSchema.properties ?? {}).sort(), [...BROWSER_INPUT_FIELDS].sort());
    assert.deepEqual(tool?.inputSchema.required, ['code']);
  });
});
