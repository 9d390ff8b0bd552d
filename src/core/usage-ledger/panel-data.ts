// What the credits panel shows (issue 49), built from the usage ledger, the service's billing
// periods and balance, and the watches: the days by kind, the periods, the forecast, the biggest
// spenders. Plain data the webview draws and the table lists; every text from outside (a watch's
// name, a key's name) is a field, set as text by the page, never markup. The CSV is the table's.
import { forecast, type ForecastInput } from './forecast';
import { USAGE_KINDS, type UsageHistory, type UsageKind } from './ledger';

export interface PanelPeriod {
  startDate: string;
  endDate: string;
  /** The key's name as the service gives it, when the periods are by key. */
  apiKey: string | null;
  totalCredits: number;
}

export interface PanelWatch {
  id: string;
  name: string | null | undefined;
  status?: string | null;
  estimatedCreditsPerMonth: number | null | undefined;
}

export interface PanelInput {
  now: Date;
  /** 30 or 90. */
  range: number;
  /** The ledger read over the range (its spenders are of those days). */
  history: UsageHistory;
  periods: readonly PanelPeriod[];
  remainingCredits: number | undefined;
  periodStart: string | null;
  periodEnd: string | null;
  watches: readonly PanelWatch[];
}

/** A spender the panel lists: a kind, or one watch, job or run. */
export interface Spender {
  kind: UsageKind;
  /** The watch, job or run id; none for a whole kind. */
  subject?: string;
  /** A watch's name, a job's start address or a research run's prompt (outside text), when known. */
  name?: string;
  credits: number;
}

export interface PanelData {
  range: number;
  /** The kinds with credits in the range, in the chart's order. */
  kinds: UsageKind[];
  days: { day: string; byKind: Partial<Record<UsageKind, number>>; total: number }[];
  total: number;
  periods: PanelPeriod[];
  /** Whether the periods are by key (byApiKey named more than one). */
  byKey: boolean;
  remainingCredits: number | undefined;
  periodEnd: string | null;
  forecast: {
    perDay: number;
    basis: 'team-period' | 'this-machine';
    runsOutAt: string | undefined;
    daysShort: number | undefined;
    endsBeforePeriod: boolean;
    watchesByPeriodEnd: number | undefined;
    line: { day: string; remainingCredits: number }[];
  } | undefined;
  spenders: Spender[];
}

const SPENDERS = 8;

function isoDay(date: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The current period: the one whose dates hold `now`, summed over keys. */
function currentPeriod(periods: readonly PanelPeriod[], now: Date): { startDate: string; totalCredits: number } | undefined {
  const t = now.getTime();
  const holding = periods.filter((p) => Date.parse(p.startDate) <= t && t < Date.parse(p.endDate));
  const first = holding[0];
  return first ? { startDate: first.startDate, totalCredits: holding.reduce((s, p) => s + p.totalCredits, 0) } : undefined;
}

export function buildPanelData(input: PanelInput): PanelData {
  const days = input.history.days.slice(-input.range);
  const totals = new Map<UsageKind, number>();
  for (const d of days) for (const kind of USAGE_KINDS) totals.set(kind, (totals.get(kind) ?? 0) + d.byKind[kind]);
  const kinds = USAGE_KINDS.filter((k) => (totals.get(k) ?? 0) > 0);
  const teamPeriod = currentPeriod(input.periods, input.now);
  const byKey = new Set(input.periods.map((p) => p.apiKey ?? '')).size > 1;
  const names = new Map(input.watches.map((w) => [w.id, w.name ?? undefined]));
  const subjects: Spender[] = input.history.subjects.map((s) => {
    const name = s.kind === 'watch' ? names.get(s.subject) : undefined;
    return { kind: s.kind, subject: s.subject, credits: s.credits, ...(name ? { name } : {}) };
  });
  const wholeKinds: Spender[] = kinds.map((kind) => ({ kind, credits: totals.get(kind) ?? 0 }));
  const spenders = [...subjects, ...wholeKinds].sort((a, b) => b.credits - a.credits).slice(0, SPENDERS);
  const forecastInput: ForecastInput | undefined = input.remainingCredits === undefined ? undefined : {
    now: input.now, remainingCredits: input.remainingCredits, periodEnd: input.periodEnd,
    ...(teamPeriod ? { teamPeriod } : {}),
    recentDays: input.history.days.map((d) => d.total), watches: input.watches,
  };
  const f = forecastInput && forecast(forecastInput);
  return {
    range: input.range,
    kinds,
    days: days.map((d) => ({ day: d.day, byKind: Object.fromEntries(kinds.map((k) => [k, d.byKind[k]])), total: d.total })),
    total: days.reduce((s, d) => s + d.total, 0),
    periods: [...input.periods],
    byKey,
    remainingCredits: input.remainingCredits,
    periodEnd: input.periodEnd,
    forecast: f && {
      perDay: f.perDay, basis: f.basis, runsOutAt: f.runsOutAt?.toISOString(), daysShort: f.daysShort, endsBeforePeriod: f.endsBeforePeriod,
      watchesByPeriodEnd: f.watchesByPeriodEnd, line: f.line.map((p) => ({ day: isoDay(p.at), remainingCredits: p.remainingCredits })),
    },
    spenders,
  };
}

/** A CSV cell: quoted when it must be, and a leading =, +, - or @ made text (a spreadsheet would run it). */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The table as CSV: a row per day, a column per kind (the names given), and the total. */
export function usageCsv(data: PanelData, kindNames: Readonly<Record<UsageKind, string>>, dayHeading: string, totalHeading: string): string {
  const rows = [[dayHeading, ...data.kinds.map((k) => kindNames[k]), totalHeading]];
  for (const d of data.days) rows.push([d.day, ...data.kinds.map((k) => String(d.byKind[k] ?? 0)), String(d.total)]);
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
