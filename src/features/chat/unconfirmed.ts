// The calls a spending tool prepared without asking the person, because nothing was to be sent
// then (not connected, an answer to reuse, the daily limit): should invoke find something to send
// after all, it sends nothing and tells the model to call again, so that no credits are ever spent
// without a confirmation of their price. Keyed by the model's input, as prepare and invoke see it.
export type UnconfirmedWhy = 'connected-later' | 'nothing-to-send';

export class Unconfirmed {
  private readonly calls = new Map<string, UnconfirmedWhy>();

  /** Prepared without a confirmation: `why` says what invoke tells the model if it would send. */
  mark(input: unknown, why: 'not-connected' | 'nothing-to-send'): void {
    this.calls.set(keyOf(input), why === 'not-connected' ? 'connected-later' : why);
    // Bounded: a prepare that never reached invoke (the person declined) leaves its key behind.
    for (const key of this.calls.keys()) if (this.calls.size > 32) this.calls.delete(key);
  }

  /** Prepared with a confirmation. */
  confirmed(input: unknown): void {
    this.calls.delete(keyOf(input));
  }

  /** At invoke: why this call was prepared without a confirmation, if it was; forgotten then. */
  take(input: unknown): UnconfirmedWhy | undefined {
    const key = keyOf(input);
    const why = this.calls.get(key);
    this.calls.delete(key);
    return why;
  }
}

/** A tool input as a key: the call prepared and the call invoked with the same input meet under it. */
export function keyOf(input: unknown): string {
  try {
    // undefined for an undefined input, whatever the declared type says.
    const json = JSON.stringify(input) as string | undefined;
    return json ?? '';
  } catch {
    return '';
  }
}
