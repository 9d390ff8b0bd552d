// The `tbs` time filter (spec 2.3): comma-combined parts `qdr:h|d|w|m|y`, `sbd:1`, and the custom
// range `cdr:1,cd_min:MM/DD/YYYY,cd_max:MM/DD/YYYY` with real calendar dates, min not after max.
// One-digit months and days (`cd_min:12/1/2024`) are accepted, as the live service accepts them,
// and sent as the spec writes dates (12/01/2024). Problems are sentences for a person.

const QDR_RANGES = { h: 'the past hour', d: 'the past day', w: 'the past week', m: 'the past month', y: 'the past year' } as const;

export type TbsCheck = { ok: true; tbs: string } | { ok: false; problems: string[] };

interface CalendarDate { text: string; ordinal: number }

/** Checks a tbs string; on success gives it normalised (parts trimmed, no empty parts). */
export function checkTbs(tbs: string): TbsCheck {
  const problems: string[] = [];
  const parts = tbs.split(',').map((part) => part.trim());
  const seen = new Set<string>();
  let qdr: string | undefined;
  let cdr = false;
  let min: CalendarDate | undefined;
  let max: CalendarDate | undefined;

  // The parts as sent: dates written out in two digits.
  const normalised: string[] = [];
  for (const part of parts) {
    normalised.push(part);
    if (part === '') {
      problems.push('There is an empty part between commas; write the parts joined by single commas, such as "sbd:1,qdr:w".');
      continue;
    }
    const colon = part.indexOf(':');
    const key = colon < 0 ? part : part.slice(0, colon);
    const value = colon < 0 ? undefined : part.slice(colon + 1);
    if (seen.has(key)) {
      problems.push(`"${key}" appears more than once; give it once.`);
      continue;
    }
    seen.add(key);
    switch (key) {
      case 'qdr':
        if (value !== undefined && Object.hasOwn(QDR_RANGES, value)) qdr = value;
        else problems.push(`"${clip(part)}" is not a time range; use qdr:h (hour), qdr:d (day), qdr:w (week), qdr:m (month) or qdr:y (year).`);
        break;
      case 'sbd':
        if (value !== '1') problems.push(`"${clip(part)}" is not understood; write sbd:1 to sort by date.`);
        break;
      case 'cdr':
        if (value === '1') cdr = true;
        else problems.push(`"${clip(part)}" is not understood; a custom date range starts with cdr:1.`);
        break;
      case 'cd_min':
      case 'cd_max': {
        const date = parseDate(value ?? '', key, problems);
        if (key === 'cd_min') min = date;
        else max = date;
        if (date) normalised[normalised.length - 1] = `${key}:${date.text}`;
        break;
      }
      default:
        problems.push(`"${clip(part)}" is not a time filter; use qdr:h|d|w|m|y, sbd:1, or cdr:1,cd_min:MM/DD/YYYY,cd_max:MM/DD/YYYY.`);
    }
  }

  const hasMin = seen.has('cd_min');
  const hasMax = seen.has('cd_max');
  if (seen.has('cdr') && cdr && (!hasMin || !hasMax)) {
    problems.push(`A custom date range needs both dates: cdr:1,cd_min:MM/DD/YYYY,cd_max:MM/DD/YYYY (${hasMin ? 'cd_max' : hasMax ? 'cd_min' : 'cd_min and cd_max'} missing).`);
  }
  if ((hasMin || hasMax) && !seen.has('cdr')) {
    problems.push('cd_min and cd_max need cdr:1 in front of them: cdr:1,cd_min:MM/DD/YYYY,cd_max:MM/DD/YYYY.');
  }
  if (min && max && min.ordinal > max.ordinal) {
    problems.push(`The range starts on ${min.text}, after it ends on ${max.text}; swap the dates.`);
  }
  if (qdr !== undefined && seen.has('cdr')) {
    problems.push(`Choose either a time range (qdr:${qdr}) or a custom date range (cdr:1), not both.`);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, tbs: normalised.join(',') };
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function parseDate(value: string, key: string, problems: string[]): CalendarDate | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (!match) {
    problems.push(`${key} "${clip(value)}" is not a date in the form MM/DD/YYYY, such as 03/31/2025.`);
    return undefined;
  }
  const month = Number(match[1]);
  const day = Number(match[2]);
  const year = Number(match[3]);
  if (year < 1 || month < 1 || month > 12) {
    problems.push(`${key} "${value}" is not a real date: ${month < 1 || month > 12 ? `there is no month ${month}` : 'there is no year 0'}.`);
    return undefined;
  }
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 31);
  if (day < 1 || day > days) {
    problems.push(`${key} "${value}" is not a real date: month ${month} of ${year} has ${days} days.`);
    return undefined;
  }
  const two = (n: number): string => String(n).padStart(2, '0');
  return { text: `${two(month)}/${two(day)}/${match[3]}`, ordinal: year * 10000 + month * 100 + day };
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
