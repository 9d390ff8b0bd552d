// The bound on the docs sets' room on disk (the docs' maxDiskMB setting): which kept sets are over it.
// It names them and deletes nothing: the feature shows what would go and asks first, because a set
// cost credits to make. The sets named are the least recently updated first, and only as many as
// bring the total back within the bound; a set being written (`keep`) is never named.
import { z } from 'zod';
import type { KeptDocsSet } from './store';

export const DEFAULT_MAX_DISK_MB = 500;

const BYTES_PER_MB = 1024 * 1024;

/** The setting as read: a positive number of megabytes; anything else is the default. */
export function maxDiskMbOf(setting: unknown): number {
  const parsed = z.number().positive().safeParse(setting);
  return parsed.success ? parsed.data : DEFAULT_MAX_DISK_MB;
}

export interface DiskOverBound {
  /** All the kept sets' bytes. */
  totalBytes: number;
  boundBytes: number;
  /** How far the total is past the bound. */
  overBytes: number;
  /** The sets whose removal brings the total within the bound, oldest first. */
  sets: KeptDocsSet[];
  /** Whether removing every set it may name (all but `keep`) still leaves the total past the bound. */
  stillOver: boolean;
}

/** What is over `maxDiskMb`, or undefined when the kept sets fit. */
export function overDiskBound(sets: readonly KeptDocsSet[], maxDiskMb: number, keep: readonly string[] = []): DiskOverBound | undefined {
  const totalBytes = sets.reduce((sum, s) => sum + s.bytes, 0);
  const boundBytes = Math.floor(maxDiskMb * BYTES_PER_MB);
  if (totalBytes <= boundBytes) return undefined;
  const oldestFirst = sets.filter((s) => !keep.includes(s.meta.id))
    .sort((a, b) => Date.parse(a.meta.updatedAt) - Date.parse(b.meta.updatedAt) || a.meta.id.localeCompare(b.meta.id));
  const named: KeptDocsSet[] = [];
  let remaining = totalBytes;
  for (const set of oldestFirst) {
    if (remaining <= boundBytes) break;
    named.push(set);
    remaining -= set.bytes;
  }
  return { totalBytes, boundBytes, overBytes: totalBytes - boundBytes, sets: named, stillOver: remaining > boundBytes };
}
