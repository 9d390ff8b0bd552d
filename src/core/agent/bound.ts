// The bound of a research run (issue 36): the service spends up to 2,500 credits on one that names
// none, so every start here names one the person chose: the `webData.agent.maxCredits` setting
// (user settings only) unless the review or the command's argument sets another. Above
// `webData.agent.confirmAboveCredits` a modal names it. A chat agent's own bound is capped at
// `webData.chat.maxResearchCredits`, and its confirmation says when it was lowered.

const DEFAULT_AGENT_MAX_CREDITS = 100;
const DEFAULT_CHAT_RESEARCH_CREDITS = 50;
/** The most a bound may be here: the service's own default, which no one needs to type past. */
const MOST_AGENT_CREDITS = 2500;

/** A bound as typed or given: a whole number of credits from 1 to MOST_AGENT_CREDITS, or why not. */
export function readBound(value: unknown): { ok: true; credits: number } | { ok: false; reason: 'not-a-number' | 'too-small' | 'too-large' } {
  const number = typeof value === 'string' ? (value.trim() === '' ? Number.NaN : Number(value.trim().replace(/[,_\s]/g, ''))) : typeof value === 'number' ? value : Number.NaN;
  if (!Number.isFinite(number) || !Number.isInteger(number)) return { ok: false, reason: 'not-a-number' };
  if (number < 1) return { ok: false, reason: 'too-small' };
  if (number > MOST_AGENT_CREDITS) return { ok: false, reason: 'too-large' };
  return { ok: true, credits: number };
}

/** The bound a person's run starts with: the one asked for when it reads as one, else the setting's. */
export function startingBound(asked: unknown, setting: number): number {
  const given = asked === undefined ? undefined : readBound(asked);
  if (given?.ok) return given.credits;
  const fallback = readBound(setting);
  return fallback.ok ? fallback.credits : DEFAULT_AGENT_MAX_CREDITS;
}

/** Whether the bound is high enough that a modal names it before the start. */
export function needsConfirmation(credits: number, confirmAbove: number): boolean {
  return Number.isFinite(confirmAbove) && credits > confirmAbove;
}

/** A chat agent's bound: its own (or the cap when it named none), never above the cap. */
export function chatBound(asked: number | undefined, cap: number): { credits: number; lowered: boolean } {
  const most = readBound(cap).ok ? Math.floor(cap) : DEFAULT_CHAT_RESEARCH_CREDITS;
  if (asked === undefined || !Number.isFinite(asked) || asked < 1) return { credits: most, lowered: false };
  const credits = Math.floor(asked);
  return credits > most ? { credits: most, lowered: true } : { credits, lowered: false };
}
