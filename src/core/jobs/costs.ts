// The cost of each finished job started from the editor (pages and creditsUsed from its status at
// the end), kept in global state for the bound of the next job of the same shape
// (../spend/job-bound). One key per window (./window-state), so two windows recording at once
// lose neither; read merged, newest first, each job once.
import { withJobCost, type JobCost } from '../spend/job-bound';
import { allEntries, arrayOf, isRecord, staleKeys, type KeyedState } from './window-state';

import { JOB_COSTS_PREFIX } from '../shared-keys';

export { JOB_COSTS_PREFIX };
/** A window's costs are dropped once all are older than this (the bound reads recent jobs). */
const KEEP_MS = 180 * 24 * 60 * 60 * 1000;

export type StoredJobCost = JobCost & { id: string; savedAt: number };

export function readJobCosts(value: unknown): StoredJobCost[] {
  return arrayOf(value, (item) => (isRecord(item) && typeof item.id === 'string' && typeof item.shape === 'string'
    && typeof item.pages === 'number' && Number.isFinite(item.pages) && typeof item.creditsUsed === 'number' && Number.isFinite(item.creditsUsed)
    && typeof item.finishedAt === 'string' && typeof item.savedAt === 'number'
    ? { id: item.id, shape: item.shape, pages: item.pages, creditsUsed: item.creditsUsed, finishedAt: item.finishedAt, savedAt: item.savedAt } : undefined));
}

/** This window's costs with one more (the same job once). */
export function withStoredCost(own: readonly StoredJobCost[], cost: StoredJobCost): StoredJobCost[] {
  return withJobCost(own, cost);
}

/** Every window's costs, newest first, each job once. */
export function jobCostHistory(state: KeyedState): StoredJobCost[] {
  const seen = new Set<string>();
  return allEntries(state, JOB_COSTS_PREFIX, readJobCosts)
    .sort((a, b) => b.finishedAt.localeCompare(a.finishedAt))
    .filter((cost) => (seen.has(cost.id) ? false : (seen.add(cost.id), true)));
}

export function staleCostKeys(state: KeyedState, ownKey: string, now: number): string[] {
  return staleKeys(state, JOB_COSTS_PREFIX, ownKey, readJobCosts, now, KEEP_MS);
}
