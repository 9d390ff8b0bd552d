// How much search history to keep: at most `maxCount` searches and `maxBytes` on disk. The oldest
// go first; the newest always stays, even alone over the byte cap, since it was just paid for.
// Pinned searches are never evicted: they count toward the limits, and only unpinned ones make room.

export const DEFAULT_MAX_HISTORY_BYTES = 50 * 1024 * 1024;

export interface HistoryLimits {
  maxCount: number;
  maxBytes: number;
}

export interface Evictable {
  id: string;
  createdAt: string;
  bytes: number;
  pinned?: boolean;
}

/** Splits the searches (any order) into those to keep, newest first, and those to delete. */
export function planEviction<T extends Evictable>(searches: readonly T[], limits: HistoryLimits): { keep: T[]; evict: T[] } {
  const keep = newestFirst(searches);
  const evict: T[] = [];
  const maxCount = Math.max(1, Math.floor(limits.maxCount));
  let bytes = keep.reduce((sum, search) => sum + search.bytes, 0);
  let count = keep.length;
  // Oldest first, never the newest (position 0), skipping pinned ones.
  for (let i = keep.length - 1; i > 0 && (count > maxCount || bytes > limits.maxBytes); i--) {
    const oldest = keep[i];
    if (!oldest || oldest.pinned === true) continue;
    bytes -= oldest.bytes;
    count -= 1;
    evict.push(oldest);
  }
  const evicted = new Set(evict);
  return { keep: keep.filter((search) => !evicted.has(search)), evict };
}

/** Newest first by creation time; ties (same millisecond) keep their given order. */
export function newestFirst<T extends Evictable>(searches: readonly T[]): T[] {
  return searches
    .map((search, position) => ({ search, position, time: Date.parse(search.createdAt) || 0 }))
    .sort((a, b) => b.time - a.time || a.position - b.position)
    .map(({ search }) => search);
}
