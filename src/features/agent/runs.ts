// Research runs followed from this window (issue 36): each read every few seconds until it ends
// (completed, failed, or cancelled here), with what it is doing and its credits so far for the
// running-jobs view. Its end: the data kept and opened beside a markdown view of it, or the
// service's reason; either way its credits count in today's spend. Bounded: a run is followed at
// most MAX_FOLLOW_MS, then said to be still going at the service.
import * as vscode from 'vscode';
import type { WebDataClient } from '../../core/api';
import type { AgentModel } from '../../core/agent/fields';
import type { JsonObject } from '../../core/agent/schema-source';
import type { StructuredResult } from '../../core/agent/store';
import { Disposable } from '../../platform/disposable';
import { showError } from '../../platform/notify';
import { words } from './words';

/** How often a run's status is read. */
const READ_EVERY_MS = 2000;
/** A run whose webhook is wired hears its actions and end by it: its status is read only now and then, in case deliveries stop. */
const READ_EVERY_WIRED_MS = 30_000;
/** How long a run is followed at most: the service's runs take minutes, not hours. */
const MAX_FOLLOW_MS = 60 * 60 * 1000;

/** A run as its row shows it: plain data. */
export interface ResearchRun {
  readonly id: string;
  readonly prompt: string;
  readonly model: AgentModel;
  readonly bound: number;
  readonly urls: readonly string[];
  readonly schema?: JsonObject;
  readonly startedAt: number;
  /** Who started it: the person (Research…) or a chat agent (webData_research); its spend is theirs. */
  readonly askedBy: 'person' | 'agent';
  status: string;
  creditsUsed: number;
  /** The last action reported (a webhook's agent.action), if any. */
  lastAction?: string;
  /** Whether its webhook goes to this editor's receiver (issue 36): actions and its end come by it. */
  readonly wired?: boolean;
  cancelling?: boolean;
}

export interface RunEnd {
  run: ResearchRun;
  outcome: 'completed' | 'failed' | 'cancelled' | 'lost';
  result?: StructuredResult;
  error?: string;
}

export interface RunsPlace {
  client(): Promise<WebDataClient | undefined>;
  log: vscode.LogOutputChannel;
  /** The end of a run: its result kept and opened (completed), its cost counted (always). */
  ended(end: RunEnd): Promise<void>;
}

export class ResearchRuns extends Disposable {
  private readonly runs = new Map<string, ResearchRun>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Wired runs whose end the webhook told: read every few seconds until the status says so too. */
  private readonly endsHeard = new Set<string>();
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** After a run was added, moved on or left. */
  readonly onDidChange = this.changed.event;
  private readonly endedEmitter = this._register(new vscode.EventEmitter<RunEnd>());
  /** After a run ended (host tests wait for it). */
  readonly onDidEnd = this.endedEmitter.event;

  /** The last runs that ended in this window, for a chat agent that asks after one. */
  private readonly ends = new Map<string, RunEnd>();

  constructor(private readonly place: RunsPlace) {
    super();
    this._register({ dispose: () => { for (const timer of this.timers.values()) clearTimeout(timer); this.timers.clear(); } });
  }

  get list(): readonly ResearchRun[] {
    return [...this.runs.values()];
  }

  get(id: string): ResearchRun | undefined {
    return this.runs.get(id);
  }

  /** How a run ended, when it ended in this window lately. */
  endOf(id: string): RunEnd | undefined {
    return this.ends.get(id);
  }

  /**
   * The run's end, waiting at most `ms` (and never past `signal`): undefined while it still goes,
   * or when this window does not follow it.
   */
  async waitForEnd(id: string, ms: number, signal?: AbortSignal): Promise<RunEnd | undefined> {
    const ended = this.ends.get(id);
    if (ended || !this.runs.has(id)) return ended;
    return new Promise((resolve) => {
      const finish = (end: RunEnd | undefined): void => {
        clearTimeout(timer);
        listener.dispose();
        signal?.removeEventListener('abort', aborted);
        resolve(end);
      };
      const aborted = (): void => { finish(undefined); };
      const timer = setTimeout(() => { finish(undefined); }, ms);
      const listener = this.onDidEnd((end) => { if (end.run.id === id) finish(end); });
      signal?.addEventListener('abort', aborted);
    });
  }

  follow(run: ResearchRun): void {
    this.runs.set(run.id, run);
    this.changed.fire();
    this.schedule(run.id, run.wired === true ? READ_EVERY_WIRED_MS : READ_EVERY_MS);
  }

  /** An action the webhook reported: shown at once. */
  reportAction(id: string, action: string, creditsUsed: number | undefined): void {
    const run = this.runs.get(id);
    if (!run) return;
    run.lastAction = action;
    if (typeof creditsUsed === 'number' && Number.isFinite(creditsUsed)) run.creditsUsed = creditsUsed;
    this.changed.fire();
  }

  /** Reads the run's status now (a test, or a webhook said it ended). */
  readNow(id: string): Promise<void> {
    return this.read(id);
  }

  /**
   * A webhook said the run ended: its status is read now, and every few seconds again while the
   * service's status lags behind its event. Its end (tab, spend) comes from that read, once.
   */
  endReported(id: string): Promise<void> {
    if (!this.runs.has(id)) return Promise.resolve();
    this.endsHeard.add(id);
    return this.read(id);
  }

  /** DELETE /v2/agent/{id}; its end is read next. Resolves false when nothing was cancelled. */
  async cancel(id: string): Promise<boolean> {
    const run = this.runs.get(id);
    const client = await this.place.client();
    if (!run || !client) return false;
    run.cancelling = true;
    this.changed.fire();
    try {
      const outcome = await client.cancelAgent(id);
      if (outcome.kind === 'already-finished') run.cancelling = false;
    } catch (error) {
      run.cancelling = false;
      this.changed.fire();
      void showError(this.place.log, words.cancelFailed(), error, { retry: () => this.cancel(id) });
      return false;
    }
    await this.read(id);
    return true;
  }

  private schedule(id: string, ms: number): void {
    clearTimeout(this.timers.get(id));
    this.timers.set(id, setTimeout(() => void this.read(id), ms));
  }

  private async read(id: string): Promise<void> {
    const run = this.runs.get(id);
    if (!run) return;
    clearTimeout(this.timers.get(id));
    const client = await this.place.client();
    if (!client) {
      await this.end({ run, outcome: 'lost', error: words.notConnected() });
      return;
    }
    try {
      const status = await client.getAgentStatus(id);
      if (!this.runs.has(id)) return;
      run.status = status.status;
      if (typeof status.creditsUsed === 'number') run.creditsUsed = status.creditsUsed;
      this.changed.fire();
      if (status.status === 'completed') {
        const data: unknown = status.data ?? null;
        await this.end({
          run, outcome: 'completed',
          result: {
            id, kind: 'research', createdAt: new Date().toISOString(), askedBy: run.askedBy, prompt: run.prompt, model: run.model, maxCredits: run.bound, jobId: id,
            ...(run.urls.length > 0 ? { urls: [...run.urls] } : {}), ...(run.schema ? { schema: run.schema } : {}), creditsUsed: run.creditsUsed, data,
          },
        });
        return;
      }
      if (status.status === 'failed' || status.status === 'cancelled') {
        await this.end({ run, outcome: run.cancelling || status.status === 'cancelled' ? 'cancelled' : 'failed', error: status.error ?? undefined });
        return;
      }
    } catch (error) {
      this.place.log.warn(`Research run ${id}: ${String(error)}`);
    }
    if (Date.now() - run.startedAt > MAX_FOLLOW_MS) {
      await this.end({ run, outcome: 'lost', error: words.runLost() });
      return;
    }
    this.schedule(id, run.wired === true && !this.endsHeard.has(id) ? READ_EVERY_WIRED_MS : READ_EVERY_MS);
  }

  private async end(end: RunEnd): Promise<void> {
    if (!this.runs.delete(end.run.id)) return;
    this.endsHeard.delete(end.run.id);
    this.ends.set(end.run.id, end);
    for (const key of this.ends.keys()) if (this.ends.size > 20) this.ends.delete(key);
    clearTimeout(this.timers.get(end.run.id));
    this.timers.delete(end.run.id);
    this.changed.fire();
    try {
      await this.place.ended(end);
    } finally {
      this.endedEmitter.fire(end);
    }
  }
}
