// The words of the docs sets: Add Docs…'s steps and review, the crawl's progress and end, Search
// Docs…, the Docs Sets view's rows and Refresh's count of what changed. Made here from the core's
// structure; outside text (titles, addresses) is made inert by the caller for its place.
import * as vscode from 'vscode';
import { fullSettingKey, Setting } from '../../core/ids';
import { formatAgo, formatBytes, formatNumber } from '../../core/intl';

const n = (value: number): string => formatNumber(value, vscode.env.language);

export function pagesWords(count: number): string {
  return count === 1 ? vscode.l10n.t('1 page') : vscode.l10n.t('{0} pages', n(count));
}

/** A set's row: version, pages, size, age, cost. */
export function setDescription(facts: { version?: string; pages: number; bytes: number; updatedAt: string; creditsUsed?: number; partial?: string }): string {
  const parts = [
    ...(facts.version !== undefined ? [facts.version] : []),
    pagesWords(facts.pages),
    formatBytes(facts.bytes, vscode.env.language),
    formatAgo(new Date(facts.updatedAt), new Date(), vscode.env.language),
    facts.creditsUsed !== undefined ? vscode.l10n.t('{0} credits', n(facts.creditsUsed)) : vscode.l10n.t('credits not known'),
    ...(facts.partial !== undefined ? [facts.partial] : []),
  ];
  return parts.join(' · ');
}

export const words = {
  addTitle: () => vscode.l10n.t('Web Data: Add Docs'),
  refreshTitle: () => vscode.l10n.t('Web Data: Refresh Docs'),
  urlPrompt: () => vscode.l10n.t('The documentation\'s address: the crawl starts there and stays under its path'),
  maxPagesPrompt: () => vscode.l10n.t('The bound: the most pages to crawl ({0})', fullSettingKey(Setting.docsMaxPages)),
  wholeNumber: () => vscode.l10n.t('Type a whole number of pages, 1 or more.'),
  crawlRow: (pages: number) => vscode.l10n.t('Crawl at most {0} and keep them as a docs set', pagesWords(pages)),
  refreshRow: (pages: number) => vscode.l10n.t('Crawl again, at most {0}', pagesWords(pages)),
  reviewPlaceholder: () => vscode.l10n.t('Nothing is sent until you press Enter · pick a row to change it'),
  addressRow: () => vscode.l10n.t('Address'),
  underPath: (path: string) => vscode.l10n.t('pages under {0}', path),
  wholeSite: () => vscode.l10n.t('the whole site'),
  boundRow: () => vscode.l10n.t('Bound'),
  searchFree: () => vscode.l10n.t('Searching the set afterwards is free and works offline.'),
  refreshDetail: () => vscode.l10n.t('Unchanged pages keep their index entries; the set says what changed.'),
  adding: (site: string) => vscode.l10n.t('Adding docs from {0}', site),
  refreshing: (site: string) => vscode.l10n.t('Refreshing docs from {0}', site),
  progress: (pages: number, total: number | undefined) => (total !== undefined ? vscode.l10n.t('{0} of {1} kept and searchable', n(pages), n(total)) : vscode.l10n.t('{0} kept and searchable', pagesWords(pages))),
  added: (site: string, pages: number) => vscode.l10n.t('The docs of {0} are kept: {1}, searchable for free (Search Docs…).', site, pagesWords(pages)),
  cancelled: (pages: number) => vscode.l10n.t('The crawl was cancelled; the docs set keeps the {0} that arrived.', pagesWords(pages)),
  failed: (pages: number) => vscode.l10n.t('The crawl failed; the docs set keeps the {0} that arrived.', pagesWords(pages)),
  nothingArrived: () => vscode.l10n.t('No page arrived, so no docs set was kept.'),
  refreshed: (changed: number, added: number, gone: number) => vscode.l10n.t('{0} changed, {1} new, {2} gone.', pagesWords(changed), n(added), n(gone)),
  startFailed: () => vscode.l10n.t('Could not start the docs crawl'),
  saveFailed: () => vscode.l10n.t('Could not keep the docs set'),
  searchPlaceholder: () => vscode.l10n.t('Search the kept docs (free, offline)'),
  searchNoSets: () => vscode.l10n.t('No docs set is kept yet: add one with Add Docs…'),
  addDocs: () => vscode.l10n.t('Add Docs…'),
  noMatch: () => vscode.l10n.t('No passage matches.'),
  setGone: () => vscode.l10n.t('That docs set is no longer kept.'),
  pageGone: () => vscode.l10n.t('This page is no longer in the docs set.'),
  removeQuestion: (site: string) => vscode.l10n.t('Remove the docs set of {0}?', site),
  removeDetail: (pages: number) => vscode.l10n.t('Its {0} are deleted from this machine; nothing is sent.', pagesWords(pages)),
  remove: () => vscode.l10n.t('Remove'),
  pagePickPlaceholder: (site: string) => vscode.l10n.t('The pages of {0}', site),
  lastCrawl: (status: 'cancelled' | 'failed') => (status === 'cancelled' ? vscode.l10n.t('last crawl cancelled') : vscode.l10n.t('last crawl failed')),
};
