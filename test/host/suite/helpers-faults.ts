// What the host fault matrix (fault-matrix.test.ts) keeps an eye on: a copy of everything a
// person has saved that a fault must not touch (the search history and its stored answers, the
// crawl results on disk and in the view, every webData.* setting), taken before a cell and
// compared after it; and a bounded probe that the extension host still answers.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import { EXTENSION_ID } from './helpers-account';

/** Bounds the walk of the storage folder: far more than a run stores. */
const MAX_FILES = 5000;

export interface Saved {
  /** The Search Results view's searches, newest first (pinned ones first). */
  historyIds: string[];
  /** The history's index and records and the crawl pages, by path under global storage, as bytes. */
  files: Map<string, Buffer>;
  /** Every webData.* setting at every level, as VS Code reports it. */
  settings: string;
  /** The crawl results' rows the window holds, per job. */
  jobs: Map<string, string>;
}

/**
 * Bytes already read, by path, with the file's identity then (inode, size, change time): the crawl
 * pages run to a few thousand small files, read twice a cell. A file written since (a write, or a
 * temporary file renamed over it) has another identity and is read again.
 */
const readBefore = new Map<string, { identity: string; bytes: Buffer }>();

function bytesOf(file: string): Buffer {
  const stat = fs.statSync(file, { bigint: true });
  const identity = `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
  const known = readBefore.get(file);
  if (known?.identity === identity) return known.bytes;
  const bytes = fs.readFileSync(file);
  readBefore.set(file, { identity, bytes });
  return bytes;
}

/** The parts of global storage a search or a crawl writes: the history index, its records, the crawl pages. */
function storedFiles(globalStorage: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  const walk = (dir: string, depth: number): void => {
    if (depth > 4 || !fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (found.size >= MAX_FILES) assert.fail(`more than ${MAX_FILES} files under ${globalStorage}`);
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full, depth + 1);
      // Temporary files of a write in progress are renamed over the real one: not saved yet.
      else if (!entry.name.includes('.tmp')) found.set(path.relative(globalStorage, full), bytesOf(full));
    }
  };
  const index = path.join(globalStorage, 'search-history.json');
  if (fs.existsSync(index)) found.set('search-history.json', bytesOf(index));
  walk(path.join(globalStorage, 'searches'), 0);
  walk(path.join(globalStorage, 'crawls'), 0);
  return found;
}

function settingsText(): string {
  const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes?: { configuration?: Array<{ properties: Record<string, unknown> }> } } | undefined;
  const names = (manifest?.contributes?.configuration ?? []).flatMap((category) => Object.keys(category.properties));
  assert.ok(names.length > 10, 'the manifest lists no webData.* settings');
  const config = vscode.workspace.getConfiguration();
  return JSON.stringify(names.map((name) => {
    const seen = config.inspect(name);
    return [name, seen?.globalValue, seen?.workspaceValue, seen?.workspaceFolderValue];
  }));
}

export async function saved(api: WebDataApi): Promise<Saved> {
  const roots = (await api.search.results.getChildren()) ?? [];
  const jobs = new Map(api.crawlResults.service.all.map((job) => [`${job.ref.kind} ${job.ref.id}`, JSON.stringify(job.pages)]));
  return {
    historyIds: roots.map((node) => (node.type === 'search' ? node.summary.id : `(${node.type})`)),
    files: storedFiles(path.dirname(api.search.historyFolder.fsPath)),
    settings: settingsText(),
    jobs,
  };
}

/**
 * Nothing saved before was lost or changed. `grew` says whether the cell's calls succeeded: then
 * new searches and pages may have been added (and the history's index rewritten to list them), but
 * each search and page saved before is still there, byte for byte, and in the same order.
 */
export function assertKept(before: Saved, after: Saved, grew: boolean, where: string): void {
  assert.equal(after.settings, before.settings, `${where}: a webData.* setting changed`);
  const kept = after.historyIds.filter((id) => before.historyIds.includes(id));
  assert.deepEqual(kept, before.historyIds, `${where}: saved searches lost or reordered`);
  if (!grew) assert.deepEqual(after.historyIds, before.historyIds, `${where}: a failed call added a search`);
  for (const [file, bytes] of before.files) {
    if (grew && file === 'search-history.json') continue;
    const now = after.files.get(file);
    assert.ok(now !== undefined, `${where}: ${file} was deleted`);
    assert.ok(now.equals(bytes), `${where}: ${file} changed (${bytes.length} bytes before, ${now.length} after)`);
  }
  if (!grew) assert.deepEqual([...after.files.keys()].sort(), [...before.files.keys()].sort(), `${where}: files were added by a failed call`);
  for (const [job, rows] of before.jobs) {
    const now = after.jobs.get(job);
    assert.ok(now !== undefined, `${where}: the crawl results of ${job} are gone`);
    // Compared as text, reported by where they part: the rows run to thousands of characters.
    const same = grew ? now.startsWith(rows.slice(0, -1)) : now === rows;
    if (!same) assert.fail(`${where}: the crawl result rows of ${job} changed from character ${firstDifference(rows, now)}: ${now.slice(0, 160)}…`);
  }
}

function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** `promise`'s value, or a failure naming `what` once `ms` pass (a bound, not a wait for time). */
export async function answersWithin<T>(what: string, promise: Thenable<T>, limit: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${limit} ms from ${what}`)), limit);
  });
  const started = Date.now();
  try {
    const value = await Promise.race([Promise.resolve(promise), late]);
    // An event loop blocked past the bound runs the answer and the timer in one turn: the clock decides.
    const ms = Date.now() - started;
    assert.ok(ms <= limit, `${what} answered after ${ms} ms, more than ${limit}`);
    return value;
  } finally {
    clearTimeout(timer);
  }
}
