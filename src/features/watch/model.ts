// The watches as this window last read them from the service, with each watch's checks and each
// check's pages once they were asked for. The list is read when the view first shows the group
// (only once a watch was made in this profile, so a start without watches sends nothing), on
// Refresh Watches, after each change made here, and when the window gets the focus (a check may
// have run on the service, or another window made a watch). A failed read keeps the rows shown.
import * as vscode from 'vscode';
import type { MonitorClient } from '../../core/monitor/api';
import type { Monitor, MonitorCheck, MonitorCheckPage } from '../../core/monitor/schemas';
import { Disposable } from '../../platform/disposable';

/** Global state: true once this profile made (or listed) a watch; until then the group reads nothing. */
const WATCHES_KNOWN_KEY = 'webData.watch.known';

export class WatchModel extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private readonly ran = this._register(new vscode.EventEmitter<readonly Monitor[]>());
  /** The watches that ran a check since this window's last read (none on its first read: that read is the baseline). */
  readonly onDidRun = this.ran.event;
  private readonly readList = this._register(new vscode.EventEmitter<readonly Monitor[]>());
  /** After each read of the list that succeeded, the first one too (today's spend counts the checks it finds). */
  readonly onDidRead = this.readList.event;
  private monitors: Monitor[] | undefined;
  /** Whether the last read of the list failed (the rows shown are the ones before). */
  failed = false;
  private readonly checks = new Map<string, MonitorCheck[]>();
  private readonly pages = new Map<string, MonitorCheckPage[]>();
  private reading: Promise<void> | undefined;
  /** The newest check of each watch whose pages this window read. */
  private readonly lastChecks = new Map<string, string>();

  constructor(private readonly api: () => Promise<MonitorClient | undefined>, private readonly globalState: vscode.Memento, onDidChangeConnection: vscode.Event<unknown>) {
    super();
    this._register(vscode.window.onDidChangeWindowState((state) => {
      if (state.focused && this.monitors && this.known) void this.refresh();
    }));
    // Another key or service: another team's watches, read again when next shown.
    this._register(onDidChangeConnection(() => {
      this.monitors = undefined;
      this.checks.clear();
      this.pages.clear();
      this.lastChecks.clear();
      this.changed.fire();
    }));
  }

  get known(): boolean {
    return this.globalState.get<boolean>(WATCHES_KNOWN_KEY) === true || (this.monitors?.length ?? 0) > 0;
  }

  markKnown(): void {
    if (this.globalState.get<boolean>(WATCHES_KNOWN_KEY) !== true) void this.globalState.update(WATCHES_KNOWN_KEY, true);
  }

  /** The watches as last read; read once when nothing was read yet. */
  async list(): Promise<readonly Monitor[]> {
    if (!this.monitors) await this.refresh();
    return this.monitors ?? [];
  }

  /** Reads the list again (one read at a time; a call during a read waits for it). */
  refresh(): Promise<void> {
    this.reading ??= this.read().finally(() => { this.reading = undefined; });
    return this.reading;
  }

  private async read(): Promise<void> {
    const api = await this.api();
    if (!api) return;
    try {
      const listed = await api.listMonitors({ limit: 100 });
      const before = this.monitors;
      this.monitors = listed;
      this.failed = false;
      if (listed.length > 0) this.markKnown();
      // A watch whose last run moved has new checks: read them again when asked.
      const moved: Monitor[] = [];
      for (const monitor of listed) {
        const was = before?.find((m) => m.id === monitor.id);
        if (was?.lastRunAt === monitor.lastRunAt) continue;
        this.checks.delete(monitor.id);
        if (before !== undefined && typeof monitor.lastRunAt === 'string') moved.push(monitor);
      }
      if (moved.length > 0) this.ran.fire(moved);
      this.readList.fire(listed);
    } catch {
      this.failed = true;
    }
    this.changed.fire();
  }

  get(id: string): Monitor | undefined {
    return this.monitors?.find((m) => m.id === id);
  }

  /** A watch as the service answered it just now (created, paused, resumed). */
  put(monitor: Monitor): void {
    const others = (this.monitors ?? []).filter((m) => m.id !== monitor.id);
    this.monitors = [...others, monitor];
    this.checks.delete(monitor.id);
    this.markKnown();
    this.changed.fire();
  }

  remove(id: string): void {
    this.monitors = this.monitors?.filter((m) => m.id !== id);
    this.checks.delete(id);
    this.changed.fire();
  }

  /** A webhook told of a new check: the watch's checks are read again when next asked. */
  forgetChecks(id: string): void {
    this.checks.delete(id);
  }

  /** A watch's checks, newest first (read once, then again after its next run). */
  async checksOf(id: string): Promise<readonly MonitorCheck[]> {
    const known = this.checks.get(id);
    if (known) return known;
    const api = await this.api();
    if (!api) return [];
    const checks = await api.listMonitorChecks(id, { limit: 20 });
    this.checks.set(id, checks);
    return checks;
  }

  /** A check's pages, every page of them (a check does not change once it ended). */
  async pagesOf(id: string, checkId: string): Promise<readonly MonitorCheckPage[]> {
    const known = this.pages.get(checkId);
    if (known) return known;
    const api = await this.api();
    if (!api) return [];
    const { check, pages } = await api.allCheckPages(id, checkId);
    if (check.status !== 'queued' && check.status !== 'running') {
      this.pages.set(checkId, pages);
      if (this.checks.get(id)?.[0]?.id === checkId) this.lastChecks.set(id, checkId);
    }
    return pages;
  }

  /** The pages of a check this window just ran, kept so its rows and diffs need no read. */
  keepPages(id: string, checkId: string, pages: readonly MonitorCheckPage[]): void {
    this.pages.set(checkId, [...pages]);
    this.lastChecks.set(id, checkId);
  }

  /** The pages of the newest check of a watch this window read, for its row's "1 matters". */
  lastPages(id: string): readonly MonitorCheckPage[] | undefined {
    const checkId = this.lastChecks.get(id);
    return checkId === undefined ? undefined : this.pages.get(checkId);
  }

  /** The pages of a check when they were read already. */
  knownPages(checkId: string): readonly MonitorCheckPage[] | undefined {
    return this.pages.get(checkId);
  }
}
