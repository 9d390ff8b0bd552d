// Crawl results of a 10,000-page crawl against the emulator (issue 18): the first page of rows
// after Open Crawl Results (request, validation, 100 pages written to disk), a page's markdown
// read back for its tab, and reading the whole job (Open All / Export) with the heap it keeps.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEMO_API_KEY, DEMO_JOBS, startEmulator } from '../test/emulator';
import { WebDataClient } from '../src/core/api';
import { PageStore } from '../src/core/crawls/page-store';
import { CrawlResultsService } from '../src/core/crawls/results';
import { median, ms, table } from './stats';

const OPENS = Number(process.env.BENCH_CRAWL_OPENS ?? 15);
const PAGE_READS = 200;

export async function run(): Promise<void> {
  const emulator = await startEmulator();
  const client = new WebDataClient({ baseUrl: emulator.url, apiKey: DEMO_API_KEY });
  const root = mkdtempSync(join(tmpdir(), 'bench-crawl-'));
  const make = (): CrawlResultsService => new CrawlResultsService({
    client: () => Promise.resolve(client),
    store: new PageStore({ root, budgetBytes: () => 200 * 1024 * 1024 }),
    describe: (error) => ({ kind: 'failed', message: String(error) }),
  });
  const ref = { id: DEMO_JOBS.large, kind: 'crawl' as const };
  try {
    const opens: number[] = [];
    for (let i = 0; i < OPENS; i++) {
      const service = make();
      const started = performance.now();
      const opened = await service.open(ref);
      if (!opened.ok || opened.value.pages.length !== 100) throw new Error('the first page of rows did not come');
      opens.push(performance.now() - started);
    }
    const service = make();
    await service.open(ref);
    const reads: number[] = [];
    for (let i = 0; i < PAGE_READS; i++) {
      const started = performance.now();
      const text = await service.pageText(ref, i % 100);
      if (!text.ok) throw new Error('a page could not be read');
      reads.push(performance.now() - started);
    }
    const gone: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const text = await service.pageText(ref, 5000 + i);
      if (!text.ok) throw new Error('a page could not be read from the service');
      gone.push(performance.now() - started);
    }
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const all = await make().readAll(ref);
    const readAllMs = performance.now() - started;
    if (!all.ok || all.value.pages.length !== 10_000) throw new Error(`read ${all.ok ? all.value.pages.length : 0} pages, not 10,000`);
    global.gc?.();
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
    table([
      ['measure', 'n', 'median', 'goal'],
      ['Open Crawl Results, 10,000-page crawl: first 100 rows (request, parse, disk)', String(OPENS), ms(median(opens)), '< 1000 ms'],
      ['open a page: its markdown from disk', String(PAGE_READS), ms(median(reads)), '< 200 ms'],
      ['open a page not kept on disk: one document from the service', '20', ms(median(gone)), '< 200 ms'],
      [`read all 10,000 pages (100 requests); heap kept ${heapMb.toFixed(1)} MB${global.gc ? '' : ' (no --expose-gc)'}`, '1', ms(readAllMs), '-'],
    ]);
  } finally {
    await client.close();
    await emulator.close();
    rmSync(root, { recursive: true, force: true });
  }
}
