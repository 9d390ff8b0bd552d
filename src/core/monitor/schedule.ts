// A watch's schedule in words ("every 30 minutes", "hourly", "daily at 9am", "weekly on monday") or
// as a five-field cron, read the way the service reads it: checked as typed, its next runs in a
// time zone, its shortest gap (the service refuses anything under 5 minutes) and its runs in a
// month (the bound). Words become a cron here so one engine answers every question; what is sent
// is what was typed (`text` or `cron`), with the zone. Plain data, no VS Code.

/** The service's shortest interval between two checks. */
const MIN_INTERVAL_MINUTES = 5;

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

type ScheduleProblem =
  | { kind: 'empty' }
  | { kind: 'unreadable' }
  | { kind: 'too-often'; minutes: number }
  | { kind: 'bad-zone'; zone: string };

export interface Schedule {
  /** What the service is sent: the words as typed, or the cron. */
  sent: { text: string } | { cron: string };
  /** The same schedule as a cron, for the next runs. */
  cron: string;
  /** The shortest gap between two runs, in minutes. */
  intervalMinutes: number;
}

export type ScheduleCheck = { ok: true; schedule: Schedule } | { ok: false; problem: ScheduleProblem };

interface Field { values: ReadonlySet<number>; any: boolean }
interface Cron { minute: Field; hour: Field; day: Field; month: Field; weekday: Field }

/** Reads what the person typed: words or a cron, refused under the 5-minute minimum. */
export function parseSchedule(typed: string): ScheduleCheck {
  const words = typed.trim().toLowerCase().replace(/\s+/g, ' ');
  if (words === '') return { ok: false, problem: { kind: 'empty' } };
  const fromWords = cronOfWords(words);
  const cronText = fromWords?.cron ?? words;
  const cron = parseCron(cronText);
  if (!cron) return { ok: false, problem: { kind: 'unreadable' } };
  const intervalMinutes = fromWords?.interval ?? shortestGap(cron);
  if (intervalMinutes < MIN_INTERVAL_MINUTES) return { ok: false, problem: { kind: 'too-often', minutes: intervalMinutes } };
  return { ok: true, schedule: { sent: fromWords ? { text: typed.trim() } : { cron: cronText }, cron: cronText, intervalMinutes } };
}

/** "9am", "9:30", "21:00", "9.30pm": hours and minutes, or undefined. */
function timeOf(text: string): { h: number; m: number } | undefined {
  const t = /^(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?$/.exec(text);
  if (!t) return undefined;
  let h = Number(t[1]);
  const m = t[2] === undefined ? 0 : Number(t[2]);
  if (t[3] !== undefined) {
    if (h < 1 || h > 12) return undefined;
    h = (h % 12) + (t[3] === 'pm' ? 12 : 0);
  }
  return h <= 23 && m <= 59 ? { h, m } : undefined;
}

const UNIT = /^(minute|min|hour|hr|day)s?$/;

/** The text forms the service takes, as a cron and their interval. */
function cronOfWords(words: string): { cron: string; interval: number } | undefined {
  const every = /^every (?:(\d{1,4}) )?([a-z]+)$/.exec(words);
  if (every?.[2] !== undefined && UNIT.test(every[2])) {
    const n = every[1] === undefined ? 1 : Number(every[1]);
    if (n < 1) return undefined;
    const unit = every[2].startsWith('min') ? 'minute' : every[2].startsWith('h') ? 'hour' : 'day';
    // The service counts the interval as said; the cron (for the next runs shown) restarts each hour or day.
    if (unit === 'minute') return n >= 60 && n % 60 === 0 ? cronOfWords(`every ${n / 60} hours`) : { cron: `*/${n} * * * *`, interval: n };
    if (unit === 'hour') return n >= 24 && n % 24 === 0 ? cronOfWords(`every ${n / 24} days`) : { cron: `0 */${n} * * *`, interval: 60 * n };
    return n === 1 ? { cron: '0 0 * * *', interval: 1440 } : { cron: `0 0 */${n} * *`, interval: 1440 };
  }
  if (words === 'hourly') return { cron: '0 * * * *', interval: 60 };
  const daily = /^(?:daily|every day)(?: at (.+))?$/.exec(words);
  if (daily) {
    const at = daily[1] === undefined ? { h: 0, m: 0 } : timeOf(daily[1]);
    return at ? { cron: `${at.m} ${at.h} * * *`, interval: 1440 } : undefined;
  }
  const weekly = /^(?:weekly(?: on ([a-z]+))?|every ([a-z]+))(?: at (.+))?$/.exec(words);
  if (weekly) {
    const dayName = weekly[1] ?? weekly[2];
    const day = dayName === undefined ? 1 : DAYS.findIndex((d) => d === dayName || (dayName.length >= 3 && d.startsWith(dayName)));
    const at = weekly[3] === undefined ? { h: 0, m: 0 } : timeOf(weekly[3]);
    return day >= 0 && at ? { cron: `${at.m} ${at.h} * * ${day}`, interval: 10080 } : undefined;
  }
  return undefined;
}

function parseField(text: string, min: number, max: number): Field | undefined {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) return undefined;
    const from = m[1] === '*' ? min : Number(m[2]);
    const to = m[1] === '*' ? max : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? max : from;
    const step = m[4] === undefined ? 1 : Number(m[4]);
    if (from < min || to > max || from > to || step < 1) return undefined;
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return { values, any: text === '*' };
}

/** A five-field cron (minute hour day-of-month month day-of-week; 7 is Sunday too), or undefined. */
function parseCron(text: string): Cron | undefined {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 5) return undefined;
  const [mi, h, d, mo, w] = parts as [string, string, string, string, string];
  const minute = parseField(mi, 0, 59);
  const hour = parseField(h, 0, 23);
  const day = parseField(d, 1, 31);
  const month = parseField(mo, 1, 12);
  const weekday = parseField(w, 0, 7);
  if (!minute || !hour || !day || !month || !weekday) return undefined;
  if (weekday.values.has(7)) weekday.values = new Set([...weekday.values, 0]);
  return { minute, hour, day, month, weekday };
}

const MINUTE = 60_000;

/** Wall-clock fields of an instant in a zone, through an offset read once per hour of the scan. */
class ZoneClock {
  private readonly format: Intl.DateTimeFormat;
  private hour = Number.NaN;
  private offset = 0;

  constructor(zone: string) {
    this.format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  }

  wall(ms: number): Date {
    const hour = Math.floor(ms / 3_600_000);
    if (hour !== this.hour) {
      this.hour = hour;
      const parts: Record<string, number> = {};
      for (const part of this.format.formatToParts(new Date(hour * 3_600_000))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
      const asUtc = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
      this.offset = asUtc - hour * 3_600_000;
    }
    return new Date(ms + this.offset);
  }
}

function matches(cron: Cron, wall: Date): boolean {
  if (!cron.minute.values.has(wall.getUTCMinutes()) || !cron.hour.values.has(wall.getUTCHours()) || !cron.month.values.has(wall.getUTCMonth() + 1)) return false;
  const day = cron.day.values.has(wall.getUTCDate());
  const weekday = cron.weekday.values.has(wall.getUTCDay());
  // Cron's rule: with both day fields restricted, either one matching is enough.
  if (!cron.day.any && !cron.weekday.any) return day || weekday;
  return day && weekday;
}

/** Whether `zone` is a time zone this runtime knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The next `count` runs after `from` in `zone`, scanning at most `withinDays`. */
export function nextRuns(cronText: string, zone: string, from: Date, count: number, withinDays = 400): Date[] {
  const cron = parseCron(cronText);
  if (!cron || !isTimeZone(zone)) return [];
  const clock = new ZoneClock(zone);
  const runs: Date[] = [];
  const end = from.getTime() + withinDays * 1440 * MINUTE;
  for (let ms = (Math.floor(from.getTime() / MINUTE) + 1) * MINUTE; ms <= end && runs.length < count; ms += MINUTE) {
    if (matches(cron, clock.wall(ms))) runs.push(new Date(ms));
  }
  return runs;
}

/** The shortest gap between runs of a cron over a fortnight, in minutes (UTC: gaps do not depend on the zone but at a DST change). */
function shortestGap(cron: Cron): number {
  const clock = new ZoneClock('UTC');
  let last: number | undefined;
  let gap = Number.POSITIVE_INFINITY;
  const start = Date.UTC(2026, 0, 1);
  for (let ms = start; ms < start + 14 * 1440 * MINUTE; ms += MINUTE) {
    if (!matches(cron, clock.wall(ms))) continue;
    if (last !== undefined) gap = Math.min(gap, (ms - last) / MINUTE);
    last = ms;
    if (gap < MIN_INTERVAL_MINUTES) break;
  }
  return Number.isFinite(gap) ? gap : 14 * 1440;
}

/** How many checks a schedule makes in 30 days from `from` (the bound's "checks a month"). */
export function checksPerMonth(schedule: Schedule, zone: string, from: Date): number {
  return nextRuns(schedule.cron, zone, from, 30 * 1440, 30).length;
}
