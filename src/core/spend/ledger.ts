// Credits spent today, per local day, by who asked: a chat agent, the person (the palette, the
// views, keybindings) or another extension. Every window keeps its own entry in global state
// (its own key), so a write never loses another window's; today's spend is the sum of every
// window's entries for today. Plain data here; the VS Code side is src/features/spend.
import type { SearchAsker } from '../search/record';

/** Global state keys (webData.spend): this prefix and the window's session id. */
import { SPEND_KEY_PREFIX } from '../shared-keys';

export { SPEND_KEY_PREFIX };

export interface SpendEntry {
  /** The search's id: a search counted twice (a retried write) counts once. */
  id: string;
  credits: number;
  askedBy: SearchAsker;
}

export interface WindowSpend {
  /** The local day, YYYY-MM-DD. */
  day: string;
  entries: SpendEntry[];
}

export type SpendToday = Readonly<Record<SearchAsker, number>>;

const ASKERS: readonly SearchAsker[] = ['agent', 'person', 'extension'];

/** The local calendar day of `date`, YYYY-MM-DD. */
export function localDay(date: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A stored value read back; anything that is not a window's spend is undefined (never a crash). */
export function parseWindowSpend(value: unknown): WindowSpend | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { day, entries } = value as { day?: unknown; entries?: unknown };
  if (typeof day !== 'string' || !/^\d{4}-\d\d-\d\d$/.test(day) || !Array.isArray(entries)) return undefined;
  const kept = entries.filter((e): e is SpendEntry => {
    if (typeof e !== 'object' || e === null) return false;
    const { id, credits, askedBy } = e as Record<string, unknown>;
    return typeof id === 'string' && typeof credits === 'number' && Number.isFinite(credits) && credits >= 0 && ASKERS.includes(askedBy as SearchAsker);
  });
  return { day, entries: kept };
}

/** The window's spend with `entry` added for `day` (a new day starts empty). */
export function withSpend(current: WindowSpend | undefined, day: string, entry: SpendEntry): WindowSpend {
  const entries = current?.day === day ? current.entries.filter((e) => e.id !== entry.id) : [];
  return { day, entries: [...entries, entry] };
}

/** Today's credits by who asked, over every window's stored spend. */
export function spendToday(values: readonly unknown[], day: string): SpendToday {
  const sums: Record<SearchAsker, number> = { agent: 0, person: 0, extension: 0 };
  const seen = new Set<string>();
  for (const value of values) {
    const spend = parseWindowSpend(value);
    if (spend?.day !== day) continue;
    for (const entry of spend.entries) {
      if (seen.has(entry.id)) continue;
      seen.add(entry.id);
      sums[entry.askedBy] += entry.credits;
    }
  }
  return sums;
}

export type CapCheck =
  | { kind: 'ok' }
  /** The price's most would take agents past the limit. */
  | { kind: 'would-pass'; spent: number; limit: number; most: number }
  | { kind: 'reached'; spent: number; limit: number };

/** Whether agents may spend `most` more credits today (undefined: the price is unknown). */
export function checkCap(spentByAgents: number, limit: number, most: number | undefined): CapCheck {
  if (spentByAgents >= limit) return { kind: 'reached', spent: spentByAgents, limit };
  if (most !== undefined && spentByAgents + most > limit) return { kind: 'would-pass', spent: spentByAgents, limit, most };
  return { kind: 'ok' };
}
