// The crawl results tool's text for a chat model: the job's status, its pages' titles and
// addresses, then the markdown of pages from `fromPage` on while they fit in `maxChars`, and a
// last line saying how to read the rest. crawlToolAnswer fits it to a budget (src/core/chat/fit):
// the markdown and the page list go first, then the details; at the smallest budgets a short
// status and how to read on remain. Titles and addresses are one-line data.
import { fullestFitting, type TextBudget } from '../chat/fit';
import { modelBlock, modelLine } from '../chat/model-text';
import { pageTitle } from './pages';
import { crawlReadCall } from './read-page';
import { unreadablePages, type CrawlJobState, type CrawlPageRow, type RefusedNext } from './results';
import { readBackCall } from '../chat/read-back';

/** Without a token budget, the text stays within this many characters. */
export const CRAWL_TOOL_MAX_CHARS = 8000;
/** Page titles and addresses listed at most (the rest are counted). */
const MAX_LISTED = 100;
/** The full text is fitted in steps of this many characters of room. */
const ROOM_STEP = 200;

/** The tool's input was not a job reference. */
export const CRAWL_INPUT_TEXT = 'The crawl results request was not accepted: "jobId" must be the job id of a crawl or batch scrape (a UUID), and "kind" "crawl" (default) or "batch".';
/** The job was opened but is not in the service's list (it was removed meanwhile). */
export const CRAWL_GONE_TEXT = 'The crawl results could not be read: the job is no longer loaded in the editor; call the tool again.';

export interface CrawlToolText {
  text: string;
  /** The first page (1-based) whose markdown was not given, when any. */
  nextPage?: number;
}

const REFUSED_WHY: Readonly<Record<RefusedNext, string>> = {
  'elsewhere': 'the service\'s link to the next page points to another host than the configured service',
  'other-path': 'the service\'s link to the next page points to another path than this job\'s',
  'not-a-url': 'the service\'s link to the next page is not an address',
  'no-cursor': 'the service\'s link to the next page gives no position to read from',
};

/** "Pages 31 to 400 cannot be read: …": said with the first answer that holds such a link. */
function unreadableLine(job: CrawlJobState): string | undefined {
  const pages = unreadablePages(job);
  if (!pages) return undefined;
  const which = pages.to === undefined ? `Pages from ${pages.from} on` : pages.to === pages.from ? `Page ${pages.from}` : `Pages ${pages.from} to ${pages.to}`;
  return `${which} cannot be read: ${REFUSED_WHY[pages.reason]}, so it was not followed and the API key was not sent there. Do not ask for them.`;
}

function statusLine(job: CrawlJobState): string {
  const what = job.ref.kind === 'crawl' ? 'Crawl' : 'Batch scrape';
  // The status is the service's text (an unknown one is kept as sent): one line of data.
  const parts = [`${what} ${job.ref.id}: status ${modelLine(job.status, 40)}.`];
  if (job.total !== undefined) parts.push(`Pages done: ${job.completed ?? 0} of ${job.total}.`);
  parts.push(`Pages loaded in the editor: ${job.pages.length}.`);
  if (job.creditsUsed !== undefined) parts.push(job.creditsUsed < 0 ? 'Credits used: not known yet.' : `Credits used: ${job.creditsUsed}.`);
  if (job.expiresAt) parts.push(`Results kept by the service until ${modelLine(job.expiresAt, 40)}.`);
  if (job.noWebhook) parts.push('It finished while no webhook came; its status was read once.');
  if (job.error) parts.push(`The service said: ${modelLine(job.error, 300)}`);
  if (job.failures?.length) parts.push(`Failed pages: ${job.failures.length}.`);
  if (job.robotsBlocked?.length) parts.push(`Blocked by robots.txt: ${job.robotsBlocked.length}.`);
  const unreadable = unreadableLine(job);
  if (unreadable) parts.push(unreadable);
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
  // The list takes at most a third of the room, so some markdown always fits; it is cut at a
  // line's end, and keeps the first page's line, so a cut list still says where the pages start.
  const listRoom = Math.floor(maxChars / 3);
  let shownList = listText;
  if (listText.length > listRoom) {
    const kept = list.slice(0, 3);
    for (const line of list.slice(3)) {
      if (kept.join('\n').length + line.length + 14 > listRoom) break;
      kept.push(line);
    }
    shownList = `${kept.join('\n')}\n…(list cut)`;
  }
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
  // The ids webData_read needs, as webData_search's note gives them: a page cut or left
  // out is read whole, in parts, by its number.
  const cut = cutPage !== undefined ? `Page ${cutPage} was cut: read all of it in parts with webData_read ${crawlReadCall(job.ref, cutPage, 1)}. ` : '';
  const onePage = (page: number): string => `; or read one page whole, in parts, with webData_read ${crawlReadCall(job.ref, page, 1)} (any page number)`;
  if (nextPage !== undefined) {
    parts.push('', `${cut}To read on, call ${readBackCall('job', { jobId: job.ref.id, kind: job.ref.kind, from: nextPage })}${onePage(nextPage)}.`);
  } else if (!loadedAll) {
    parts.push('', `More pages exist than are loaded. To read them, call ${readBackCall('job', { jobId: job.ref.id, kind: job.ref.kind, from: job.pages.length + 1 })}${onePage(job.pages.length + 1)}; the person can also open them in the Crawl and Batch Scrape Pages view.`);
  } else if (unreadablePages(job)) {
    parts.push('', 'Those are all the pages that can be read.');
  } else {
    parts.push('', 'That is every page of the results.');
  }
  return nextPage !== undefined ? { text: parts.join('\n'), nextPage } : { text: parts.join('\n') };
}

/**
 * The text within `budget`: the fullest of (a short status and how to read on; the same with the
 * first page's title and address; the full text with ever more room) that fits. Falls back to the
 * shortest, which the caller's last fitting (fitPlainText) cuts if even that is too long.
 */
export async function crawlToolAnswer(job: CrawlJobState, texts: ReadonlyMap<number, string>, fromPage: number, budget: TextBudget): Promise<string> {
  const fullLength = crawlToolText(job, texts, fromPage, Number.MAX_SAFE_INTEGER).text.length;
  const fullLevels = Math.ceil(fullLength / ROOM_STEP) + 1;
  const render = (level: number): string => level < 2 ? shortText(job, fromPage, level === 1) : crawlToolText(job, texts, fromPage, (level - 2) * ROOM_STEP).text;
  const level = await fullestFitting(2 + fullLevels, render, budget);
  return render(Math.max(0, level));
}

/** The status in a line, the first page asked for (when `withPage`), and the one call that reads on at any budget. */
function shortText(job: CrawlJobState, fromPage: number, withPage: boolean): string {
  const what = job.ref.kind === 'crawl' ? 'Crawl' : 'Batch scrape';
  const done = job.total !== undefined ? `, ${job.completed ?? 0} of ${job.total} pages` : '';
  const lines = [`${what} ${job.ref.id}: ${modelLine(job.status, 40)}${done}.`];
  const unreadable = unreadableLine(job);
  if (unreadable) lines.push(unreadable);
  const row = job.pages.find((r) => r.index + 1 >= fromPage);
  if (withPage && row) lines.push(pageLine(row));
  if (row) {
    // webData_read splits a page into parts that fit the budget, so it reads on however small it is.
    lines.push(`Read on: webData_read ${crawlReadCall(job.ref, row.index + 1, 1)} gives page ${row.index + 1} in parts.`);
  } else if (job.cursor !== undefined) {
    lines.push(`Read on: ${readBackCall('job', { jobId: job.ref.id, kind: job.ref.kind, from: job.pages.length + 1 })} with a larger budget.`);
  } else {
    lines.push(job.pages.length === 0 ? 'It has no pages.' : `It has ${job.pages.length} pages; none from page ${fromPage}.`);
  }
  return lines.join('\n');
}
