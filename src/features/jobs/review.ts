// The last step of Start Crawl, and the one step of Batch Scrape: the request as it will be sent
// (the webhook included, its token left out), checked field by field, with the bound before it
// starts and where its webhook goes. Enter on the first row starts the job; picking a field goes
// back to the step that sets it.
import * as vscode from 'vscode';
import type { RequestProblem } from '../../core/api/request-types';
import { STEP_FIELDS } from '../../core/jobs/choices';
import type { AskedStep } from '../../core/jobs/flow';
import type { JobToStart } from '../../core/jobs/bound';
import { loadCore } from '../../platform/core';
import { shownJobWebhook, type WebhookWiring } from '../../core/jobs/wiring';
import type { JobBound } from '../../core/spend/job-bound';
import { checkUrl } from '../../core/scrape/url-check';
import { inertQuickPick } from '../../core/text/inert';
import { showPick, type Outcome, type PickItem, type StepFrame } from '../../platform/step-inputs';
import { refusalWords } from '../scrape/words';
import { boundWords, wiringWords, words } from './words';

export type ReviewAnswer = { action: 'start' } | { action: 'edit'; step: AskedStep } | { action: 'start-receiver' } | { action: 'drop'; index: number };

export interface ReviewFacts {
  job: JobToStart;
  bound: JobBound;
  wiring: WebhookWiring;
  /** A batch scrape from a selection: the editor line of each address, to name a bad one by it. */
  lines?: readonly number[];
}

function stepOf(field: string): AskedStep | undefined {
  return STEP_FIELDS.find(([, fields]) => fields.some((f) => field === f || field.startsWith(`${f}[`) || field.startsWith(`${f}.`)))?.[0];
}

export async function showJobReview(facts: ReviewFacts, frame: StepFrame): Promise<Outcome<ReviewAnswer>> {
  const { job, wiring } = facts;
  // The client's own check (in dist/core.js, loaded now that a review is shown): what it refuses is never sent.
  const core = loadCore();
  const checked = job.kind === 'crawl' ? core.validateCrawlRequest(job.request) : core.validateBatchScrapeRequest(job.request);
  const webhook = job.request.webhook ?? shownJobWebhook(wiring);
  const body: Record<string, unknown> = { ...(checked.ok ? checked.body : job.request), ...(webhook ? { webhook } : {}) };
  const items: Array<PickItem<ReviewAnswer | undefined>> = [];
  if (checked.ok) {
    items.push({
      value: { action: 'start' }, label: `$(play) ${job.kind === 'crawl' ? words.startCrawl() : words.startBatch()}`,
      description: boundWords(facts.bound, job.kind), detail: inertQuickPick(wiringWords(job.request.webhook ? { kind: 'not-wired', reason: 'given' } : wiring), 400),
    });
  } else {
    for (const problem of checked.problems) items.push(job.kind === 'batch' ? batchProblemItem(problem, job.request.urls, facts.lines) : problemItem(problem, true));
  }
  if (wiring.kind === 'not-wired' && wiring.reason === 'receiver-stopped' && job.request.webhook === undefined) {
    items.push({ value: { action: 'start-receiver' }, label: `$(broadcast) ${words.startReceiver()}`, detail: words.startReceiverDetail() });
  }
  items.push({ value: undefined, label: words.requestSeparator(), kind: vscode.QuickPickItemKind.Separator });
  if (job.kind === 'crawl') {
    for (const [step, fields] of STEP_FIELDS) {
      const present = fields.filter((f) => body[f] !== undefined);
      const description = present.length > 0 ? present.map((f) => `"${f}": ${inertQuickPick(JSON.stringify(body[f]), 300)}`).join(', ') : words.notSent();
      items.push({ value: { action: 'edit', step }, label: present[0] ?? fields[0] ?? step, description });
    }
  }
  for (const [field, value] of Object.entries(body)) {
    if (job.kind === 'crawl' && STEP_FIELDS.some(([, fields]) => fields.includes(field))) continue;
    const shown = field === 'urls' && Array.isArray(value) ? `${words.addresses(value.length)}: ${inertQuickPick(value.slice(0, 5).join(', '), 300)}${value.length > 5 ? ', …' : ''}` : inertQuickPick(JSON.stringify(value), 300);
    items.push({ value: undefined, label: inertQuickPick(field, 60), description: `${shown}${field === 'webhook' ? '' : ` · ${words.given()}`}` });
  }
  const placeholder = checked.ok ? words.reviewPlaceholder() : words.reviewProblems();
  const outcome = await showPick(frame, { placeholder, items, active: items[0]?.value, refuse: (values) => (values[0] === undefined ? '' : undefined) });
  if (outcome.kind !== 'answer') return outcome;
  const [answer] = outcome.value;
  return answer ? { kind: 'answer', value: answer } : { kind: 'dismissed' };
}

/**
 * A batch's problem: a bad address is named by its text and line ("not a url", line 3), not as
 * `urls[2]`, and picking it leaves it out of the batch.
 */
function batchProblemItem(problem: RequestProblem, urls: readonly unknown[], lines: readonly number[] | undefined): PickItem<ReviewAnswer | undefined> {
  const index = /^urls\[(\d+)\]$/.exec(problem.field)?.[1];
  const entry = index === undefined ? undefined : Number(index);
  const given: unknown = entry === undefined ? undefined : urls[entry];
  if (entry === undefined || given === undefined) return problemItem(problem, false);
  const line = lines?.[entry];
  const check = typeof given === 'string' ? checkUrl(given) : undefined;
  const why = check !== undefined && !check.ok ? refusalWords(check.refusal) : inertQuickPick(problem.message, 300);
  return {
    value: { action: 'drop', index: entry },
    label: `$(error) ${inertQuickPick(typeof given === 'string' ? `"${given}"` : JSON.stringify(given), 80)}`,
    description: line !== undefined ? words.onLine(line) : words.entry(entry + 1),
    detail: `${why} ${words.dropHint()}`,
  };
}

function problemItem(problem: RequestProblem, editable: boolean): PickItem<ReviewAnswer | undefined> {
  const step = editable ? stepOf(problem.field) : undefined;
  return { value: step ? { action: 'edit', step } : undefined, label: `$(error) ${inertQuickPick(problem.field, 60)}`, detail: inertQuickPick(problem.message, 300) };
}
