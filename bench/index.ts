// `npm run bench`: runs each section in turn, then prints every figure beside its goal in one
// table and writes the run as JSON (bench-results/latest.json and bench-results/<time>.json, or
// into BENCH_OUT=<dir>). Add a section by adding a line below: a module exporting
// `async function run(): Promise<Figure[]>` (it may print its own detail lines too).
//   npm run bench -- client webhooks        only the sections named
//   npm run bench -- --compare A.json B.json two runs' figures side by side, with the change
//   BENCH_QUICK=1 npm run bench             every count shrunk: seconds, values meaningless
import { compareRuns, printFigures, writeRun, type SectionFigure } from './report';
import { QUICK, type Figure } from './stats';

interface Section {
  name: string;
  load: () => Promise<{ run: () => Promise<Figure[]> }>;
}

export const sections: Section[] = [
  { name: 'client', load: () => import('./client') },
  { name: 'webhooks', load: () => import('./webhooks') },
  { name: 'activation', load: () => import('./activation') },
  { name: 'entries', load: () => import('./entries') },
  { name: 'crawl-results', load: () => import('./crawl-results') },
  { name: 'history', load: () => import('./history') },
  { name: 'scrape', load: () => import('./scrape') },
  { name: 'parse', load: () => import('./parse') },
  { name: 'watch', load: () => import('./watch') },
  { name: 'usage', load: () => import('./usage') },
  { name: 'workbench', load: () => import('./workbench') },
  { name: 'docs', load: () => import('./docs') },
];

function isFigure(value: unknown): value is Figure {
  if (typeof value !== 'object' || value === null) return false;
  const f = value as Partial<Figure>;
  return typeof f.name === 'string' && typeof f.value === 'number' && typeof f.unit === 'string';
}

/** Runs one section; its figures, or none (said) when it returned something else. */
export async function runSection(section: Section): Promise<SectionFigure[]> {
  const module = await section.load();
  const result = await module.run();
  if (!Array.isArray(result)) {
    console.log(`  (${section.name} returned no figures)`);
    return [];
  }
  const figures = result.filter(isFigure);
  if (figures.length < result.length) console.log(`  (${section.name}: ${result.length - figures.length} entries that are not figures left out)`);
  return figures.map((f) => ({ section: section.name, ...f }));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--compare') {
    const [, a, b] = args;
    if (a === undefined || b === undefined) throw new Error('Usage: npm run bench -- --compare A.json B.json');
    compareRuns(a, b);
    return;
  }
  const chosen = args.length > 0 ? sections.filter((s) => args.includes(s.name)) : sections;
  const unknown = args.filter((name) => !sections.some((s) => s.name === name));
  if (chosen.length === 0 || unknown.length > 0) {
    console.error(`No such bench section: ${unknown.join(', ')}. Sections: ${sections.map((s) => s.name).join(', ')}.`);
    process.exitCode = 1;
    return;
  }
  console.log(`node ${process.version} on ${process.platform}/${process.arch}${QUICK ? ' (BENCH_QUICK=1: counts shrunk, values meaningless)' : ''}`);
  const figures: SectionFigure[] = [];
  for (const section of chosen) {
    console.log(`\n== ${section.name} ==`);
    try {
      figures.push(...(await runSection(section)));
    } catch (error) {
      // One broken section must not cost the others' figures; the run still fails at the end.
      console.error(`The ${section.name} section failed:`, error);
      process.exitCode = 1;
    }
  }
  console.log('\n== all figures ==');
  printFigures(figures);
  const file = writeRun(process.env.BENCH_OUT ?? 'bench-results', figures, QUICK);
  console.log(`\nWritten: ${file} (and latest.json beside it). Compare two runs: npm run bench -- --compare A.json B.json`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
