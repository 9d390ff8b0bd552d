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

/** An Intl locale that does not throw. */
export function safeLocale(locale: string): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale]).length > 0 ? locale : 'en';
  } catch {
    return 'en';
  }
}

/** A whole number with the language's separators: "12,345", "12.345", "12 345". */
export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(safeLocale(locale), { maximumFractionDigits: 0 }).format(value);
}

/** "123%": the percent sign's place and spacing differ by language. */
export function formatPercent(percent: number, locale: string): string {
  return new Intl.NumberFormat(safeLocale(locale), { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}

/** A calendar date, medium length: "Nov 1, 2026", "01.11.2026". */
export function formatDate(at: Date, options: IntlOptions): string {
  return new Intl.DateTimeFormat(safeLocale(options.locale), { dateStyle: 'medium', timeZone: options.timeZone }).format(at);
}

/** A time of day, short: "9:14 PM", "21:14". */
export function formatTime(at: Date, options: IntlOptions): string {
  return new Intl.DateTimeFormat(safeLocale(options.locale), { timeStyle: 'short', timeZone: options.timeZone }).format(at);
}

/** A date and time, for a moment that may be days ago. */
export function formatDateTime(at: Date, options: IntlOptions): string {
  return new Intl.DateTimeFormat(safeLocale(options.locale), { dateStyle: 'medium', timeStyle: 'short', timeZone: options.timeZone }).format(at);
}

/** Whole days from now: "in 3 days", "today", "2 days ago" in the display language. */
export function formatRelativeDays(days: number, locale: string): string {
  return new Intl.RelativeTimeFormat(safeLocale(locale), { numeric: 'auto' }).format(days, 'day');
}

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [['day', 86_400_000], ['hour', 3_600_000], ['minute', 60_000]];

/** How long ago, in the largest whole unit: "5 minutes ago", "yesterday"; under a minute "now". */
export function formatAgo(at: Date, now: Date, locale: string): string {
  const ms = Math.max(0, now.getTime() - at.getTime());
  const rtf = new Intl.RelativeTimeFormat(safeLocale(locale), { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (ms >= size) return rtf.format(-Math.floor(ms / size), unit);
  }
  return rtf.format(0, 'second');
}
