// Lists that every window writes to global state without losing another window's entries: each
// window writes only its own key (a prefix and its session id) and readers merge every window's
// key, as today's spend does (src/core/spend/ledger.ts). A window that closed leaves its key,
// which the next write of any window drops once all its entries are past their age. No VS Code:
// `state` is a Memento's keys and get.

export interface KeyedState {
  keys(): readonly string[];
  get(key: string): unknown;
}

export interface Dated {
  /** Milliseconds since the epoch, when the entry was written. */
  savedAt: number;
}

/** Every window's entries under `prefix`, each read with `parse` (entries it cannot read are left out). */
export function allEntries<T>(state: KeyedState, prefix: string, parse: (value: unknown) => T[]): T[] {
  return state.keys().filter((key) => key.startsWith(prefix)).flatMap((key) => parse(state.get(key)));
}

/** Other windows' keys under `prefix` whose entries are all older than `maxAgeMs`: to remove. */
export function staleKeys<T extends Dated>(state: KeyedState, prefix: string, ownKey: string, parse: (value: unknown) => T[], now: number, maxAgeMs: number): string[] {
  return state.keys().filter((key) => key.startsWith(prefix) && key !== ownKey && parse(state.get(key)).every((entry) => now - entry.savedAt > maxAgeMs));
}

export function arrayOf<T>(value: unknown, read: (item: unknown) => T | undefined): T[] {
  return Array.isArray(value) ? value.flatMap((item) => { const entry = read(item); return entry === undefined ? [] : [entry]; }) : [];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
