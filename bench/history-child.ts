// The history section's child process (bench/history.ts starts it with --expose-gc, so that a
// forced collection before and after leaves only what the history keeps). It runs searches the way
// the extension does (SearchService: check, client, history.add) against the emulator whose
// address it is given, and prints one JSON line: heap and disk growth over the measured searches.
import { readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateSearchRequest, WebDataClient } from '../src/core/api';
import { Emitter } from '../src/core/emitter';
import { SearchHistory } from '../src/core/search/history';
import { parseSearchIndex, readSearchRecordText, serializeSearchIndex } from '../src/core/search/record-schema';
import { SearchService } from '../src/core/search/service';

export interface HistoryMeasure {
  searches: number;
  heapBytes: number;
  diskBytes: number;
  results: number;
  markdownBytes: number;
}

// Queries with a few results in each source of the emulator's corpus (bench/client.ts uses one).
const QUERIES = ['stream', 'news', 'guide', 'release', 'pipeline', 'data', 'how to', 'typescript'];

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

function heapAfterGc(): number {
  const gc = global.gc;
  if (!gc) throw new Error('the history bench needs node --expose-gc');
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

async function main(): Promise<void> {
  const [baseUrl, apiKey, countText, warmText] = process.argv.slice(2);
  if (!baseUrl || !apiKey) throw new Error('usage: history-child <emulator url> <api key> <searches> <warm-up>');
  const count = Number(countText);
  const warmUp = Number(warmText);
  const dir = await mkdtemp(join(tmpdir(), 'bench-history-'));
  const client = new WebDataClient({ baseUrl, apiKey });
  const changed = new Emitter<void>();
  const history = new SearchHistory({
    storageDir: dir,
    codec: { parseIndex: parseSearchIndex, readRecordText: readSearchRecordText, serializeIndex: serializeSearchIndex },
    log: { warn: () => undefined, error: () => undefined },
    // The largest history the setting allows (webData.search.historySize), so that none is evicted.
    limits: () => ({ maxCount: 500, maxBytes: 1e9 }),
  });
  const service = new SearchService({
    history: Object.assign(history, { onDidChange: changed.event }),
    client: () => Promise.resolve(client),
    validate: validateSearchRequest,
    defaults: () => ({ limit: 3, sources: ['web', 'news', 'images'], scrapeFormats: 'markdown', country: 'US', location: '', timeout: 30_000 }),
  });
  let results = 0;
  let markdownBytes = 0;
  const search = async (i: number): Promise<void> => {
    const run = await service.run({ query: QUERIES[i % QUERIES.length] ?? 'stream' });
    if (!run.ok) throw new Error(`search ${i} failed: ${run.failure.message}`);
    for (const list of [run.record.response.data.web, run.record.response.data.news]) {
      for (const result of list ?? []) {
        results++;
        markdownBytes += Buffer.byteLength(result.markdown ?? '');
      }
    }
    results += run.record.response.data.images?.length ?? 0;
  };
  try {
    // The warm-up fills what is kept whatever the count: compiled code, schemas, the cache of
    // recent full records (8), the index's first read.
    for (let i = 0; i < warmUp; i++) await search(i);
    await history.list();
    const heapBefore = heapAfterGc();
    const diskBefore = folderBytes(dir);
    results = 0;
    markdownBytes = 0;
    for (let i = 0; i < count; i++) await search(warmUp + i);
    await history.list();
    const measure: HistoryMeasure = { searches: count, heapBytes: heapAfterGc() - heapBefore, diskBytes: folderBytes(dir) - diskBefore, results, markdownBytes };
    process.stdout.write(`${JSON.stringify(measure)}\n`);
  } finally {
    await client.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
