// Browser sessions (issue 39): the service's live browsers, driven from the editor. Start a Browser
// Session… (its time to live and an optional profile, the bound shown first), Continue in a Browser
// on a scraped page's tab (the page's own browser, by its scrape id), Run in Browser Session (the
// selection or the file, reviewed before every send unless the person said otherwise for that one
// session), and the Browser Sessions group of Active Crawls with Stop, Open Live View and Copy
// Session ID. Every run acts on the live site; its output is outside text, shown as plain text only.
import { join } from 'node:path';
import * as vscode from 'vscode';
import { askText, pickOne } from '../../platform/quick-inputs';
import type { WebDataClient } from '../../core/api';
import type { BrowserClient } from '../../core/browser/api';
import { boundAtRate, codePreview, hidesText, languageForId, runOutputOf, secondsLeft, sessionName, usedRecently, type RunOutput } from '../../core/browser/present';
import { isBrowserLanguage, type BrowserLanguage } from '../../core/browser/request';
import { hostAlive, RememberedSessions, restoreSteps } from '../../core/browser/remembered';
import { SessionStops } from '../../core/browser/session-stops';
import { ShiftableClock } from '../../core/shiftable-clock';
import type { Executed } from '../../core/browser/schemas';
import type { BrowserTarget } from '../../core/chat/browser-input';
import { decodeBrowserSessionId, decodeStartSessionArgument } from '../../core/commands/browser';
import { Command } from '../../core/ids';
import { parseUrl } from '../../core/parse-url';
import { isLoopbackHost } from '../../core/service-address';
import { inertLabel, inertNotification, inertQuickPick } from '../../core/text/inert';
import { copyText } from '../../platform/clipboard';
import { registerCommand } from '../../platform/commands';
import { isWebDataError, loadCore } from '../../platform/core';
import { Disposable } from '../../platform/disposable';
import { offerConnect, showError } from '../../platform/notify';
import { browserLiveView, chatBrowserIdleSeconds } from '../../platform/feature-settings';
import type { Services } from '../../platform/services';
import type { BrowserSessionSource } from '../crawls';
import { BrowserSessionsGroup } from './group';
import { LiveViewTab, simpleBrowserTabs, type ShownLiveView } from './live-view-tab';
import { RunDocuments } from './run-documents';
import { BrowserSessions, type BrowserSession, type SessionStop } from './sessions';
import { sessionDescriptionWords, words } from './words';

export type { BrowserSession, SessionStop } from './sessions';

/** What the feature needs of others: the running-jobs view for its group, a scraped page tab's scrape. */
export interface BrowserLinks {
  showSessions(source: BrowserSessionSource): vscode.Disposable;
  scrapeOf(uri: vscode.Uri): Promise<{ url: string; scrapeId?: string } | undefined>;
  /** Where the sessions this profile's windows started are remembered (src/core/browser/remembered-folder.ts). */
  rememberedSessions: string;
  /** The workspace-state key of the live view this window shows (the shell reads it at start: src/core/browser/remembered-folder.ts). */
  liveViewKey: string;
}

/** A run as the caller asks it: the code, its language, and whether the person's review is needed. */
export interface RunAsk {
  code: string;
  language: BrowserLanguage;
  /** 'person': reviewed unless said otherwise for this session; 'agent': the chat tool confirmed it. */
  askedBy: 'person' | 'agent';
  signal?: AbortSignal;
}

const MAX_TTL_MINUTES = 60;
/** Seconds past an agent session's idle time after which the service ends it itself (activityTtl). */
const IDLE_BACKSTOP_S = 30;
/**
 * A scraped page's own browser has no time to live of its own in the published shapes: this window
 * gives it one, names it before it opens, and stops the browser then.
 */
const SCRAPE_BROWSER_TTL_S = 600;
/** How long before its time runs out a session started here is stopped by this window, to learn its bill. */
const STOP_BEFORE_END_MS = 5_000;

/** Milliseconds from now until a session asked at `sentAt` to live `ttl` seconds is stopped here. */
function untilEnd(sentAt: number, ttl: number, now: number): number {
  return Math.max(0, sentAt + ttl * 1000 - now - STOP_BEFORE_END_MS);
}

export class BrowserFeature extends Disposable {
  readonly sessions: BrowserSessions;
  readonly group: BrowserSessionsGroup;
  /** The runs' output tabs (host tests read them again as a new start would). */
  readonly documents: RunDocuments;
  private readonly channels = new Map<string, vscode.OutputChannel>();
  /** After a session stopped here, with its bill (today's spend follows it). */
  readonly onDidStop: vscode.Event<SessionStop>;
  private readonly ranEmitter = this._register(new vscode.EventEmitter<{ sessionId: string; output: RunOutput }>());
  /** After each run's answer (host tests wait for it). */
  readonly onDidRun = this.ranEmitter.event;
  /** The session whose live view this window's Simple Browser shows (it holds one page), and which of its two: kept across a reload. */
  private readonly liveView: LiveViewTab;
  /**
   * The sessions this window started, stopped by it just before their time runs out (so the bill is
   * known and counts in today's spend), and a chat agent's after its idle time without a run.
   */
  /**
   * The time its stops are set by: the system's. Host tests shift it forward to reach a session's
   * end or an agent's idle time without waiting tens of seconds (src/core/shiftable-clock.ts).
   */
  readonly clock = new ShiftableClock();
  private readonly stops = new SessionStops((id, why) => {
    this.services.log.info(`Browser sessions: stopping ${id}, ${why === 'idle' ? `a chat agent's, after ${chatBrowserIdleSeconds()} s without a run` : 'as its time runs out'}`);
    this.sessions.stop(id).catch((error: unknown) => {
      // Gone at the service already (stopped elsewhere, or its time ran out there): ended here too.
      if (isWebDataError(error) && (error.status === 404 || error.status === 410)) this.sessions.ended(id);
      else this.services.log.warn(`Browser sessions: ${id} could not be stopped: ${String(error)}`);
    });
  }, this.clock);
  /** The sessions this window started, remembered on disk until they end (./remembered.ts in core says why). */
  private readonly remembered: RememberedSessions;

  /** The sessions whose stop by this window is still to come (host tests read it). */
  get stopsPending(): readonly string[] {
    return this.stops.watched;
  }
  private readonly rememberedIds = new Set<string>();

  constructor(private readonly services: Services, private readonly links: BrowserLinks) {
    super();
    this.sessions = this._register(new BrowserSessions(() => this.api(), services.globalState, services.log, () => this.clock.now()));
    this.onDidStop = this.sessions.onDidStop;
    this.group = this._register(new BrowserSessionsGroup(this.sessions, () => this.clock.now()));
    this.documents = this._register(new RunDocuments(join(services.context.globalStorageUri.fsPath, 'browser-runs'), services.log));
    this._register(links.showSessions(this.group));
    this._register({ dispose: () => { for (const channel of this.channels.values()) channel.dispose(); this.stops.dispose(); } });
    this._register(this.sessions.onDidStop(({ session }) => this.stops.forget(session.id)));
    this.remembered = new RememberedSessions(links.rememberedSessions);
    this.liveView = this._register(new LiveViewTab(services.context.workspaceState, links.liveViewKey));
    // A session that ended (stopped, or seen ended) is forgotten: nothing is left to stop. Its live
    // view, if shown, is closed: the page would go on showing it as it was when it loaded.
    this._register(this.sessions.onDidChange(() => {
      this.forgetEnded();
      void this.closeEndedLiveView((view) => { const status = this.sessions.get(view.id)?.status; return status === 'stopped' || status === 'expired'; });
    }));
    void this.restoreRemembered();
  }

  /** Remembers a session this window started, with its bound, so a reload or a crash cannot orphan it. */
  private remember(session: BrowserSession, endsAt: number): void {
    this.rememberedIds.add(session.id);
    this.remembered.remember({ id: session.id, kind: session.kind, label: session.label, askedBy: session.askedBy, startedAt: session.createdAt, endsAt, owner: process.pid })
      .catch((error: unknown) => this.services.log.warn(`Browser sessions: ${session.id} could not be remembered for the next start: ${String(error)}`));
  }

  private forgetEnded(): void {
    for (const id of this.rememberedIds) {
      const status = this.sessions.get(id)?.status;
      if (status !== 'stopped' && status !== 'expired') continue;
      this.rememberedIds.delete(id);
      void this.remembered.forget(id);
    }
  }

  /**
   * At every start: the sessions a window of this profile started and did not see end (a reload, a
   * crash) come back as this window's rows, stopped at their bound as before; those the service no
   * longer lists are forgotten. The team's other sessions are listed as ever.
   */
  async restoreRemembered(): Promise<void> {
    const remembered = await this.remembered.list();
    const listed = await this.sessions.refresh();
    const now = this.clock.now();
    for (const step of restoreSteps(remembered, listed, (owner) => hostAlive(owner))) {
      const { session: kept } = step;
      // Another open window's: it stops its own, and the service's list shows it as started elsewhere.
      if (step.action === 'elsewhere') continue;
      if (step.action === 'forget') {
        this.services.log.info(`Browser sessions: ${kept.id}, remembered from an earlier start, has ended at the service`);
        this.rememberedIds.delete(kept.id);
        void this.remembered.forget(kept.id);
        continue;
      }
      if (this.sessions.get(kept.id)?.startedHere === true) continue;
      const listedHere = this.sessions.get(kept.id);
      const liveViewUrl = step.liveViewUrl ?? listedHere?.liveViewUrl;
      const interactiveLiveViewUrl = step.interactiveLiveViewUrl ?? listedHere?.interactiveLiveViewUrl;
      this.rememberedIds.add(kept.id);
      // Past its bound already (the window was gone at that moment): stopped now, its row without a time left.
      const overdue = kept.endsAt - STOP_BEFORE_END_MS <= now;
      const session: BrowserSession = {
        id: kept.id, kind: kept.kind, label: kept.label, startedHere: true, askedBy: kept.askedBy, status: 'active', createdAt: kept.startedAt,
        ...(overdue ? {} : { expiresAt: kept.endsAt }),
        ...(listedHere?.lastActivity !== undefined ? { lastActivity: listedHere.lastActivity } : {}),
        ...(liveViewUrl !== undefined ? { liveViewUrl } : {}),
        ...(interactiveLiveViewUrl !== undefined ? { interactiveLiveViewUrl } : {}),
      };
      this.sessions.add(session);
      // This window keeps it now: its record names this extension host.
      this.remember(session, kept.endsAt);
      this.services.log.info(`Browser sessions: ${kept.id}, started before this start, is shown again and stopped at its bound`);
      this.stops.watch(kept.id, { endMs: Math.max(0, kept.endsAt - now - STOP_BEFORE_END_MS) });
    }
    // A live view tab VS Code restored: its session is known now. One the service no longer lists
    // (a scraped page's browser is never listed: only when seen ended) has ended.
    if (listed !== undefined) {
      await this.closeEndedLiveView((view) => {
        const status = this.sessions.get(view.id)?.status;
        return status === undefined ? view.kind === 'session' : status === 'stopped' || status === 'expired';
      });
    }
  }

  /** Closes the live view's tab when its session has ended, and says why it went. */
  private async closeEndedLiveView(ended: (view: ShownLiveView) => boolean): Promise<void> {
    try {
      if (!await this.liveView.closeIfEnded(ended)) return;
      this.services.log.info('Browser sessions: the live view\'s tab was closed, its session has ended');
      void vscode.window.showInformationMessage(words.liveViewClosed());
    } catch (error) {
      this.services.log.warn(`Browser sessions: the live view of an ended session could not be closed: ${String(error)}`);
    }
  }

  /**
   * As a window that reloads or crashes: every row and timer of this window goes, and nothing is
   * stopped (host tests then call restoreRemembered, as the next start does).
   */
  dropWithoutStopping(): void {
    this.stops.dispose();
    this.rememberedIds.clear();
    this.sessions.dropAll();
  }

  private async api(): Promise<BrowserClient | undefined> {
    const client: WebDataClient | undefined = await this.services.connection.getClient();
    return client ? loadCore().browserClient(client) : undefined;
  }

  /** The client, or undefined after saying how to connect. */
  private async connected(): Promise<BrowserClient | undefined> {
    const api = await this.api();
    if (api) return api;
    offerConnect(words.notConnected(), words.connect());
    return undefined;
  }

  /** webData.startBrowserSession: its time to live, a profile, the bound; then the session and its live view. */
  async startSession(given: { ttl?: number; profile?: string; activityTtl?: number } = {}, askedBy: 'person' | 'agent' = 'person'): Promise<BrowserSession | undefined> {
    const minutes = given.ttl !== undefined ? Math.ceil(given.ttl / 60) : await this.askMinutes();
    if (minutes === undefined) return undefined;
    const profile = given.profile ?? (given.ttl !== undefined ? '' : await askText({ title: words.profileTitle(), prompt: words.profilePrompt(), ignoreFocusOut: true }));
    if (profile === undefined) return undefined;
    const ttl = given.ttl ?? minutes * 60;
    if (askedBy === 'person' && !await this.confirmBound(ttl)) return undefined;
    const api = await this.connected();
    if (!api) return undefined;
    try {
      const sentAt = this.clock.now();
      const started = await api.startSession({
        ttl, ...(given.activityTtl !== undefined ? { activityTtl: given.activityTtl } : {}), ...(profile.trim() !== '' ? { profile: { name: profile.trim() } } : {}),
      });
      const expiresAt = started.expiresAt ? Date.parse(started.expiresAt) : NaN;
      const session: BrowserSession = {
        id: started.id, kind: 'session', label: profile.trim() !== '' ? profile.trim() : words.unnamedSession(new Date()), startedHere: true, askedBy, status: 'active', createdAt: this.clock.now(),
        expiresAt: Number.isFinite(expiresAt) ? expiresAt : this.clock.now() + ttl * 1000,
        ...(started.liveViewUrl ? { liveViewUrl: started.liveViewUrl } : {}),
        ...(started.interactiveLiveViewUrl ? { interactiveLiveViewUrl: started.interactiveLiveViewUrl } : {}),
      };
      this.sessions.add(session);
      this.remember(session, sentAt + ttl * 1000);
      // Timed from the ttl asked, on this machine's clock: a clock that differs from the service's does not move it.
      this.stops.watch(session.id, { endMs: untilEnd(sentAt, ttl, this.clock.now()) });
      if (askedBy === 'person') await this.openLiveView(session.id, false);
      return session;
    } catch (error) {
      if (askedBy === 'person') void showError(this.services.log, words.startFailed(), error, { retry: () => this.startSession({ ttl, profile }) });
      throw error;
    }
  }

  private askMinutes(): Thenable<number | undefined> {
    return askText({
      title: words.ttlTitle(), prompt: words.ttlPrompt(), value: '5', ignoreFocusOut: true,
      validateInput: (text) => (/^\d{1,2}$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= MAX_TTL_MINUTES ? undefined : words.ttlInvalid()),
    }).then((text) => (text === undefined ? undefined : Number(text.trim())));
  }

  /** The bound before a session starts: its longest life, and what is known of the price. */
  private async confirmBound(ttl: number): Promise<boolean> {
    const minutes = Math.ceil(ttl / 60);
    const atRate = boundAtRate(ttl, this.sessions.lastBill);
    const price = atRate === undefined ? words.boundUnknown() : words.boundAtRate(atRate, minutes);
    const start = words.start();
    const choice = await vscode.window.showWarningMessage(words.boundTitle(minutes), { modal: true, detail: `${price}\n\n${words.boundLive()}` }, start);
    return choice === start;
  }

  /** webData.continueInBrowser: the scraped page's own browser, opened at the page; its live view shown. */
  async continueInBrowser(uri: vscode.Uri | undefined): Promise<BrowserSession | undefined> {
    const target = uri ?? vscode.window.activeTextEditor?.document.uri;
    const page = target ? await this.links.scrapeOf(target) : undefined;
    if (!page) { void vscode.window.showErrorMessage(words.noScrape()); return undefined; }
    if (page.scrapeId === undefined) {
      const again = words.scrapeAgain();
      if (await vscode.window.showErrorMessage(words.noScrapeId(), again) === again) await vscode.commands.executeCommand(Command.scrapeFresh, target);
      return undefined;
    }
    const existing = this.sessions.get(page.scrapeId);
    if (existing?.status === 'active') { await this.openLiveView(existing.id, false); return existing; }
    const open = words.continue();
    if (await vscode.window.showWarningMessage(words.continueAsk(inertNotification(page.url, 200)), { modal: true, detail: words.continueDetail(SCRAPE_BROWSER_TTL_S / 60) }, open) !== open) return undefined;
    const api = await this.connected();
    if (!api) return undefined;
    try {
      // A run that reads only the page's address opens the browser at the page.
      const sentAt = this.clock.now();
      const answer = await api.interactWithScrape(page.scrapeId, { code: 'console.log(page.url())', language: 'node' });
      const session: BrowserSession = {
        id: page.scrapeId, kind: 'scrape', label: page.url, startedHere: true, askedBy: 'person', status: 'active', createdAt: this.clock.now(), lastActivity: this.clock.now(),
        expiresAt: sentAt + SCRAPE_BROWSER_TTL_S * 1000,
        ...(answer.liveViewUrl ? { liveViewUrl: answer.liveViewUrl } : {}),
        ...(answer.interactiveLiveViewUrl ? { interactiveLiveViewUrl: answer.interactiveLiveViewUrl } : {}),
      };
      this.sessions.add(session);
      this.remember(session, sentAt + SCRAPE_BROWSER_TTL_S * 1000);
      this.stops.watch(session.id, { endMs: untilEnd(sentAt, SCRAPE_BROWSER_TTL_S, this.clock.now()) });
      await this.openLiveView(session.id, false);
      return session;
    } catch (error) {
      void showError(this.services.log, words.startFailed(), error, { retry: () => this.continueInBrowser(target) });
      return undefined;
    }
  }

  /** A session to act on: the one given, the only active one, or one the person picks. */
  private async pickSession(given: string | undefined, offerStart: boolean): Promise<BrowserSession | undefined> {
    if (given !== undefined) return this.sessions.get(given);
    const active = this.sessions.active;
    if (active.length === 1) return active[0];
    if (active.length === 0) {
      if (!offerStart) { void vscode.window.showInformationMessage(words.noSession()); return undefined; }
      const start = words.startOne();
      return await vscode.window.showInformationMessage(words.noSession(), start) === start ? this.startSession() : undefined;
    }
    // Named as its row is (its name, its time left), never by the service's id.
    const now = this.clock.now();
    const picked = await pickOne(active.map((s) => ({ label: inertQuickPick(sessionName(s)), description: inertQuickPick(sessionDescriptionWords(s, secondsLeft(s.expiresAt, now), now)), id: s.id })), { placeHolder: words.pickSession() });
    return picked ? this.sessions.get(picked.id) : undefined;
  }

  /** webData.runInBrowserSession: the selection or the file, reviewed, sent; its output shown. */
  async runInSession(given: string | undefined): Promise<RunOutput | undefined> {
    const editor = vscode.window.activeTextEditor;
    const selected = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection) : undefined;
    const code = selected ?? editor?.document.getText() ?? '';
    if (!editor || code.trim() === '') { void vscode.window.showErrorMessage(words.noCode()); return undefined; }
    if (hidesText(code)) { void vscode.window.showErrorMessage(words.hiddenText()); return undefined; }
    const language = languageForId(editor.document.languageId) ?? await this.askLanguage();
    if (!language) return undefined;
    const session = await this.pickSession(given, true);
    if (!session || session.status !== 'active') return undefined;
    if (this.sessions.review.needsReview(session.id)) {
      const { shown, moreLines } = codePreview(code);
      const run = words.run();
      const dontAsk = words.runDontAsk();
      const choice = await vscode.window.showWarningMessage(words.reviewTitle(language, inertNotification(session.label, 80)), { modal: true, detail: words.reviewDetail(shown, moreLines) }, run, dontAsk);
      if (choice !== run && choice !== dontAsk) return undefined;
      if (choice === dontAsk) this.sessions.review.dontAskAgain(session.id);
    }
    return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: words.running(), cancellable: true }, async (_progress, token) => {
      const abort = new AbortController();
      const listener = token.onCancellationRequested(() => abort.abort());
      try {
        return await this.run(session.id, { code, language, askedBy: 'person', signal: abort.signal }, true);
      } catch (error) {
        if (abort.signal.aborted) { void vscode.window.showInformationMessage(words.runCancelled()); return undefined; }
        void showError(this.services.log, words.runFailed(), error);
        return undefined;
      } finally {
        listener.dispose();
      }
    });
  }

  private async askLanguage(): Promise<BrowserLanguage | undefined> {
    const picked = await pickOne(['node', 'python', 'bash'].map((label) => ({ label })), { placeHolder: words.pickLanguage() });
    return isBrowserLanguage(picked?.label) ? picked.label : undefined;
  }

  /**
   * Sends a run to a session already reviewed (by the person, or by a chat tool's confirmation);
   * its output goes to the session's channel and, when `showDocument`, a read-only tab. Throws the client's error.
   */
  async run(sessionId: string, ask: RunAsk, showDocument: boolean): Promise<RunOutput> {
    const session = this.sessions.get(sessionId);
    const api = await this.api();
    if (!session || session.status !== 'active' || !api) throw new Error(words.noSession());
    const request = { code: ask.code, language: ask.language };
    const options = ask.signal ? { signal: ask.signal } : {};
    const answer: Executed = session.kind === 'scrape' ? await api.interactWithScrape(session.id, request, options) : await api.execute(session.id, request, options);
    this.sessions.touched(session.id);
    this.stops.ran(session.id);
    const output = runOutputOf(answer);
    const text = this.outputText(ask.language, output);
    this.channelOf(session).append(text);
    if (showDocument) await this.documents.open(sessionName(session), text);
    this.ranEmitter.fire({ sessionId: session.id, output });
    await this.refreshLiveView(session.id);
    return output;
  }

  private outputText(language: BrowserLanguage, output: RunOutput): string {
    const parts = [`── ${words.outputHeader(language, new Date().toISOString())} ──`];
    if (output.stdout !== '') parts.push(words.stdout(), output.stdout.trimEnd());
    if (output.stderr !== '') parts.push(words.stderr(), output.stderr.trimEnd());
    if (output.error !== null) parts.push(words.error(), output.error);
    parts.push(words.exit(output.exitCode === null ? '—' : String(output.exitCode), output.killed));
    return `${parts.join('\n')}\n\n`;
  }

  /** The session's output channel, named by what a person knows it by (its name), never its id. */
  private channelOf(session: BrowserSession): vscode.OutputChannel {
    let channel = this.channels.get(session.id);
    if (!channel) {
      channel = vscode.window.createOutputChannel(words.channel(inertLabel(sessionName(session), 60)));
      this.channels.set(session.id, channel);
    }
    return channel;
  }

  /** webData.stopBrowserSession: asks first when it ran something in the last minute. */
  async stop(given: string | undefined, confirmed = false): Promise<SessionStop | undefined> {
    const session = await this.pickSession(given, false);
    if (!session || session.status !== 'active') return undefined;
    if (!confirmed && usedRecently(session.lastActivity, this.clock.now())) {
      const stop = words.stop();
      if (await vscode.window.showWarningMessage(words.stopAsk(), { modal: true, detail: words.stopDetail() }, stop) !== stop) return undefined;
    }
    try {
      const stopped = await this.sessions.stop(session.id);
      if (stopped) void vscode.window.showInformationMessage(words.stopped(stopped.stopped.creditsBilled ?? undefined));
      return stopped;
    } catch (error) {
      void showError(this.services.log, words.stopFailed(), error, { retry: () => this.stop(session.id, true) });
      return undefined;
    }
  }

  /**
   * After a run, the live view shown in VS Code is loaded again, so it shows the page as the run
   * left it (a run may navigate; the service's answer names no current address to show instead).
   * The Simple Browser holds one page: only when it still shows this session's live view.
   */
  private async refreshLiveView(sessionId: string): Promise<void> {
    const shown = this.liveView.shown;
    if (shown?.id !== sessionId || simpleBrowserTabs().length === 0) return;
    await this.openLiveView(sessionId, shown.interactive);
  }

  /** webData.openLiveView / openInteractiveLiveView: beside the editor in the Simple Browser, or outside by the setting. */
  async openLiveView(given: string | undefined, interactive: boolean): Promise<boolean> {
    const session = await this.pickSession(given, false);
    if (!session) return false;
    const address = interactive ? session.interactiveLiveViewUrl : session.liveViewUrl;
    if (address === undefined) { void vscode.window.showInformationMessage(words.noLiveView()); return false; }
    const url = parseUrl(address);
    if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname)))) {
      void vscode.window.showErrorMessage(words.badLiveView());
      return false;
    }
    const uri = vscode.Uri.parse(url.href);
    if (browserLiveView() === 'external') return vscode.env.openExternal(uri);
    try {
      await vscode.commands.executeCommand('simpleBrowser.api.open', uri, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true });
      await this.liveView.opened({ id: session.id, kind: session.kind, interactive });
      return true;
    } catch (error) {
      // A VS Code without the built-in Simple Browser: the system's browser instead.
      this.services.log.warn(`Browser sessions: the Simple Browser could not open the live view (${String(error)}); opening it outside VS Code`);
      return vscode.env.openExternal(uri);
    }
  }

  /** Minutes the sessions chat agents started in this window have lived, to their end or now. */
  agentMinutesUsed(now = this.clock.now()): number {
    const ms = this.sessions.list.filter((s) => s.askedBy === 'agent' && s.startedHere).reduce((sum, s) => sum + Math.max(0, (s.endedAt ?? now) - s.createdAt), 0);
    return ms / 60_000;
  }

  /**
   * The session a chat agent's run goes to, after the person confirmed it: a new one opened at the
   * address (its time to live what is left of the bound), a scraped page's own browser, or a session
   * already open. A session it opens is stopped after webData.chat.browserIdleSeconds without a run
   * or when the bound is reached, whichever is first. Throws the client's error.
   */
  async sessionForAgent(target: BrowserTarget, leftMs: number): Promise<BrowserSession> {
    const idleS = chatBrowserIdleSeconds();
    if (target.kind === 'session') {
      const open = this.sessions.get(target.sessionId);
      if (open?.status !== 'active') throw new Error(words.noSession());
      return open;
    }
    const api = await this.api();
    if (!api) throw new Error(words.notConnected());
    if (target.kind === 'url') {
      const ttl = Math.min(3600, Math.max(30, Math.floor(leftMs / 1000)));
      // The service ends it a little after the idle time too, should this window close first.
      const session = await this.startSession({ ttl, profile: '', activityTtl: Math.min(3600, idleS + IDLE_BACKSTOP_S) }, 'agent');
      if (!session) throw new Error(words.noSession());
      // Watched before its first run: a run that fails still leaves it to be stopped.
      this.stops.watch(session.id, { idleMs: idleS * 1000, endMs: Math.min(leftMs, untilEnd(session.createdAt, ttl, this.clock.now())) });
      await this.run(session.id, { code: `await page.goto(${JSON.stringify(target.url)});`, language: 'node', askedBy: 'agent' }, false);
      return session;
    }
    const sentAt = this.clock.now();
    const answer = await api.interactWithScrape(target.scrapeId, { code: 'console.log(page.url())', language: 'node' });
    const session: BrowserSession = {
      id: target.scrapeId, kind: 'scrape', label: answer.stdout?.trim() || target.scrapeId, startedHere: true, askedBy: 'agent', status: 'active', createdAt: this.clock.now(), lastActivity: this.clock.now(),
      expiresAt: sentAt + leftMs,
      ...(answer.liveViewUrl ? { liveViewUrl: answer.liveViewUrl } : {}),
    };
    this.sessions.add(session);
    this.remember(session, sentAt + leftMs);
    this.stops.watch(session.id, { idleMs: idleS * 1000, endMs: leftMs });
    return session;
  }

  async copyId(given: string | undefined): Promise<string | undefined> {
    const session = await this.pickSession(given, false);
    if (!session) return undefined;
    await copyText(session.id, words.copied());
    return session.id;
  }
}

/** Continue in a Browser takes the tab the editor's title bar passes (its Uri), else the active one. */
function decodeTab(argument: unknown): vscode.Uri | undefined {
  return argument instanceof vscode.Uri ? argument : undefined;
}

export function registerBrowser(services: Services, links: BrowserLinks): BrowserFeature {
  const feature = new BrowserFeature(services, links);
  services.context.subscriptions.push(
    feature,
    registerCommand(Command.startBrowserSession, decodeStartSessionArgument, (given) => feature.startSession(given).catch(() => undefined)),
    registerCommand(Command.continueInBrowser, decodeTab, (uri) => feature.continueInBrowser(uri)),
    registerCommand(Command.runInBrowserSession, decodeBrowserSessionId, (id) => feature.runInSession(id)),
    registerCommand(Command.stopBrowserSession, decodeBrowserSessionId, (id) => feature.stop(id)),
    registerCommand(Command.openLiveView, decodeBrowserSessionId, (id) => feature.openLiveView(id, false)),
    registerCommand(Command.openInteractiveLiveView, decodeBrowserSessionId, (id) => feature.openLiveView(id, true)),
    registerCommand(Command.copyBrowserSessionId, decodeBrowserSessionId, (id) => feature.copyId(id)),
  );
  return feature;
}
