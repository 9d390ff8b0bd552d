// Watches (issue 37), each figure beyond the service's time, as bench/scrape.ts measures a page:
// - a check of 50 changed pages to its rows: the path a check's row takes when expanded
//   (src/features/watch/group.ts): the check read through the client and validated
//   (MonitorClient.allCheckPages), its pages put in order, its counts with what matters, and each
//   page row's VS Code-free parts (its label, its status and icon choice, its tooltip's markdown);
// - a 1 MB page's diff editor open: what the extension does before VS Code draws the diff
//   (src/features/watch/changes.ts): both kept sides read through the client (GET /v2/scrape/{id},
//   asked together as the diff editor asks for both), validated, each under the same header lines,
//   encoded as the file system provider hands them to the editor. VS Code's own diff computation
//   and drawing run in the workbench and are not in this figure.
// A local server answers both with fixed bodies; the same bytes fetched plain (no parsing) are the
// service's time. Both measured in one run, alternated.
import { createServer, type Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import { WebDataClient } from '../src/core/api';
import { MonitorClient } from '../src/core/monitor/api';
import { countsOf, hasDiff, pagesInOrder, shortAddress } from '../src/core/monitor/present';
import type { MonitorCheckPage } from '../src/core/monitor/schemas';
import { inertLabel, inertMarkdownText, tooltipMarkdown } from '../src/core/text/inert';
import { figure, median, ms, sized, table, type Figure } from './stats';

const RUNS = sized(15, 2);
const PAGES = 50;
const SIDE_BYTES = 1024 * 1024;
const GOAL_MS = 300;
const MONITOR = '3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01';
const CHECK = '5b1d7e20-2f4a-4c7e-8a3b-9d6e1f0a2c44';
const PREVIOUS = '7c2e8f31-3a5b-4d8f-9b4c-ae7f2a1b3d55';
const CURRENT = '8d3f9a42-4b6c-4e9a-8c5d-bf8a3b2c4e66';
const uuid = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A changed page as the service sends it: a unified diff of a few hunks and the judge's reasons. */
function changedPage(i: number): Record<string, unknown> {
  const hunks: string[] = ['--- previous', '+++ current'];
  for (let h = 0; h < 6; h++) {
    hunks.push(`@@ -${h * 40 + 1},7 +${h * 40 + 1},7 @@`, ' ## Limits', ' ', ` Requests are limited per team; see [the table](https://docs.example.com/${i}/limits).`);
    hunks.push(`-The limit is ${100 + h} requests a minute «ünïcödé».`, `+The limit is ${200 + h} requests a minute «ünïcödé»: a breaking change.`, ' ', ' More below.');
  }
  return {
    id: uuid(i), targetId: uuid(1000), url: `https://docs.example.com/section-${i}/limits?v=${i}`, status: i % 5 === 4 ? 'same' : 'changed',
    previousScrapeId: uuid(2000 + i), currentScrapeId: uuid(3000 + i), statusCode: 200, error: null, createdAt: '2026-11-28T09:00:00.000Z',
    judgment: i % 5 === 4 ? null : {
      meaningful: i % 2 === 0, confidence: 'high', reason: `The change mentions "breaking", which the goal asks about (${i}).`,
      meaningfulChanges: [{ type: 'changed', before: `The limit is ${100 + i} requests a minute.`, after: `The limit is ${200 + i} requests a minute: a breaking change.`, reason: 'Mentions "breaking".' }],
    },
    diff: i % 5 === 4 ? null : { text: `${hunks.join('\n')}\n` },
  };
}

function checkBody(): string {
  const pages = Array.from({ length: PAGES }, (_, i) => changedPage(i));
  const summary = { totalPages: PAGES, same: pages.filter((p) => p.status === 'same').length, changed: pages.filter((p) => p.status === 'changed').length, new: 0, removed: 0, error: 0 };
  const check = {
    id: CHECK, monitorId: MONITOR, status: 'completed', trigger: 'scheduled', scheduledFor: '2026-11-28T09:00:00.000Z', startedAt: '2026-11-28T09:00:00.000Z',
    finishedAt: '2026-11-28T09:00:05.000Z', estimatedCredits: PAGES, reservedCredits: PAGES, actualCredits: PAGES, billingStatus: 'billed', summary,
    targetResults: null, notificationStatus: null, error: null, createdAt: '2026-11-28T09:00:00.000Z', updatedAt: '2026-11-28T09:00:05.000Z',
  };
  return JSON.stringify({ success: true, next: null, data: { ...check, pages, next: null } });
}

/** About 1 MB of markdown, one side of a change (the current side has one paragraph more). */
function side(current: boolean): string {
  const parts: string[] = ['# Changelog\n'];
  let size = 0;
  for (let i = 0; size < SIDE_BYTES; i++) {
    const block = `\n## 4.${i}.0\n\n- Streams carry records from [sources](https://docs.example.com/sources/${i}) to sinks «ünïcödé» ${i}.\n- ${'Fixed a race in the scheduler. '.repeat(3)}\n`;
    parts.push(block);
    size += Buffer.byteLength(block);
    if (current && i === 1000) parts.push('\n**Breaking:** connect() no longer retries by default.\n');
  }
  return parts.join('');
}

function scrapeBody(markdown: string, id: string): string {
  return JSON.stringify({ success: true, data: { markdown, metadata: { title: 'Changelog', sourceURL: 'https://docs.example.com/changelog', url: 'https://docs.example.com/changelog', statusCode: 200, scrapeId: id, cachedAt: '2026-11-28T09:00:00.000Z' } } });
}

async function serve(bodies: Map<string, string>): Promise<{ server: Server; baseUrl: string }> {
  const server = createServer((request, response) => {
    request.resume();
    const body = bodies.get((request.url ?? '').split('?')[0] ?? '');
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body ?? '{}') });
    response.end(body ?? '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

/** A page row's VS Code-free parts, as group.ts makes them (the words themselves are l10n calls). */
function row(page: MonitorCheckPage): string {
  const label = inertLabel(shortAddress(page.url));
  const reason = page.judgment?.reason;
  const tooltip = tooltipMarkdown({
    heading: page.url,
    paragraphs: [page.status, ...(typeof reason === 'string' ? [reason] : []), ...(page.judgment?.meaningfulChanges ?? []).map((c) => `${c.type ?? ''}: ${c.after ?? c.before ?? ''}`)],
  });
  const icon = page.status === 'changed' ? (page.judgment?.meaningful === true ? 'bell-dot' : 'diff') : 'file';
  return `${label}|${icon}|${hasDiff(page) ? 'diff' : ''}|${tooltip}`;
}

/** The lines both sides of a diff start with (changes.ts's header, its inert parts). */
function header(page: MonitorCheckPage): string {
  const lines = [`> ${inertMarkdownText(`Watch: Changelog, ${page.url}`, 500)}`];
  for (const c of page.judgment?.meaningfulChanges ?? []) lines.push(`> - ${inertMarkdownText(`${c.before ?? ''} → ${c.after ?? ''}`, 500)}`);
  return `${lines.join('\n')}\n\n`;
}

export async function run(): Promise<Figure[]> {
  const previous = side(false);
  const current = side(true);
  const { server, baseUrl } = await serve(new Map([
    [`/v2/monitor/${MONITOR}/checks/${CHECK}`, checkBody()],
    [`/v2/scrape/${PREVIOUS}`, scrapeBody(previous, PREVIOUS)],
    [`/v2/scrape/${CURRENT}`, scrapeBody(current, CURRENT)],
  ]));
  const client = new WebDataClient({ baseUrl, apiKey: 'wd-bench-watch' });
  const api = new MonitorClient(client);
  const plainRead = async (path: string): Promise<void> => {
    const raw = await fetch(`${baseUrl}${path}`, { headers: { authorization: 'Bearer wd-bench-watch' } });
    await raw.arrayBuffer();
  };
  try {
    const rows = { plain: [] as number[], full: [] as number[] };
    const diff = { plain: [] as number[], full: [] as number[] };
    let rowCount = 0;
    let sideBytes = 0;
    for (let i = 0; i < RUNS + 1; i++) {
      let started = performance.now();
      await plainRead(`/v2/monitor/${MONITOR}/checks/${CHECK}`);
      const rowsPlain = performance.now() - started;
      started = performance.now();
      const { pages } = await api.allCheckPages(MONITOR, CHECK);
      const counts = countsOf({ totalPages: PAGES, same: 10, changed: 40, new: 0, removed: 0, error: 0 }, pages, true);
      const made = pagesInOrder(pages, true).map(row);
      const rowsFull = performance.now() - started;
      if (made.length !== PAGES || counts?.matters !== 20) throw new Error(`${made.length} rows, ${counts?.matters ?? 'no'} that matter`);
      rowCount = made.length;

      started = performance.now();
      await Promise.all([plainRead(`/v2/scrape/${PREVIOUS}`), plainRead(`/v2/scrape/${CURRENT}`)]);
      const diffPlain = performance.now() - started;
      started = performance.now();
      const page = pages[0];
      if (!page) throw new Error('no page');
      const top = header(page);
      const [left, right] = await Promise.all([api.getScrape(PREVIOUS), api.getScrape(CURRENT)]);
      const encoded = [left, right].map((s) => new TextEncoder().encode(`${top}${s.markdown ?? ''}`));
      const diffFull = performance.now() - started;
      sideBytes = Math.min(...encoded.map((e) => e.byteLength));
      if (sideBytes < SIDE_BYTES) throw new Error('a side is shorter than the page');
      if (i > 0) {
        rows.plain.push(rowsPlain); rows.full.push(rowsFull);
        diff.plain.push(diffPlain); diff.full.push(diffFull);
      }
    }
    const rowsBeyond = Math.max(0, median(rows.full) - median(rows.plain));
    const diffBeyond = Math.max(0, median(diff.full) - median(diff.plain));
    table([
      ['measure', 'n', 'value', 'goal'],
      [`a check of ${PAGES} pages: the bytes alone (the service's time)`, String(RUNS), ms(median(rows.plain)), ''],
      [`a check of ${PAGES} pages to its ${rowCount} rows (request, validation, order, counts, labels, tooltips)`, String(RUNS), ms(median(rows.full)), ''],
      ['beyond the service\'s time', String(RUNS), ms(rowsBeyond), `≤ ${GOAL_MS} ms`],
      ['a 1 MB page\'s two sides: the bytes alone (the service\'s time)', String(RUNS), ms(median(diff.plain)), ''],
      [`a 1 MB page's two sides to the diff editor's documents (${(sideBytes / 1024 / 1024).toFixed(2)} MB each: requests, validation, header, encoding)`, String(RUNS), ms(median(diff.full)), ''],
      ['beyond the service\'s time (VS Code\'s own diff and drawing not included)', String(RUNS), ms(diffBeyond), `≤ ${GOAL_MS} ms`],
    ], 1);
    return [
      figure(`a check of ${PAGES} pages to its rows, beyond the service's time`, rowsBeyond, 'ms', { at: 'most', value: GOAL_MS }, `median of ${RUNS}: ${ms(median(rows.full))} in all, ${ms(median(rows.plain))} the bytes alone`),
      figure('a 1 MB page\'s diff: both sides to the editor\'s documents, beyond the service\'s time', diffBeyond, 'ms', { at: 'most', value: GOAL_MS }, `median of ${RUNS}: ${ms(median(diff.full))} in all, ${ms(median(diff.plain))} the bytes alone; VS Code's diff computation not included`),
    ];
  } finally {
    await client.close();
    await new Promise((resolve) => server.close(resolve));
  }
}
