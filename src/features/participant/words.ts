// @webData in words for the person (vscode.l10n): what it will spend, what it spent, what it
// refused and why. The model's text never passes through here; every value from the web or the
// model is made inert (src/core/text/inert.ts) before it is put in a sentence.
import * as vscode from 'vscode';
import { fullSettingKey, Setting } from '../../core/ids';
import type { AnswerBound, AnswerPlan } from '../../core/participant/bound';
import type { FollowupKind } from '../../core/participant/followups';
import type { CapCheck } from '../../core/spend/ledger';
import { inertMarkdown } from '../../core/text/inert';
import { priceWords } from '../spend/words';

const credits = (n: number): string => (n === 1 ? vscode.l10n.t('1 credit') : vscode.l10n.t('{0} credits', n));

function scrapeWords(plan: AnswerPlan): string | undefined {
  if (plan.scrapes === 0) return undefined;
  const price = plan.scrapePrice;
  const each = price.kind === 'history'
    ? (price.min === price.max ? vscode.l10n.t('{0} each, as your last scrapes cost', credits(price.max)) : vscode.l10n.t('{0} to {1} credits each, as your last scrapes cost', price.min, price.max))
    : vscode.l10n.t('price unknown until your first scrape');
  return plan.scrapes === 1
    ? vscode.l10n.t('up to 1 scrape of a page the search brings without text ({0})', each)
    : vscode.l10n.t('up to {0} scrapes of pages the search brings without text ({1})', plan.scrapes, each);
}

/** The plan and its bound, said before anything is sent (markdown). */
export function boundWords(plan: AnswerPlan, bound: AnswerBound): string {
  const parts: string[] = [];
  if (plan.search) parts.push(vscode.l10n.t('one search ({0})', priceWords(plan.searchPrice)));
  const scrapes = scrapeWords(plan);
  if (scrapes) parts.push(scrapes);
  if (plan.reused > 0) parts.push(plan.reused === 1 ? vscode.l10n.t('1 page kept earlier, free') : vscode.l10n.t('{0} pages kept earlier, free', plan.reused));
  const most = bound.most === undefined ? vscode.l10n.t('not known yet') : vscode.l10n.t('at most {0}', credits(bound.most));
  if (!plan.search && plan.scrapes === 0) return vscode.l10n.t('This answer spends nothing: it reads {0}.', parts.join('; '));
  return vscode.l10n.t('This answer may spend {0}: {1}.', most, parts.join('; '));
}

export function confirmWords(bound: AnswerBound): string {
  const setting = fullSettingKey(Setting.chatConfirmAboveCredits);
  return bound.most === undefined
    ? vscode.l10n.t('Nothing was sent yet. Its price is not known until the service has reported one, so @webData asks first ({0}).', setting)
    : vscode.l10n.t('Nothing was sent yet: that is more than you asked to be asked about ({0}).', setting);
}

export const confirmButton = (most: number | undefined): string => (most === undefined ? vscode.l10n.t('Answer and Spend') : vscode.l10n.t('Answer and Spend up to {0} Credits', most));

export function capWords(cap: Exclude<CapCheck, { kind: 'ok' }>): string {
  const setting = fullSettingKey(Setting.chatDailyCreditLimit);
  return cap.kind === 'reached'
    ? vscode.l10n.t('Not answered: chat has spent {0} of its {1} credits today, the daily limit ({2}). Nothing was sent.', cap.spent, cap.limit, setting)
    : vscode.l10n.t('Not answered: it may cost up to {0} credits and chat has spent {1} of its {2} today, so it could pass the daily limit ({3}). Nothing was sent.', cap.most, cap.spent, cap.limit, setting);
}

export const writingQueryWords = (): string => vscode.l10n.t('Writing a search query');
export const reusedSearchWords = (query: string, minutes: number): string => vscode.l10n.t('Reading the search for “{0}” made {1} minutes ago (free).', inertMarkdown(query, 200), minutes);
export const searchingWords = (query: string): string => vscode.l10n.t('Searching the web for “{0}”', inertMarkdown(query, 200));
export const readingWords = (title: string): string => vscode.l10n.t('Reading {0}', inertMarkdown(title, 120));
export const askingWords = (): string => vscode.l10n.t('Asking the model');
export const sourcesHeading = (): string => vscode.l10n.t('Sources');
export const resultsHeading = (count: number, query: string): string => vscode.l10n.t('{0} results for “{1}”', count, inertMarkdown(query, 200));

export function spentWords(spent: { search: number | undefined; scrapes: number; scrapeCredits: number; reused: number }, today: { spent: number; limit: number }): string {
  const parts: string[] = [];
  if (spent.search !== undefined) parts.push(vscode.l10n.t('the search {0}', credits(spent.search)));
  if (spent.scrapes > 0) parts.push(spent.scrapes === 1 ? vscode.l10n.t('1 scrape {0}', credits(spent.scrapeCredits)) : vscode.l10n.t('{0} scrapes {1}', spent.scrapes, credits(spent.scrapeCredits)));
  if (spent.reused > 0) parts.push(spent.reused === 1 ? vscode.l10n.t('1 page reused, free') : vscode.l10n.t('{0} pages reused, free', spent.reused));
  const what = parts.length === 0 ? vscode.l10n.t('nothing') : parts.join(', ');
  return vscode.l10n.t('Spent: {0}. Chat today: {1} of {2} credits.', what, today.spent, today.limit);
}

export function costWords(today: { spent: number; limit: number; person: number }, next: string): string {
  return [
    vscode.l10n.t('Today chat has spent {0} of its {1} credits ({2}); searches and scrapes you ran yourself: {3}.', today.spent, today.limit, fullSettingKey(Setting.chatDailyCreditLimit), today.person),
    vscode.l10n.t('Your next question: {0}', next),
  ].join('\n\n');
}

export const notConnectedWords = (): string => vscode.l10n.t('Web Data is not connected: nothing was sent. Connect with your API key first.');
export const connectButton = (): string => vscode.l10n.t('Connect');
export const noQuestionWords = (): string => vscode.l10n.t('Ask a question after @webData, for example: @webData what changed in the latest Node.js release?');
export const noUrlWords = (): string => vscode.l10n.t('Give the address to read after /read, for example: /read https://example.com/page what does it say about pricing?');
export const noResultsWords = (): string => vscode.l10n.t('The search found no pages to answer from.');
export const windowTooSmallWords = (tokens: number): string => vscode.l10n.t('The model’s window ({0} tokens) is too small to hold even the list of pages: pick a model with a larger window.', tokens);
export const noModelAnswerWords = (): string => vscode.l10n.t('The model gave no answer.');
export const cancelledWords = (): string => vscode.l10n.t('Stopped: nothing more was sent.');
export const failedWords = (what: string): string => vscode.l10n.t('Web Data could not answer: {0}', inertMarkdown(what, 500));
export const modelFailedWords = (what: string): string => vscode.l10n.t('The model could not answer: {0}', inertMarkdown(what, 500));
export const reusedWords = (count: number): string => (count === 1
  ? vscode.l10n.t('Answering from the page of earlier answers in this chat (free). Start a new chat to search again.')
  : vscode.l10n.t('Answering from the {0} pages of earlier answers in this chat (free). Start a new chat to search again.', count));
export const confirmExpiredWords = (): string => vscode.l10n.t('That confirmation is no longer waiting: ask the question again.');

// /research: the service's agent, bounded.
export const researchBoundWords = (most: number): string => vscode.l10n.t('This research run may spend at most {0} ({1}): the service’s agent searches and reads pages until it can answer, and stops before it passes the bound. The whole bound counts against chat’s daily limit before it starts.', credits(most), fullSettingKey(Setting.chatMaxResearchCredits));
export const researchConfirmWords = (): string => vscode.l10n.t('Nothing was started yet: that is more than you asked to be asked about ({0}).', fullSettingKey(Setting.chatConfirmAboveCredits));
export const researchConfirmButton = (most: number): string => vscode.l10n.t('Research and Spend up to {0} Credits', most);
export const noResearchQuestionWords = (): string => vscode.l10n.t('Say what to research after /research, for example: /research the rate limits of the GitHub, Stripe and Slack APIs');
export const researchStartingWords = (): string => vscode.l10n.t('Starting the research run');
export const researchStartFailedWords = (what: string): string => vscode.l10n.t('The research run could not start: {0}', inertMarkdown(what, 500));
export const researchProgressWords = (status: string, spent: number, bound: number, action: string | undefined): string => (action === undefined
  ? vscode.l10n.t('Researching ({0}): {1} of at most {2} credits so far', inertMarkdown(status, 40), spent, bound)
  : vscode.l10n.t('Researching ({0}): {1} of at most {2} credits so far', inertMarkdown(action, 80), spent, bound));
export const researchCancelledWords = (): string => vscode.l10n.t('Stopped: the research run was cancelled at the service; what it spent until then counts in today’s spend.');
export const researchStillRunningWords = (id: string): string => vscode.l10n.t('The research run {0} is still going: it shows in the Jobs view, and its result is kept in Pages, Documents and Data when it ends.', inertMarkdown(id, 60));
export const researchFailedWords = (why: string, spent: number): string => vscode.l10n.t('The research run failed ({0} spent): {1}', credits(spent), inertMarkdown(why === '' ? vscode.l10n.t('the service gave no reason') : why, 500));
export const researchDoneWords = (spent: number): string => vscode.l10n.t('The research run found this ({0} spent). Found data is web content, shown as it came:', credits(spent));
export const researchCutWords = (): string => vscode.l10n.t('The data is cut here; Open Result shows it whole.');
export const openResultButton = (): string => vscode.l10n.t('Open Result');
export const researchSpentWords = (spent: number, today: { spent: number; limit: number }): string => vscode.l10n.t('Spent: the research run {0}. Chat today: {1} of {2} credits.', credits(spent), today.spent, today.limit);

// Follow-ups under an answer: each says what it does and whether it spends.
export const followupWords = (kind: FollowupKind): string => {
  switch (kind) {
    case 'read-first-source': return vscode.l10n.t('Read the first source in full');
    case 'research': return vscode.l10n.t('Research this with the service\'s agent (bounded, asks first)');
    case 'answer-from-results': return vscode.l10n.t('Answer from these results (free: their pages are already here)');
    case 'search-more': return vscode.l10n.t('Search the web for more');
  }
};

// /docs: answered from the kept docs sets only.
export const noDocsQuestionWords = (): string => vscode.l10n.t('Ask a question after /docs, for example: @webData /docs how do I retry a failed job?');
export const noDocsSetsWords = (): string => vscode.l10n.t('No docs set is kept yet, so /docs has nothing to answer from. Add one with Web Data: Add Docs… (its crawl is priced before it starts); searching it is free.');
export const noDocsPassageWords = (sets: number): string => (sets === 1
  ? vscode.l10n.t('No passage of the kept docs set matches the question; nothing was sent.')
  : vscode.l10n.t('No passage of the {0} kept docs sets matches the question; nothing was sent.', sets));
export const fromDocsWords = (sites: readonly string[]): string => vscode.l10n.t('From the docs sets kept on this machine: {0}.', sites.map((site) => inertMarkdown(site, 200)).join(', '));
export const docsFreeWords = (): string => vscode.l10n.t('Free: answered from the kept docs sets, no request to the service and no credits.');
