// Pinned searches: the pin lives in the search's own file (and its index entry), so every window
// sees it and it survives a reload; eviction skips pinned searches (eviction.ts) and the view lists
// them first. Plain data, no VS Code.
import type { SearchRecord, SearchSummary } from './record';

/** The record with the pin set or cleared; unpinned records carry no `pinned` field at all. */
export function withPin(record: SearchRecord, pinned: boolean): SearchRecord {
  const { pinned: _old, ...rest } = record;
  return pinned ? { ...rest, pinned: true } : rest;
}

export function isPinned(search: Pick<SearchSummary, 'pinned'>): boolean {
  return search.pinned === true;
}

/** Pinned searches first, each part keeping its order (newest first as stored). */
export function pinnedFirst<T extends Pick<SearchSummary, 'pinned'>>(searches: readonly T[]): T[] {
  return [...searches.filter(isPinned), ...searches.filter((search) => !isPinned(search))];
}
