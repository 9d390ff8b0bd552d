// A refresh that may be asked for again while it runs (a poll, a search finishing, a click):
// callers during a run share one more run after it, so the result is never older than the last
// request, and no more than one request is ever under way.

export class CoalescingTask {
  private running?: Promise<void>;
  private again = false;

  /** `stopped` ends a chain of runs early, e.g. once the owner is disposed. */
  constructor(
    private readonly task: () => Promise<void>,
    private readonly stopped: () => boolean = () => false,
  ) {}

  /** Resolves when a run that started after this call has finished. */
  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const chain = async (): Promise<void> => {
      do {
        this.again = false;
        await this.task();
        // run() may have asked again while the task ran; TS cannot see that through the await.
      } while ((this.again as boolean) && !this.stopped());
    };
    this.running = chain().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Forgets a pending extra run (its answer would no longer be wanted). */
  cancelPending(): void {
    this.again = false;
  }
}
