// What the agent and monitor deliveries report in their `data` (issue 36: agent.action
// `[{creditsUsed, action, input}]`, agent.completed `[{creditsUsed, data}]`; issue 37: monitor.page
// `[{monitorId, checkId, url, status, isMeaningful, judgment, diff, …}]`, monitor.check.completed
// `[{monitorId, checkId, status, summary}]`). Tolerant as the envelope is (./events.ts): an entry
// that does not fit is left out and the delivery still taken; extra fields are dropped. Every text
// here came from the network: capped here, made inert where it is shown.
import * as z from 'zod/mini';

/** One step of a research run, as agent.action reports it. */
export interface AgentActionReport {
  /** The run's credits so far, when given as a number. */
  creditsUsed?: number;
  /** What the agent did ("search", "scrape", …), cut to MAX_TEXT. */
  action: string;
}

/** A run's end as agent.completed / .failed / .cancelled report it. */
export interface AgentEndReport {
  creditsUsed?: number;
}

/** One page of a watch's check, as monitor.page reports it. */
export interface MonitorPageReport {
  monitorId: string;
  checkId: string;
  url?: string;
  /** The service's word: same, new, changed, removed or error (anything else is kept as sent). */
  status?: string;
  /** The judge's verdict; absent when the watch has no goal or judging is off. */
  isMeaningful?: boolean;
}

/** A watch's check that ended, as monitor.check.completed reports it. */
export interface MonitorCheckReport {
  monitorId: string;
  checkId: string;
  status?: string;
}

const MAX_TEXT = 300;
const MAX_URL = 2048;
/** A delivery reports a handful of entries; more are not read (the raw body keeps them). */
const MAX_ENTRIES = 50;

const credits = () => z.optional(z.catch(z.optional(z.number().check(z.nonnegative())), undefined));
const identifier = () => z.string().check(z.minLength(1), z.maxLength(256));
const optionalText = () => z.optional(z.catch(z.optional(z.string()), undefined));

const ActionSchema = z.lazy(() => z.object({ creditsUsed: credits(), action: z.string().check(z.minLength(1)) }));
const EndSchema = z.lazy(() => z.object({ creditsUsed: credits() }));
const PageSchema = z.lazy(() => z.object({
  monitorId: identifier(), checkId: identifier(), url: optionalText(), status: optionalText(),
  isMeaningful: z.optional(z.catch(z.optional(z.boolean()), undefined)),
}));
const CheckSchema = z.lazy(() => z.object({ monitorId: identifier(), checkId: identifier(), status: optionalText() }));

/** The entries of `data` that fit `schema`, each mapped; the rest left out. */
function entries<T, R>(data: readonly unknown[], schema: z.ZodMiniType<T>, map: (entry: T) => R): R[] {
  const out: R[] = [];
  for (const item of data.slice(0, MAX_ENTRIES)) {
    const parsed = schema.safeParse(item);
    if (parsed.success) out.push(map(parsed.data));
  }
  return out;
}

function finite(value: number | undefined): { creditsUsed?: number } {
  return value !== undefined && Number.isFinite(value) ? { creditsUsed: value } : {};
}

function text(value: string | undefined, max: number): string | undefined {
  if (value === undefined || value === '') return undefined;
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}

export function agentActionsOf(data: readonly unknown[]): AgentActionReport[] {
  return entries(data, ActionSchema, (e) => ({ action: text(e.action, MAX_TEXT) ?? '', ...finite(e.creditsUsed) }));
}

export function agentEndOf(data: readonly unknown[]): AgentEndReport {
  return entries(data, EndSchema, (e) => finite(e.creditsUsed))[0] ?? {};
}

export function monitorPagesOf(data: readonly unknown[]): MonitorPageReport[] {
  return entries(data, PageSchema, (e) => {
    const url = text(e.url, MAX_URL);
    const status = text(e.status, MAX_TEXT);
    return {
      monitorId: e.monitorId, checkId: e.checkId,
      ...(url !== undefined ? { url } : {}), ...(status !== undefined ? { status } : {}),
      ...(e.isMeaningful !== undefined ? { isMeaningful: e.isMeaningful } : {}),
    };
  });
}

export function monitorChecksOf(data: readonly unknown[]): MonitorCheckReport[] {
  return entries(data, CheckSchema, (e) => {
    const status = text(e.status, MAX_TEXT);
    return { monitorId: e.monitorId, checkId: e.checkId, ...(status !== undefined ? { status } : {}) };
  });
}
