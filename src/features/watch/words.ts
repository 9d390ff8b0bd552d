// The watch feature's words: every sentence a person reads about watches, made here from the core's
// structure (schedules, counts, judgments), localized. Outside text (names, addresses, the judge's
// reasons) is made inert by the caller for the place it is shown.
import * as vscode from 'vscode';
import { formatDateTime, formatNumber, safeLocale } from '../../core/intl';
import type { WatchMonth } from '../../core/monitor/month';
import type { CheckCounts } from '../../core/monitor/present';
import type { WatchProblem } from '../../core/monitor/request';
import type { ScheduleCheck } from '../../core/monitor/schedule';
import type { Monitor, MonitorCheckPage } from '../../core/monitor/schemas';
import { fullSettingKey, Setting } from '../../core/ids';
import type { CheckPrice } from '../../core/spend/repeat';

const locale = (): string => safeLocale(vscode.env.language);
const n = (value: number): string => formatNumber(value, locale());
export const when = (iso: string | null | undefined): string | undefined => {
  if (typeof iso !== 'string') return undefined;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? undefined : formatDateTime(at, { locale: locale() });
};

const pagesWords = (value: number): string => (value === 1 ? vscode.l10n.t('1 page') : vscode.l10n.t('{0} pages', n(value)));

const credits = (value: number): string => (value === 1 ? vscode.l10n.t('1 credit') : vscode.l10n.t('{0} credits', n(value)));

type Problem = Extract<ScheduleCheck, { ok: false }>['problem'];

export function scheduleProblemWords(problem: Problem): string {
  switch (problem.kind) {
    case 'empty': return vscode.l10n.t('Say how often, such as "every 30 minutes", "hourly", "daily at 9am" or "weekly on monday"; or a cron such as "0 9 * * 1-5".');
    case 'unreadable': return vscode.l10n.t('This is not a schedule the service reads. Try "every 30 minutes", "hourly", "daily at 9am", "weekly on monday" or a five-field cron.');
    case 'too-often': return problem.minutes === 1
      ? vscode.l10n.t('That runs every minute; the service checks at most every 5 minutes.')
      : vscode.l10n.t('That runs every {0} minutes; the service checks at most every 5 minutes.', n(problem.minutes));
    case 'bad-zone': return vscode.l10n.t('The time zone {0} is not one this editor knows.', problem.zone);
  }
}

export function watchProblemWords(problem: WatchProblem): string {
  switch (problem.kind) {
    case 'no-targets': return vscode.l10n.t('Give at least one address or a search query to watch.');
    case 'too-many-targets': return vscode.l10n.t('A watch takes at most 50 addresses or 12 queries; {0} were given.', n(problem.count));
    case 'query-too-long': return vscode.l10n.t('A watched query is at most 256 characters long.');
    case 'search-needs-goal': return vscode.l10n.t('A watched search needs a goal: say what you want to hear about.');
    case 'goal-too-long': return vscode.l10n.t('A goal is at most 2000 characters long.');
  }
}

export function countsWords(counts: CheckCounts | undefined): string {
  if (!counts) return vscode.l10n.t('not checked yet');
  const parts: string[] = [];
  if (counts.changed > 0) parts.push(vscode.l10n.t('{0} changed', n(counts.changed)));
  if (counts.removed > 0) parts.push(vscode.l10n.t('{0} removed', n(counts.removed)));
  if (counts.new > 0) parts.push(vscode.l10n.t('{0} new', n(counts.new)));
  if (counts.error > 0) parts.push(vscode.l10n.t('{0} failed', n(counts.error)));
  if (counts.matters !== undefined && counts.matters > 0) parts.push(vscode.l10n.t('{0} matters', n(counts.matters)));
  return parts.length === 0 ? vscode.l10n.t('no change') : parts.join(' · ');
}

export function pageStatusWords(page: MonitorCheckPage): string {
  switch (page.status) {
    case 'same': return vscode.l10n.t('the same');
    case 'new': return vscode.l10n.t('first read');
    case 'changed': return page.judgment?.meaningful === true ? vscode.l10n.t('changed · matters') : page.judgment?.meaningful === false ? vscode.l10n.t('changed · judged dull') : vscode.l10n.t('changed');
    case 'removed': return vscode.l10n.t('removed');
    case 'error': return vscode.l10n.t('could not be read');
  }
}

export function scheduleOf(monitor: Monitor): string {
  return monitor.schedule?.text ?? monitor.schedule?.cron ?? '';
}

export const words = {
  title: () => vscode.l10n.t('Web Data: Watch for Changes'),
  group: () => vscode.l10n.t('Watches'),
  groupTooltip: () => vscode.l10n.t('Pages and searches the service checks on a schedule, with what changed.'),
  whatPrompt: () => vscode.l10n.t('The addresses to watch, separated by spaces or commas (up to 50); or "search: " and a query to watch what a search finds'),
  whatPlaceholder: () => 'https://docs.example.com/migration-guide',
  schedulePrompt: () => vscode.l10n.t('How often to check, in words or as a cron (at most every 5 minutes)'),
  nextRuns: (times: readonly string[], zone: string) => vscode.l10n.t('Next checks ({0}): {1}', zone, times.join(' · ')),
  goalPrompt: () => vscode.l10n.t('Optional: what you want to hear about, in plain words. The service judges each change against it.'),
  goalPlaceholder: () => vscode.l10n.t('tell me when the migration guide mentions a breaking change'),
  goalNeeded: () => vscode.l10n.t('A watched search needs a goal.'),
  reviewPlaceholder: () => vscode.l10n.t('Review the watch, then create it'),
  create: () => vscode.l10n.t('$(eye) Create the Watch'),
  save: () => vscode.l10n.t('$(save) Save the Watch'),
  saved: (name: string) => vscode.l10n.t('Saved the watch {0}.', name),
  createDetail: () => vscode.l10n.t('Then the service checks on schedule, whether or not VS Code is open.'),
  editWhat: () => vscode.l10n.t('What'),
  editSchedule: () => vscode.l10n.t('How often'),
  editGoal: () => vscode.l10n.t('Goal'),
  noGoal: () => vscode.l10n.t('none: every change is worth a notification'),
  /** The review's bound, short enough to be read whole beside Create; its sum is `boundSum`. */
  bound: (credits: number) => vscode.l10n.t('up to {0} credits a month', n(credits)),
  boundSum: (month: WatchMonth) => (month.pricedBy === 'own-scrapes'
    ? vscode.l10n.t('{0} × {1} checks a month × {2} credits a page (your dearest scrape)', pagesWords(month.pages), n(month.checksPerMonth), n(month.creditsPerPage))
    : vscode.l10n.t('{0} × {1} checks a month × at least a credit a page', pagesWords(month.pages), n(month.checksPerMonth))),
  confirmBound: (credits: number) => vscode.l10n.t('This watch could spend up to {0} credits a month. Create it?', n(credits)),
  confirmBoundDetail: (sum: string, threshold: number) => vscode.l10n.t('{0}. You are asked above {1} credits a month ({2}). The service checks on schedule, whether or not VS Code is open; delete the watch to stop it.', sum, n(threshold), fullSettingKey(Setting.watchConfirmAboveCreditsPerMonth)),
  confirmCreate: () => vscode.l10n.t('Create the Watch'),
  confirmResumeBound: (credits: number) => vscode.l10n.t('This watch could spend up to {0} credits a month. Resume it?', n(credits)),
  confirmResume: () => vscode.l10n.t('Resume the Watch'),
  resumeTitle: () => vscode.l10n.t('Web Data: Resume Watch'),
  resumePlaceholder: (name: string) => vscode.l10n.t('Resume {0}: the service checks it on schedule again', name),
  resume: () => vscode.l10n.t('$(debug-start) Resume the Watch'),
  /** A watch whose month the steps cannot read (a schedule they do not know): the service's own estimate, if it gave one. */
  serviceBound: (credits: number | null | undefined) => (typeof credits === 'number'
    ? vscode.l10n.t('up to {0} credits a month, as the service estimates it', n(credits))
    : vscode.l10n.t('Price: unknown until its first check (the service reports it once it has run)')),
  /** Check Now's price line, in the words of the bound above (a check reads every watched page). */
  checkPrice: (price: CheckPrice) => {
    switch (price.kind) {
      case 'history':
        if (price.times === 1) return vscode.l10n.t('Price: the last check of this watch cost {0}.', credits(price.max));
        return price.min === price.max
          ? vscode.l10n.t('Price: checks of this watch cost {0} the last {1} times.', credits(price.max), n(price.times))
          : vscode.l10n.t('Price: checks of this watch cost {0} to {1} the last {2} times.', n(price.min), credits(price.max), n(price.times));
      case 'pages': return price.pages === 1
        ? vscode.l10n.t('Price: about {0} (one page, at what your scrapes cost); the service reports the check\'s cost once it has run.', credits(price.about))
        : vscode.l10n.t('Price: about {0} ({1} pages at what your scrapes cost a page); the service reports the check\'s cost once it has run.', credits(price.about), n(price.pages));
      case 'unknown': return vscode.l10n.t('Price: unknown until the first check of this watch (the service reports it once it has run).');
    }
  },
  creating: () => vscode.l10n.t('Creating the watch…'),
  created: (name: string, credits: string) => vscode.l10n.t('Watching {0}. The service estimates {1} a month.', name, credits),
  creditsAMonth: (credits: number | null | undefined) => (typeof credits === 'number' ? vscode.l10n.t('{0} credits', n(credits)) : vscode.l10n.t('an unknown number of credits')),
  createFailed: () => vscode.l10n.t('The watch was not created'),
  notConnected: () => vscode.l10n.t('Connect to the Web Data Service first: a watch runs there.'),
  connect: () => vscode.l10n.t('Connect'),
  checking: (name: string) => vscode.l10n.t('Checking {0}…', name),
  checked: (name: string, counts: string) => vscode.l10n.t('Checked {0}: {1}.', name, counts),
  checkFailed: (name: string) => vscode.l10n.t('{0} could not be checked', name),
  openChanges: () => vscode.l10n.t('Open Changes'),
  showDiff: () => vscode.l10n.t('Show Diff'),
  noticed: (name: string, counts: string) => vscode.l10n.t('{0} changed: {1}.', name, counts),
  paused: (name: string) => vscode.l10n.t('{0} is paused: no checks until you resume it.', name),
  resumed: (name: string, next: string) => vscode.l10n.t('{0} is checked again; next check {1}.', name, next),
  updateFailed: (name: string) => vscode.l10n.t('{0} could not be changed', name),
  confirmDelete: (name: string) => vscode.l10n.t('Delete the watch {0}? The service stops checking and forgets its checks.', name),
  delete: () => vscode.l10n.t('Delete'),
  deleted: (name: string) => vscode.l10n.t('Deleted the watch {0}.', name),
  deleteFailed: (name: string) => vscode.l10n.t('{0} could not be deleted', name),
  noWatch: () => vscode.l10n.t('Pick a watch in the Watches view.'),
  noChanges: () => vscode.l10n.t('No page changed in that check.'),
  noChecks: () => vscode.l10n.t('Not checked yet'),
  listFailed: () => vscode.l10n.t('The watches could not be read. Refresh Watches to try again.'),
  checksFailed: () => vscode.l10n.t('The checks could not be read.'),
  pagesFailed: () => vscode.l10n.t('The pages of this check could not be read.'),
  changesFailed: () => vscode.l10n.t('The changes could not be opened'),
  sideGone: () => vscode.l10n.t('The service no longer keeps this side of the change.'),
  noSide: () => vscode.l10n.t('(no page at this check)'),
  watchId: () => vscode.l10n.t('watch ID'),
  diffTitle: (page: string, before: string, after: string) => vscode.l10n.t('{0} ({1} ↔ {2})', page, before, after),
  firstRead: () => vscode.l10n.t('before the first read'),
  statusPaused: () => vscode.l10n.t('paused'),
  nextRun: (at: string) => vscode.l10n.t('next {0}', at),
  headerWatch: (name: string, url: string) => vscode.l10n.t('Watch: {0} · {1}', name, url),
  headerJudged: (matters: boolean, reason: string) => (matters ? vscode.l10n.t('Judged: matters. {0}', reason) : vscode.l10n.t('Judged: dull. {0}', reason)),
  headerNoJudge: () => vscode.l10n.t('Not judged: the watch has no goal.'),
  headerAdded: (after: string) => vscode.l10n.t('Added: {0}', after),
  headerRemoved: (before: string) => vscode.l10n.t('Removed: {0}', before),
  headerChanged: (before: string, after: string) => vscode.l10n.t('Changed: {0} → {1}', before, after),
  tooltipSchedule: (schedule: string, zone: string) => vscode.l10n.t('Checked {0} ({1})', schedule, zone),
  tooltipNext: (at: string) => vscode.l10n.t('Next check: {0}', at),
  tooltipLast: (at: string, counts: string) => vscode.l10n.t('Last check: {0}, {1}', at, counts),
  tooltipCredits: (credits: string) => vscode.l10n.t('The service estimates {0} a month.', credits),
  tooltipGoal: (goal: string) => vscode.l10n.t('Goal: {0}', goal),
  checkCredits: (credits: number) => vscode.l10n.t('{0} credits', n(credits)),
};
