// A multi-step flow as a state machine, free of VS Code: which step is shown, what Next and Back
// do, and the way back to the review after a step picked there was edited. Start Crawl
// (core/jobs/flow.ts) and Search with Options (core/search/advanced/flow.ts) are each one, with
// their own steps and their own rule for which steps are shown.

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
