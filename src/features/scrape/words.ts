// The scrape feature's words: every sentence a person reads about opening a page as markdown or
// mapping a site, made here from the core's structure, localized.
import * as vscode from 'vscode';
import type { UnreachableReason, UrlFlag, UrlRefusal } from '../../core/scrape/url-check';
import type { PageHeader } from '../../core/scrape/page';
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
  urlTitle: (): string => vscode.l10n.t('Web Data: Open URL as Markdown'),
  mapPrompt: (): string => vscode.l10n.t('The address of the site to map (nothing is sent until you press Enter)'),
  mapTitle: (): string => vscode.l10n.t('Web Data: Map Site'),
  removeSecrets: (): string => vscode.l10n.t('Remove Them and Send'),
  keepSecrets: (): string => vscode.l10n.t('Send As Typed'),
  secretsQuestion: (address: string): string => vscode.l10n.t('Parts of this address look private and would be sent to the Web Data Service: {0}', address),
  sendAnyway: (): string => vscode.l10n.t('Send Anyway'),
  unreachableQuestion: (): string => vscode.l10n.t('The service probably cannot fetch this page.'),
  scraping: (address: string): string => vscode.l10n.t('Fetching {0} as markdown…', address),
  mapping: (address: string): string => vscode.l10n.t('Mapping {0}…', address),
  scrapeFailed: (address: string): string => vscode.l10n.t('The page {0} could not be fetched', address),
  mapFailed: (address: string): string => vscode.l10n.t('The site {0} could not be mapped', address),
  notConnected: (): string => vscode.l10n.t('Connect to the Web Data Service first (Web Data: Connect…).'),
  connect: (): string => vscode.l10n.t('Connect…'),
  mapEmpty: (address: string): string => vscode.l10n.t('The service found no addresses for {0}.', address),
  mapPlaceholder: (count: number): string => vscode.l10n.t('{0} addresses: pick one to open it as markdown, or several to open each', count),
  scrapingMany: (done: number, total: number): string => vscode.l10n.t('Fetched {0} of {1} pages', done, total),
  noResultUrl: (): string => vscode.l10n.t('Pick a result with a page address to fetch its full page.'),
  readOnly: (): string => vscode.l10n.t('Fetched by the Web Data Service. Use **Save As** to keep an editable copy.'),
  gone: (): string => vscode.l10n.t('This page is no longer kept; open its address as markdown again.'),
  notAPage: (): string => vscode.l10n.t('Open a page fetched as markdown to fetch it fresh.'),
};

/** The lines above the page's own markdown in its tab: where it came from and how old the copy is. */
export function headerWords(header: PageHeader, ageText: (ms: number) => string): string {
  const lines = [`<!-- ${vscode.l10n.t('Fetched by the Web Data Service')} -->`, `> ${vscode.l10n.t('Address: {0}', addressLine(header.finalUrl))}`];
  if (header.redirectedFrom) lines.push(`> ${vscode.l10n.t('Asked for: {0}', addressLine(header.redirectedFrom))}`);
  if (header.statusCode !== undefined) lines.push(`> ${vscode.l10n.t('The site answered with status {0}.', header.statusCode)}`);
  if (header.cachedAgeMs !== undefined) lines.push(`> ${vscode.l10n.t('From the service\'s cache, {0} old. Run "Web Data: Fetch Page Fresh" for a fresh copy.', ageText(header.cachedAgeMs))}`);
  return `${lines.join('\n>\n')}\n\n`;
}
