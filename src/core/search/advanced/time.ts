// The time step of advanced search: a range (spec 2.3 qdr:h|d|w|m|y, or the custom range
// cdr:1,cd_min:MM/DD/YYYY,cd_max:MM/DD/YYYY) and sort by date (sbd:1), combined into one `tbs`
// as the grammar allows: at most one range, and sort by date with any of them.

export const PRESET_RANGES = ['h', 'd', 'w', 'm', 'y'] as const;
type PresetRange = (typeof PRESET_RANGES)[number];

export type TimeRange =
  | { kind: 'any' }
  | { kind: 'preset'; range: PresetRange }
  /** Dates as the spec writes them, MM/DD/YYYY, start not after end. */
  | { kind: 'custom'; start: string; end: string };

export interface TimeChoice { range: TimeRange; sortByDate: boolean }

/** The tbs for a choice; undefined when it filters nothing (any time, by relevance). */
export function buildTbs(choice: TimeChoice): string | undefined {
  const parts: string[] = [];
  if (choice.sortByDate) parts.push('sbd:1');
  const { range } = choice;
  if (range.kind === 'preset') parts.push(`qdr:${range.range}`);
  if (range.kind === 'custom') parts.push('cdr:1', `cd_min:${range.start}`, `cd_max:${range.end}`);
  return parts.length > 0 ? parts.join(',') : undefined;
}

/** A tbs back to a choice (an argument's, or the last search's); undefined when it is not one we can show. */
export function parseTbs(tbs: string): TimeChoice | undefined {
  const parts = new Map<string, string>();
  for (const part of tbs.split(',').map((p) => p.trim()).filter((p) => p !== '')) {
    const colon = part.indexOf(':');
    if (colon < 0 || parts.has(part.slice(0, colon))) return undefined;
    parts.set(part.slice(0, colon), part.slice(colon + 1));
  }
  const sbd = parts.get('sbd');
  if (sbd !== undefined && sbd !== '1') return undefined;
  const qdr = parts.get('qdr');
  const cdr = parts.get('cdr');
  const known = ['sbd', 'qdr', 'cdr', 'cd_min', 'cd_max'];
  if ([...parts.keys()].some((key) => !known.includes(key))) return undefined;
  let range: TimeRange = { kind: 'any' };
  if (qdr !== undefined) {
    if (cdr !== undefined || !(PRESET_RANGES as readonly string[]).includes(qdr)) return undefined;
    range = { kind: 'preset', range: qdr as PresetRange };
  } else if (cdr !== undefined) {
    const checked = checkDateRange(`${parts.get('cd_min') ?? ''} - ${parts.get('cd_max') ?? ''}`);
    if (cdr !== '1' || !checked.ok) return undefined;
    range = { kind: 'custom', start: checked.start, end: checked.end };
  } else if (parts.has('cd_min') || parts.has('cd_max')) return undefined;
  return { range, sortByDate: sbd === '1' };
}

export type DateRangeCheck =
  | { ok: true; start: string; end: string }
  | { ok: false; problem: 'format' | 'badStart' | 'badEnd' | 'startAfterEnd' };

/**
 * The custom range as typed into one box, "MM/DD/YYYY - MM/DD/YYYY" (a hyphen, en dash or "to"
 * between), checked as typed: real calendar dates, start not after end. Dates come back in the
 * spec's two-digit form.
 */
export function checkDateRange(text: string): DateRangeCheck {
  // A hyphen, an en dash, an em dash or 'to' (the dashes as \u escapes: the bundles stay ASCII).
  const match = /^\s*(\S+)\s*(?:-|\u2013|\u2014|to)\s*(\S+)\s*$/i.exec(text);
  if (!match?.[1] || !match[2]) return { ok: false, problem: 'format' };
  const start = calendarDate(match[1]);
  if (!start) return { ok: false, problem: 'badStart' };
  const end = calendarDate(match[2]);
  if (!end) return { ok: false, problem: 'badEnd' };
  if (start.ordinal > end.ordinal) return { ok: false, problem: 'startAfterEnd' };
  return { ok: true, start: start.text, end: end.text };
}

/** The range as the box shows it. */
export function formatDateRange(start: string, end: string): string {
  return `${start} - ${end}`;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function calendarDate(value: string): { text: string; ordinal: number } | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (!match) return undefined;
  const month = Number(match[1]);
  const day = Number(match[2]);
  const year = Number(match[3]);
  if (year < 1 || month < 1 || month > 12) return undefined;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 31);
  if (day < 1 || day > days) return undefined;
  const two = (n: number): string => String(n).padStart(2, '0');
  return { text: `${two(month)}/${two(day)}/${match[3]}`, ordinal: year * 10000 + month * 100 + day };
}
