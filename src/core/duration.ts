// A duration in the words a person would use for it: the one place waits and timeouts are worded,
// so no message says "Wait 0 ms" or "1667 minutes". The unit is the largest in which the number
// stays readable (seconds up to 2 minutes, minutes up to 2 hours, hours up to 2 days, then days);
// a value that had to be rounded says "about", and a rounded value never claims a round number it
// is not (1,500 ms is "1.5 seconds", not "2 seconds").

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const UNITS: ReadonlyArray<{ ms: number; name: string; below: number }> = [
  { ms: SECOND, name: 'second', below: 2 * MINUTE },
  { ms: MINUTE, name: 'minute', below: 2 * HOUR },
  { ms: HOUR, name: 'hour', below: 2 * DAY },
  { ms: DAY, name: 'day', below: Infinity },
];

/** "1.5 seconds", "28 seconds", "about 3 minutes", "about 28 hours", "less than a second". */
export function describeDuration(ms: number): string {
  if (!Number.isFinite(ms)) return 'an unknown time';
  if (ms <= 0) return 'no time';
  if (ms < 100) return 'less than a tenth of a second';
  const unit = UNITS.find((candidate) => ms < candidate.below) ?? { ms: DAY, name: 'day' };
  const value = ms / unit.ms;
  // One decimal below ten units ("1.5 seconds", "0.3 seconds"); whole numbers above.
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  const about = Math.abs(rounded * unit.ms - ms) >= 1 ? 'about ' : '';
  return `${about}${rounded} ${unit.name}${rounded === 1 ? '' : 's'}`;
}
