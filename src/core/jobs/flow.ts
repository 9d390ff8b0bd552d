// The steps of Start Crawl as a state machine, free of VS Code: which step is shown, what Next and
// Back do, where an argument starts (the steps it answered are skipped; the review lists them and
// picking one there edits it), and the way back to the review after such an edit.

const CRAWL_STEPS = ['url', 'limit', 'include', 'exclude', 'depth', 'sitemap', 'reach', 'content', 'retention', 'review'] as const;
export type CrawlStep = (typeof CRAWL_STEPS)[number];
export type AskedStep = Exclude<CrawlStep, 'review'>;

/** How many steps the title counts ("3/10"), the review included. */
export const CRAWL_STEP_COUNT = CRAWL_STEPS.length;

export function crawlStepNumber(step: CrawlStep): number {
  return CRAWL_STEPS.indexOf(step) + 1;
}

export class CrawlFlow {
  private readonly history: CrawlStep[] = [];
  private step: CrawlStep;
  private editing = false;

  constructor(private readonly answered: ReadonlySet<AskedStep>) {
    this.step = this.following(-1);
  }

  get current(): CrawlStep {
    return this.step;
  }

  get canGoBack(): boolean {
    return this.history.length > 0;
  }

  /** After the current step was accepted. */
  next(): CrawlStep {
    const to = this.editing ? 'review' : this.following(CRAWL_STEPS.indexOf(this.step));
    this.editing = false;
    this.move(to);
    return to;
  }

  back(): CrawlStep {
    const to = this.history.pop();
    if (to !== undefined) {
      this.step = to;
      if (to === 'review') this.editing = false;
    }
    return this.step;
  }

  /** From the review: shows `step` to change it, then comes back to the review. */
  edit(step: AskedStep): CrawlStep {
    this.editing = true;
    this.move(step);
    return step;
  }

  private move(to: CrawlStep): void {
    if (to !== this.step) this.history.push(this.step);
    this.step = to;
  }

  private following(index: number): CrawlStep {
    for (const step of CRAWL_STEPS.slice(index + 1)) {
      if (step === 'review' || !this.answered.has(step)) return step;
    }
    return 'review';
  }
}
