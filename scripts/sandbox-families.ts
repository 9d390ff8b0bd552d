// The sandbox banner's tour of the service's families (issue 46: it named only search and crawls):
// for each, the palette commands that start it and what to try in the sandbox. The commands are
// named by id and their titles read from the manifest, so a renamed command renames its line; a
// unit test holds every id to a command the palette offers.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { makePdf } from '../test/emulator/document-files';

const REPO = path.resolve(__dirname, '..');

interface SandboxFamily {
  family: string;
  /** Command ids, in the order to try them. */
  commands: readonly string[];
  /** What to try in the sandbox, after the commands' titles. */
  tryThis: string;
}

/** The demo page the emulator's scrape, watch and extract answer with real text (its corpus). */
const DEMO_PAGE = 'https://docs.tideflow.dev/getting-started';
/** The emulator's documentation site (test/emulator/docs-site.ts): a docs set's crawl stays under it. */
const DOCS_SITE = 'https://docs.harborline.dev/manual/';

/** The document the sandbox's folder holds, so that Convert a Document has one to convert. */
export const SAMPLE_DOCUMENT = 'harbor-report.pdf';

/** Its pages: text the emulator's PDF reader finds, as a real report's would be. */
const SAMPLE_PAGES: ReadonlyArray<readonly string[]> = [
  ['Harbor Town Quarterly Report', 'Arrivals rose 12% on the last quarter.', 'The new ferry line opens in March.'],
  ['Budget', 'Dredging: 1.2 million', 'Lighthouse repairs: 300,000'],
];

/** Writes the sample document into the sandbox's folder, unless one is there (a person's edits stay). */
export function writeSampleDocuments(workspace: string): string {
  const file = path.join(workspace, SAMPLE_DOCUMENT);
  if (!existsSync(file)) writeFileSync(file, makePdf(SAMPLE_PAGES, { deflate: true }));
  return file;
}

export const SANDBOX_FAMILIES: readonly SandboxFamily[] = [
  { family: 'Search', commands: ['webData.search'], tryThis: 'the searches below' },
  { family: 'Scrape and map', commands: ['webData.scrapeUrl', 'webData.mapSite'], tryThis: `${DEMO_PAGE}; any https address answers` },
  { family: 'Crawls and batch scrapes', commands: ['webData.startCrawl', 'webData.startBatchScrape'], tryThis: 'the job ids below hold results already' },
  { family: 'Documents', commands: ['webData.openDocumentAsMarkdown'], tryThis: `the folder's ${SAMPLE_DOCUMENT}, or any PDF, HTML, CSV, DOCX or XLSX file there` },
  { family: 'Extract and research', commands: ['webData.extractData', 'webData.research'], tryThis: 'a page\'s fields as JSON; a question' },
  { family: 'Browser sessions', commands: ['webData.startBrowserSession', 'webData.runInBrowserSession'], tryThis: `an editor holding  await page.goto('${DEMO_PAGE}')` },
  { family: 'Watches', commands: ['webData.watch'], tryThis: `${DEMO_PAGE}, goal "breaking changes", then its row's Check Now` },
  // Not a family of the service's: its crawl kept here, then searched free and offline (issue 48).
  { family: 'Docs sets', commands: ['webData.docs.add', 'webData.docs.search'], tryThis: `${DOCS_SITE}, then a question such as "retry policy"` },
  { family: 'Credits', commands: ['webData.showCreditsUsage'], tryThis: 'the demo team\'s 60 days by kind, and where this machine\'s credits went' },
];

interface Manifest { contributes: { commands: Array<{ command: string; title: string }> } }

/** Each command id's title as the palette shows it (package.nls.json's for a %key%). */
export function commandTitles(repo = REPO): Map<string, string> {
  const manifest = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as Manifest;
  const strings = JSON.parse(readFileSync(path.join(repo, 'package.nls.json'), 'utf8')) as Record<string, string>;
  return new Map(manifest.contributes.commands.map((c) => [c.command, /^%(.+)%$/.exec(c.title)?.[1] !== undefined ? strings[c.title.slice(1, -1)] ?? c.title : c.title]));
}

/** The banner's lines about the families. */
export function sandboxFamilyLines(titles = commandTitles()): string[] {
  const width = Math.max(...SANDBOX_FAMILIES.map((f) => f.family.length));
  return [
    'Every family, from F1 > "Web Data: …":',
    ...SANDBOX_FAMILIES.map((f) => `  ${f.family.padEnd(width)}  ${f.commands.map((id) => titles.get(id) ?? id).join(', ')}  (${f.tryThis})`),
  ];
}
