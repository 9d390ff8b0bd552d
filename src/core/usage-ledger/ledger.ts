// Where the credits went (issue 49): every spend today's spend counts (src/core/spend/ledger.ts),
// kept by local day and by kind for the last 90 days. Every window writes its own key of each day (a
// prefix, the day and its session id: ./store.ts) in a sub-folder of the shared folder
// (src/core/shared-folder.ts), so no window's write drops another's; the history is every key read
// together. An entry holds a kind,
// the credits, a short hash of the spend's id (the same spend recorded twice, in one window or in
// two, counts once) and, for what a person can open and stop (a watch, a crawl, a research run),
// that thing's id. No query, address, title or name: counts, kinds, ids and dates only.
// Plain data; the VS Code side is src/features/spend/usage-ledger.ts.

/** Shared folder keys (its own sub-folder, src/features/spend/usage-ledger.ts): this prefix, the local day, the window's session id. */
export const USAGE_KEY_PREFIX = 'webData.usage:';

/** What spent, in the service's words; the order is the chart's. */
export const USAGE_KINDS = ['search', 'page', 'document', 'crawl', 'extract', 'research', 'watch', 'browser', 'docs'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

/** Days kept, today included. */
export const USAGE_DAYS = 90;

export interface UsageSpend {
  kind: UsageKind;
  credits: number;
  /** The spend's id as today's spend counts it (`job:…`, a search's id, `check:…`). */
  id: string;
  /** The watch, job or run it belongs to, when a person can open it. */
  subject?: string;
}

/** One entry: kind, credits, the spend id's hash, and the subject when there is one. */
type UsageEntry = readonly [UsageKind, number, string] | readonly [UsageKind, number, string, string];

export interface WindowUsage {
  /** Local day (YYYY-MM-DD) → that day's entries. */
  days: Record<string, UsageEntry[]>;
}

const DAY = /^\d{4}-\d\d-\d\d$/;
const KINDS: ReadonlySet<string> = new Set(USAGE_KINDS);

/** A short stable hash of a spend's id (two 32-bit FNV-1a runs, base 36): about 13 characters instead of a 40-character id. */
export function spendHash(id: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193 + 2);
  }
  return (a >>> 0).toString(36) + (b >>> 0).toString(36).padStart(7, '0');
}

function isEntry(e: unknown): e is UsageEntry {
  if (!Array.isArray(e) || (e.length !== 3 && e.length !== 4)) return false;
  const [kind, credits, hash, subject] = e as unknown[];
  return typeof kind === 'string' && KINDS.has(kind) && typeof credits === 'number' && Number.isFinite(credits) && credits >= 0
    && typeof hash === 'string' && (subject === undefined || typeof subject === 'string');
}

/** A stored value read back; what is not a window's usage is an empty one (never a crash), bad entries left out. */
export function parseWindowUsage(value: unknown): WindowUsage {
  const days: Record<string, UsageEntry[]> = {};
  if (typeof value !== 'object' || value === null) return { days };
  const stored = (value as { days?: unknown }).days;
  if (typeof stored !== 'object' || stored === null) return { days };
  for (const [day, entries] of Object.entries(stored)) {
    if (!DAY.test(day) || !Array.isArray(entries)) continue;
    const kept = entries.filter(isEntry);
    if (kept.length > 0) days[day] = kept;
  }
  return { days };
}

/** The local day `days` days before `day` (YYYY-MM-DD), calendar arithmetic (a clock change is no day). */
export function dayBefore(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) - days);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The first day kept when today is `today`. */
export function firstKeptDay(today: string): string {
  return dayBefore(today, USAGE_DAYS - 1);
}

/** The window's usage with `spend` added on `day` (once per id) and the days before the 90 dropped. */
export function withUsage(current: WindowUsage, day: string, spend: UsageSpend): WindowUsage {
  const first = firstKeptDay(day);
  const days: Record<string, UsageEntry[]> = {};
  for (const [d, entries] of Object.entries(current.days)) if (d >= first) days[d] = entries;
  const hash = spendHash(spend.id);
  const others = (days[day] ?? []).filter((e) => e[2] !== hash);
  const entry: UsageEntry = spend.subject === undefined ? [spend.kind, spend.credits, hash] : [spend.kind, spend.credits, hash, spend.subject];
  days[day] = [...others, entry];
  return { days };
}

type CreditsByKind = Record<UsageKind, number>;

function noCredits(): CreditsByKind {
  return Object.fromEntries(USAGE_KINDS.map((k) => [k, 0])) as CreditsByKind;
}

interface UsageDay {
  day: string;
  byKind: CreditsByKind;
  total: number;
}

/** What one watch, job or run spent over the days read. */
interface UsageSubject {
  kind: UsageKind;
  subject: string;
  credits: number;
}

export interface UsageHistory {
  /** Every day from `from` to `to`, in order, days without spend included. */
  days: UsageDay[];
  subjects: UsageSubject[];
}

/** Every window's usage merged for the days `from`..`to` (a spend in two windows counts once). */
export function usageHistory(windows: readonly WindowUsage[], from: string, to: string): UsageHistory {
  const byDay = new Map<string, UsageDay>();
  for (let d = to; d >= from; d = dayBefore(d, 1)) byDay.set(d, { day: d, byKind: noCredits(), total: 0 });
  const seen = new Set<string>();
  const subjects = new Map<string, UsageSubject>();
  for (const usage of windows) {
    for (const [day, entries] of Object.entries(usage.days)) {
      const sums = byDay.get(day);
      if (!sums) continue;
      for (const [kind, credits, hash, subject] of entries) {
        const once = `${day} ${hash}`;
        if (seen.has(once)) continue;
        seen.add(once);
        sums.byKind[kind] += credits;
        sums.total += credits;
        if (subject === undefined) continue;
        const key = `${kind} ${subject}`;
        const known = subjects.get(key);
        if (known) known.credits += credits;
        else subjects.set(key, { kind, subject, credits });
      }
    }
  }
  return { days: [...byDay.values()].reverse(), subjects: [...subjects.values()] };
}
