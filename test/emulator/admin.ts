// The admin endpoint under /_emulator/ for scripts (the sandbox, shell checks): no auth, loopback
// callers only, bodies checked with zod. Its requests stay out of the request log.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { ActiveCrawl } from '../../src/core/api/schemas';
import { isLoopbackHost } from '../../src/core/service-address';
import { FaultRuleSchema } from './faults';
import type { EmulatorState } from './state';
import { handleWebhookAdmin } from './webhooks';
import { handleJobAdmin } from './job-control';
import { advanceMonitorClock } from './monitors';
import { readBody, sendJson } from './wire';
import { ACTIVITY_ENDPOINTS } from './usage-history';

const UsageSchema = z
  .object({
    remainingTokens: z.number(),
    planTokens: z.number(),
    billingPeriodStart: z.string().nullable(),
    billingPeriodEnd: z.string().nullable(),
  })
  .nullable();

const CrawlsSchema = z.array(
  z.object({ id: z.string(), teamId: z.string().optional(), url: z.string(), options: z.object({ scrapeOptions: z.record(z.string(), z.unknown()).optional() }).loose().optional() }).loose(),
);

const TeamSchema = z.object({
  apiKey: z.string().min(1),
  teamId: z.string().optional(),
  usage: UsageSchema.optional(),
  crawls: CrawlsSchema.optional(),
  enterprise: z.array(z.enum(['anon', 'zdr'])).optional(),
  /** Its usage before now (GET /v2/team/activity, /historical): a test's own jobs, targets as it chooses. */
  history: z.array(z.object({
    at: z.number(), endpoint: z.enum(ACTIVITY_ENDPOINTS), credits: z.number().min(0), id: z.string().min(1), apiKey: z.string().min(1), target: z.string().nullable(),
  })).optional(),
});

const RateLimitSchema = z.object({ requests: z.number().int().min(1), windowMs: z.number().int().min(1) }).nullable();

function isLoopback(address: string | undefined): boolean {
  return address !== undefined && isLoopbackHost(address);
}

/** Shows enough of a key to tell teams apart, never the whole key. */
function keyHint(apiKey: string): string {
  return apiKey.length <= 8 ? '…' : `${apiKey.slice(0, 4)}…${apiKey.slice(-2)}`;
}

function state(s: EmulatorState): unknown {
  return {
    success: true,
    teams: [...s.teams.values()].map((t) => ({ teamId: t.teamId, keyHint: keyHint(t.apiKey), usage: t.usage, crawls: t.crawls, enterprise: t.enterprise })),
    rateLimit: s.rateLimiter.limit,
    faults: s.faults.list().map((r) => ({ ...r, apiKey: r.apiKey === undefined ? undefined : keyHint(r.apiKey), times: r.times === Infinity ? 'Infinity' : r.times })),
    requestCount: s.requests.length,
    recentRequests: s.requests.slice(-50),
  };
}

export async function handleAdmin(s: EmulatorState, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  if (!isLoopback(req.socket.remoteAddress)) { sendJson(res, 403, { success: false, error: 'The emulator admin endpoint answers loopback callers only.' }); return; }
  const { text, tooLarge } = await readBody(req);
  if (tooLarge) { sendJson(res, 413, { success: false, error: 'Request body is larger than 1 MiB.' }); return; }
  let body: unknown = null;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      sendJson(res, 400, { success: false, error: 'The body is not valid JSON.' }); return;
    }
  }
  const route = `${req.method ?? 'GET'} ${path.replace(/\/+$/, '')}`;
  const parse = <T>(schema: z.ZodType<T>, then: (value: T) => void): void => {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
      return sendJson(res, 400, { success: false, error: `Bad admin request: ${issues}` });
    }
    then(parsed.data);
    sendJson(res, 200, { success: true });
  };

  if (await handleWebhookAdmin(s, route, body, res)) return;
  if (await handleJobAdmin(s, route, body, res)) return;
  if (route === 'GET /_emulator/state') { sendJson(res, 200, state(s)); return; }
  if (route === 'POST /_emulator/faults') { parse(FaultRuleSchema, (rule) => s.faults.add(rule)); return; }
  if (route === 'DELETE /_emulator/faults') { parse(z.unknown(), () => s.faults.clear()); return; }
  if (route === 'POST /_emulator/teams') { parse(TeamSchema, (team) => s.addTeam({ ...team, crawls: team.crawls })); return; }
  if (route === 'POST /_emulator/clock') {
    const parsed = z.object({ advanceMs: z.number().int().min(0).max(366 * 86_400_000) }).safeParse(body);
    if (!parsed.success) { sendJson(res, 400, { success: false, error: 'Bad admin request: send {"advanceMs": <whole milliseconds to move the emulator\'s clock forward: monitors, browser sessions>}.' }); return; }
    sendJson(res, 200, { success: true, now: advanceMonitorClock(s, parsed.data.advanceMs) }); return;
  }
  if (route === 'PUT /_emulator/rate-limit') { parse(RateLimitSchema, (limit) => s.rateLimiter.set(limit)); return; }

  const m = /^PUT \/_emulator\/teams\/([^/]+)\/(usage|crawls)$/.exec(route);
  if (m?.[1] !== undefined) {
    const team = s.teams.get(decodeURIComponent(m[1]));
    if (team === undefined) { sendJson(res, 404, { success: false, error: 'No emulated team has that API key; add it with POST /_emulator/teams first.' }); return; }
    if (m[2] === 'usage') { parse(UsageSchema, (usage) => void (team.usage = usage)); return; }
    parse(CrawlsSchema, (crawls) => void (team.crawls = crawls.map((c) => ({ ...c, teamId: c.teamId ?? team.teamId })) as ActiveCrawl[])); return;
  }
  sendJson(res, 404, {
    success: false,
    error: `No admin route ${route}. Routes: GET /_emulator/state, POST|DELETE /_emulator/faults, POST /_emulator/teams, PUT /_emulator/teams/:apiKey/usage|crawls, PUT /_emulator/rate-limit, POST /_emulator/clock.`,
  });
}
