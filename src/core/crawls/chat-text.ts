// The crawl results tool's text for a chat model: the job's status, its pages' titles and
// addresses, then the markdown of pages from `fromPage` on while they fit in `maxChars`, and a
// last line saying how to read the rest. Plain text built here, cut here: the tool's own fitting,
// apart from the search tool's (src/core/chat). Titles and addresses are one-line data.
import { modelBlock, modelLine } from '../chat/model-text';
import { pageTitle } from './pages';
import { crawlReadCall } from './read-page';
import type { CrawlJobState, CrawlPageRow } from './results';

/** Without a token budget, the text stays within this many characters. */
export const CRAWL_TOOL_MAX_CHARS = 8000;
/** Page titles and addresses listed at most (the rest are counted). */
const MAX_LISTED = 100;

export interface CrawlToolText {
  text: string;
  /** The first page (1-based) whose markdown was not given, when any. */
  nextPage?: number;
}

function statusLine(job: CrawlJobState): string {
  const what = job.ref.kind === 'crawl' ? 'Crawl' : 'Batch scrape';
  const parts = [`${what} ${job.ref.id}: status ${job.status}.`];
  if (job.total !== undefined) parts.push(`Pages done: ${job.completed ?? 0} of ${job.total}.`);
  parts.push(`Pages loaded in the editor: ${job.pages.length}.`);
  if (job.creditsUsed !== undefined) parts.push(job.creditsUsed < 0 ? 'Credits used: not known yet.' : `Credits used: ${job.creditsUsed}.`);
  if (job.expiresAt) parts.push(`Results kept by the service until ${modelLine(job.expiresAt, 40)}.`);
  if (job.noWebhook) parts.push('It finished while no webhook came; its status was read once.');
  if (job.error) parts.push(`The service said: ${modelLine(job.error, 300)}`);
  if (job.failures?.length) parts.push(`Failed pages: ${job.failures.length}.`);
  if (job.robotsBlocked?.length) parts.push(`Blocked by robots.txt: ${job.robotsBlocked.length}.`);
  return parts.join(' ');
}

const pageLine = (row: CrawlPageRow): string =>
  `${row.index + 1}. ${modelLine(pageTitle(row), 200)}${row.url ? ` <${modelLine(row.url, 500)}>` : ''}${row.statusCode !== undefined ? ` (${row.statusCode})` : ''}`;

/**
 * `texts` holds the markdown of pages from `fromPage` on (1-based), as many as were read. The
 * result never exceeds `maxChars` (beyond a last line of guidance, which is always kept).
 */
export function crawlToolText(job: CrawlJobState, texts: ReadonlyMap<number, string>, fromPage: number, maxChars: number): CrawlToolText {
  const parts: string[] = [statusLine(job)];
  let used = parts[0]?.length ?? 0;
  const listed = job.pages.slice(0, MAX_LISTED);
  const list = ['', 'Pages (number, title, address):', ...listed.map(pageLine)];
  if (job.pages.length > listed.length) list.push(`…and ${job.pages.length - listed.length} more loaded pages.`);
  const listText = list.join('\n');
  // The list takes at most a third of the room, so some markdown always fits.
  const listRoom = Math.floor(maxChars / 3);
  const shownList = listText.length <= listRoom ? listText : `${listText.slice(0, Math.max(0, listRoom - 40))}\n…(list cut)`;
  parts.push(shownList);
  used += shownList.length + 1;
  let nextPage: number | undefined;
  let cutPage: number | undefined;
  const rows = job.pages.filter((row) => row.index + 1 >= fromPage);
  if (rows.length > 0) parts.push('', `Markdown of the pages from page ${fromPage}:`);
  for (const row of rows) {
    const raw = texts.get(row.index + 1);
    const text = raw === undefined ? undefined : modelBlock(raw);
    const head = `\n--- Page ${row.index + 1}: ${modelLine(pageTitle(row), 200)}${row.url ? ` <${modelLine(row.url, 500)}>` : ''}\n`;
    if (text === undefined || used + head.length + text.length > maxChars) {
      if (text !== undefined && row === rows[0] && maxChars - used - head.length > 200) {
        // A first page longer than the room: give what fits, and the reader knows where to pick up.
        parts.push(head + text.slice(0, maxChars - used - head.length) + '\n…(page cut)');
        cutPage = row.index + 1;
      }
      nextPage = row.index + 1 + (row === rows[0] && parts.at(-1)?.endsWith('…(page cut)') ? 1 : 0);
      break;
    }
    parts.push(head + text);
    used += head.length + text.length;
  }
  const loadedAll = job.cursor === undefined;
  // The ids webData_readResult needs, as webData_search's note gives them: a page cut or left
  // out is read whole, in parts, by its number.
  const cut = cutPage !== undefined ? `Page ${cutPage} was cut: read all of it in parts with webData_readResult ${crawlReadCall(job.ref, cutPage, 1)}. ` : '';
  const onePage = (page: number): string => `; or read one page whole, in parts, with webData_readResult ${crawlReadCall(job.ref, page, 1)} (any page number)`;
  if (nextPage !== undefined) {
    parts.push('', `${cut}To read on, call webData_crawlResults again with {"id": "${job.ref.id}", "kind": "${job.ref.kind}", "fromPage": ${nextPage}}${onePage(nextPage)}.`);
  } else if (!loadedAll) {
    parts.push('', `More pages exist than are loaded. To read them, call webData_crawlResults again with {"id": "${job.ref.id}", "kind": "${job.ref.kind}", "fromPage": ${job.pages.length + 1}}${onePage(job.pages.length + 1)}; the person can also open them in the Crawl Results view.`);
  } else {
    parts.push('', 'That is every page of the results.');
  }
  return nextPage !== undefined ? { text: parts.join('\n'), nextPage } : { text: parts.join('\n') };
}
