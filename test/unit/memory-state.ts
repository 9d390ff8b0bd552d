// Global state as the stores read it (and as an earlier version left it), kept in a Map: keys,
// values and updates that resolve at once (undefined deletes the key).
export class MemoryState {
  constructor(readonly values = new Map<string, unknown>()) {}
  keys(): readonly string[] { return [...this.values.keys()]; }
  get(key: string): unknown { return this.values.get(key); }
  update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, value);
    return Promise.resolve();
  }
}
