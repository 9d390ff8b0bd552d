// Questions waiting for the person's yes: an answer over webData.chat.confirmAboveCredits is
// not sent; its bound is said with a button, and the button's command marks the question
// confirmed and asks it again. The second request finds its yes here (the same command and
// prompt, within minutes, for no more than the bound that was shown) and spends. Only the
// button's command can say yes: nothing a page or a model writes reaches it.
import { randomUUID } from 'node:crypto';

interface Waiting {
  readonly key: string;
  readonly most: number | undefined;
  readonly at: number;
  confirmed: boolean;
}

const KEEP_MS = 10 * 60_000;
const MAX_WAITING = 16;

export function questionKey(command: string | undefined, prompt: string): string {
  return `${command ?? ''}\u0000${prompt.trim()}`;
}

export class Confirmations {
  private readonly waiting = new Map<string, Waiting>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A question waiting for its yes; the id the button passes back. */
  ask(key: string, most: number | undefined): string {
    this.prune();
    const id = randomUUID();
    this.waiting.set(id, { key, most, at: this.now(), confirmed: false });
    return id;
  }

  /** The button pressed: the question it names, or undefined when it is no longer waiting. */
  confirm(id: string): string | undefined {
    this.prune();
    const entry = this.waiting.get(id);
    if (!entry) return undefined;
    entry.confirmed = true;
    return entry.key;
  }

  /** A yes for this question covering `most` credits, used up as it is taken. */
  take(key: string, most: number | undefined): boolean {
    this.prune();
    for (const [id, entry] of this.waiting) {
      if (!entry.confirmed || entry.key !== key) continue;
      // A bound that grew since the button was shown (an unknown price is a bound of its own) needs a new yes.
      const covered = entry.most === undefined || (most !== undefined && most <= entry.most);
      if (!covered) continue;
      this.waiting.delete(id);
      return true;
    }
    return false;
  }

  private prune(): void {
    const since = this.now() - KEEP_MS;
    for (const [id, entry] of this.waiting) if (entry.at < since) this.waiting.delete(id);
    for (const id of this.waiting.keys()) if (this.waiting.size > MAX_WAITING) this.waiting.delete(id);
  }
}
