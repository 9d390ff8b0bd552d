// A watch a chat agent asks for (webData_watch), as structure and as text for the model: its
// addresses checked as every agent's are (agent-url.ts), its schedule read as a person's is, and
// its monthly bound. The bound prices a page at the dearest of this person's own kept scrapes, and
// never under one credit (a plain scrape's price), so it errs high: the tool refuses a watch whose
// bound could pass webData.chat.maxWatchCreditsPerMonth, before anything is sent.
import { agentUrl, removedText, type RemovedPart } from '../chat/agent-url';
import { modelLine } from '../chat/model-text';
import { readBackCall } from '../chat/read-back';
import type { WatchMonth } from './month';
import { buildMonitorRequest, type MonitorCreateRequest, type WatchWhat } from './request';
import { parseSchedule, type Schedule, type ScheduleCheck } from './schedule';
import type { Monitor } from './schemas';

export interface AgentWatchAsk {
  urls?: readonly string[];
  query?: string;
  schedule: string;
  goal?: string;
}

export interface AgentWatch {
  what: WatchWhat;
  schedule: Schedule;
  /** The schedule as the model gave it (for the confirmation). */
  scheduleText: string;
  goal?: string;
  removed: RemovedPart[];
}

export type AgentWatchCheck = { ok: true; watch: AgentWatch } | { ok: false; text: string };

type ScheduleProblem = Extract<ScheduleCheck, { ok: false }>['problem'];

const SCHEDULE_TEXT: Readonly<Record<ScheduleProblem['kind'], string>> = {
  'empty': 'schedule is empty',
  'unreadable': 'schedule is not one the service reads; use words such as "every 30 minutes", "hourly", "daily at 9am", "weekly on monday", or a five-field cron',
  'too-often': 'schedule runs more often than the service allows: at most every 5 minutes',
  'bad-zone': 'schedule names a time zone that is not known',
};

/** The meaning of a decoded input: one of urls or query, each address checked, the schedule read. */
export function agentWatchOf(ask: AgentWatchAsk): AgentWatchCheck {
  const goal = ask.goal?.trim() ?? '';
  if ((ask.urls === undefined) === (ask.query === undefined)) return { ok: false, text: 'Give urls (addresses to watch) or query (a search to watch), one of the two. Nothing was sent.' };
  const parsed = parseSchedule(ask.schedule);
  if (!parsed.ok) return { ok: false, text: `${SCHEDULE_TEXT[parsed.problem.kind]}. Nothing was sent.` };
  let what: WatchWhat;
  const removed: RemovedPart[] = [];
  if (ask.urls !== undefined) {
    const urls: string[] = [];
    for (const [index, typed] of ask.urls.entries()) {
      const checked = agentUrl(typed, `urls[${index}]`);
      if (!checked.ok) return checked;
      urls.push(checked.url);
      removed.push(...checked.removed);
    }
    what = { kind: 'urls', urls: [...new Set(urls)] };
  } else {
    if (goal === '') return { ok: false, text: 'A watched search needs a goal: say in goal what the person wants to hear about. Nothing was sent.' };
    what = { kind: 'query', queries: [ask.query ?? ''] };
  }
  return { ok: true, watch: { what, schedule: parsed.schedule, scheduleText: ask.schedule.trim(), ...(goal !== '' ? { goal } : {}), removed } };
}

/** The request POST /v2/monitor is sent for the watch, or why the service would refuse it. */
export function agentWatchRequest(watch: AgentWatch, timezone: string): { ok: true; body: MonitorCreateRequest } | { ok: false; text: string } {
  const built = buildMonitorRequest({ what: watch.what, schedule: watch.schedule, timezone, ...(watch.goal !== undefined ? { goal: watch.goal } : {}) });
  if (built.ok) return built;
  const problem = built.problem;
  const why = problem.kind === 'too-many-targets' ? `a watch takes at most 50 addresses; ${problem.count} were given`
    : problem.kind === 'search-needs-goal' ? 'a watched search needs a goal'
      : problem.kind === 'goal-too-long' ? 'goal is longer than 2000 characters'
        : problem.kind === 'query-too-long' ? 'query is longer than 256 characters' : 'nothing to watch was given';
  return { ok: false, text: `The watch was not created: ${why}. Nothing was sent.` };
}

/** Whether the bound stays within the cap (webData.chat.maxWatchCreditsPerMonth). */
export function watchWithinCap(credits: number, cap: number): boolean {
  return credits <= cap;
}

/** The refusal when the bound could pass the cap: what it would cost, and what to change. */
export function watchCapRefusedText(bound: WatchMonth, cap: number, estimated?: number): string {
  const by = estimated === undefined
    ? `could spend up to ${bound.credits} credits a month (${bound.pages} page${bound.pages === 1 ? '' : 's'} × ${bound.checksPerMonth} checks × ${bound.creditsPerPage} credit${bound.creditsPerPage === 1 ? '' : 's'} a page)`
    : `is estimated by the service at ${estimated} credits a month`;
  const then = estimated === undefined ? 'The watch was not created, so nothing was spent.' : 'The watch was deleted before its first check, so nothing was spent.';
  return `This watch ${by}, more than the ${cap} credits a month chat agents may set up a watch for (webData.chat.maxWatchCreditsPerMonth). ${then} Ask for fewer pages or a less frequent schedule, or tell the person, who can raise the setting or use Web Data: Watch for Changes… themselves.`;
}

/** The answer once the watch exists: its id, what it watches, how often, and what it costs. */
export function watchCreatedText(monitor: Monitor, bound: WatchMonth, removed: readonly RemovedPart[]): string {
  const estimate = typeof monitor.estimatedCreditsPerMonth === 'number' ? `the service estimates ${monitor.estimatedCreditsPerMonth} credits a month` : 'the service gave no estimate yet';
  const next = typeof monitor.nextRunAt === 'string' ? ` Its first check is due at ${modelLine(monitor.nextRunAt, 40)}.` : '';
  const removal = removedText(removed);
  const said = removal === undefined ? '' : ` ${removal}`;
  return `Created the watch ${modelLine(monitor.name ?? '', 200)} (watch id ${monitor.id}): ${monitor.status === 'paused' ? 'paused' : 'checked'} ${modelLine(monitor.schedule?.text ?? monitor.schedule?.cron ?? '', 100)} (${modelLine(monitor.schedule?.timezone ?? 'UTC', 60)}); bound ${bound.credits} credits a month, ${estimate}. Each check's credits count in the person's spend for the day it runs.${next}${said} Read what changed later with ${readBackCall('changes', { watchId: monitor.id })}; creating it cost nothing.`;
}
