// What the chat tools (webData_watch, webData_read's changes and watch diffs) ask of the
// watch feature, with no UI: a watch made or removed, and the changes of the watches read through the
// same model as the Watches group (so a read here refreshes the rows and counts the checks it finds
// in today's spend). Reading changes sends only free requests.
import type { ChangesAsked, WatchChanges } from '../../core/monitor/changes-text';
import type { MonitorClient } from '../../core/monitor/api';
import type { MonitorCreateRequest } from '../../core/monitor/request';
import type { Monitor, MonitorCheck, MonitorCheckPage } from '../../core/monitor/schemas';
import type { WatchModel } from './model';

/** Watches read a call at most, newest run first; checks a watch; check pages read a call. */
const MAX_WATCHES = 10;
const MAX_CHECKS = 5;
const MAX_PAGE_READS = 20;

export interface WatchAgentApi {
  /** This person's kept scrapes, to price a page by. */
  keptPages(): Promise<ReadonlyArray<{ creditsUsed?: number }>>;
  /** Undefined when not connected. */
  create(body: MonitorCreateRequest, signal: AbortSignal): Promise<Monitor | undefined>;
  remove(id: string, signal: AbortSignal): Promise<void>;
  /** The watches' changes; or why none could be read. */
  changes(asked: ChangesAsked, signal: AbortSignal): Promise<WatchChanges[] | 'not-connected' | 'unreadable'>;
  /** A check's pages, or undefined when they cannot be read. */
  checkPages(watchId: string, checkId: string): Promise<readonly MonitorCheckPage[] | undefined>;
}

export function watchAgentApi(model: WatchModel, api: () => Promise<MonitorClient | undefined>, keptPages: () => Promise<ReadonlyArray<{ creditsUsed?: number }>>): WatchAgentApi {
  return {
    keptPages,
    create: async (body, signal) => {
      const client = await api();
      if (!client) return undefined;
      const monitor = await client.createMonitor(body, { signal });
      model.put(monitor);
      return monitor;
    },
    remove: async (id, signal) => {
      const client = await api();
      if (!client) return;
      await client.deleteMonitor(id, { signal });
      model.remove(id);
    },
    changes: async (asked, signal) => {
      if (!(await api())) return 'not-connected';
      await model.refresh();
      if (model.failed) return 'unreadable';
      signal.throwIfAborted();
      const all = await model.list();
      const chosen = (asked.watchId !== undefined ? all.filter((m) => m.id.toLowerCase() === asked.watchId?.toLowerCase()) : [...all])
        .sort((a, b) => (b.lastRunAt ?? '').localeCompare(a.lastRunAt ?? '')).slice(0, MAX_WATCHES);
      const since = asked.since !== undefined ? Date.parse(asked.since) : undefined;
      let reads = 0;
      const out: WatchChanges[] = [];
      for (const monitor of chosen) {
        signal.throwIfAborted();
        const checks = (await model.checksOf(monitor.id)).filter(ended);
        const shown = since === undefined ? checks.slice(0, 1) : checks.filter((c) => Date.parse(c.finishedAt ?? c.createdAt ?? '') >= since).slice(0, MAX_CHECKS);
        const withPages: WatchChanges['checks'][number][] = [];
        for (const check of shown) {
          const pages = reads < MAX_PAGE_READS ? await model.pagesOf(monitor.id, check.id).catch(() => undefined) : undefined;
          reads++;
          withPages.push({ check, pages });
        }
        out.push({ monitor, checks: withPages });
      }
      return out;
    },
    checkPages: (watchId, checkId) => model.pagesOf(watchId, checkId).catch(() => undefined),
  };
}

function ended(check: MonitorCheck): boolean {
  return check.status === 'completed' || check.status === 'partial' || check.status === 'failed';
}
