// The words of Start Crawl and Batch Scrape: the steps, the review, the bound, where the job's
// webhook goes (or why it does not), and what happened. Made here from the core's structure.
import * as vscode from 'vscode';
import { fullSettingKey, Setting } from '../../core/ids';
import { formatNumber } from '../../core/intl';
import type { JobBound } from '../../core/spend/job-bound';
import type { NotWiredReason, WebhookWiring } from '../../core/jobs/wiring';
import type { JobKind } from '../../core/crawls/job';

const n = (value: number): string => formatNumber(value, vscode.env.language);

/** The bound in one line: at most so many pages, and credits from history or unknown. */
export function boundWords(bound: JobBound, kind: JobKind): string {
  const pages = bound.pages === 1 ? vscode.l10n.t('at most 1 page') : vscode.l10n.t('at most {0} pages', n(bound.pages));
  if (bound.credits.kind === 'unknown') {
    const unknown = kind === 'crawl' ? vscode.l10n.t('credits unknown until the first crawl of this kind') : vscode.l10n.t('credits unknown until the first batch scrape of this kind');
    return `${pages}; ${unknown}`;
  }
  const { atMost, perPage, samples } = bound.credits;
  const from = samples === 1 ? vscode.l10n.t('your last job of this kind') : vscode.l10n.t('your last {0} jobs of this kind', n(samples));
  return vscode.l10n.t('{0}; at most {1} credits ({2} a page at most, from {3})', pages, n(atMost), n(perPage), from);
}

function notWiredWords(reason: NotWiredReason): string {
  const publicUrl = fullSettingKey(Setting.webhooksPublicUrl);
  switch (reason) {
    case 'receiver-stopped': return vscode.l10n.t('the webhook receiver is not running in this window');
    case 'unreachable': return vscode.l10n.t('the service is not on this machine and cannot reach the receiver; set {0} to an https address that forwards to it', publicUrl);
    case 'public-url-not-https': return vscode.l10n.t('{0} is not an https address', publicUrl);
    case 'no-secret-but-required': return vscode.l10n.t('signed deliveries are required but no webhook secret is set');
    case 'given': return vscode.l10n.t('the request names its own webhook');
  }
}

/** Where the job's events go, for the review and the started notice. */
export function wiringWords(wiring: WebhookWiring): string {
  if (wiring.kind === 'not-wired') return vscode.l10n.t('Webhook not wired: {0}. The job is followed by reading its status every few seconds.', notWiredWords(wiring.reason));
  const check = wiring.check === 'signature' ? vscode.l10n.t('signed with your webhook secret') : vscode.l10n.t('each carrying a token only this job\'s webhook has');
  return vscode.l10n.t('Webhook wired to this editor\'s receiver ({0}): its pages arrive as they are done, {1}.', wiring.url, check);
}

export const words = {
  crawlTitle: () => vscode.l10n.t('Web Data: Start Crawl'),
  batchTitle: () => vscode.l10n.t('Web Data: Batch Scrape'),
  notConnected: () => vscode.l10n.t('Connect to the Web Data service first: set your API key.'),
  connect: () => vscode.l10n.t('Connect'),
  urlPrompt: () => vscode.l10n.t('The address the crawl starts from; it follows the links below it'),
  limitPrompt: (max: number) => vscode.l10n.t('Most pages the crawl visits, from 1 to {0}', n(max)),
  limitRange: (max: number) => vscode.l10n.t('The limit is a whole number from 1 to {0}.', n(max)),
  wholeNumber: () => vscode.l10n.t('Type a whole number, such as 10.'),
  includePrompt: () => vscode.l10n.t('Only pages whose path matches one of these regular expressions (spaces between; empty: every path), e.g. ^/docs/ ^/guide/'),
  excludePrompt: () => vscode.l10n.t('Leave out pages whose path matches one of these regular expressions (spaces between; empty: none), e.g. ^/blog/'),
  depthPrompt: () => vscode.l10n.t('How many links deep from the start address (0 to 100; empty: the service\'s default)'),
  depthRange: () => vscode.l10n.t('The depth is a whole number from 0 to 100, or empty.'),
  sitemapPlaceholder: () => vscode.l10n.t('The site\'s sitemap'),
  sitemapDefault: () => vscode.l10n.t('The service\'s default'),
  sitemapInclude: () => vscode.l10n.t('Use the sitemap and the links'),
  sitemapSkip: () => vscode.l10n.t('Follow links only'),
  sitemapOnly: () => vscode.l10n.t('Only the pages in the sitemap'),
  reachPlaceholder: () => vscode.l10n.t('Beyond the start address\'s host (none ticked: that host only)'),
  subdomains: () => vscode.l10n.t('Subdomains'),
  externalLinks: () => vscode.l10n.t('External links'),
  contentPlaceholder: () => vscode.l10n.t('What to keep of each page (each format may cost more credits)'),
  contentMarkdown: () => vscode.l10n.t('Markdown, main content'),
  contentWholePage: () => vscode.l10n.t('Markdown, whole page'),
  contentLinks: () => vscode.l10n.t('Markdown and links'),
  contentSummary: () => vscode.l10n.t('Markdown and summary'),
  retentionPlaceholder: () => vscode.l10n.t('Zero data retention (must be enabled for your team)'),
  retentionOff: () => vscode.l10n.t('Standard'),
  retentionOn: () => vscode.l10n.t('Zero data retention'),
  startCrawl: () => vscode.l10n.t('Start Crawl'),
  startBatch: () => vscode.l10n.t('Start Batch Scrape'),
  startReceiver: () => vscode.l10n.t('Start Webhook Receiver'),
  startReceiverDetail: () => vscode.l10n.t('Then this job\'s pages arrive by webhook as they are done.'),
  requestSeparator: () => vscode.l10n.t('The request, as it will be sent · pick a field to change it'),
  notSent: () => vscode.l10n.t('not sent (the service\'s default)'),
  given: () => vscode.l10n.t('as given'),
  reviewPlaceholder: () => vscode.l10n.t('Press Enter to start · pick a field to change it'),
  reviewProblems: () => vscode.l10n.t('The request has problems: pick one to fix it'),
  onLine: (line: number) => vscode.l10n.t('line {0}', n(line)),
  entry: (position: number) => vscode.l10n.t('address {0} of the list', n(position)),
  dropHint: () => vscode.l10n.t('Pick it to leave it out of the batch.'),
  addresses: (count: number) => (count === 1 ? vscode.l10n.t('1 address') : vscode.l10n.t('{0} addresses', n(count))),
  confirmQuestion: (kind: JobKind, pages: number) => (kind === 'crawl'
    ? vscode.l10n.t('Start a crawl of up to {0} pages?', n(pages))
    : vscode.l10n.t('Start a batch scrape of {0} pages?', n(pages))),
  confirmDetail: (bound: string, threshold: number) => vscode.l10n.t('Its bound: {0}. You are asked above {1} pages ({2}).', bound, n(threshold), fullSettingKey(Setting.crawlConfirmAbovePages)),
  start: () => vscode.l10n.t('Start'),
  /** `where`: the crawl's site, or how many addresses the batch has (issue 46: no raw id). */
  started: (kind: JobKind, where: string) => (kind === 'crawl'
    ? vscode.l10n.t('Crawl of {0} started: it runs in the Jobs view.', where)
    : vscode.l10n.t('Batch scrape of {0} started: it runs in the Jobs view.', where)),
  startFailed: (kind: JobKind) => (kind === 'crawl' ? vscode.l10n.t('Could not start the crawl') : vscode.l10n.t('Could not start the batch scrape')),
  invalidUrls: (count: number, list: string) => vscode.l10n.t('The service left out {0} it could not use: {1}', count === 1 ? vscode.l10n.t('1 address') : vscode.l10n.t('{0} addresses', n(count)), list),
  noUrls: () => vscode.l10n.t('Select web addresses in an editor, one a line, then run Batch Scrape; or use Scrape All Results on a search.'),
  searchGone: () => vscode.l10n.t('That search is no longer in the history.'),
  searchWithoutUrls: () => vscode.l10n.t('That search has no result addresses to scrape.'),
  notAJobArgument: () => vscode.l10n.t('Batch Scrape takes { urls: [...] } or a search from the Searches view.'),
};
