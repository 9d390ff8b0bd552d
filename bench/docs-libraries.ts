// The comparison behind the docs sets' index library (CONTRIBUTING.md, "Docs sets: the index"):
// MiniSearch, FlexSearch and Orama on the same passages, each as its documentation shows it used.
// Not part of `npm run bench` and not a dependency: the two libraries not chosen are installed in
// a folder of their own, outside the project, and read from there:
//   mkdir /tmp/libs && cd /tmp/libs && npm init -y && npm install minisearch flexsearch @orama/orama
//   DOCS_LIBRARIES=/tmp/libs/node_modules node --import tsx bench/docs-libraries.ts
//   (DOCS_LIBRARIES_PAGES=500 for fewer pages than 2,000, BENCH_QUICK=1 for 100.)
// For each: top-1 and top-3 on the questions over undici's documentation, the time to index 2,000
// pages (about 40 MB), a query's p95 there, a page replaced (removed and added again), and the
// index written and read back (its size beside the markdown).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DocsSet, type DocsPage } from '../src/core/docs/docs-set';
import { splitPassages } from '../src/core/docs/sections';
import { hitRates, pathOf, syntheticPages, undiciPages } from './docs-corpus';
import { DOCS_QUESTIONS } from './docs-questions';
import { ms, sized, table } from './stats';

interface Row { id: string; page: string; title: string; heading: string; text: string }

/** One library behind the same few calls. */
interface Candidate {
  name: string;
  build(rows: readonly Row[]): void | Promise<void>;
  search(query: string): string[] | Promise<string[]>;
  removePage(rows: readonly Row[]): void | Promise<void>;
  addPage(rows: readonly Row[]): void | Promise<void>;
  save(): string | Promise<string>;
  load(text: string): void | Promise<void>;
}

const dir = process.env.DOCS_LIBRARIES;
if (dir === undefined) throw new Error('Set DOCS_LIBRARIES to a node_modules folder holding minisearch, flexsearch and @orama/orama.');
const load = createRequire(join(dir, 'index.js'));

function rowsOf(pages: readonly { url: string; title: string; markdown: string }[]): Row[] {
  return pages.flatMap((page) => splitPassages(page.markdown, page.title).map((p, n) => ({
    id: `${page.url}#${n}`, page: page.url, title: page.title, heading: p.path.join(' '), text: p.text,
  })));
}

const pageOf = (id: string) => id.slice(0, id.lastIndexOf('#'));

// The libraries' own types are not in this project (they are not its dependencies): each is
// described here by the few calls made, as their documentation gives them.
interface MiniSearchLike { addAll(d: readonly Row[]): void; discard(id: string): void; search(q: string): { id: string }[]; toJSON(): unknown }
interface MiniSearchClass { new (o: unknown): MiniSearchLike; loadJSON(t: string, o: unknown): MiniSearchLike }

function miniSearch(): Candidate {
  const MiniSearch = load('minisearch') as MiniSearchClass;
  const options = { fields: ['title', 'heading', 'text'], storeFields: [], searchOptions: { boost: { heading: 2, title: 1.5 }, prefix: true, fuzzy: 0.2 } };
  let index = new MiniSearch(options);
  return {
    name: 'MiniSearch',
    build: (rows) => { index.addAll(rows); },
    search: (q) => index.search(q).slice(0, 20).map((r) => r.id),
    removePage: (rows) => { for (const r of rows) index.discard(r.id); },
    addPage: (rows) => { index.addAll(rows); },
    save: () => JSON.stringify(index),
    load: (text) => { index = MiniSearch.loadJSON(text, options); },
  };
}

/**
 * MiniSearch as src/core/docs keeps it (one document per page, its passages ranked after; stop words
 * dropped from a query, prefix on its last word, no fuzzy). Its rows are put back together as pages.
 */
function kept(): Candidate {
  const meta = { id: 'kept', siteUrl: 'https://undici.example/docs/', createdAt: '', updatedAt: '' };
  let set = DocsSet.empty(meta);
  const pagesOf = (rows: readonly Row[]) => {
    const pages = new Map<string, { url: string; title: string; markdown: string }>();
    for (const r of rows) {
      const page = pages.get(r.page) ?? { url: r.page, title: r.title, markdown: '' };
      page.markdown += `${r.text}\n\n`;
      pages.set(r.page, page);
    }
    return [...pages.values()];
  };
  return {
    name: 'MiniSearch, as kept',
    build: (rows) => { for (const page of pagesOf(rows)) set.setPage(page); },
    search: (q) => set.search(q, 20).map((h) => `${h.url}#${h.line}`),
    removePage: (rows) => { for (const page of pagesOf(rows)) set.removePage(page.url); },
    addPage: (rows) => { for (const page of pagesOf(rows)) set.setPage(page); },
    save: () => JSON.stringify({ pages: set.pages, index: set.plainIndex() }),
    load: (text) => {
      const saved = JSON.parse(text) as { pages: DocsPage[]; index: unknown };
      set = DocsSet.restore(meta, saved.pages, saved.index);
    },
  };
}

interface FlexDocument {
  add(d: Row): void; remove(id: string): void;
  search(q: string, o: unknown): { id: string }[];
  export(handler: (key: string, data: string) => void): unknown;
  import(key: string, data: string): void;
}
interface FlexModule { Document: new (o: unknown) => FlexDocument }

function flexSearch(): Candidate {
  const { Document } = load('flexsearch') as FlexModule;
  const options = { document: { id: 'id', index: ['heading', 'title', 'text'] }, tokenize: 'forward' };
  let index = new Document(options);
  return {
    name: 'FlexSearch',
    build: (rows) => { for (const r of rows) index.add(r); },
    search: (q) => index.search(q, { limit: 20, merge: true, suggest: true }).map((r) => r.id),
    removePage: (rows) => { for (const r of rows) index.remove(r.id); },
    addPage: (rows) => { for (const r of rows) index.add(r); },
    save: async () => {
      const parts: Record<string, string> = {};
      await index.export((key, data) => { parts[key] = data; });
      return JSON.stringify(parts);
    },
    load: (text) => {
      index = new Document(options);
      for (const [key, data] of Object.entries(JSON.parse(text) as Record<string, string>)) index.import(key, data);
    },
  };
}

interface OramaModule {
  create(o: unknown): unknown;
  insertMultiple(db: unknown, d: readonly Row[], batch?: number): unknown;
  removeMultiple(db: unknown, ids: readonly string[]): unknown;
  search(db: unknown, o: unknown): { hits: { id: string }[] } | Promise<{ hits: { id: string }[] }>;
  save(db: unknown): unknown;
  load(db: unknown, raw: unknown): unknown;
}

function orama(): Candidate {
  const o = load('@orama/orama') as OramaModule;
  const schema = { schema: { page: 'string', title: 'string', heading: 'string', text: 'string' } };
  let db = o.create(schema);
  return {
    name: 'Orama',
    build: async (rows) => { await o.insertMultiple(db, rows, 1000); },
    search: async (q) => (await o.search(db, { term: q, properties: ['title', 'heading', 'text'], boost: { heading: 2, title: 1.5 }, limit: 20 })).hits.map((h) => h.id),
    removePage: async (rows) => { await o.removeMultiple(db, rows.map((r) => r.id)); },
    addPage: async (rows) => { await o.insertMultiple(db, rows); },
    save: async () => JSON.stringify(await o.save(db)),
    load: async (text) => { db = o.create(schema); await o.load(db, JSON.parse(text)); },
  };
}

async function measure(make: () => Candidate): Promise<string[]> {
  const real = rowsOf(undiciPages());
  const small = make();
  await small.build(real);
  const expected = DOCS_QUESTIONS.map((q) => q.pages);
  const ranked: string[][] = [];
  for (const q of DOCS_QUESTIONS) ranked.push((await small.search(q.question)).slice(0, 3).map((id) => pathOf(pageOf(id))));
  const rates = hitRates(ranked, expected);

  const pages = syntheticPages(Number(process.env.DOCS_LIBRARIES_PAGES ?? sized(2_000, 100)), 20_000);
  const markdown = pages.reduce((sum, p) => sum + Buffer.byteLength(p.markdown), 0);
  const rows = rowsOf(pages);
  const big = make();
  const heapBefore = process.memoryUsage().heapUsed;
  let t = performance.now();
  await big.build(rows);
  const indexMs = performance.now() - t;
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  const times: number[] = [];
  for (const q of DOCS_QUESTIONS) {
    t = performance.now();
    await big.search(q.question);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const page = rows.filter((r) => r.page === pages[7]?.url);
  t = performance.now();
  await big.removePage(page);
  await big.addPage(page);
  const replaceMs = performance.now() - t;
  t = performance.now();
  const saved = await big.save();
  const saveMs = performance.now() - t;
  t = performance.now();
  await big.load(saved);
  const loadMs = performance.now() - t;
  const afterLoad = (await big.search(DOCS_QUESTIONS[0]?.question ?? '')).length;
  return [make().name, `${(rates.top1 * 100).toFixed(1)} %`, `${(rates.top3 * 100).toFixed(1)} %`, ms(indexMs), ms(times[Math.floor(times.length * 0.95)] ?? 0),
    ms(replaceMs), `${(saved.length / markdown).toFixed(2)}×`, ms(saveMs), ms(loadMs), afterLoad > 0 ? 'yes' : 'NO', `${heapMb.toFixed(0)} MB`];
}

async function main(): Promise<void> {
  const rows = [['library', 'top-1', 'top-3', 'index 2,000', 'query p95', 'replace a page', 'saved / md', 'save', 'load', 'answers after load', 'heap (rough)']];
  for (const make of [miniSearch, kept, flexSearch, orama]) {
    try {
      rows.push(await measure(make));
    } catch (err) {
      rows.push([make.name, `failed: ${err instanceof Error ? err.message : String(err)}`]);
    }
  }
  table(rows);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
