// The scrape feature's words: every sentence a person reads about opening a page as markdown or
// mapping a site, made here from the core's structure, localized.
import * as vscode from 'vscode';
import type { UnreachableReason, UrlFlag, UrlRefusal } from '../../core/scrape/url-check';
import { formatDateTime, formatNumber, safeLocale } from '../../core/intl';
import { pageHost, type PageHeader } from '../../core/scrape/page';
import type { ScrapeFormatChoice, ScrapePrice } from '../../core/scrape/options';
import type { PageSummary } from '../../core/scrape/store';
import type { TooltipWords } from '../../core/text/inert';
import type { WriteFailure } from '../../core/fs-retry';
import { writeFailureWords } from '../../platform/notify';
import { addressLine } from '../../core/search/document';

export function refusalWords(refusal: UrlRefusal): string {
  switch (refusal.kind) {
    case 'empty': return vscode.l10n.t('Type or paste the address of a web page, such as https://example.com/page.');
    case 'not-a-url': return vscode.l10n.t('This is not a web address; give one such as https://example.com/page.');
    case 'scheme': return vscode.l10n.t('Only http: and https: pages can be fetched; this address is {0}:.', refusal.scheme);
    case 'too-long': return vscode.l10n.t('The address is {0} characters long; at most {1} are sent.', refusal.length, refusal.max);
  }
}

function reasonWords(reason: UnreachableReason): string {
  switch (reason) {
    case 'loopback': return vscode.l10n.t('it is this machine');
    case 'private': return vscode.l10n.t('it is a private network address');
    case 'link-local': return vscode.l10n.t('it is a link-local address');
    case 'unspecified': return vscode.l10n.t('it names no machine');
    case 'local-name': return vscode.l10n.t('.local names exist only on your network');
    case 'internal-name': return vscode.l10n.t('it is an internal name of your network');
    case 'single-label': return vscode.l10n.t('a name without a dot is found only on your network');
  }
}

/** One line per flag, for the box's warning and the confirmation. */
export function flagWords(flag: UrlFlag): string {
  switch (flag.kind) {
    case 'credentials': return vscode.l10n.t('The address holds a user name or password.');
    case 'secret-parameter': return vscode.l10n.t('"{0}" looks like a secret.', flag.name);
    case 'unreachable-host': return vscode.l10n.t('The service fetches pages from the internet and cannot reach {0}: {1}.', flag.host, reasonWords(flag.reason));
    case 'assumed-https': return vscode.l10n.t('https:// was put in front.');
  }
}

export const words = {
  urlPrompt: (): string => vscode.l10n.t('The address of the page to open as markdown (nothing is sent until you press Enter)'),
  urlTitle: (): string => vscode.l10n.t('Web Data: Scrape URL as Markdown'),
  withOptionsButton: (): string => vscode.l10n.t('Scrape with Options… (formats, main content, cache age, waits, mobile, tags, zero data retention)'),
  mapPrompt: (): string => vscode.l10n.t('The address of the site to map (nothing is sent until you press Enter)'),
  mapTitle: (): string => vscode.l10n.t('Web Data: Map Site'),
  /** A map's price, said before it is sent: the service's map answer carries no credits figure, so none is made up or counted. */
  mapPrice: (): string => vscode.l10n.t('Price: unknown, the service does not report what a map costs, so it is not counted in today\'s spend'),
  eachPrice: (price: string): string => vscode.l10n.t('{0}, for each page', price),
  removeSecrets: (): string => vscode.l10n.t('Remove Them and Send'),
  keepSecrets: (): string => vscode.l10n.t('Send As Typed'),
  secretsQuestion: (address: string): string => vscode.l10n.t('Parts of this address look private and would be sent to the Web Data Service: {0}', address),
  sendAnyway: (): string => vscode.l10n.t('Send Anyway'),
  unreachableQuestion: (): string => vscode.l10n.t('The service probably cannot fetch this page.'),
  scraping: (address: string): string => vscode.l10n.t('Fetching {0} as markdown…', address),
  mapping: (address: string): string => vscode.l10n.t('Mapping {0}…', address),
  /** The page was fetched and its tab opens, but it could not be kept in global storage. */
  pageNotKept: (address: string, failure: WriteFailure): string => vscode.l10n.t('The page {0} is open but was not kept: {1}. Its tab will be gone after a reload.', address, writeFailureWords(failure)),
  scrapeFailed: (address: string): string => vscode.l10n.t('The page {0} could not be fetched', address),
  mapFailed: (address: string): string => vscode.l10n.t('The site {0} could not be mapped', address),
  notConnected: (): string => vscode.l10n.t('Connect to the Web Data Service first (Web Data: Connect…).'),
  connect: (): string => vscode.l10n.t('Connect…'),
  mapEmpty: (address: string): string => vscode.l10n.t('The service found no addresses for {0}.', address),
  mapPlaceholder: (count: number): string => vscode.l10n.t('{0} addresses: pick one to scrape, several to batch', formatNumber(count, locale())),
  batchOrEachPlaceholder: (count: number): string => vscode.l10n.t('{0} addresses picked: how should they be fetched?', count),
  batchAll: (count: number): string => vscode.l10n.t('Batch Scrape {0} Pages', count),
  batchAllDetail: (): string => vscode.l10n.t('One job: its review shows the request and its bound before it starts, and its pages arrive under its row in Jobs.'),
  openEach: (count: number): string => vscode.l10n.t('Open Each as Markdown ({0} Tabs)', count),
  openEachDetail: (): string => vscode.l10n.t('One scrape at a time, each page in its own tab.'),
  scrapingMany: (done: number, total: number): string => vscode.l10n.t('Fetched {0} of {1} pages', done, total),
  noResultUrl: (): string => vscode.l10n.t('Pick a result with a page address to fetch its full page.'),
  gone: (): string => vscode.l10n.t('This page is no longer kept; open its address as markdown again.'),
  notAPage: (): string => vscode.l10n.t('Open a page fetched as markdown to fetch it fresh.'),
  pickCrawlPage: (): string => vscode.l10n.t('Pick a page of a crawl or batch scrape in the Jobs view first.'),
  crawlPageUnread: (): string => vscode.l10n.t('The crawled page could not be read; open it once, then try again.'),
  noLinks: (): string => vscode.l10n.t('This crawled page links to no web page.'),
  linksTitle: (): string => vscode.l10n.t('Web Data: Scrape Linked Page'),
  linksPlaceholder: (count: number): string => vscode.l10n.t('{0} links on this page: pick one to open it as markdown', count),
  pagesGroup: (): string => vscode.l10n.t('Pages'),
  pagesGroupTooltip: (): string => vscode.l10n.t('Pages opened as markdown, by you or a chat agent, newest first; pinned ones on top'),
  openPage: (): string => vscode.l10n.t('Open Page'),
  pickPage: (): string => vscode.l10n.t('Pick a page in the Pages, Documents and Data view first.'),
  pageGone: (): string => vscode.l10n.t('That page is no longer kept; open its address as markdown again.'),
  pinFailed: (): string => vscode.l10n.t('The page could not be pinned.'),
  unpinFailed: (): string => vscode.l10n.t('The page could not be unpinned.'),
  removeFailed: (): string => vscode.l10n.t('The page could not be removed.'),
  exportTitle: (): string => vscode.l10n.t('Export Page'),
  exportLabel: (): string => vscode.l10n.t('Export'),
  markdownFiles: (): string => vscode.l10n.t('Markdown'),
  exported: (file: string): string => vscode.l10n.t('Exported the page to {0}.', file),
  exportFailed: (file: string): string => vscode.l10n.t('The page could not be exported to {0}.', file),
  open: (): string => vscode.l10n.t('Open'),
  clearPagesQuestion: (count: number): string => (count === 1 ? vscode.l10n.t('Remove the kept page?') : vscode.l10n.t('Remove all {0} kept pages?', count)),
  clearPagesSomePinned: (unpinned: number, pinned: number): string => vscode.l10n.t('Remove {0} kept pages? The {1} pinned ones stay.', unpinned, pinned),
  clearPagesAllPinned: (pinned: number): string => vscode.l10n.t('All {0} kept pages are pinned. Remove them too?', pinned),
  clearPagesDetail: (): string => vscode.l10n.t('Their markdown is deleted from this machine; open tabs lose their content after a reload.'),
  clearPages: (): string => vscode.l10n.t('Clear Pages'),
  clearPagesAll: (): string => vscode.l10n.t('Clear All, Including Pinned'),
};

const locale = (): string => safeLocale(vscode.env.language);

function creditsWords(credits: number): string {
  return credits === 1 ? vscode.l10n.t('1 credit') : vscode.l10n.t('{0} credits', formatNumber(credits, locale()));
}

function askerWords(askedBy: PageSummary['askedBy']): string {
  return askedBy === 'agent' ? vscode.l10n.t('a chat agent') : vscode.l10n.t('you');
}

/** A kept page's row: "docs.example.com · you · 1 credit" (the cost only when the service said it). */
export function pageDescriptionWords(page: PageSummary): string {
  const parts = [pageHost(page.finalUrl) ?? vscode.l10n.t('no address'), askerWords(page.askedBy)];
  if (page.creditsUsed !== undefined) parts.push(creditsWords(page.creditsUsed));
  return parts.join(' · ');
}

export function pageTooltipWords(page: PageSummary): TooltipWords {
  const lines = [page.finalUrl];
  if (page.url !== page.finalUrl) lines.push(vscode.l10n.t('Asked for: {0}', page.url));
  const at = new Date(page.scrapedAt);
  if (!Number.isNaN(at.getTime())) lines.push(vscode.l10n.t('Fetched: {0}', formatDateTime(at, { locale: locale() })));
  lines.push(page.askedBy === 'agent' ? vscode.l10n.t('Asked by: a chat agent') : vscode.l10n.t('Asked by: you (the palette, a view or a keybinding)'));
  lines.push(page.creditsUsed !== undefined ? vscode.l10n.t('Credits used: {0}', creditsWords(page.creditsUsed)) : vscode.l10n.t('Credits used: not said by the service'));
  if (page.cacheState === 'hit') lines.push(vscode.l10n.t('From the service\'s cache'));
  if (page.pinned === true) lines.push(vscode.l10n.t('Pinned: kept when the history makes room'));
  return { heading: page.title, paragraphs: [lines] };
}

/** A page the site answered with an error status: said once, with what the service charged for it. */
export function errorPageWords(statusCode: number, url: string, creditsUsed: number | undefined): string {
  const what = statusCode === 404
    ? vscode.l10n.t('The site has no page at {0} (404 Not Found).', url)
    : vscode.l10n.t('The site answered {0} for {1}.', statusCode, url);
  return creditsUsed === undefined ? what : `${what} ${vscode.l10n.t('The service charged {0} for it.', creditsWords(creditsUsed))}`;
}

/** The lines above the page's own markdown in its tab: where it came from and how old the copy is. */
export function headerWords(header: PageHeader, ageText: (ms: number) => string): string {
  const lines = [`<!-- ${vscode.l10n.t('Fetched by the Web Data Service')} -->`, `> ${vscode.l10n.t('Address: {0}', addressLine(header.finalUrl))}`];
  if (header.redirectedFrom) lines.push(`> ${vscode.l10n.t('Asked for: {0}', addressLine(header.redirectedFrom))}`);
  if (header.statusCode !== undefined) lines.push(`> ${vscode.l10n.t('The site answered with status {0}.', header.statusCode)}`);
  if (header.creditsUsed !== undefined) lines.push(`> ${vscode.l10n.t('This fetch cost {0}.', creditsWords(header.creditsUsed))}`);
  if (header.cachedAgeMs !== undefined) lines.push(`> ${vscode.l10n.t('From the service\'s cache, {0} old. Run "Web Data: Scrape Fresh Copy" for a fresh copy.', ageText(header.cachedAgeMs))}`);
  return `${lines.join('\n>\n')}\n\n`;
}

/** Scrape with Options' steps and review. */
export const optionWords = {
  title: (): string => vscode.l10n.t('Web Data: Scrape with Options'),
  urlPrompt: (): string => vscode.l10n.t('The address of the page (nothing is sent before the review)'),
  format: (format: ScrapeFormatChoice): string => {
    switch (format) {
      case 'markdown': return vscode.l10n.t('Markdown');
      case 'summary': return vscode.l10n.t('Summary');
      case 'links': return vscode.l10n.t('Links');
    }
  },
  formatsPlaceholder: (): string => vscode.l10n.t('What to fetch of the page (each format may cost more credits)'),
  formatsNone: (): string => vscode.l10n.t('Pick at least one format'),
  mainContentPlaceholder: (): string => vscode.l10n.t('Main content only, or the whole page'),
  mainContentOnly: (): string => vscode.l10n.t('Main content only (no headers, navigation or footers)'),
  wholePage: (): string => vscode.l10n.t('The whole page'),
  maxAgePrompt: (): string => vscode.l10n.t('The oldest cached copy the service may serve, in minutes; 0 fetches the page fresh'),
  waitForPrompt: (): string => vscode.l10n.t('Milliseconds to wait for the page to render before it is read (empty or 0: none)'),
  tooLarge: (max: number): string => vscode.l10n.t('At most {0}.', formatNumber(max, locale())),
  notANumber: (): string => vscode.l10n.t('Type a whole number, such as 0.'),
  mobilePlaceholder: (): string => vscode.l10n.t('Fetch the page as a phone or as a desktop browser'),
  desktop: (): string => vscode.l10n.t('Desktop'),
  mobile: (): string => vscode.l10n.t('Mobile'),
  includeTagsPrompt: (): string => vscode.l10n.t('Keep only these tags, classes or ids (commas between; empty: the whole page)'),
  excludeTagsPrompt: (): string => vscode.l10n.t('Leave out these tags, classes or ids (commas between; empty: none)'),
  badTag: (tag: string): string => vscode.l10n.t('"{0}" is not a tag, .class or #id.', tag),
  retentionPlaceholder: (): string => vscode.l10n.t('Zero data retention'),
  standard: (): string => vscode.l10n.t('Standard'),
  zeroRetention: (): string => vscode.l10n.t('Zero data retention'),
  zeroRetentionDetail: (): string => vscode.l10n.t('The service keeps nothing of the page once answered. Must be enabled for your team; it may cost more.'),
  send: (): string => vscode.l10n.t('Scrape'),
  price: (price: ScrapePrice): string => {
    if (price.kind === 'unknown') return vscode.l10n.t('Price: unknown until the first scrape of this kind (the service reports it once it has run)');
    if (price.times === 1) return vscode.l10n.t('Price: a scrape like this cost {0} last time', creditsWords(price.max));
    return price.min === price.max
      ? vscode.l10n.t('Price: scrapes like this cost {0} the last {1} times', creditsWords(price.max), price.times)
      : vscode.l10n.t('Price: scrapes like this cost {0} to {1} the last {2} times', price.min, creditsWords(price.max), price.times);
  },
  reviewSeparator: (): string => vscode.l10n.t('The request, as it will be sent · pick a field to change it'),
  notSent: (): string => vscode.l10n.t('not sent (the service\'s default)'),
  reviewPlaceholder: (): string => vscode.l10n.t('Press Enter to scrape · pick a field to change it'),
};
