// What a watch asks of the service (POST /v2/monitor): its name, schedule, targets and goal, built
// from the steps' choices and checked as the service checks them (1–50 targets, a search needs a
// goal unless judging is off, the name and goal within their lengths), so nothing invalid is sent.
import type { Schedule } from './schedule';

const MAX_TARGETS = 50;
const MAX_NAME_LENGTH = 256;
const MAX_GOAL_LENGTH = 2000;
const MAX_QUERIES = 12;
const MAX_QUERY_LENGTH = 256;

/** What to watch: addresses (one scrape target) or search queries (one search target). */
export type WatchWhat = { kind: 'urls'; urls: readonly string[] } | { kind: 'query'; queries: readonly string[] };

export interface WatchChoices {
  what: WatchWhat;
  schedule: Schedule;
  /** The person's time zone ("Europe/Berlin"). */
  timezone: string;
  goal?: string;
  name?: string;
}

type MonitorTargetRequest =
  | { type: 'scrape'; urls: string[]; scrapeOptions?: { formats: string[] } }
  | { type: 'search'; queries: string[] };

export interface MonitorCreateRequest {
  name: string;
  schedule: ({ text: string } | { cron: string }) & { timezone: string };
  targets: MonitorTargetRequest[];
  goal?: string;
  judgeEnabled?: boolean;
  webhook?: { url: string; headers?: Record<string, string>; metadata?: Record<string, string>; events?: Array<'monitor.page' | 'monitor.check.completed'> };
}

export type WatchProblem =
  | { kind: 'no-targets' }
  | { kind: 'too-many-targets'; count: number }
  | { kind: 'query-too-long' }
  | { kind: 'search-needs-goal' }
  | { kind: 'goal-too-long' };

/** A watch's name when none was given: its first address's host and path, or its query. */
export function watchName(what: WatchWhat): string {
  if (what.kind === 'query') return (what.queries[0] ?? '').slice(0, MAX_NAME_LENGTH);
  const first = what.urls[0] ?? '';
  let name = first;
  try {
    const url = new URL(first);
    name = `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    // Not a URL: its text is the name.
  }
  const more = what.urls.length > 1 ? ` (+${what.urls.length - 1})` : '';
  return `${name}${more}`.slice(0, MAX_NAME_LENGTH);
}

/** The body of POST /v2/monitor, or the first problem the service would refuse it for. */
export function buildMonitorRequest(c: WatchChoices): { ok: true; body: MonitorCreateRequest } | { ok: false; problem: WatchProblem } {
  const goal = c.goal?.trim() ?? '';
  if (goal.length > MAX_GOAL_LENGTH) return { ok: false, problem: { kind: 'goal-too-long' } };
  let target: MonitorTargetRequest;
  let what = c.what;
  if (c.what.kind === 'urls') {
    const urls = [...new Set(c.what.urls.map((u) => u.trim()).filter((u) => u !== ''))];
    if (urls.length === 0) return { ok: false, problem: { kind: 'no-targets' } };
    if (urls.length > MAX_TARGETS) return { ok: false, problem: { kind: 'too-many-targets', count: urls.length } };
    target = { type: 'scrape', urls, scrapeOptions: { formats: ['markdown'] } };
    what = { kind: 'urls', urls };
  } else {
    const queries = c.what.queries.map((q) => q.trim()).filter((q) => q !== '');
    if (queries.length === 0) return { ok: false, problem: { kind: 'no-targets' } };
    if (queries.length > MAX_QUERIES) return { ok: false, problem: { kind: 'too-many-targets', count: queries.length } };
    if (queries.some((q) => q.length > MAX_QUERY_LENGTH)) return { ok: false, problem: { kind: 'query-too-long' } };
    if (goal === '') return { ok: false, problem: { kind: 'search-needs-goal' } };
    target = { type: 'search', queries };
  }
  const name = (c.name?.trim() || watchName(what)).slice(0, MAX_NAME_LENGTH);
  return {
    ok: true,
    body: {
      name,
      schedule: { ...c.schedule.sent, timezone: c.timezone },
      targets: [target],
      ...(goal !== '' ? { goal, judgeEnabled: true } : {}),
    },
  };
}

/** How many pages one check reads: each address, or each query's results (the service's default 10). */
export function pagesPerCheck(what: WatchWhat, resultsPerQuery = 10): number {
  return what.kind === 'urls' ? new Set(what.urls).size : what.queries.length * resultsPerQuery;
}

/** What the "what to watch" box holds: "search: <query>" for a search, else addresses split by spaces or commas. */
export function whatOf(text: string): WatchWhat {
  const search = /^\s*search:\s*(.*)$/is.exec(text);
  if (search) return { kind: 'query', queries: [(search[1] ?? '').trim()].filter((q) => q !== '') };
  return { kind: 'urls', urls: text.split(/[\s,]+/).filter((u) => u !== '') };
}

/** The box's text for a `what`: the inverse of whatOf. */
export function textOfWhat(what: WatchWhat | undefined): string {
  if (!what) return '';
  return what.kind === 'query' ? `search: ${what.queries.join(' ')}` : what.urls.join(' ');
}

/** Credits a page, from this person's own kept scrapes (each one's `creditsUsed`); undefined when none says. */
export function creditsPerPageOf(pages: ReadonlyArray<{ creditsUsed?: number }>): number | undefined {
  const known = pages.map((p) => p.creditsUsed).filter((c): c is number => typeof c === 'number' && Number.isFinite(c) && c >= 0);
  return known.length === 0 ? undefined : known.reduce((a, b) => a + b, 0) / known.length;
}

/** A watch's own choices, to fill the steps again (Edit Watch…): its addresses or queries, schedule and goal. */
export function draftOf(monitor: { targets?: ReadonlyArray<{ type: string; urls?: readonly string[] | null; url?: string | null; queries?: readonly string[] | null }> | null; schedule?: { text?: string | null; cron?: string | null } | null; goal?: string | null }): { what?: WatchWhat; schedule: string; goal: string } {
  const targets = monitor.targets ?? [];
  const queries = targets.flatMap((t) => (t.type === 'search' ? [...(t.queries ?? [])] : []));
  const urls = targets.flatMap((t) => (t.type === 'scrape' ? [...(t.urls ?? [])] : t.type === 'crawl' && typeof t.url === 'string' ? [t.url] : []));
  const what: WatchWhat | undefined = queries.length > 0 && urls.length === 0 ? { kind: 'query', queries } : urls.length > 0 ? { kind: 'urls', urls } : undefined;
  return { ...(what ? { what } : {}), schedule: monitor.schedule?.text ?? monitor.schedule?.cron ?? '', goal: monitor.goal ?? '' };
}
