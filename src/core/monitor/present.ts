// What a watch's rows say, as structure: a check's counts with how many changes matter (judged
// meaningful, or every change when the watch has no goal), the pages worth a look first, and a page's
// address as a short label. The words are made by src/features/watch/words.ts.
import type { Monitor, MonitorCheckPage } from './schemas';

export interface CheckCounts {
  changed: number;
  new: number;
  removed: number;
  error: number;
  same: number;
  /** Changes that matter; undefined when the pages were not read (the summary alone does not say). */
  matters?: number;
}

type Summary = NonNullable<Monitor['lastCheckSummary']>;

export function countsOf(summary: Summary | null | undefined, pages?: readonly MonitorCheckPage[], hasGoal = true): CheckCounts | undefined {
  if (!summary) return undefined;
  const counts: CheckCounts = { changed: summary.changed ?? 0, new: summary.new ?? 0, removed: summary.removed ?? 0, error: summary.error ?? 0, same: summary.same ?? 0 };
  if (pages) counts.matters = pages.filter((page) => pageMatters(page, hasGoal)).length;
  return counts;
}

/** A change that matters: judged meaningful, or any change (not the first read) when there is no goal. */
function pageMatters(page: MonitorCheckPage, hasGoal: boolean): boolean {
  if (page.status !== 'changed' && page.status !== 'removed') return false;
  return hasGoal ? page.judgment?.meaningful === true : true;
}

const ORDER: Readonly<Record<MonitorCheckPage['status'], number>> = { changed: 0, removed: 1, new: 2, error: 3, same: 4 };

/** Changed pages first (those that matter before the rest), then removed, new, failed, the same. */
export function pagesInOrder(pages: readonly MonitorCheckPage[], hasGoal: boolean): MonitorCheckPage[] {
  return pages.map((page, index) => ({ page, index }))
    .sort((a, b) => ORDER[a.page.status] - ORDER[b.page.status] || Number(pageMatters(b.page, hasGoal)) - Number(pageMatters(a.page, hasGoal)) || a.index - b.index)
    .map(({ page }) => page);
}

/** A page's address without its scheme, for a row's label. */
export function shortAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/** The pages a check's diff can open: those with a side on the service (changed, removed). */
export function hasDiff(page: MonitorCheckPage): boolean {
  return (page.status === 'changed' || page.status === 'removed') && (page.previousScrapeId ?? page.currentScrapeId) != null;
}
