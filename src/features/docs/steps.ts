// Add Docs…'s steps in quick inputs, with Back: the site's address, the bound in pages, then the
// review with what the crawl may cost (the person's own history of crawls of this shape, in Start
// Crawl's words) and where it stays. Nothing is sent before Enter on the review's first row;
// picking another row goes back to the step that sets it. Refresh shows the review alone.
import { docsPathPattern } from '../../core/docs/request';
import type { JobBound } from '../../core/spend/job-bound';
import { inertNotification, inertQuickPick } from '../../core/text/inert';
import type { DocsSuggestion } from '../../core/docs/suggest';
import { inputError, mapOutcome, onlyOutcome, showInput, showPick, type Outcome, type PickItem, type StepFrame } from '../../platform/step-inputs';
import { boundWords } from '../jobs/words';
import { urlCheck } from '../scrape/url-input';
import { pagesWords, words } from './words';

export type ReviewAnswer = 'crawl' | 'url' | 'pages';

/** The first step's answer when the workspace suggests docs: one of them, or an address typed or to type. */
export type SourceAnswer = { kind: 'suggestion'; suggestion: DocsSuggestion } | { kind: 'typed'; url: string } | { kind: 'type' };

/**
 * The first step with suggestions: the workspace's dependencies whose docs are not kept (each with its
 * installed version, and the kept set's when it is another), an address typed in the filter, or a
 * row to type one. Read from this machine: nothing is sent.
 */
export async function showSourceStep(frame: StepFrame, suggestions: readonly DocsSuggestion[], nearby: string | undefined): Promise<Outcome<SourceAnswer>> {
  // The address the person points at (under the cursor, selected, copied) comes first, as the box would hold it.
  const near: Array<PickItem<SourceAnswer>> = nearby === undefined ? [] : [{ value: { kind: 'typed', url: nearby }, label: `$(link) ${inertQuickPick(nearby, 200)}` }];
  const items: Array<PickItem<SourceAnswer>> = [...near, ...suggestions.map((suggestion): PickItem<SourceAnswer> => ({
    value: { kind: 'suggestion', suggestion },
    label: `$(package) ${inertQuickPick(suggestion.name, 100)} ${inertQuickPick(suggestion.version, 40)}`,
    description: inertQuickPick(suggestion.docsUrl, 200),
    detail: suggestion.kept?.version !== undefined && suggestion.versionDiffers
      ? words.suggestionVersionDiffers(inertQuickPick(suggestion.version, 40), inertQuickPick(suggestion.kept.version, 40))
      : words.suggestionFrom(suggestion.ecosystem === 'npm' ? 'package.json' : 'METADATA'),
  }))];
  items.push({ value: { kind: 'type' }, label: `$(edit) ${words.typeAddress()}` });
  const outcome = await showPick<SourceAnswer>(frame, {
    placeholder: words.suggestionsPlaceholder(),
    items,
    typed: (text) => (/[./]/.test(text) && urlCheck(text.trim(), true).ok ? { value: { kind: 'typed', url: text.trim() }, label: `$(link) ${inertQuickPick(text.trim(), 200)}` } : undefined),
  });
  return onlyOutcome(outcome);
}

export function showUrlStep(frame: StepFrame, url: string): Promise<Outcome<string>> {
  return showInput(frame, { value: url, prompt: words.urlPrompt(), placeholder: 'https://docs.example.com/guide/', check: urlCheck }).then((o) => mapOutcome(o, (v) => v.trim()));
}

function wholePages(value: string): number | undefined {
  const parsed = Number(value.trim());
  return Number.isInteger(parsed) && parsed >= 1 && parsed <= 100_000 ? parsed : undefined;
}

export async function showPagesStep(frame: StepFrame, pages: number): Promise<Outcome<number>> {
  const outcome = await showInput(frame, {
    value: String(pages), prompt: words.maxPagesPrompt(),
    check: (value) => (wholePages(value) !== undefined ? { ok: true } : { ok: false, message: inputError(words.wholeNumber()) }),
  });
  return mapOutcome(outcome, (value) => wholePages(value) ?? pages);
}

/** Where the crawl stays, in words: the path it is kept under, or the whole site. */
function whereWords(url: string): string {
  const pattern = docsPathPattern(url);
  if (pattern === undefined) return words.wholeSite();
  try {
    return words.underPath(new URL(url).pathname);
  } catch {
    return words.wholeSite();
  }
}

export async function showDocsReview(frame: StepFrame, facts: { url: string; bound: JobBound; refresh: boolean }): Promise<Outcome<ReviewAnswer>> {
  const { url, bound, refresh } = facts;
  const items: Array<PickItem<ReviewAnswer>> = [
    {
      value: 'crawl', label: `$(book) ${refresh ? words.refreshRow(bound.pages) : words.crawlRow(bound.pages)}`,
      description: boundWords(bound, 'crawl'), detail: refresh ? words.refreshDetail() : words.searchFree(),
    },
  ];
  if (!refresh) {
    items.push({ value: 'url', label: words.addressRow(), description: `${inertQuickPick(url, 300)} · ${inertQuickPick(whereWords(url), 200)}` });
    items.push({ value: 'pages', label: words.boundRow(), description: pagesWords(bound.pages) });
  }
  const outcome = await showPick<ReviewAnswer>(frame, { placeholder: words.reviewPlaceholder(), items, active: 'crawl' });
  if (outcome.kind !== 'answer') return outcome;
  const [answer] = outcome.value;
  return answer === undefined ? { kind: 'dismissed' } : { kind: 'answer', value: answer };
}

/** The site's address as a notification or a progress title shows it. */
export function siteWords(url: string): string {
  return inertNotification(url.replace(/^https?:\/\//, ''), 120);
}
