// The shapes of the service's monitors (GET|POST /v2/monitor…), its checks and their pages, as the
// published v2 OpenAPI lists them (../shared/spec/service-v2-beyond-the-seed.json: Monitor,
// MonitorCheck, MonitorCheckPage, MonitorPageJudgment). Tolerant as ../api/schemas.ts is: unknown
// keys dropped, null taken where a field may be absent. Lazy, so dist/core.js builds them on first use.
import * as z from 'zod/mini';

const text = () => z.nullish(z.string());
const count = () => z.nullish(z.number());

const MONITOR_STATUSES = ['active', 'paused', 'deleted'] as const;
const CHECK_STATUSES = ['queued', 'running', 'completed', 'failed', 'partial', 'skipped_overlap'] as const;
const PAGE_STATUSES = ['same', 'new', 'changed', 'removed', 'error'] as const;

const summary = () => z.object({
  totalPages: count(), same: count(), changed: count(), new: count(), removed: count(), error: count(),
});

const target = () => z.object({
  id: text(),
  type: z.string(),
  urls: z.nullish(z.array(z.string())),
  url: text(),
  queries: z.nullish(z.array(z.string())),
});

const monitor = () => z.object({
  id: z.string(),
  name: text(),
  status: z.nullish(z.enum(MONITOR_STATUSES)),
  schedule: z.nullish(z.object({ cron: text(), text: text(), timezone: text() })),
  nextRunAt: text(),
  lastRunAt: text(),
  currentCheckId: text(),
  targets: z.nullish(z.array(target())),
  estimatedCreditsPerMonth: count(),
  lastCheckSummary: z.nullish(summary()),
  goal: text(),
  judgeEnabled: z.nullish(z.boolean()),
  createdAt: text(),
});

const check = () => z.object({
  id: z.string(),
  monitorId: text(),
  status: z.enum(CHECK_STATUSES),
  trigger: text(),
  startedAt: text(),
  finishedAt: text(),
  estimatedCredits: count(),
  actualCredits: count(),
  summary: z.nullish(summary()),
  error: text(),
  createdAt: text(),
});

const judgment = () => z.object({
  meaningful: z.nullish(z.boolean()),
  confidence: text(),
  reason: text(),
  meaningfulChanges: z.nullish(z.array(z.object({ type: text(), before: text(), after: text(), reason: text() }))),
});

const checkPage = () => z.object({
  url: z.string(),
  status: z.enum(PAGE_STATUSES),
  previousScrapeId: text(),
  currentScrapeId: text(),
  statusCode: count(),
  error: text(),
  judgment: z.nullish(judgment()),
  diff: z.nullish(z.object({ text: text(), json: z.nullish(z.record(z.string(), z.unknown())) })),
  createdAt: text(),
});

export const MonitorResponseSchema = z.lazy(() => z.object({ success: z.boolean(), data: monitor() }));
export const MonitorListResponseSchema = z.lazy(() => z.object({ success: z.boolean(), data: z.array(monitor()) }));
export const MonitorRunResponseSchema = z.lazy(() => z.object({ success: z.boolean(), id: text(), data: check() }));
export const MonitorCheckListResponseSchema = z.lazy(() => z.object({ success: z.boolean(), data: z.array(check()) }));
export const MonitorCheckDetailResponseSchema = z.lazy(() => z.object({
  success: z.boolean(),
  next: text(),
  data: z.extend(check(), { pages: z.nullish(z.array(checkPage())), next: text() }),
}));
export const SuccessResponseSchema = z.lazy(() => z.object({ success: z.boolean() }));

export type Monitor = z.infer<ReturnType<typeof monitor>>;
export type MonitorCheck = z.infer<ReturnType<typeof check>>;
export type MonitorCheckPage = z.infer<ReturnType<typeof checkPage>>;
