// Which checks of the watches count in today's spend (issue 37): every check the service ran,
// on schedule or asked for, whose `actualCredits` it reported and that ended today (local time),
// each once. A check's spend entry id is its own ("watch-check:<id>"), so the same check recorded by
// two windows, or twice by one, still counts once (src/core/spend/ledger.ts sums distinct ids).
import { localDay } from '../spend/ledger';
import type { Monitor, MonitorCheck } from './schemas';

export interface CheckSpend {
  /** The spend entry's id. */
  id: string;
  credits: number;
}

export function checkSpendId(checkId: string): string {
  return `watch-check:${checkId.toLowerCase()}`;
}

/** The local day a time falls on; undefined for no time or one that is not a date. */
function dayOf(iso: string | null | undefined): string | undefined {
  if (typeof iso !== 'string') return undefined;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? undefined : localDay(at);
}

/** The checks that ended on `day` with their credits reported, not among `counted` (spend ids). */
export function checksToCount(checks: readonly MonitorCheck[], day: string, counted: ReadonlySet<string>): CheckSpend[] {
  const out: CheckSpend[] = [];
  for (const check of checks) {
    const credits = check.actualCredits;
    if (typeof credits !== 'number' || !Number.isFinite(credits) || credits < 0) continue;
    if (check.status === 'queued' || check.status === 'running') continue;
    if (dayOf(check.finishedAt ?? check.startedAt ?? check.createdAt) !== day) continue;
    const id = checkSpendId(check.id);
    if (!counted.has(id)) out.push({ id, credits });
  }
  return out;
}

/**
 * The watches whose checks must be read to count today's: those that last ran today, and whose
 * last run differs from the one this window read them at (`readAt`: watch id → lastRunAt).
 */
export function watchesRunToday(monitors: readonly Monitor[], day: string, readAt: ReadonlyMap<string, string>): Monitor[] {
  return monitors.filter((m) => typeof m.lastRunAt === 'string' && dayOf(m.lastRunAt) === day && readAt.get(m.id) !== m.lastRunAt);
}
