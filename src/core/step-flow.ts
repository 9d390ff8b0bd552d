// A multi-step flow as a state machine, free of VS Code: which step is shown, what Next and Back
// do, and the way back to the review after a step picked there was edited. Start Crawl
// (core/jobs/flow.ts) and Search with Options (core/search/advanced/flow.ts) are each one, with
// their own steps and their own rule for which steps are shown. Scrape with Options and Convert
// with Options, which show every step, share runReviewedSteps below.

export type FlowStep<Asked extends string> = Asked | 'review';

export abstract class StepFlow<Asked extends string> {
  private readonly history: Array<FlowStep<Asked>> = [];
  /** Found on first use, once the subclass's fields that opens() reads are set. */
  private step: FlowStep<Asked> | undefined;
  /** Set while a step picked on the review is edited: after it (and its sub-step), back to the review. */
  private editing = false;

  /** `steps`: the asked steps in order; the review comes after them. */
  protected constructor(private readonly steps: readonly Asked[]) {}

  /** Whether the flow stops at `step` on its way forward (it applies, and no argument answered it). */
  protected abstract opens(step: Asked): boolean;

  /** The step shown after `edited` was changed from the review, before going back there; none by default. */
  protected subStepAfter(_edited: Asked): Asked | undefined {
    return undefined;
  }

  get current(): FlowStep<Asked> {
    this.step ??= this.following(-1);
    return this.step;
  }

  /** Whether Back has somewhere to go. */
  get canGoBack(): boolean {
    return this.history.length > 0;
  }

  /** After the current step was accepted. */
  next(): FlowStep<Asked> {
    const from = this.current;
    let to: FlowStep<Asked>;
    if (from === 'review') to = 'review';
    else if (this.editing) to = this.subStepAfter(from) ?? 'review';
    else to = this.following(this.steps.indexOf(from));
    if (to === 'review') this.editing = false;
    this.move(to);
    return to;
  }

  back(): FlowStep<Asked> {
    const to = this.history.pop();
    if (to !== undefined) {
      this.step = to;
      if (to === 'review') this.editing = false;
    }
    return this.current;
  }

  /** From the review: shows `step` to change it, then comes back to the review. */
  edit(step: Asked): FlowStep<Asked> {
    this.editing = true;
    this.move(step);
    return step;
  }

  private move(to: FlowStep<Asked>): void {
    const from = this.current;
    if (to !== from) this.history.push(from);
    this.step = to;
  }

  /** The first step after `index` that opens; the review at the end. */
  private following(index: number): FlowStep<Asked> {
    return this.steps.slice(index + 1).find((step) => this.opens(step)) ?? 'review';
  }
}

/** What a step or the review came to: an answer, Back, or dismissed (Escape, the window closing). */
export type StepOutcome<T> = { kind: 'answer'; value: T } | { kind: 'back' } | { kind: 'dismissed' };

/** Where a step stands, for its title: "(step/totalSteps)", and whether it shows Back. */
export interface StepPlace {
  step: number;
  totalSteps: number;
  back: boolean;
}

/**
 * A flow whose every step is shown, one after the other, then a review (Scrape with Options,
 * Convert with Options): each family passes its steps, how one is asked and how the review is.
 */
export interface ReviewedSteps<Step extends string, Choices extends object> {
  steps: readonly Step[];
  choices: Choices;
  /** Opens at the review (the choices came whole, as a request). */
  atReview?: boolean;
  ask(step: Step, choices: Choices, place: StepPlace): Promise<StepOutcome<Choices>>;
  /** The review: 'send', or the step picked to change. */
  review(choices: Choices, place: StepPlace): Promise<StepOutcome<'send' | Step>>;
}

/**
 * Runs the steps to the review and resolves with the choices sent from it, or undefined when
 * dismissed. Back returns to the step (or the review) shown before; a step changed from the review
 * goes straight back to it. Unlike StepFlow's flows, no step is skipped: Back from a step reached
 * again from the review returns there too.
 */
export async function runReviewedSteps<Step extends string, Choices extends object>(flow: ReviewedSteps<Step, Choices>): Promise<Choices | undefined> {
  const review = flow.steps.length;
  let choices = flow.choices;
  let index = flow.atReview === true ? review : 0;
  const history: number[] = [];
  // Bounded: a flow never shows a thousand inputs; a loop that would is ended.
  for (let shown = 0; shown < 1000; shown++) {
    const place: StepPlace = { step: index + 1, totalSteps: review + 1, back: history.length > 0 };
    const step = flow.steps[index];
    const outcome = step === undefined ? await flow.review(choices, place) : await flow.ask(step, choices, place);
    if (outcome.kind === 'dismissed') return undefined;
    if (outcome.kind === 'back') { index = history.pop() ?? 0; continue; }
    const answer = outcome.value;
    if (answer === 'send') return choices;
    history.push(index);
    if (typeof answer === 'string') {
      index = flow.steps.indexOf(answer);
      continue;
    }
    choices = answer;
    // After a change from the review, straight back to it.
    index = history.length > 1 && history.at(-2) === review ? review : index + 1;
  }
  return undefined;
}
