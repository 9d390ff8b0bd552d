// The team's usage over time (issue 49): every charge the emulator takes, kept with what spent it
// (the endpoint in GET /v2/team/activity's words), its id, the key that asked and its target, and
// the three endpoints read from it: GET /v2/team/credit-usage/historical (billing periods, by key
// when asked), GET /v2/team/activity (the team's jobs, newest first, paged by cursor) and GET
// /v2/team/queue-status. The demo team starts with 60 days of such usage across kinds, so the
// credits panel has a history to draw.

/** What spent, in GET /v2/team/activity's words. */
export const ACTIVITY_ENDPOINTS = ['scrape', 'crawl', 'batch_scrape', 'search', 'extract', 'llmstxt', 'deep_research', 'map', 'agent', 'browser', 'interact'] as const;
export type ActivityEndpoint = (typeof ACTIVITY_ENDPOINTS)[number];

export interface UsageRecord {
  /** Epoch ms. */
  at: number;
  endpoint: ActivityEndpoint;
  credits: number;
  /** The job's or request's id. */
  id: string;
  /** The key that asked (the team may have several). */
  apiKey: string;
  target: string | null;
}

interface HistoryTeam {
  apiKey: string;
  history: UsageRecord[];
  usage: { billingPeriodStart?: string | null; billingPeriodEnd?: string | null } | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A second key of the demo team (a CI machine's), so /historical?byApiKey=true has two. */
export const DEMO_CI_KEY = 'wd-demo-ci-key-0001';

/**
 * 60 days of a team's usage before `now`, the same for the same `now`: searches every day, pages
 * and a watch's checks most days, a crawl a week (from the CI key), research runs and browser
 * minutes now and then. Credits grow a little over the weeks, so a forecast has a rate to read.
 */
export function demoHistory(now: Date, apiKey: string): UsageRecord[] {
  const out: UsageRecord[] = [];
  const id = (day: number, n: number): string => `00000000-0000-4000-8${String(day).padStart(3, '0')}-${String(n).padStart(12, '0')}`;
  for (let day = 60; day >= 1; day--) {
    const at = now.getTime() - day * DAY_MS + 9 * 60 * 60 * 1000;
    const growth = 1 + (60 - day) / 60;
    const add = (endpoint: ActivityEndpoint, credits: number, n: number, target: string | null, key = apiKey): void => {
      if (credits > 0) out.push({ at: at + n * 60_000, endpoint, credits: Math.round(credits), id: id(day, n), apiKey: key, target });
    };
    add('search', (8 + (day % 5) * 3) * growth, 1, null);
    if (day % 3 !== 0) add('scrape', (4 + (day % 4)) * growth, 2, `https://docs.tideflow.dev/page-${day % 9}`);
    add('map', day % 6 === 0 ? 1 : 0, 3, 'https://docs.tideflow.dev');
    if (day % 7 === 2) add('crawl', 120 + (day % 3) * 40, 4, 'https://handbook.tideflow.dev', DEMO_CI_KEY);
    if (day % 10 === 5) add('batch_scrape', 25, 5, 'https://status.tideflow.dev');
    if (day % 2 === 0) add('scrape', 10 * growth, 6, 'monitor:tideflow-pricing');
    if (day % 9 === 4) add('deep_research', 60, 7, null);
    if (day % 8 === 3) add('extract', 15, 8, 'https://docs.tideflow.dev/limits');
    if (day % 11 === 6) add('browser', 12, 9, null);
  }
  return out;
}

/** GET /v2/team/credit-usage/historical: the team's credits in each billing period, months back from the current one; by key when asked. */
export function answerHistorical(team: HistoryTeam, byApiKey: boolean, now: Date): unknown {
  const start = team.usage?.billingPeriodStart ? new Date(team.usage.billingPeriodStart) : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const periodOf = (at: number): { startDate: string; endDate: string } => {
    let s = new Date(start);
    while (s.getTime() > at) s = new Date(Date.UTC(s.getUTCFullYear(), s.getUTCMonth() - 1, s.getUTCDate()));
    let e = new Date(Date.UTC(s.getUTCFullYear(), s.getUTCMonth() + 1, s.getUTCDate()));
    while (e.getTime() <= at) { s = e; e = new Date(Date.UTC(s.getUTCFullYear(), s.getUTCMonth() + 1, s.getUTCDate())); }
    return { startDate: s.toISOString(), endDate: e.toISOString() };
  };
  const sums = new Map<string, { startDate: string; endDate: string; apiKey: string | null; totalCredits: number }>();
  for (const record of team.history) {
    const period = periodOf(record.at);
    const apiKey = byApiKey ? maskKey(record.apiKey) : null;
    const key = `${period.startDate} ${apiKey ?? ''}`;
    const known = sums.get(key);
    if (known) known.totalCredits += record.credits;
    else sums.set(key, { ...period, apiKey, totalCredits: record.credits });
  }
  const periods = [...sums.values()].sort((a, b) => b.startDate.localeCompare(a.startDate) || (a.apiKey ?? '').localeCompare(b.apiKey ?? ''));
  return { success: true, periods };
}

/** A key as the service names it in /historical: its last four characters only. */
function maskKey(apiKey: string): string {
  return `…${apiKey.slice(-4)}`;
}

/** GET /v2/team/activity: the team's jobs and requests, newest first, `limit` a page (1–100, 50 by default), the cursor the next one's offset. */
export function answerActivity(team: HistoryTeam, query: URLSearchParams): { status: number; body: unknown } {
  const endpoint = query.get('endpoint');
  if (endpoint !== null && !(ACTIVITY_ENDPOINTS as readonly string[]).includes(endpoint)) {
    return { status: 400, body: { success: false, error: `Bad Request: endpoint must be one of ${ACTIVITY_ENDPOINTS.join(', ')}` } };
  }
  const limitText = query.get('limit');
  const limit = limitText === null ? 50 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) return { status: 400, body: { success: false, error: 'Bad Request: limit must be an integer from 1 to 100' } };
  const cursorText = query.get('cursor');
  const offset = cursorText === null ? 0 : Number(Buffer.from(cursorText, 'base64url').toString('utf8'));
  if (!Number.isInteger(offset) || offset < 0) return { status: 400, body: { success: false, error: 'Bad Request: invalid cursor' } };
  // A run billed as it goes is charged several times: its activity is one row, at its newest charge.
  const seen = new Set<string>();
  const all = team.history.filter((r) => endpoint === null || r.endpoint === endpoint).sort((a, b) => b.at - a.at)
    .filter((r) => !seen.has(r.id) && seen.add(r.id));
  const page = all.slice(offset, offset + limit);
  const more = offset + limit < all.length;
  return {
    status: 200,
    body: {
      success: true,
      data: page.map((r) => ({ id: r.id, endpoint: r.endpoint, api_version: 'v2', created_at: new Date(r.at).toISOString(), target: r.target })),
      cursor: more ? Buffer.from(String(offset + limit), 'utf8').toString('base64url') : null,
      has_more: more,
    },
  };
}

/** GET /v2/team/queue-status from the team's jobs running now. */
export function answerQueueStatus(running: number, mostRecentSuccess: number | undefined): unknown {
  const maxConcurrency = 5;
  const active = Math.min(running, maxConcurrency);
  return {
    success: true,
    jobsInQueue: running,
    activeJobsInQueue: active,
    waitingJobsInQueue: running - active,
    maxConcurrency,
    mostRecentSuccess: mostRecentSuccess === undefined ? null : new Date(mostRecentSuccess).toISOString(),
  };
}
