// Keep Fresh (issue 48): a docs set kept current by a watch of its pages, made through the watches
// feature (Watch for Changes…'s own review with its month, and its modal above the person's
// threshold), so nothing here prices or sends a watch. Each check of that watch, run here or found
// run on schedule, reports its pages; the new and changed ones update the set from the check's own
// scrapes (read back, free: no page is scraped again), and the removed ones leave it. The set
// carries its watch's id; Remove offers to delete the watch with it (in ./index.ts).
import * as vscode from 'vscode';
import type { DocsSet } from '../../core/docs/docs-set';
import { Disposable } from '../../platform/disposable';
import type { Services } from '../../platform/services';
import type { DocsSets } from './sets';
import { siteWords } from './steps';
import { words } from './words';

/** What Keep Fresh needs of the watches feature. */
export interface DocsWatchLink {
  /** A watch of `urls` through Watch for Changes…'s review; undefined when the person declined. */
  keepFresh(urls: readonly string[]): Promise<{ id: string } | undefined>;
  /** A check's new and changed pages with their kept scrapes, and the addresses gone. */
  checkedPages(watchId: string, checkId: string): Promise<{ changed: Array<{ url: string; title?: string; markdown: string }>; removed: string[] }>;
  delete(argument: { watchId: string; confirmed: boolean }): Promise<boolean>;
}

/** A check applied to a set: how many of its pages changed, came, went. */
export interface FreshUpdate {
  setId: string;
  checkId: string;
  changed: number;
  removed: number;
}

export class DocsFresh extends Disposable {
  private readonly updatedEmitter = this._register(new vscode.EventEmitter<FreshUpdate>());
  /** A check's pages were applied to a set (host tests wait on it). */
  readonly onDidUpdate = this.updatedEmitter.event;
  /** Checks applied, so a check found by two reads updates the set once. */
  private readonly applied = new Set<string>();
  private applying: Promise<void> = Promise.resolve();

  constructor(
    private readonly services: Services,
    private readonly sets: DocsSets,
    private readonly watch: () => DocsWatchLink,
    onDidCheck: vscode.Event<{ watchId: string; checkId: string }>,
  ) {
    super();
    // One check at a time: two checks of one watch write the set one after the other.
    this._register(onDidCheck((check) => { this.applying = this.applying.then(() => this.apply(check.watchId, check.checkId)); }));
  }

  /** webData.docs.keepFresh: the watch of the set's pages, its month asked first by the watches feature. */
  async keepFresh(setId: string | undefined): Promise<string | undefined> {
    const kept = setId === undefined ? undefined : (await this.sets.list()).find((set) => set.meta.id === setId);
    if (!kept) {
      void vscode.window.showWarningMessage(words.setGone());
      return undefined;
    }
    if (this.sets.isCrawling(kept.meta.id)) {
      void vscode.window.showInformationMessage(words.freshAfterCrawl());
      return undefined;
    }
    if (kept.meta.watchId !== undefined) {
      void vscode.window.showInformationMessage(words.alreadyFresh(siteWords(kept.meta.siteUrl)));
      return kept.meta.watchId;
    }
    const set = await this.sets.get(kept.meta.id);
    const urls = (set?.pages ?? []).map((page) => page.url).sort();
    if (urls.length === 0) return undefined;
    const monitor = await this.watch().keepFresh(urls);
    if (!monitor) return undefined;
    await this.sets.update(kept.meta.id, (s) => {
      s.meta = { ...s.meta, watchId: monitor.id };
      return true;
    });
    return monitor.id;
  }

  private async apply(watchId: string, checkId: string): Promise<void> {
    if (this.applied.has(checkId)) return;
    try {
      const kept = (await this.sets.list()).find((set) => set.meta.watchId === watchId);
      if (!kept) return;
      this.applied.add(checkId);
      const found = await this.watch().checkedPages(watchId, checkId);
      let changed = 0;
      let removed = 0;
      await this.sets.update(kept.meta.id, (set: DocsSet) => {
        for (const page of found.changed) {
          if (set.setPage({ url: page.url, title: page.title ?? set.page(page.url)?.title ?? page.url, markdown: page.markdown })) changed++;
        }
        for (const url of found.removed) if (set.removePage(url)) removed++;
        if (changed + removed === 0) return false;
        set.meta = { ...set.meta, updatedAt: new Date().toISOString() };
        return true;
      });
      this.updatedEmitter.fire({ setId: kept.meta.id, checkId, changed, removed });
    } catch (error) {
      // Said in the log: a Refresh brings the set up to date, whatever this check had.
      this.applied.delete(checkId);
      this.services.log.warn(`The docs set kept fresh by watch ${watchId} was not updated from check ${checkId}: ${String(error)}`);
    }
  }
}
