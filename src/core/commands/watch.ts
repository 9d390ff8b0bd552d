// What the watch commands take. Watch for Changes…: an address, several, `{ query }` for a search,
// `{ urls | query, schedule?, goal? }` to fill the steps (a schedule goes straight to the review),
// or a row with an address (a search result, a kept page, a crawled page); anything else asks.
// The row actions: a watch's row (or its check's, or its page's), its id, or `{ watchId }`.
import { keptRow } from '../view-nodes';
import type { WatchWhat } from '../monitor/request';
import { dataArgument } from './decode';
import { decodeUrl } from './search';

export type WatchArgument =
  | { kind: 'prefill'; what: WatchWhat; schedule?: string; goal?: string }
  | { kind: 'none' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string') ? value : undefined;
}

export function decodeWatchArgument(argument: unknown): WatchArgument {
  const urls = strings(argument);
  if (urls) return { kind: 'prefill', what: { kind: 'urls', urls } };
  const data = dataArgument(argument);
  if (data) {
    const schedule = typeof data.schedule === 'string' ? { schedule: data.schedule } : {};
    const goal = typeof data.goal === 'string' ? { goal: data.goal } : {};
    const given = strings(data.urls) ?? (typeof data.url === 'string' ? [data.url] : undefined);
    if (given) return { kind: 'prefill', what: { kind: 'urls', urls: given }, ...schedule, ...goal };
    const queries = strings(data.queries) ?? (typeof data.query === 'string' ? [data.query] : undefined);
    if (queries) return { kind: 'prefill', what: { kind: 'query', queries }, ...schedule, ...goal };
    return { kind: 'none' };
  }
  const url = decodeUrl(argument);
  return url.kind === 'url' ? { kind: 'prefill', what: { kind: 'urls', urls: [url.url] } } : { kind: 'none' };
}

/** The watch a row action is about: its row (a check's or page's row names its watch), its id, or `{ watchId }`. */
export function decodeWatchId(argument: unknown): string | undefined {
  if (typeof argument === 'string') return UUID.test(argument) ? argument.toLowerCase() : undefined;
  const row = keptRow(argument);
  if (row) {
    if (row.type === 'watch') return row.monitor.id;
    if (row.type === 'watchCheck' || row.type === 'watchPage') return row.monitorId;
    return undefined;
  }
  const id = dataArgument(argument)?.watchId;
  return typeof id === 'string' && UUID.test(id) ? id.toLowerCase() : undefined;
}

/** Delete Watch: the watch, and whether `{ confirmed: true }` skips the question. */
export function decodeDeleteWatch(argument: unknown): { watchId: string | undefined; confirmed: boolean } {
  return { watchId: decodeWatchId(argument), confirmed: dataArgument(argument)?.confirmed === true };
}

/** Open Changes: a page's row (its diff), a check's row or a watch's row (the changed pages of that check, or of the last). */
export type ChangesArgument =
  | { kind: 'page'; watchId: string; checkId: string; url: string }
  | { kind: 'check'; watchId: string; checkId?: string }
  | { kind: 'none' };

export function decodeChanges(argument: unknown): ChangesArgument {
  const row = keptRow(argument);
  if (row?.type === 'watchPage') return { kind: 'page', watchId: row.monitorId, checkId: row.checkId, url: row.page.url };
  if (row?.type === 'watchCheck') return { kind: 'check', watchId: row.monitorId, checkId: row.check.id };
  const watchId = decodeWatchId(argument);
  if (watchId === undefined) return { kind: 'none' };
  const data = dataArgument(argument);
  const checkId = typeof data?.checkId === 'string' && UUID.test(data.checkId) ? data.checkId.toLowerCase() : undefined;
  if (checkId !== undefined && typeof data?.url === 'string') return { kind: 'page', watchId, checkId, url: data.url };
  return checkId !== undefined ? { kind: 'check', watchId, checkId } : { kind: 'check', watchId };
}
