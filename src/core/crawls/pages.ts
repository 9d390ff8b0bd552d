// Crawl pages as documents: the `webdata-crawl:` addresses of a page and of the all-pages
// document, the all-pages markdown with its table of contents, and the exported files (safe
// names, front matter with the source URL). Titles and addresses are web text: escaped where
// markdown would read them, made safe where they become a name. Page markdown is the page's own.
import { addressLine } from '../search/document';
import { yamlValue } from '../search/export';
import { inertFileName, inertMarkdownText } from '../text/inert';
import { isJobId, type JobRef } from './job';
import type { CrawlPageRow } from './results';

const ALL_PAGES_NAME = 'All pages.md';

export type PageAddress = { job: JobRef; index: number } | { job: JobRef; all: true };

/** A page's shown title: its own, else its address, else its position. */
export function pageTitle(row: Pick<CrawlPageRow, 'title' | 'url' | 'index'>): string {
  const title = row.title?.trim();
  if (title) return title;
  return row.url ?? `Page ${row.index + 1}`;
}

/** The folder of a page in the breadcrumb: "Page 1", counted as a person counts. */
const PAGE_FOLDER = /^Page ([1-9]\d{0,8})$/;

/**
 * `/<kind>/<id>/Page <n>/<title>.md`: the last segment is the tab's title, and the breadcrumb reads
 * "Page 3" above it (n counts from 1). Tabs opened before this form hold `/<kind>/<id>/<index>/…`
 * (the index from 0), which is still read, so a tab restored after a reload keeps its page.
 */
export function pageAddress(job: JobRef, row: Pick<CrawlPageRow, 'title' | 'url' | 'index'>): string {
  return `/${job.kind}/${job.id}/Page ${row.index + 1}/${inertFileName(pageTitle(row), `Page ${row.index + 1}`, 60)}.md`;
}

export function allPagesAddress(job: JobRef): string {
  return `/${job.kind}/${job.id}/all/${ALL_PAGES_NAME}`;
}

export function parsePageAddress(path: string): PageAddress | undefined {
  const parts = path.split('/');
  if (parts.length !== 5 || parts[0] !== '') return undefined;
  const [, kind, id, which] = parts;
  if ((kind !== 'crawl' && kind !== 'batch') || !isJobId(id)) return undefined;
  const job: JobRef = { kind: kind === 'batch' ? 'batch' : 'crawl', id: id.toLowerCase() };
  if (which === 'all') return parts[4] === ALL_PAGES_NAME ? { job, all: true } : undefined;
  if (which === undefined) return undefined;
  const counted = PAGE_FOLDER.exec(which);
  if (counted) return { job, index: Number(counted[1]) - 1 };
  if (!/^\d{1,9}$/.test(which)) return undefined;
  return { job, index: Number(which) };
}

/** Whether markdown opens with a heading of its own (ATX `# …`, or a line underlined `===`/`---`). */
export function startsWithHeading(markdown: string): boolean {
  const lines = markdown.replace(/^(?:[ \t]*\r?\n)+/, '').split(/\r?\n/, 2);
  const first = lines[0] ?? '';
  if (/^ {0,3}#{1,6}(?:[ \t]|$)/.test(first)) return true;
  return first.trim() !== '' && /^ {0,3}(?:=+|-+)[ \t]*$/.test(lines[1] ?? '');
}

/**
 * The header a page's tab shows above its markdown: the page's title as a heading (title text,
 * escaped only where markdown would act on it, so the source reads as the title) and its source
 * address. A page whose markdown opens with its own heading keeps that one: the title above it
 * would say the same twice, so only the address goes first.
 */
export function pageHeader(row: Pick<CrawlPageRow, 'title' | 'url' | 'index' | 'statusCode'>, markdown = ''): string {
  const lines = startsWithHeading(markdown) ? [] : [`# ${inertMarkdownText(pageTitle(row), 500)}`, ''];
  if (row.url) lines.push(addressLine(row.url), '');
  return lines.join('\n');
}

/** Every page in one document: a table of contents, then each page under a heading of ours. */
export function allPagesMarkdown(heading: string, rows: readonly CrawlPageRow[], text: (row: CrawlPageRow) => string): string {
  const lines = [`# ${inertMarkdownText(heading, 500)}`, '', '## Contents', ''];
  for (const row of rows) lines.push(`- [Page ${row.index + 1}: ${inertMarkdownText(pageTitle(row), 300)}](#page-${row.index + 1})`);
  for (const row of rows) {
    lines.push('', '---', '', `## Page ${row.index + 1}`, '', `**${inertMarkdownText(pageTitle(row), 500)}**`, '');
    if (row.url) lines.push(addressLine(row.url), '');
    lines.push(text(row));
  }
  return `${lines.join('\n')}\n`;
}

/** One exported file: a safe, unique name and the page with front matter naming its source. */
export function exportedPage(row: CrawlPageRow, markdown: string, taken: Set<string>): { name: string; text: string } {
  const base = `${String(row.index + 1).padStart(4, '0')} ${inertFileName(pageTitle(row), 'page', 60)}`;
  let name = `${base}.md`;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} (${n}).md`;
  taken.add(name.toLowerCase());
  const front = ['---', `title: ${yamlValue(pageTitle(row))}`, `sourceURL: ${yamlValue(row.url ?? null)}`];
  if (row.statusCode !== undefined) front.push(`statusCode: ${row.statusCode}`);
  front.push('---', '');
  return { name, text: `${front.join('\n')}\n${markdown}` };
}
