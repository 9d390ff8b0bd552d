// The sandbox banner's searches, against the emulator as the sandbox asks: each lists web pages,
// news and images, the web pages holding every word of the query, with their markdown.
import assert from 'node:assert/strict';
import { SANDBOX_SEARCHES, SANDBOX_SETTINGS, sandboxSearchLines } from '../../scripts/sandbox-searches';
import { startEmulator } from '../emulator';
import type { Emulator } from '../emulator';
import { search } from '../emulator/raw-client';
import { phraseOf, stem, words } from '../emulator/corpus';

describe('the sandbox banner\'s searches', () => {
  let emulator: Emulator;
  before(async () => {
    emulator = await startEmulator({});
  });
  after(() => emulator.close());

  for (const { query } of SANDBOX_SEARCHES) {
    it(`"${query}" lists web pages holding its words, with markdown, news and images`, async () => {
      const res = await search(emulator.url, {
        query, sources: [...SANDBOX_SETTINGS['webData.search.sources']], scrapeOptions: { formats: [SANDBOX_SETTINGS['webData.search.scrapeFormats']] },
      });
      for (const key of ['web', 'news', 'images'] as const) assert.ok((res.data[key] ?? []).length > 0, `${key}: ${JSON.stringify(res.data).slice(0, 300)}`);
      const first = res.data.web?.[0];
      assert.ok(first && typeof first.markdown === 'string' && first.markdown.length > 0);
      const text = new Set(words(phraseOf(`${first.title ?? ''} ${first.markdown}`)).map(stem));
      for (const word of words(query).map(stem)) assert.ok(text.has(word), `the first result does not hold "${word}"`);
      assert.ok(sandboxSearchLines().some((line) => line.includes(query)));
    });
  }
});
