// The sandbox banner's tour of the service's families (issue 46: it named only search and crawls):
// for each, the palette commands that start it and what to try in the sandbox. The commands are
// named by id and their titles read from the manifest, so a renamed command renames its line; a
// unit test holds every id to a command the palette offers.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

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

export const SANDBOX_FAMILIES: readonly SandboxFamily[] = [
  { family: 'Search', commands: ['webData.search'], tryThis: 'the searches below' },
  { family: 'Scrape and map', commands: ['webData.scrapeUrl', 'webData.mapSite'], tryThis: `${DEMO_PAGE}; any https address answers` },
  { family: 'Crawls and batch scrapes', commands: ['webData.startCrawl', 'webData.startBatchScrape'], tryThis: 'the job ids below hold results already' },
  { family: 'Documents', commands: ['webData.openDocumentAsMarkdown'], tryThis: 'a PDF, HTML, CSV, DOCX or XLSX file in the folder' },
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
