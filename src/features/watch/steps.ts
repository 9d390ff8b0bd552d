// Watch for Changes…'s steps in quick inputs, each checked as it is typed: what to watch (addresses
// through the URL check of Any page as markdown, or "search: " and a query), how often (the schedule
// read as the service reads it, with the next three checks in the person's time zone) and an
// optional goal; then the review with the bound. Order, numbering and Back are core/monitor/flow.ts's.
import * as vscode from 'vscode';
import { textOfWhat, whatOf, type WatchWhat } from '../../core/monitor/request';
import type { WatchDraft, WatchStep } from '../../core/monitor/flow';
import type { WatchMonth } from '../../core/monitor/month';
import { nextRuns, parseSchedule } from '../../core/monitor/schedule';
import { checkUrl } from '../../core/scrape/url-check';
import { inertLabel, inertQuickPick } from '../../core/text/inert';
import { inputError, mapOutcome, onlyOutcome, showInput, showPick, type InputCheck, type Outcome, type PickItem, type StepFrame } from '../../platform/step-inputs';
import { refusalWords } from '../scrape/words';
import { scheduleProblemWords, when, words } from './words';

/** The person's time zone, as this runtime knows it. */
export function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The addresses of `what` each checked; the first refusal in words, naming the address. */
export function checkWhat(what: WatchWhat): { ok: true; what: WatchWhat } | { ok: false; message: string } {
  if (what.kind === 'query') return what.queries.length > 0 ? { ok: true, what } : { ok: false, message: words.goalNeeded() };
  if (what.urls.length === 0) return { ok: false, message: refusalWords({ kind: 'empty' }) };
  const urls: string[] = [];
  for (const typed of what.urls) {
    const check = checkUrl(typed);
    if (!check.ok) return { ok: false, message: `${inertLabel(typed, 80)}: ${refusalWords(check.refusal)}` };
    urls.push(check.cleaned);
  }
  return { ok: true, what: { kind: 'urls', urls } };
}

function whatCheck(value: string, accepting: boolean): InputCheck {
  if (value.trim() === '') return { ok: false, message: accepting ? inputError(refusalWords({ kind: 'empty' })) : undefined };
  const checked = checkWhat(whatOf(value));
  return checked.ok ? { ok: true } : { ok: false, message: inputError(checked.message) };
}

function scheduleCheck(value: string, accepting: boolean, now = new Date()): InputCheck {
  const checked = parseSchedule(value);
  if (!checked.ok) return { ok: false, message: checked.problem.kind === 'empty' && !accepting ? undefined : inputError(scheduleProblemWords(checked.problem)) };
  const zone = localZone();
  const times = nextRuns(checked.schedule.cron, zone, now, 3).map((at) => when(at.toISOString()) ?? '');
  return { ok: true, prompt: words.nextRuns(times, zone) };
}

export async function showWatchStep(step: WatchStep, draft: WatchDraft, frame: StepFrame): Promise<Outcome<WatchDraft>> {
  switch (step) {
    case 'what':
      return mapOutcome(await showInput(frame, { value: textOfWhat(draft.what), prompt: words.whatPrompt(), placeholder: words.whatPlaceholder(), check: whatCheck }), (value) => {
        const checked = checkWhat(whatOf(value));
        return { ...draft, what: checked.ok ? checked.what : whatOf(value) };
      });
    case 'schedule':
      return mapOutcome(await showInput(frame, { value: draft.schedule, prompt: words.schedulePrompt(), placeholder: 'daily at 9am', check: (value, accepting) => scheduleCheck(value, accepting) }),
        (schedule) => ({ ...draft, schedule: schedule.trim() }));
    case 'goal':
      return mapOutcome(await showInput(frame, {
        value: draft.goal, prompt: words.goalPrompt(), placeholder: words.goalPlaceholder(),
        check: (value, accepting) => (accepting && value.trim() === '' && draft.what?.kind === 'query' ? { ok: false, message: inputError(words.goalNeeded()) } : { ok: true }),
      }), (goal) => ({ ...draft, goal: goal.trim() }));
  }
}

export type WatchReviewAnswer = { action: 'create' } | { action: 'edit'; step: WatchStep };

/**
 * The review: Create with the bound (its credits beside it, its sum under it, each short enough to
 * be read whole), then each choice, which picked goes back to its step.
 */
export async function showWatchReview(draft: WatchDraft, facts: { action: 'create' | 'save'; bound?: { credits: string; sum: string }; problem?: string }, frame: StepFrame): Promise<Outcome<WatchReviewAnswer>> {
  const items: Array<PickItem<WatchReviewAnswer>> = [];
  if (facts.problem === undefined) items.push({ value: { action: 'create' }, label: facts.action === 'create' ? words.create() : words.save(), ...(facts.bound ? { description: facts.bound.credits, detail: facts.bound.sum } : {}) });
  else items.push({ value: { action: 'edit', step: draft.what?.kind === 'query' ? 'goal' : 'what' }, label: `$(error) ${facts.problem}` });
  items.push(
    { value: { action: 'edit', step: 'what' }, label: words.editWhat(), description: inertQuickPick(textOfWhat(draft.what), 300) },
    { value: { action: 'edit', step: 'schedule' }, label: words.editSchedule(), description: inertQuickPick(draft.schedule, 200), detail: words.createDetail() },
    { value: { action: 'edit', step: 'goal' }, label: words.editGoal(), description: draft.goal === '' ? words.noGoal() : inertQuickPick(draft.goal, 300) },
  );
  return onlyOutcome(await showPick(frame, { placeholder: words.reviewPlaceholder(), items }));
}

/**
 * Resume Watch's one step: Resume with the month beside it and its sum under it, in the review's
 * words (a paused watch spends nothing; resumed, it spends on every check). True to resume.
 */
export async function showResumeReview(name: string, bound: { credits: string; sum?: string }, frame: StepFrame): Promise<boolean> {
  const outcome = await showPick(frame, {
    placeholder: words.resumePlaceholder(name),
    items: [{ value: 'resume' as const, label: words.resume(), description: bound.credits, ...(bound.sum !== undefined ? { detail: bound.sum } : {}) }],
  });
  return outcome.kind === 'answer' && outcome.value[0] === 'resume';
}

/**
 * A modal naming the month above the person's threshold; true to create (or resume). `answer`
 * stands in for the person in host tests, where a modal cannot be clicked.
 */
export async function confirmAbove(month: WatchMonth, threshold: number, answer?: (message: string, yes: string) => string | undefined, action: 'create' | 'resume' = 'create'): Promise<boolean> {
  const create = action === 'create' ? words.confirmCreate() : words.confirmResume();
  const question = action === 'create' ? words.confirmBound(month.credits) : words.confirmResumeBound(month.credits);
  const detail = words.confirmBoundDetail(words.boundSum(month), threshold);
  const picked = answer ? answer(`${question} ${detail}`, create) : await vscode.window.showWarningMessage(question, { modal: true, detail }, create);
  return picked === create;
}
