// Numbers, dates and relative times in the display language, through Intl: the words around them
// are made by the features (through vscode.l10n), these give only the localized values they fill in.
// VS Code may report a tag Intl does not know (the pseudo locale "qps-ploc"): that falls back to
// English values instead of throwing.

export interface IntlOptions {
  /** A BCP 47 tag such as `en` or `de-CH` (VS Code's `env.language`). */
  locale: string;
  /** Pinned in tests; the user's own zone otherwise. */
  timeZone?: string;
}

// Formatters are kept by language and options: making one costs far more than using it (ICU
// looks the locale up each time), and the status bar, tooltips and rows format again at every
// render. A language that comes and goes (a window's display language is fixed) adds a few entries.
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | string>();

function kept<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | string>(key: string, make: () => T): T {
  let value = made.get(key) as T | undefined;
  if (value === undefined) {
    value = make();
    made.set(key, value);
  }
  return value;
}

/** An Intl locale that does not throw. */
export function safeLocale(locale: string): string {
  return kept(`locale|${locale}`, () => {
    try {
      return Intl.NumberFormat.supportedLocalesOf([locale]).length > 0 ? locale : 'en';
    } catch {
      return 'en';
    }
  });
}

const numberFormat = (locale: string, style: 'decimal' | 'percent'): Intl.NumberFormat =>
  kept(`number|${style}|${locale}`, () => new Intl.NumberFormat(safeLocale(locale), { style, maximumFractionDigits: 0 }));

const dateTimeFormat = (options: IntlOptions, shape: 'date' | 'time' | 'date-time'): Intl.DateTimeFormat =>
  kept(`datetime|${shape}|${options.locale}|${options.timeZone ?? ''}`, () => new Intl.DateTimeFormat(safeLocale(options.locale), {
    ...(shape === 'time' ? {} : { dateStyle: 'medium' }), ...(shape === 'date' ? {} : { timeStyle: 'short' }), timeZone: options.timeZone,
  }));

const relativeFormat = (locale: string): Intl.RelativeTimeFormat =>
  kept(`relative|${locale}`, () => new Intl.RelativeTimeFormat(safeLocale(locale), { numeric: 'auto' }));

/** A whole number with the language's separators: "12,345", "12.345", "12 345". */
export function formatNumber(value: number, locale: string): string {
  return numberFormat(locale, 'decimal').format(value);
}

/** A file's size in the language's units: "850 bytes", "12 kB", "4.2 MB" (decimal units, as file managers show). */
export function formatBytes(bytes: number, locale: string): string {
  const [unit, size] = bytes >= 1e9 ? ['gigabyte', bytes / 1e9] as const : bytes >= 1e6 ? ['megabyte', bytes / 1e6] as const : bytes >= 1e3 ? ['kilobyte', bytes / 1e3] as const : ['byte', bytes] as const;
  // Bytes spelled out: the short form of the unit is "byte" whatever the count.
  return kept(`bytes|${unit}|${locale}`, () => new Intl.NumberFormat(safeLocale(locale), { style: 'unit', unit, unitDisplay: unit === 'byte' ? 'long' : 'short', maximumFractionDigits: 1 })).format(size);
}

/** "123%": the percent sign's place and spacing differ by language. */
export function formatPercent(percent: number, locale: string): string {
  return numberFormat(locale, 'percent').format(percent / 100);
}

/** A calendar date, medium length: "Nov 1, 2026", "01.11.2026". */
export function formatDate(at: Date, options: IntlOptions): string {
  return dateTimeFormat(options, 'date').format(at);
}

/** A time of day, short: "9:14 PM", "21:14". */
export function formatTime(at: Date, options: IntlOptions): string {
  return dateTimeFormat(options, 'time').format(at);
}

/** A date and time, for a moment that may be days ago. */
export function formatDateTime(at: Date, options: IntlOptions): string {
  return dateTimeFormat(options, 'date-time').format(at);
}

/** Whole days from now: "in 3 days", "today", "2 days ago" in the display language. */
export function formatRelativeDays(days: number, locale: string): string {
  return relativeFormat(locale).format(days, 'day');
}

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [['day', 86_400_000], ['hour', 3_600_000], ['minute', 60_000]];

/** How long ago, in the largest whole unit: "5 minutes ago", "yesterday"; under a minute "now". */
export function formatAgo(at: Date, now: Date, locale: string): string {
  const ms = Math.max(0, now.getTime() - at.getTime());
  const rtf = relativeFormat(locale);
  for (const [unit, size] of UNITS) {
    if (ms >= size) return rtf.format(-Math.floor(ms / size), unit);
  }
  return rtf.format(0, 'second');
}

/** A length of time in its largest whole unit, as a phrase: "3 hours", "2 days"; under a minute "0 minutes". */
export function formatAge(ms: number, locale: string): string {
  const [unit, size] = UNITS.find(([, s]) => ms >= s) ?? ['minute', 60_000];
  return new Intl.NumberFormat(safeLocale(locale), { style: 'unit', unit, unitDisplay: 'long' }).format(Math.floor(Math.max(0, ms) / size));
}
