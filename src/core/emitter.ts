// A typed event for the VS Code-free core: the search service and the polled resources tell the views and
// the other features what happened without knowing them. The feature side turns it into a vscode.Event.

export interface Subscription {
  dispose(): void;
}

export type Listener<T> = (value: T) => void;

export class Emitter<T> {
  private readonly listeners = new Set<Listener<T>>();

  /** Subscribes; a listener added twice is called twice (each subscription is its own). */
  readonly event = (listener: Listener<T>): Subscription => {
    // A wrapper per subscription, so disposing one never removes another of the same function.
    const own: Listener<T> = (value) => listener(value);
    this.listeners.add(own);
    return { dispose: () => void this.listeners.delete(own) };
  };

  /** Calls every listener; one that throws is reported and does not stop the others. */
  fire(value: T, onError: (err: unknown) => void = () => undefined): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (err) {
        onError(err);
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}
