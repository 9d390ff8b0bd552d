// The steps of advanced search as a state machine, free of VS Code: which step is shown, what
// Next and Back do, and where a partial argument starts. Steps the argument answered are skipped
// (the review lists them, and picking one there edits it); Back retraces the steps shown.
import type { AdvancedChoices, AnswerableStep } from './choices';

const STEPS = [
  'query', 'sources', 'limit', 'categories', 'time', 'dates', 'sort', 'domains', 'hostnames',
  'location', 'country', 'content', 'retention', 'invalidUrls', 'review',
] as const;
export type StepId = (typeof STEPS)[number];

/** A sub-step belongs to the step before it: shown only for some answers, under the same number. */
const PARENT: Partial<Record<StepId, StepId>> = { dates: 'time', hostnames: 'domains' };
/** The step whose answer a step's answer is part of, for "answered by the argument". */
const ANSWERED_BY: Partial<Record<StepId, AnswerableStep>> = { dates: 'time', sort: 'time', hostnames: 'domains' };

const NUMBERED = STEPS.filter((step) => PARENT[step] === undefined);
export const STEP_COUNT = NUMBERED.length;

/** 1-based, as the title shows it: "3/13". */
export function stepNumber(step: StepId): number {
  return NUMBERED.indexOf(PARENT[step] ?? step) + 1;
}

function applies(step: StepId, choices: AdvancedChoices): boolean {
  if (step === 'dates') return choices.time.range.kind === 'custom';
  if (step === 'hostnames') return choices.domains.mode !== 'none';
  return true;
}

export class AdvancedFlow {
  private readonly history: StepId[] = [];
  private step: StepId;
  /** Set while a step picked on the review is edited: after it (and its sub-step), back to the review. */
  private editing: StepId | undefined;

  constructor(public choices: AdvancedChoices, private readonly answered: ReadonlySet<AnswerableStep>) {
    this.step = this.following(-1);
  }

  get current(): StepId {
    return this.step;
  }

  /** Whether Back has somewhere to go. */
  get canGoBack(): boolean {
    return this.history.length > 0;
  }

  /** After the current step was accepted (its answer already in `choices`). */
  next(): StepId {
    const index = STEPS.indexOf(this.step);
    let to: StepId;
    if (this.editing !== undefined) {
      const sub = STEPS[index + 1];
      to = sub !== undefined && PARENT[sub] === this.step && applies(sub, this.choices) ? sub : 'review';
      if (to === 'review') this.editing = undefined;
    } else to = this.following(index);
    this.move(to);
    return to;
  }

  back(): StepId {
    const to = this.history.pop();
    if (to !== undefined) {
      this.step = to;
      if (to === 'review') this.editing = undefined;
    }
    return this.step;
  }

  /** From the review: shows `step` to change it, then comes back to the review. */
  edit(step: StepId): StepId {
    this.editing = step;
    this.move(step);
    return step;
  }

  private move(to: StepId): void {
    if (to !== this.step) this.history.push(this.step);
    this.step = to;
  }

  /** The first step after `index` that applies and the argument left open; the review at the end. */
  private following(index: number): StepId {
    for (const step of STEPS.slice(index + 1)) {
      if (step === 'review') return step;
      const answeredBy = ANSWERED_BY[step] ?? (step as AnswerableStep);
      if (applies(step, this.choices) && !this.answered.has(answeredBy)) return step;
    }
    return 'review';
  }
}
