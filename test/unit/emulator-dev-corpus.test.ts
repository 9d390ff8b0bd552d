// The emulator's demo corpus answers what a developer searches for (issue 46: "developer queries
// find aphids and sourdough"): each query below, typed as a person would, has a developer's page
// first, through real sockets as the sandbox asks; the corpus's older first results stay first.
import assert from 'node:assert/strict';
import { DEV_PAGES } from '../emulator/corpus-dev';
import { startEmulator, type Emulator } from '../emulator';
import { search, urls } from '../emulator/raw-client';

const NOW = new Date('2026-06-15T12:00:00Z');

/** A query and the page it should find first. */
const FIRST: ReadonlyArray<readonly [string, string]> = [
  ['node stream backpressure', 'https://nodejs.example/learn/streams/backpressure'],
  ['typescript generics', 'https://www.typescript-handbook.example/docs/generics'],
  ['vscode tree view', 'https://code.visualstudio.example/api/extension-guides/tree-view'],
  ['node buffer size', 'https://nodejs.example/api/buffer'],
  ['http retry backoff', 'https://httpguide.example/retries-and-backoff'],
  ['python asyncio gather', 'https://docs.python.example/3/library/asyncio-task'],
  ['react useEffect cleanup', 'https://react-docs.example/reference/react/useEffect'],
  ['sql composite index', 'https://postgres-guide.example/performance/indexes'],
  ['docker multi-stage build', 'https://docs.docker.example/build/multi-stage'],
  ['regex lookahead', 'https://regex-guide.example/lookaround'],
  // Words no page holds whole: the nearest pages, by the words they share.
  ['how to squash commits with git rebase', 'https://git-book.example/docs/rewriting-history/interactive-rebase'],
  ['connect ECONNREFUSED 127.0.0.1:5432', 'https://devforum.example/questions/41877/econnrefused-connecting-to-postgres-from-node'],
];

describe('emulator: the corpus answers developer queries', () => {
  let emulator: Emulator;
  before(async () => {
    emulator = await startEmulator({ now: () => NOW });
  });
  after(() => emulator.close());

  for (const [query, first] of FIRST) {
    it(`"${query}" finds the developer's page first`, async () => {
      const res = await search(emulator.url, { query, limit: 5, sources: ['web', 'news', 'images'] });
      assert.equal(urls(res.data.web)[0], first, JSON.stringify(urls(res.data.web)));
    });
  }

  it('the developer pages keep out of the queries the older pages answered first', async () => {
    for (const [query, first] of [['backpressure', 'https://docs.tideflow.dev/guide/backpressure'], ['sourdough', 'https://www.slowkitchen.example/recipes/sourdough-starter'], ['tideflow backpressure', 'https://docs.tideflow.dev/guide/backpressure']]) {
      assert.equal(urls((await search(emulator.url, { query, limit: 3 })).data.web)[0], first, query);
    }
    for (const page of DEV_PAGES) assert.doesNotMatch(`${page.title} ${page.description} ${page.markdown}`, /tideflow|aphid|sourdough/i, page.url);
  });
});
