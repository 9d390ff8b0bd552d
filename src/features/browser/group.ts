// The Browser Sessions group of Active Crawls (the view of running jobs places it first; this draws
// it): each session with its time left, last activity, and its credits once stopped. The ids and
// addresses are the service's: every label, description and tooltip passes through the inert helpers.
import * as vscode from 'vscode';
import { pageRowName, secondsLeft } from '../../core/browser/present';
import { inertLabel } from '../../core/text/inert';
import { Disposable } from '../../platform/disposable';
import { chatBrowserIdleSeconds } from '../../platform/feature-settings';
import { plainTooltip } from '../../platform/markdown';
import type { BrowserSessionSource } from '../crawls';
import type { BrowserSessions } from './sessions';
import { sessionDescriptionWords, sessionTooltipWords, words } from './words';

/** The characters of a page's address a row shows. */
const ROW_NAME_MAX = 40;

export class BrowserSessionsGroup extends Disposable implements BrowserSessionSource {
  readonly onDidChange: vscode.Event<void>;

  constructor(private readonly sessions: BrowserSessions, private readonly now: () => number = Date.now) {
    super();
    this.onDidChange = sessions.onDidChange;
  }

  sessionIds(): readonly string[] {
    // Active first, newest first within each.
    return [...this.sessions.list].sort((a, b) => Number(b.status === 'active') - Number(a.status === 'active') || b.createdAt - a.createdAt).map((s) => s.id);
  }

  groupItem(): vscode.TreeItem {
    const active = this.sessions.active.length;
    const item = new vscode.TreeItem(words.group(), vscode.TreeItemCollapsibleState.Expanded);
    item.id = 'browserGroup';
    item.description = active > 0 ? String(active) : undefined;
    item.tooltip = words.groupTooltip();
    item.contextValue = 'browserGroup';
    item.iconPath = new vscode.ThemeIcon('browser');
    return item;
  }

  sessionItem(id: string): vscode.TreeItem {
    const session = this.sessions.get(id);
    // A page's address is long: shortened, so the time left beside it shows in a narrow side bar.
    const name = session?.kind === 'scrape' ? inertLabel(pageRowName(session.label), ROW_NAME_MAX) : inertLabel(session?.label ?? id, 120);
    const item = new vscode.TreeItem(name, vscode.TreeItemCollapsibleState.None);
    item.id = `browserSession:${id}`;
    if (!session) return item;
    const now = this.now();
    item.description = inertLabel(sessionDescriptionWords(session, secondsLeft(session.expiresAt, now), now));
    item.tooltip = plainTooltip({ heading: session.label, paragraphs: sessionTooltipWords(session, chatBrowserIdleSeconds()) });
    item.contextValue = session.status === 'active' ? 'browserSession' : 'browserSessionEnded';
    item.iconPath = new vscode.ThemeIcon(session.status === 'active' ? 'vm-running' : session.status === 'stopping' ? 'loading~spin' : 'vm-outline');
    return item;
  }
}
