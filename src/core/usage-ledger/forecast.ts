// When the credits run out at the current rate, against the billing period's end (issue 49), and
// what the active watches will cost by then. The rate is the team's when the service told what the
// current period has spent so far (GET /v2/team/credit-usage/historical: every machine and key of
// the team), else this machine's over the last 14 days (the usage ledger). Structure only: dates
// and numbers; the words are made where they are shown.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days of this machine's history the rate is read from when the team's is not known. */
export const RATE_DAYS = 14;

export interface ForecastInput {
  now: Date;
  remainingCredits: number;
  /** The period's end (ISO), null on a plan without periods. */
  periodEnd: string | null;
  /** The current period's start and what the team spent in it so far, when /historical answered. */
  teamPeriod?: { startDate: string; totalCredits: number };
  /** This machine's credits per day, oldest first, today last. */
  recentDays: readonly number[];
  /** Each active watch's `estimatedCreditsPerMonth`. */
  watches: readonly { estimatedCreditsPerMonth: number | null | undefined; status?: string | null }[];
}

interface Forecast {
  /** Credits a day at the current rate. */
  perDay: number;
  basis: 'team-period' | 'this-machine';
  /** When the credits run out at that rate; undefined when nothing is spent. */
  runsOutAt: Date | undefined;
  periodEnd: Date | undefined;
  /** Whole days the credits run out before the period ends (0 or more; undefined without both dates). */
  daysShort: number | undefined;
  /** Whether the credits run out before the period ends. */
  endsBeforePeriod: boolean;
  /** What the active watches cost from now to the period's end (30-day months), undefined without an end. */
  watchesByPeriodEnd: number | undefined;
  /** The credits left at the end of each day from today to the period's end (or 90 days), for the chart's line. */
  line: { at: Date; remainingCredits: number }[];
}

function validDate(text: string | null | undefined): Date | undefined {
  if (typeof text !== 'string') return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : new Date(at);
}

/** The credits a day now: the team's over its current period, else this machine's over its last RATE_DAYS days. */
export function currentRate(input: Pick<ForecastInput, 'now' | 'teamPeriod' | 'recentDays'>): { perDay: number; basis: Forecast['basis'] } {
  const start = validDate(input.teamPeriod?.startDate);
  if (input.teamPeriod && start) {
    // A period started an hour ago is not a day's rate: read it over one day at least.
    const days = Math.max(1, (input.now.getTime() - start.getTime()) / DAY_MS);
    return { perDay: Math.max(0, input.teamPeriod.totalCredits) / days, basis: 'team-period' };
  }
  const recent = input.recentDays.slice(-RATE_DAYS);
  const sum = recent.reduce((a, b) => a + b, 0);
  return { perDay: recent.length === 0 ? 0 : sum / recent.length, basis: 'this-machine' };
}

export function forecast(input: ForecastInput): Forecast {
  const { perDay, basis } = currentRate(input);
  const now = input.now.getTime();
  const remaining = Math.max(0, input.remainingCredits);
  const runsOutAt = perDay > 0 ? new Date(now + (remaining / perDay) * DAY_MS) : undefined;
  const periodEnd = validDate(input.periodEnd);
  const endsBeforePeriod = runsOutAt !== undefined && periodEnd !== undefined && runsOutAt < periodEnd;
  const daysShort = runsOutAt && periodEnd ? Math.max(0, Math.floor((periodEnd.getTime() - runsOutAt.getTime()) / DAY_MS)) : undefined;
  const daysLeft = periodEnd ? Math.max(0, (periodEnd.getTime() - now) / DAY_MS) : undefined;
  const monthly = input.watches
    .filter((w) => (w.status ?? 'active') === 'active')
    .reduce((sum, w) => sum + (typeof w.estimatedCreditsPerMonth === 'number' && w.estimatedCreditsPerMonth > 0 ? w.estimatedCreditsPerMonth : 0), 0);
  const watchesByPeriodEnd = daysLeft === undefined ? undefined : Math.round((monthly * daysLeft) / 30);
  const lineDays = Math.min(90, Math.ceil(daysLeft ?? 30));
  const line = Array.from({ length: lineDays + 1 }, (_, d) => ({ at: new Date(now + d * DAY_MS), remainingCredits: Math.max(0, Math.round(remaining - perDay * d)) }));
  return { perDay, basis, runsOutAt, periodEnd, daysShort, endsBeforePeriod, watchesByPeriodEnd, line };
}
