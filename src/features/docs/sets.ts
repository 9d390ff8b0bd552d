// The docs sets of this profile, as the feature reads them: the store in global storage (every
// window's), the sets being crawled in this window (searchable as their pages arrive, before they
// are written), and the sets read for searching, kept in memory while they are used and dropped
// after a few idle minutes, so a window that searched once does not hold the index for hours.
// The store and the set class come from dist/core.js (their files are checked with zod).
import { readdir } from 'node:fs/promises';
import * as vscode from 'vscode';
import { isDocsFile } from '../../core/docs/files';
import type { DocsSet, DocsSetMeta } from '../../core/docs/docs-set';
import type { DocsStore, KeptDocsSet } from '../../core/docs/store';
import { loadCore } from '../../platform/core';
import { Disposable, toDisposable } from '../../platform/disposable';
import type { Services } from '../../platform/services';

/** A set read for searching is dropped after this long unused. */
const IDLE_MS = 5 * 60_000;

export class DocsSets extends Disposable {
  private storeMade: DocsStore | undefined;
  /** Sets being crawled here: their pages are searchable as they arrive. */
  private readonly live = new Map<string, DocsSet>();
  private readonly loaded = new Map<string, { set: DocsSet; updatedAt: string }>();
  private idle: ReturnType<typeof setTimeout> | undefined;
  private readonly changeEmitter = this._register(new vscode.EventEmitter<void>());
  /** A set was written, removed, or a crawl's pages arrived. */
  readonly onDidChange = this.changeEmitter.event;

  constructor(private readonly services: Services) {
    super();
    this._register(toDisposable(() => { if (this.idle) clearTimeout(this.idle); }));
  }

  private get folder(): string {
    return vscode.Uri.joinPath(this.services.context.globalStorageUri, 'docs').fsPath;
  }

  private get store(): DocsStore {
    this.storeMade ??= new (loadCore().DocsStore)(this.folder, this.services.log);
    return this.storeMade;
  }

  /** Whether any set's file is kept: read without loading dist/core.js, so an empty view costs a folder read. */
  private async anyKept(): Promise<boolean> {
    try {
      return (await readdir(this.folder)).some(isDocsFile);
    } catch {
      return false;
    }
  }

  idOf(siteUrl: string): string {
    return loadCore().docsSetIdOf(siteUrl);
  }

  /** The kept sets, each with its size and page count; a set being crawled here shows as it stands. */
  async list(): Promise<KeptDocsSet[]> {
    // The live sets as they are now, before the reads: a crawl that ends meanwhile leaves `live`
    // once its file is written, which the read below may not have seen (it would vanish from the list).
    const live = [...this.live];
    const kept = live.length === 0 && !(await this.anyKept()) ? [] : await this.store.list();
    const byId = new Map(kept.map((set) => [set.meta.id, set]));
    for (const [id, set] of live) byId.set(id, { meta: set.meta, bytes: byId.get(id)?.bytes ?? 0, pages: set.pageCount });
    return [...byId.values()].sort((a, b) => a.meta.siteUrl.localeCompare(b.meta.siteUrl));
  }

  /** A set to search or read: the one being crawled here, else the kept one (read once, then from memory while it is used). */
  async get(id: string): Promise<DocsSet | undefined> {
    this.touch();
    const live = this.live.get(id);
    if (live) return live;
    const cached = this.loaded.get(id);
    if (cached) return cached.set;
    const set = await this.store.load(id);
    if (set) this.loaded.set(id, { set, updatedAt: set.meta.updatedAt });
    return set;
  }

  /** Every set (or the one named by its id or its site's address). */
  async search(which?: string): Promise<DocsSet[]> {
    const all = await this.list();
    const named = which === undefined ? all : all.filter((set) => set.meta.id === which || set.meta.siteUrl === which || this.idOf(which) === set.meta.id);
    const sets: DocsSet[] = [];
    for (const kept of named) {
      const set = await this.get(kept.meta.id);
      if (set) sets.push(set);
    }
    return sets;
  }

  /** A set to fill from a crawl: the kept one (a refresh), else a new one; searchable here from now on. */
  async begin(siteUrl: string, maxPages: number, version?: string): Promise<DocsSet> {
    const id = this.idOf(siteUrl);
    const existing = this.live.get(id) ?? await this.store.load(id);
    const now = new Date().toISOString();
    const meta: DocsSetMeta = existing?.meta ?? { id, siteUrl, createdAt: now, updatedAt: now };
    const set = existing ?? loadCore().DocsSet.empty(meta);
    // A version given (a suggestion's): the set is made for it now; none keeps the one it had.
    set.meta = { ...set.meta, maxPages, ...(version !== undefined ? { version } : {}) };
    this.live.set(id, set);
    return set;
  }

  /** Pages arrived in a set being crawled. */
  changed(): void {
    this.changeEmitter.fire();
  }

  /** Writes a crawled set and stops treating it as live. */
  async finish(set: DocsSet): Promise<number> {
    try {
      return await this.store.save(set);
    } finally {
      this.live.delete(set.meta.id);
      this.loaded.set(set.meta.id, { set, updatedAt: set.meta.updatedAt });
      this.changeEmitter.fire();
    }
  }

  /**
   * Changes a kept set (not one being crawled here) as read from its file now, and writes it whole:
   * `change` says whether it changed anything. Undefined when the set is not kept or is being crawled.
   */
  async update(id: string, change: (set: DocsSet) => boolean): Promise<DocsSet | undefined> {
    if (this.live.has(id)) return undefined;
    const set = await this.store.load(id);
    if (!set) return undefined;
    if (!change(set)) return set;
    await this.store.save(set);
    this.loaded.set(id, { set, updatedAt: set.meta.updatedAt });
    this.changeEmitter.fire();
    return set;
  }

  /** A crawl that kept nothing: the new set is forgotten. */
  drop(id: string): void {
    this.live.delete(id);
    this.changeEmitter.fire();
  }

  isCrawling(id: string): boolean {
    return this.live.has(id);
  }

  async remove(id: string): Promise<void> {
    await this.store.remove(id);
    this.loaded.delete(id);
    this.changeEmitter.fire();
  }

  /** Another window may have written: the sets are read again. */
  refresh(): void {
    this.loaded.clear();
    this.changeEmitter.fire();
  }

  private touch(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => { this.loaded.clear(); }, IDLE_MS);
  }
}
