// The Search Results view and the search's status bar message in words: the structure of
// src/core/search/present.ts and tooltip.ts through vscode.l10n, numbers and dates through Intl in
// the display language. Titles, URLs, hosts, dates and categories from the service stay data.
import * as vscode from 'vscode';
import type { SourceType } from '../../core/api/request-types';
import type { SearchOrigin } from '../../core/entries/origin';
import { formatDateTime, formatNumber, formatTime, safeLocale } from '../../core/intl';
import type { KindCount, SearchFacts, ShownTime } from '../../core/search/present';
import type { SearchAsker } from '../../core/search/record';
import type { ResultFact, ResultTooltip, ScrapeStatus, SearchFact, SearchTooltip } from '../../core/search/tooltip';
import type { TooltipWords } from '../../core/text/inert';
import type { WriteFailure } from '../../core/fs-retry';
import { writeFailureWords } from '../../platform/notify';

const locale = (): string => safeLocale(vscode.env.language);

/** A group's row: "Web", "Images", "News". */
export function kindWords(kind: SourceType): string {
  switch (kind) {
    case 'web': return vscode.l10n.t('Web');
    case 'images': return vscode.l10n.t('Images');
    case 'news': return vscode.l10n.t('News');
  }
}

/** "10 web", "1 image", in the row's description and the status bar. */
function countWords({ kind, count }: KindCount): string {
  const n = formatNumber(count, locale());
  switch (kind) {
    case 'web': return vscode.l10n.t('{0} web', n);
    case 'images': return count === 1 ? vscode.l10n.t('1 image') : vscode.l10n.t('{0} images', n);
    case 'news': return vscode.l10n.t('{0} news', n);
  }
}

/** "10 web · 4 images"; "no results" when no source was counted. */
function countsWords(counts: readonly KindCount[]): string {
  return counts.length > 0 ? counts.map(countWords).join(' · ') : vscode.l10n.t('no results');
}

function creditsWords(credits: number): string {
  return credits === 1 ? vscode.l10n.t('1 credit') : vscode.l10n.t('{0} credits', formatNumber(credits, locale()));
}

/** The time today, the day and time this year, the full date and time before. */
function timeWords(when: ShownTime): string {
  const options = { locale: locale() };
  switch (when.span) {
    case 'today': return formatTime(when.at, options);
    case 'this-year': return new Intl.DateTimeFormat(options.locale, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(when.at);
    case 'earlier': return formatDateTime(when.at, options);
  }
}

/** The search was shown but not written to disk: said, with why, never as kept. */
export function searchNotKeptWords(query: string, failure: WriteFailure | undefined): string {
  return failure
    ? vscode.l10n.t('The search for “{0}” is shown but was not kept: {1}. It will be gone after a reload.', query, writeFailureWords(failure))
    : vscode.l10n.t('The search for “{0}” is shown but was not kept. It will be gone after a reload.', query);
}

export function searchLabelWords(label: string): string {
  return label || vscode.l10n.t('(empty query)');
}

/** "14:02 · 10 web · 3 credits". */
export function searchDescriptionWords(facts: SearchFacts): string {
  const parts = [facts.when ? timeWords(facts.when) : '', countsWords(facts.counts), facts.credits !== undefined ? creditsWords(facts.credits) : '', facts.notSaved ? vscode.l10n.t('not kept') : ''];
  return parts.filter((part) => part !== '').join(' · ');
}

/** The status bar message after a search: "$(search) Web Data: 10 web · 3 credits used". */
export function searchDoneWords(counts: readonly KindCount[], credits: number | undefined): string {
  const found = countsWords(counts);
  const text = credits === undefined ? vscode.l10n.t('Web Data: {0}', found) : vscode.l10n.t('Web Data: {0} · {1} used', found, creditsWords(credits));
  return `$(search) ${text}`;
}

export function resultTitleWords(title: string): string {
  return title || vscode.l10n.t('(no title)');
}

export function resultHostWords(host: string | undefined): string {
  return host ?? vscode.l10n.t('no address');
}

function scrapeWords(status: ScrapeStatus): string {
  switch (status.kind) {
    case 'image': return vscode.l10n.t('Image result: no page content');
    case 'scraped':
      if (status.markdown && status.summary) return vscode.l10n.t('Scraped: markdown and summary available');
      return status.markdown ? vscode.l10n.t('Scraped: markdown available') : vscode.l10n.t('Scraped: summary available');
    case 'failed':
      return status.statusCode !== undefined
        ? vscode.l10n.t('Scraping failed ({0}): {1}', status.statusCode, status.error)
        : vscode.l10n.t('Scraping failed: {0}', status.error);
    case 'not-scraped': return vscode.l10n.t('Not scraped');
  }
}

function resultFactWords(fact: ResultFact): string {
  switch (fact.kind) {
    case 'date': return vscode.l10n.t('Date: {0}', fact.date);
    case 'category': return vscode.l10n.t('Category: {0}', fact.category);
    case 'image-size': return vscode.l10n.t('Image size: {0} × {1}', formatNumber(fact.width, locale()), formatNumber(fact.height, locale()));
    case 'image': return vscode.l10n.t('Image: {0}', fact.url);
    case 'scrape': return scrapeWords(fact.status);
  }
}

export function resultTooltipWords(tooltip: ResultTooltip): TooltipWords {
  const lines = [tooltip.url ?? vscode.l10n.t('No page address was given for this result')];
  return {
    heading: resultTitleWords(tooltip.title),
    paragraphs: [lines, tooltip.text !== undefined ? [tooltip.text] : [], tooltip.facts.map(resultFactWords)],
    ...(tooltip.preview !== undefined ? { preview: tooltip.preview } : {}),
  };
}

function searchFactWords(fact: SearchFact): string {
  switch (fact.kind) {
    case 'searched': return vscode.l10n.t('Searched: {0}', formatDateTime(fact.at, { locale: locale() }));
    case 'sources': return vscode.l10n.t('Sources: {0}', fact.kinds.map(kindWords).join(', '));
    case 'results': return vscode.l10n.t('Results: {0}', countsWords(fact.counts));
    case 'credits': return vscode.l10n.t('Credits used: {0}', creditsWords(fact.credits));
    case 'pinned': return vscode.l10n.t('Pinned: kept when the history makes room');
    case 'origin': return originWords(fact.origin);
    case 'askedBy': return askerWords(fact.askedBy);
    case 'notSaved': return vscode.l10n.t('Not kept: {0}. It will be gone after a reload.', writeFailureWords(fact.failure));
  }
}

/** "From the selection in src/app.ts, line 12", "From a problem (ts 2322) in …", "From the terminal bash". */
function originWords(origin: SearchOrigin): string {
  switch (origin.kind) {
    case 'selection': return vscode.l10n.t('From the selection in {0}, line {1}', origin.file, formatNumber(origin.line, locale()));
    case 'problem': {
      const label = [origin.source, origin.code].filter((part) => part !== undefined).join(' ');
      return label !== ''
        ? vscode.l10n.t('From a problem ({0}) in {1}, line {2}', label, origin.file, formatNumber(origin.line, locale()))
        : vscode.l10n.t('From a problem in {0}, line {1}', origin.file, formatNumber(origin.line, locale()));
    }
    case 'terminal': return vscode.l10n.t('From the terminal “{0}”', origin.terminal);
  }
}

function askerWords(askedBy: SearchAsker): string {
  switch (askedBy) {
    case 'person': return vscode.l10n.t('Asked by: you (the palette, a view or a keybinding)');
    case 'agent': return vscode.l10n.t('Asked by: a chat agent');
    case 'extension': return vscode.l10n.t('Asked by: another extension');
  }
}

export function searchTooltipWords(tooltip: SearchTooltip): TooltipWords {
  return {
    heading: searchLabelWords(tooltip.query),
    paragraphs: [tooltip.facts.map(searchFactWords)],
    ...(tooltip.warning !== undefined ? { warning: { label: vscode.l10n.t('Warning from the service:'), text: tooltip.warning } } : {}),
  };
}
