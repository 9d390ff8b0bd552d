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
export function setDescription(facts: { version?: string; pages: number; bytes: number; updatedAt: string; creditsUsed?: number; partial?: string; fresh?: boolean }): string {
  const parts = [
    ...(facts.version !== undefined ? [facts.version] : []),
    pagesWords(facts.pages),
    formatBytes(facts.bytes, vscode.env.language),
    formatAgo(new Date(facts.updatedAt), new Date(), vscode.env.language),
    facts.creditsUsed !== undefined ? vscode.l10n.t('{0} credits', n(facts.creditsUsed)) : vscode.l10n.t('credits not known'),
    ...(facts.partial !== undefined ? [facts.partial] : []),
    ...(facts.fresh === true ? [vscode.l10n.t('kept fresh')] : []),
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
  suggestionsPlaceholder: () => vscode.l10n.t('The docs of this workspace\'s dependencies not kept yet (read here, nothing sent), or type an address'),
  suggestionFrom: (file: string) => vscode.l10n.t('Its documentation, as its {0} names it', file),
  suggestionVersionDiffers: (installed: string, kept: string) => vscode.l10n.t('Installed {0}; the kept set is for {1}', installed, kept),
  typeAddress: () => vscode.l10n.t('Type the documentation\'s address…'),
  suggestedMessage: (names: readonly string[], more: number) => (more > 0
    ? vscode.l10n.t('This workspace\'s dependencies with docs not kept: {0} and {1} more.', names.join(', '), n(more))
    : vscode.l10n.t('This workspace\'s dependencies with docs not kept: {0}.', names.join(', '))),
  remove: () => vscode.l10n.t('Remove'),
  removeWithWatch: () => vscode.l10n.t('Remove and Delete Its Watch'),
  removeWatchDetail: () => vscode.l10n.t('A watch keeps it fresh, and spends credits on each check: Remove keeps the watch (in Watches); Remove and Delete Its Watch stops it.'),
  alreadyFresh: (site: string) => vscode.l10n.t('The docs of {0} are kept fresh by a watch already (in Watches).', site),
  freshAfterCrawl: () => vscode.l10n.t('The set is being crawled: Keep Fresh once the crawl ends.'),
  pagePickPlaceholder: (site: string) => vscode.l10n.t('The pages of {0}', site),
  overDiskQuestion: (total: string, bound: string) => vscode.l10n.t('The docs sets take {0}, past their bound of {1} ({2}). Remove the oldest to fit?', total, bound, fullSettingKey(Setting.docsMaxDiskMB)),
  overDiskDetail: (sets: readonly string[], stillOver: boolean) => [
    vscode.l10n.t('Removed from this machine, nothing sent: {0}.', sets.join(', ')),
    ...(stillOver ? [vscode.l10n.t('Even so, the sets stay past the bound: the set just kept is larger than it.')] : []),
    vscode.l10n.t('Kept as they are if you cancel: the bound is asked about again after the next set is added or refreshed.'),
  ].join('\n\n'),
  removeOver: (count: number) => (count === 1 ? vscode.l10n.t('Remove 1 Set') : vscode.l10n.t('Remove {0} Sets', n(count))),
  diskFailed: () => vscode.l10n.t('Could not fit the docs sets within their bound on disk'),
  lastCrawl: (status: 'cancelled' | 'failed') => (status === 'cancelled' ? vscode.l10n.t('last crawl cancelled') : vscode.l10n.t('last crawl failed')),
};
