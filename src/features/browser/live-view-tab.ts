// The live view this window shows in the Simple Browser, remembered in the workspace's state (issue
// 47). VS Code restores a Simple Browser tab after a reload and loads its page again, and the page
// is the service's: it shows the session as it was when it loaded, so a session that ended during
// the reload, or is stopped at its bound as the next start takes it back, would still look active
// there. Which session a tab shows is not readable from its tab (a webview's state is its own
// extension's), so this window remembers it when it opens the live view, and closes the tab once
// that session is seen ended. The shell reads the key at start (src/extension.ts) so that a tab
// restored without a remembered session still brings the browser feature to check it.
import * as vscode from 'vscode';

export interface ShownLiveView {
  id: string;
  /** A session of /v2/interact (the service lists it while active), or a scraped page's own browser (it does not). */
  kind: 'session' | 'scrape';
  interactive: boolean;
}

const isSimpleBrowserTab = (tab: vscode.Tab): boolean => tab.input instanceof vscode.TabInputWebview && /simpleBrowser/i.test(tab.input.viewType);

/** The Simple Browser's tabs open in this window (it holds one page, but a tab may be split). */
export function simpleBrowserTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs.filter(isSimpleBrowserTab));
}

function readShown(value: unknown): ShownLiveView | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, kind, interactive } = value as Record<string, unknown>;
  if (typeof id !== 'string' || id === '' || (kind !== 'session' && kind !== 'scrape') || typeof interactive !== 'boolean') return undefined;
  return { id, kind, interactive };
}

export class LiveViewTab implements vscode.Disposable {
  private readonly listener: vscode.Disposable;

  constructor(private readonly state: vscode.Memento, private readonly key: string) {
    // Closed by the person: nothing is left to check at the next start.
    this.listener = vscode.window.tabGroups.onDidChangeTabs((change) => {
      if (change.closed.some(isSimpleBrowserTab) && simpleBrowserTabs().length === 0 && this.shown) void this.forget();
    });
  }

  /** The session whose live view the Simple Browser shows, as this window (or the one before a reload) opened it. */
  get shown(): ShownLiveView | undefined {
    return readShown(this.state.get(this.key));
  }

  opened(view: ShownLiveView): Thenable<void> {
    return this.state.update(this.key, view);
  }

  forget(): Thenable<void> {
    return this.state.update(this.key, undefined);
  }

  /**
   * Closes the Simple Browser's tab when it shows the live view of a session that has ended
   * (`ended` answers for the session remembered); true when a tab was closed. An ended session is
   * forgotten, tab or not. A session still active is kept even when no tab is counted: a live view
   * just opened is not listed in this window's tabs until the workbench says so, and forgetting it
   * then skipped the reload after the next run (seen twice in fresh clones' full runs); a tab the
   * person closes is forgotten by the listener above.
   */
  async closeIfEnded(ended: (view: ShownLiveView) => boolean): Promise<boolean> {
    const shown = this.shown;
    if (!shown || !ended(shown)) return false;
    const tabs = simpleBrowserTabs();
    await this.forget();
    if (tabs.length === 0) return false;
    await vscode.window.tabGroups.close(tabs, true);
    return true;
  }

  dispose(): void {
    this.listener.dispose();
  }
}
