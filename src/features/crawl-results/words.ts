// The jobs' results rows (in the Jobs view) and commands in words: the core's structure (statuses, counts, dates)
// through vscode.l10n and Intl. Titles, addresses and the service's texts are data, made inert
// where they are shown (rows, tooltips, notifications), not here.
import * as vscode from 'vscode';
import { FINISHED, unreadablePages, type CrawlJobState, type Failure } from '../../core/crawls/results';
import { formatDateTime, formatNumber, formatTime } from '../../core/intl';
import { jobName, type JobStart } from '../../core/crawls/job';
import type { KnownJob } from '../../core/crawls/known-jobs';

const locale = (): string => vscode.env.language;
const count = (n: number): string => formatNumber(n, locale());

function statusWords(status: string): string {
  switch (status) {
    case 'scraping': return vscode.l10n.t('running');
    case 'completed': return vscode.l10n.t('completed');
    case 'cancelled': return vscode.l10n.t('cancelled');
    case 'failed': return vscode.l10n.t('failed');
    default: return status;
  }
}

/** Its status; a job whose end is known but whose status could not be read says so, not "running". */
function jobStatusWords(job: CrawlJobState): string {
  return job.finishedVia !== undefined && !FINISHED.has(job.status) ? vscode.l10n.t('ended, its status not read') : statusWords(job.status);
}

/**
 * A job's row named as a running crawl's is (issue 46): where it started ("https://docs.example.com",
 * "12 addresses"); its kind and short id only when this window never learnt that ("Crawl 32a52f8e").
 * The whole id is in the tooltip.
 */
export function jobLabelWords(job: CrawlJobState, start: JobStart | undefined): string {
  const name = jobName(job.ref, start);
  switch (name.kind) {
    case 'address': return name.url;
    case 'addresses': return vscode.l10n.t('{0} addresses', count(name.count));
    case 'id': return job.ref.kind === 'crawl' ? vscode.l10n.t('Crawl {0}', name.short) : vscode.l10n.t('Batch scrape {0}', name.short);
  }
}

/**
 * "completed · 100 of 10,000 pages · 10,000 credits · no webhook received": always the status and
 * the pages, counted so that they agree with the rows below (pages delivered before the status
 * says them done count as done).
 */
export function jobDescriptionWords(job: CrawlJobState): string {
  const parts = [jobStatusWords(job)];
  const done = Math.max(job.completed ?? 0, job.pages.length);
  if (job.total !== undefined) parts.push(vscode.l10n.t('{0} of {1} pages', count(done), count(Math.max(job.total, done))));
  else parts.push(done === 1 ? vscode.l10n.t('1 page') : vscode.l10n.t('{0} pages', count(done)));
  if (job.pages.length > 0 && job.pages.length < done) parts.push(vscode.l10n.t('{0} loaded', count(job.pages.length)));
  if (job.delivered > 0) parts.push(vscode.l10n.t('{0} by webhook', count(job.delivered)));
  if (job.noWebhook) parts.push(vscode.l10n.t('no webhook received'));
  const unreadable = unreadablePages(job);
  if (unreadable) {
    parts.push(unreadable.to === undefined ? vscode.l10n.t('pages from {0} on cannot be read', count(unreadable.from)) : vscode.l10n.t('pages {0}–{1} cannot be read', count(unreadable.from), count(unreadable.to)));
  }
  if (job.endedAt !== undefined) parts.push(vscode.l10n.t('ended {0}', endedWords(new Date(job.endedAt), new Date())));
  return parts.join(' · ');
}

/** When a job ended: the time alone today, else the date and time. */
function endedWords(at: Date, now: Date): string {
  return at.toDateString() === now.toDateString() ? formatTime(at, { locale: locale() }) : formatDateTime(at, { locale: locale() });
}

export function jobTooltipLines(job: CrawlJobState): string[] {
  const lines = [job.ref.kind === 'crawl' ? vscode.l10n.t('Crawl ID: {0}', job.ref.id) : vscode.l10n.t('Batch scrape ID: {0}', job.ref.id)];
  lines.push(vscode.l10n.t('Status: {0}', jobStatusWords(job)));
  if (job.total !== undefined) lines.push(vscode.l10n.t('Pages: {0} of {1}', count(job.completed ?? 0), count(job.total)));
  if (job.endedAt !== undefined) lines.push(vscode.l10n.t('Ended: {0}, as this window saw it', formatDateTime(new Date(job.endedAt), { locale: locale() })));
  if (job.creditsUsed !== undefined) lines.push(job.creditsUsed < 0 ? vscode.l10n.t('Credits: not known yet') : vscode.l10n.t('Credits: {0}', count(job.creditsUsed)));
  const expires = job.expiresAt !== undefined ? new Date(job.expiresAt) : undefined;
  if (expires && !Number.isNaN(expires.getTime())) lines.push(vscode.l10n.t('Results kept until {0}', formatDateTime(expires, { locale: locale() })));
  if (job.noWebhook) lines.push(vscode.l10n.t('It finished while no webhook came; its status was read once.'));
  if (job.delivered > 0) lines.push(vscode.l10n.t('{0} pages came by webhook.', count(job.delivered)));
  if (job.error) lines.push(vscode.l10n.t('The service said: {0}', job.error));
  if (job.warning) lines.push(vscode.l10n.t('Warning from the service: {0}', job.warning));
  if (job.pagingRefused) lines.push(unreadableWords(job) ?? pagingRefusedWords());
  if (job.lastFailure) lines.push(vscode.l10n.t('Last read failed: {0}', failureWords(job.lastFailure)));
  return lines;
}

/** "Pages 31–400 cannot be read: …", from the first answer that holds a `next` pointing elsewhere. */
export function unreadableWords(job: CrawlJobState): string | undefined {
  const pages = unreadablePages(job);
  if (!pages) return undefined;
  return pages.to === undefined
    ? vscode.l10n.t('Pages from {0} on cannot be read: {1}', count(pages.from), pagingRefusedWords())
    : vscode.l10n.t('Pages {0}–{1} cannot be read: {2}', count(pages.from), count(pages.to), pagingRefusedWords());
}

export function pagingRefusedWords(): string {
  return vscode.l10n.t('The service pointed the next page at another address; it was not followed, and the API key was not sent there.');
}

export function failureWords(failure: Failure): string {
  return failure.kind === 'not-connected' ? vscode.l10n.t('Not connected: set the service address and API key first.') : failure.message;
}

export function groupWords(kind: 'failed' | 'robots', n: number): string {
  return kind === 'failed' ? vscode.l10n.t('Failed pages ({0})', count(n)) : vscode.l10n.t('Blocked by robots.txt ({0})', count(n));
}

export function loadMoreWords(job: CrawlJobState): string {
  return job.status === 'scraping' ? vscode.l10n.t('Load the pages done since…') : vscode.l10n.t('Load more pages…');
}

export function pageDescriptionWords(url: string | undefined, statusCode: number | undefined): string {
  const parts: string[] = [];
  if (url) parts.push(url);
  if (statusCode !== undefined) parts.push(String(statusCode));
  return parts.join(' · ');
}

/** A row of the palette's job list: its address or short id, then kind and status. */
export function knownJobWords(job: KnownJob): { label: string; description: string } {
  const short = job.ref.id.slice(0, 8);
  const kind = job.ref.kind === 'crawl' ? vscode.l10n.t('Crawl {0}', short) : vscode.l10n.t('Batch scrape {0}', short);
  const parts = [job.url === undefined ? '' : kind];
  if (job.status !== undefined) parts.push(statusWords(job.status));
  else if (job.active) parts.push(vscode.l10n.t('active'));
  if (job.total !== undefined) parts.push(vscode.l10n.t('{0} of {1} pages', count(job.completed ?? 0), count(job.total)));
  return { label: job.url ?? kind, description: parts.filter((p) => p !== '').join(' · ') };
}

export const jobPickWords = {
  openTitle: (): string => vscode.l10n.t('Open Crawl Results'),
  cancelTitle: (): string => vscode.l10n.t('Cancel Crawl'),
  placeholder: (): string => vscode.l10n.t('Pick a job, or paste the job id of a crawl or batch scrape (a UUID)'),
  noneKnown: (): string => vscode.l10n.t('Paste the job id of a crawl or batch scrape (a UUID): no job is known in this window yet'),
  typed: (): string => vscode.l10n.t('the job id typed'),
};
