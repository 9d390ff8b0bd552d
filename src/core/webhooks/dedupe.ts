// The service retries a delivery with the same webhookId, so a delivery is handled once per id.
// Memory is bounded: only the most recent `capacity` ids are remembered (a Map keeps insertion
// order, so the oldest is its first key and every operation is O(1)).

export const DEFAULT_DEDUPE_CAPACITY = 10_000;

export class RecentWebhookIds {
  private readonly ids = new Map<string, true>();
  readonly capacity: number;

  constructor(capacity: number = DEFAULT_DEDUPE_CAPACITY) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`The de-duplication capacity must be a whole number of at least 1 (it was ${capacity}).`);
    }
    this.capacity = capacity;
  }

  get size(): number {
    return this.ids.size;
  }

  has(webhookId: string): boolean {
    return this.ids.has(webhookId);
  }

  /**
   * Remembers `webhookId`; true when it is new, false when it was already seen. A repeat counts as
   * recent again, so an id the service keeps retrying is not forgotten while retries go on.
   */
  remember(webhookId: string): boolean {
    if (this.ids.delete(webhookId)) {
      this.ids.set(webhookId, true);
      return false;
    }
    this.ids.set(webhookId, true);
    if (this.ids.size > this.capacity) {
      const oldest = this.ids.keys().next();
      if (!oldest.done) this.ids.delete(oldest.value);
    }
    return true;
  }

  clear(): void {
    this.ids.clear();
  }
}
