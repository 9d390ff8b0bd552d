// Watch for Changes…'s steps as a flow (../step-flow.ts): what to watch, how often, the goal, then
// the review with the bound. A step the argument answered is skipped; a schedule given with the
// argument goes straight to the review (the whole request was given), where each step can be edited.
import { StepFlow } from '../step-flow';
import type { WatchWhat } from './request';

export type WatchStep = 'what' | 'schedule' | 'goal';

const WATCH_STEPS: readonly WatchStep[] = ['what', 'schedule', 'goal'];

export interface WatchDraft {
  what?: WatchWhat;
  /** The schedule as typed. */
  schedule: string;
  goal: string;
}

export class WatchFlow extends StepFlow<WatchStep> {
  constructor(private readonly given: { what: boolean; schedule: boolean }) {
    super(WATCH_STEPS);
  }

  protected opens(step: WatchStep): boolean {
    if (step === 'what') return !this.given.what;
    // A schedule given with the argument is a whole request: its goal too (or none) was given.
    return !this.given.schedule;
  }
}
