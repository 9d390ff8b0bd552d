// The steps of advanced search as a state machine, free of VS Code (its Next, Back and edits from
// the review are core/step-flow.ts's): which steps apply, and where a partial argument starts.
// Steps the argument answered are skipped (the review lists them, and picking one there edits it).
import { StepFlow, type FlowStep } from '../../step-flow';
import type { AdvancedChoices, AnswerableStep } from './choices';

const ASKED = [
  'query', 'sources', 'limit', 'categories', 'time', 'dates', 'sort', 'domains', 'hostnames',
  'location', 'country', 'content', 'retention', 'invalidUrls',
] as const;
export type AskedStep = (typeof ASKED)[number];
export type StepId = FlowStep<AskedStep>;
const STEPS: readonly StepId[] = [...ASKED, 'review'];

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

export class AdvancedFlow extends StepFlow<AskedStep> {
  /** `choices`: the answers so far, which decide the sub-steps shown; the caller keeps it current. */
  constructor(public choices: AdvancedChoices, private readonly answered: ReadonlySet<AnswerableStep>) {
    super(ASKED);
  }

  protected opens(step: AskedStep): boolean {
    return applies(step, this.choices) && !this.answered.has(ANSWERED_BY[step] ?? (step as AnswerableStep));
  }

  /** A sub-step of the edited step, when it applies to the new answer. */
  protected override subStepAfter(edited: AskedStep): AskedStep | undefined {
    const sub = ASKED[ASKED.indexOf(edited) + 1];
    return sub !== undefined && PARENT[sub] === edited && applies(sub, this.choices) ? sub : undefined;
  }
}
