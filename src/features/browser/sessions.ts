// The browser sessions this window knows (issue 39): those it started (a person's, or a chat agent's),
// a scraped page's own browser it opened, and the team's others the service lists. Each with its
// time left (counting down while any is active), its last activity and, once stopped here, the
// credits billed. Stop sends DELETE; a session whose time ran out is marked expired (the service
// billed it; this window is not told how much: the feature stops its own sessions just before their
// end for that reason). On dispose, the sessions this window started and did not stop are stopped:
// VS Code is closing and cannot ask.
import * as vscode from 'vscode';
import type { BrowserClient } from '../../core/browser/api';
import { ReviewRule, secondsLeft, type ObservedRate } from '../../core/browser/present';
import type { ListedSession, SessionStopped } from '../../core/browser/schemas';
import { Disposable } from '../../platform/disposable';

/** How often rows count down while a session is active. */
const TICK_MS = 5000;
/** Stopped and expired sessions kept as rows, newest first. */
const KEEP_ENDED = 10;
/** Global state key of the last bill seen (the service publishes no per-minute price). */
const RATE_KEY = 'webData.browser.lastBill';

export interface BrowserSession {
  readonly id: string;
  /** A session of /v2/interact, or a scraped page's own browser (its id is the scrape's). */
  readonly kind: 'session' | 'scrape';
  /** The profile's name, or the scraped page's address: what the row names. */
  readonly label: string;
  readonly startedHere: boolean;
  readonly askedBy: 'person' | 'agent';
  status: 'active' | 'stopping' | 'stopped' | 'expired';
  readonly createdAt: number;
  expiresAt?: number;
  lastActivity?: number;
  creditsBilled?: number;
  durationMs?: number;
  /** When it stopped or its end was seen: a chat agent's bound counts its minutes to here. */
  endedAt?: number;
  liveViewUrl?: string;
  interactiveLiveViewUrl?: string;
}

export interface SessionStop {
  session: BrowserSession;
  stopped: SessionStopped;
}

export class BrowserSessions extends Disposable {
  private readonly sessions = new Map<string, BrowserSession>();
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private readonly stoppedEmitter = this._register(new vscode.EventEmitter<SessionStop>());
  /** After a session was stopped from this window, with its bill (today's spend follows it). */
  readonly onDidStop = this.stoppedEmitter.event;
  readonly review = new ReviewRule();
  private ticker: ReturnType<typeof setInterval> | undefined;
  /** The client last used: on dispose there is no time to wait for the connection. */
  private lastApi: BrowserClient | undefined;

  constructor(private readonly connect: () => Promise<BrowserClient | undefined>, private readonly globalState: vscode.Memento, private readonly log: vscode.LogOutputChannel, private readonly now: () => number = Date.now) {
    super();
    this._register({ dispose: () => { this.stopTicking(); this.stopStartedHere(); } });
  }

  private async api(): Promise<BrowserClient | undefined> {
    const api = await this.connect();
    this.lastApi = api;
    return api;
  }

  get list(): readonly BrowserSession[] {
    return [...this.sessions.values()];
  }

  get(id: string): BrowserSession | undefined {
    return this.sessions.get(id);
  }

  get active(): readonly BrowserSession[] {
    return this.list.filter((s) => s.status === 'active');
  }

  /** The last bill seen in this profile: the only price this extension knows. */
  get lastBill(): ObservedRate | undefined {
    const value = this.globalState.get<unknown>(RATE_KEY);
    if (typeof value !== 'object' || value === null || !('credits' in value) || !('durationMs' in value)) return undefined;
    return typeof value.credits === 'number' && typeof value.durationMs === 'number' ? { credits: value.credits, durationMs: value.durationMs } : undefined;
  }

  add(session: BrowserSession): void {
    this.sessions.set(session.id, session);
    this.update();
  }

  /** Drops the rows of stopped and ended sessions (the group goes when none is left). */
  clearEnded(): void {
    for (const session of this.list) if (session.status === 'stopped' || session.status === 'expired') this.sessions.delete(session.id);
    this.update();
  }

  /** A run in it: its last activity now. */
  touched(id: string): void {
    const session = this.sessions.get(id);
    if (!session) return;
    session.lastActivity = this.now();
    this.changed.fire();
  }

  /**
   * Merges the service's list: the team's sessions started elsewhere show too; those gone are marked
   * ended. Answers the active sessions listed, or undefined when the list could not be read.
   */
  async refresh(): Promise<ListedSession[] | undefined> {
    const api = await this.api();
    if (!api) return undefined;
    try {
      const listed = await api.listSessions('active');
      const ids = new Set(listed.map((s) => s.id));
      for (const item of listed) {
        const known = this.sessions.get(item.id);
        const createdAt = item.createdAt ? Date.parse(item.createdAt) : NaN;
        // The service gives a new session its creation time as its last activity: only a later one is a use.
        const read = item.lastActivity ? Date.parse(item.lastActivity) : NaN;
        const lastActivity = Number.isFinite(read) && !(Number.isFinite(createdAt) && read <= createdAt) ? read : undefined;
        if (known) {
          if (lastActivity !== undefined) known.lastActivity = Math.max(known.lastActivity ?? 0, lastActivity);
          continue;
        }
        this.sessions.set(item.id, {
          id: item.id, kind: 'session', label: item.id, startedHere: false, askedBy: 'person', status: 'active',
          createdAt: Number.isFinite(createdAt) ? createdAt : this.now(),
          ...(lastActivity !== undefined ? { lastActivity } : {}),
          ...(item.liveViewUrl ? { liveViewUrl: item.liveViewUrl } : {}),
          ...(item.interactiveLiveViewUrl ? { interactiveLiveViewUrl: item.interactiveLiveViewUrl } : {}),
        });
      }
      for (const session of this.sessions.values()) {
        if (session.kind === 'session' && session.status === 'active' && !ids.has(session.id)) {
          session.status = 'expired';
          session.endedAt = this.now();
        }
      }
      this.update();
      return listed;
    } catch (error) {
      this.log.warn(`Browser sessions: the list could not be read: ${String(error)}`);
      return undefined;
    }
  }

  /** The service says the session is gone (a stop answered 404 or 410): marked ended. */
  ended(id: string): void {
    const session = this.sessions.get(id);
    if (session?.status !== 'active' && session?.status !== 'stopping') return;
    session.status = 'expired';
    session.endedAt = this.now();
    this.review.forget(id);
    this.update();
  }

  /**
   * Forgets every row without stopping anything, as a window that reloads or crashes does: what it
   * started keeps running at the service, and only what was remembered on disk brings it back.
   */
  dropAll(): void {
    this.sessions.clear();
    this.update();
  }

  /** DELETE: the session stopped, its bill kept on its row. Throws the client's error. */
  async stop(id: string): Promise<SessionStop | undefined> {
    const session = this.sessions.get(id);
    const api = await this.api();
    if (!session || !api || session.status !== 'active') return undefined;
    session.status = 'stopping';
    this.changed.fire();
    try {
      const stopped = session.kind === 'scrape' ? await api.stopScrapeInteraction(id) : await api.stopSession(id);
      session.status = 'stopped';
      session.endedAt = this.now();
      if (typeof stopped.creditsBilled === 'number') session.creditsBilled = stopped.creditsBilled;
      if (typeof stopped.sessionDurationMs === 'number') session.durationMs = stopped.sessionDurationMs;
      if (typeof stopped.creditsBilled === 'number' && typeof stopped.sessionDurationMs === 'number' && stopped.sessionDurationMs > 0) {
        void this.globalState.update(RATE_KEY, { credits: stopped.creditsBilled, durationMs: stopped.sessionDurationMs });
      }
      this.review.forget(id);
      this.update();
      const stop = { session, stopped };
      this.stoppedEmitter.fire(stop);
      return stop;
    } catch (error) {
      session.status = 'active';
      this.changed.fire();
      throw error;
    }
  }

  /** The session's time ran out at the service: marked, the review rule forgotten. */
  private expireDue(): void {
    const now = this.now();
    for (const session of this.sessions.values()) {
      if (session.status === 'active' && secondsLeft(session.expiresAt, now) === 0) {
        session.status = 'expired';
        session.endedAt = session.expiresAt ?? now;
        this.review.forget(session.id);
      }
    }
  }

  private update(): void {
    this.expireDue();
    // The newest ended sessions stay as rows; older ones go.
    const ended = this.list.filter((s) => s.status === 'stopped' || s.status === 'expired').sort((a, b) => b.createdAt - a.createdAt);
    for (const old of ended.slice(KEEP_ENDED)) this.sessions.delete(old.id);
    if (this.active.some((s) => s.expiresAt !== undefined)) this.startTicking();
    else this.stopTicking();
    this.changed.fire();
  }

  private startTicking(): void {
    if (this.ticker) return;
    this.ticker = setInterval(() => { this.update(); }, TICK_MS);
  }

  private stopTicking(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = undefined;
  }

  /** VS Code is closing: the sessions this window started are stopped, without asking (it cannot), not awaited. */
  private stopStartedHere(): void {
    const open = this.active.filter((s) => s.startedHere);
    if (open.length === 0) return;
    const api = this.lastApi;
    for (const session of open) {
      this.log.info(`Browser sessions: stopping ${session.id}, started in this window, as the window closes`);
      const stopping = session.kind === 'scrape' ? api?.stopScrapeInteraction(session.id) : api?.stopSession(session.id);
      stopping?.catch(() => undefined);
    }
  }
}
