// Checking what is typed into the steps of advanced search, as it is typed, and the review: the
// body webData.search will send (the settings under the choices, checked and normalised by the
// client's own rules), with the warnings that only make sense once all choices are known.
import { checkHostname } from '../../api/domains';
import { validateSearchRequest, type SearchRequestCheck } from '../../api/request';
import { mergeWithSettings, type SearchDefaults } from '../request';
import { choicesToRequest, type AdvancedChoices } from './choices';
import { estimateCredits, type CreditEstimate } from '../estimate';
import { queryWarnings, type QueryWarning } from './operators';

export type LimitCheck = { ok: true; limit: number } | { ok: false; problem: 'notWhole' | 'range' };

/** Results per source: a whole number from 1 to 100 (spec 8). */
export function checkLimit(text: string): LimitCheck {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { ok: false, problem: 'notWhole' };
  const limit = Number(trimmed);
  return limit >= 1 && limit <= 100 ? { ok: true, limit } : { ok: false, problem: 'range' };
}

export type HostnamesCheck = { ok: true; hostnames: string[] } | { ok: false; empty: true } | { ok: false; empty: false; messages: string[] };

/** Hostnames separated by commas or spaces, each checked as the client checks includeDomains. */
export function checkHostnames(text: string): HostnamesCheck {
  const entries = text.split(/[\s,]+/).filter((entry) => entry !== '');
  if (entries.length === 0) return { ok: false, empty: true };
  const hostnames: string[] = [];
  const messages: string[] = [];
  for (const entry of entries) {
    const checked = checkHostname(entry);
    if (checked.ok) {
      if (!hostnames.includes(checked.hostname)) hostnames.push(checked.hostname);
    } else messages.push(checked.message);
  }
  return messages.length > 0 ? { ok: false, empty: false, messages } : { ok: true, hostnames };
}

export interface Review {
  /** The request given to webData.search. */
  request: Record<string, unknown>;
  /** What the client makes of it with today's settings under it: the body sent, or the problems. */
  checked: SearchRequestCheck;
  estimate: CreditEstimate | undefined;
  warnings: QueryWarning[];
}

export function review(choices: AdvancedChoices, settings: SearchDefaults): Review {
  const request = choicesToRequest(choices);
  const checked = validateSearchRequest(mergeWithSettings(settings, request).request);
  return {
    request,
    checked,
    estimate: checked.ok ? estimateCredits(checked.body) : undefined,
    warnings: queryWarnings(choices.query, choices.sources),
  };
}
