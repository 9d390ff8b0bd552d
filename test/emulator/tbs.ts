// The `tbs` time filter of spec 2.3, written independently of the client's validator on purpose:
// a property test checks that both accept and refuse the same values.

export interface TbsFilter {
  /** Predefined range: results newer than now() minus an hour, day, week, month or year. */
  range?: 'h' | 'd' | 'w' | 'm' | 'y';
  /** Custom range, inclusive, in ms since the epoch (UTC days). */
  from?: number;
  to?: number;
  sortByDate: boolean;
}

export type TbsResult = { ok: true; filter: TbsFilter } | { ok: false; message: string };

const KEYS = new Set(['qdr', 'cdr', 'cd_min', 'cd_max', 'sbd']);

/** MM/DD/YYYY (or M/D/YYYY, which the live service accepts too) as a real calendar day: ms of its first instant (UTC), or undefined. */
function calendarDay(text: string): number | undefined {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (m === null) return undefined;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // The calendar has no year 0. setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
  if (year < 1) return undefined;
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? d.getTime() : undefined;
}

export function parseTbs(tbs: string): TbsResult {
  const seen = new Map<string, string>();
  for (const part of tbs.split(',')) {
    const colon = part.indexOf(':');
    const key = colon === -1 ? part : part.slice(0, colon);
    if (!KEYS.has(key) || colon === -1) {
      return { ok: false, message: `"${part}" is not a tbs part; use qdr:h|d|w|m|y, cdr:1,cd_min:MM/DD/YYYY,cd_max:MM/DD/YYYY or sbd:1, joined by commas` };
    }
    if (seen.has(key)) return { ok: false, message: `${key} appears twice; give each part once` };
    seen.set(key, part.slice(colon + 1));
  }
  const filter: TbsFilter = { sortByDate: false };
  const qdr = seen.get('qdr');
  if (qdr !== undefined) {
    if (!/^[hdwmy]$/.test(qdr)) return { ok: false, message: `qdr:${qdr} is not a range; use qdr:h, qdr:d, qdr:w, qdr:m or qdr:y` };
    filter.range = qdr as TbsFilter['range'];
  }
  const sbd = seen.get('sbd');
  if (sbd !== undefined) {
    if (sbd !== '1') return { ok: false, message: `sbd:${sbd} is not allowed; sort by date is written sbd:1` };
    filter.sortByDate = true;
  }
  const cdr = seen.get('cdr');
  const min = seen.get('cd_min');
  const max = seen.get('cd_max');
  if (cdr === undefined) {
    if (min !== undefined || max !== undefined) return { ok: false, message: 'cd_min and cd_max need cdr:1 before them, as in cdr:1,cd_min:01/31/2025,cd_max:02/28/2025' };
    return { ok: true, filter };
  }
  if (cdr !== '1') return { ok: false, message: `cdr:${cdr} is not allowed; a custom date range starts with cdr:1` };
  if (qdr !== undefined) return { ok: false, message: 'qdr and cdr cannot be combined; give either a predefined or a custom date range' };
  if (min === undefined || max === undefined) return { ok: false, message: 'cdr:1 needs both cd_min:MM/DD/YYYY and cd_max:MM/DD/YYYY' };
  const from = calendarDay(min);
  const toDay = calendarDay(max);
  if (from === undefined) return { ok: false, message: `cd_min:${min} is not a real date written MM/DD/YYYY` };
  if (toDay === undefined) return { ok: false, message: `cd_max:${max} is not a real date written MM/DD/YYYY` };
  if (from > toDay) return { ok: false, message: `cd_min ${min} is after cd_max ${max}` };
  filter.from = from;
  filter.to = toDay + 86_400_000 - 1;
  return { ok: true, filter };
}

/** Earliest time a page may have under a predefined range. */
export function rangeStart(range: NonNullable<TbsFilter['range']>, now: Date): number {
  const d = new Date(now.getTime());
  if (range === 'h') return d.getTime() - 3_600_000;
  if (range === 'd') return d.getTime() - 86_400_000;
  if (range === 'w') return d.getTime() - 7 * 86_400_000;
  if (range === 'm') d.setUTCMonth(d.getUTCMonth() - 1);
  else d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d.getTime();
}
