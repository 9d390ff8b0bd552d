// The steps of Start Crawl as a state machine, free of VS Code (its Next, Back and edits from the
// review are core/step-flow.ts's): where an argument starts (the steps it answered are skipped; the
// review lists them and picking one there edits it).
import { StepFlow, type FlowStep } from '../step-flow';

const ASKED_STEPS = ['url', 'limit', 'include', 'exclude', 'depth', 'sitemap', 'reach', 'content', 'retention'] as const;
export type AskedStep = (typeof ASKED_STEPS)[number];
export type CrawlStep = FlowStep<AskedStep>;

/** How many steps the title counts ("3/10"), the review included. */
export const CRAWL_STEP_COUNT = ASKED_STEPS.length + 1;

export function crawlStepNumber(step: CrawlStep): number {
  return step === 'review' ? CRAWL_STEP_COUNT : ASKED_STEPS.indexOf(step) + 1;
}

export class CrawlFlow extends StepFlow<AskedStep> {
  constructor(private readonly answered: ReadonlySet<AskedStep>) {
    super(ASKED_STEPS);
  }

  protected opens(step: AskedStep): boolean {
    return !this.answered.has(step);
  }
}
