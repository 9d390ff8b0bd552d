// What the browser session commands take (issue 39). A session's row in Active Crawls, its id, or
// `{ sessionId }` / `{ id }`: the session Stop, Open Live View and Copy Session ID act on; undefined
// asks. Run in Browser Session takes the same, or nothing (then the person picks). Continue in a
// Browser takes a scraped page's tab (its Uri, read by the feature), else nothing.
import { isSessionId } from '../browser/request';
import { viewRows } from '../view-nodes';
import { dataArgument } from './decode';

export function decodeBrowserSessionId(argument: unknown): string | undefined {
  const row = viewRows.activeCrawls.of(argument);
  if (row) return row.kind === 'browserSession' ? row.id : undefined;
  if (isSessionId(argument)) return argument;
  const data = dataArgument(argument);
  const id = data?.sessionId ?? data?.id;
  return isSessionId(id) ? id : undefined;
}

/** Start a Browser Session…'s prefill: `{ ttl?, profile? }` (seconds; a profile name), else nothing. */
export function decodeStartSessionArgument(argument: unknown): { ttl?: number; profile?: string } {
  const data = dataArgument(argument);
  if (!data) return {};
  return {
    ...(typeof data.ttl === 'number' ? { ttl: data.ttl } : {}),
    ...(typeof data.profile === 'string' ? { profile: data.profile } : {}),
  };
}
