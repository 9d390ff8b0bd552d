// The features loaded on first use, each made once: `get(name)` reads its bundle (synchronously,
// through the loader's code cache) and runs its register function the first time, and returns the
// same API every time after. Activation makes this table and runs none of it; the stand-ins
// (./stand-ins.ts) call `get` when an entry is first used, and a feature that needs another gets
// it the same way. What one feature hears from another is wired with `event`: a listener attached
// now to a feature not loaded yet waits for it, since nothing can fire before its feature exists.
import * as vscode from 'vscode';

export type Factories<Apis> = { readonly [K in keyof Apis]: () => Apis[K] };

export class LazyFeatures<Apis> {
  private readonly made: { [K in keyof Apis]?: { api: Apis[K] } } = {};
  private readonly loading = new Set<keyof Apis>();
  private readonly order: Array<keyof Apis> = [];
  private readonly waiting: { [K in keyof Apis]?: Array<(api: Apis[K]) => void> } = {};
  private readonly loaded = new vscode.EventEmitter<keyof Apis>();
  /** After each feature is made: its name (the host tests and the log follow it). */
  readonly onDidLoad = this.loaded.event;

  constructor(private readonly factories: Factories<Apis>, private readonly log: vscode.LogOutputChannel) {}

  /** The feature's API, made now if it was not yet. Throws what its bundle or register function throws. */
  get<K extends keyof Apis>(name: K): Apis[K] {
    const made = this.made[name];
    if (made) return made.api;
    if (this.loading.has(name)) throw new Error(`The feature ${String(name)} needs itself while it is being made`);
    this.loading.add(name);
    const started = performance.now();
    let api: Apis[K];
    try {
      api = this.factories[name]();
    } finally {
      this.loading.delete(name);
    }
    this.made[name] = { api };
    this.order.push(name);
    this.log.debug(`Loaded the ${String(name)} feature in ${(performance.now() - started).toFixed(1)} ms.`);
    const waiting = this.waiting[name] ?? [];
    this.waiting[name] = [];
    for (const then of waiting) then(api);
    this.loaded.fire(name);
    return api;
  }

  /** Whether the feature was made (nothing is loaded by asking). */
  has(name: keyof Apis): boolean {
    return this.made[name] !== undefined;
  }

  /** The feature's API if it was made, else undefined (nothing is loaded by asking): a link that only a loaded feature answers. */
  ifMade<K extends keyof Apis>(name: K): Apis[K] | undefined {
    return this.made[name]?.api;
  }

  /** The features made so far, in the order they were. */
  get names(): ReadonlyArray<keyof Apis> {
    return this.order;
  }

  /** Runs `then` with the feature's API once it is made (now, when it already is). */
  whenMade<K extends keyof Apis>(name: K, then: (api: Apis[K]) => void): void {
    const made = this.made[name];
    if (made) {
      then(made.api);
      return;
    }
    (this.waiting[name] ??= []).push(then);
  }

  /** One of a feature's events, listened to before the feature is made: the listener is attached once it is. */
  event<K extends keyof Apis, T>(name: K, pick: (api: Apis[K]) => vscode.Event<T>): vscode.Event<T> {
    return (listener, thisArgs, disposables) => {
      let attached: vscode.Disposable | undefined;
      let disposed = false;
      this.whenMade(name, (api) => {
        if (!disposed) attached = pick(api)(listener, thisArgs);
      });
      const subscription = new vscode.Disposable(() => {
        disposed = true;
        attached?.dispose();
      });
      disposables?.push(subscription);
      return subscription;
    };
  }
}
