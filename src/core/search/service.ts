// The one path a search takes, whoever starts it (the palette, Search Again, a quick input, a chat
// tool): the settings under the request, one check, the client, the history, then an event that
// the views and the credits follow. It owns the history too: the view, the documents and the
// history's commands read and change it through here, never through the store. VS Code-free: the
// feature passes in the settings, the client, the store and the request check, and turns the
// events into vscode.Events.
// Failures come back as values (a kind and a message), never as thrown errors or notifications:
// each caller decides how to tell its person (a notification, a chat reply, nothing).
import type { CheckedSearchRequest, SearchRequestCheck } from '../api/request';
import type { RequestProblem } from '../api/request-types';
import type { SearchResponse } from '../api/schemas';
import type { SearchOrigin } from '../entries/origin';
import { Emitter, type Listener, type Subscription } from '../emitter';
import type { WriteFailure } from '../fs-retry';
import type { AddOutcome } from './history';
import { newSearchId, RECORD_VERSION, type SearchAsker, type SearchRecord, type SearchSummary } from './record';
import { mergeWithSettings, type SearchDefaults } from './request';

/** A vscode.CancellationToken fits this shape; so does anything else with the two members. */
export interface CancellationLike {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => void): Subscription;
}

interface SearchClientPort {
  /** Takes the body the service's one check made: the client does not check it again. */
  search(request: CheckedSearchRequest, options: { signal: AbortSignal; onBody?: (body: unknown) => void }): Promise<SearchResponse>;
}

/** What the views and commands read of the history, through the service. */
export interface SearchHistoryReads {
  /** The stored searches, newest first. */
  list(): Promise<readonly SearchSummary[]>;
  /** The full search, or undefined when it is gone or its file cannot be read. */
  get(id: string): Promise<SearchRecord | undefined>;
}

/** What the history's commands change, through the service. */
export interface SearchHistoryWrites {
  remove(id: string): Promise<void>;
  /** Removes every search; pinned ones stay unless `includePinned`. */
  clear(options?: { includePinned?: boolean }): Promise<void>;
  /** False when the search is gone. */
  setPinned(id: string, pinned: boolean): Promise<boolean>;
}

/**
 * The search history the service owns (src/features/search/store.ts over history.ts); each write
 * is followed by onDidChange.
 */
interface SearchHistoryPort extends SearchHistoryReads, SearchHistoryWrites {
  add(record: SearchRecord): Promise<AddOutcome>;
  onDidChange(listener: () => void): Subscription;
}

export interface SearchServiceDeps {
  history: SearchHistoryPort;
  /** The client, or undefined when no service address or API key is stored. */
  client(): Promise<SearchClientPort | undefined>;
  /** The client's own request check (src/core/api/request.ts), passed in so this module stays light. */
  validate(request: unknown): SearchRequestCheck;
  /** The webData.search.* settings, read once per search. */
  defaults(): SearchDefaults;
  now?: () => Date;
  /** Where a listener's error goes: a broken listener must not fail the search that fired it. */
  onListenerError?: (err: unknown) => void;
}

export type SearchFailure =
  | { kind: 'invalid'; message: string; problems: readonly RequestProblem[]; fromSettings: ReadonlySet<string> }
  | { kind: 'not-connected'; message: string }
  | { kind: 'cancelled'; message: string }
  | { kind: 'failed'; message: string; error: unknown }
  /** Paid for and received, but the history refused it: the record is handed back anyway. */
  | { kind: 'not-stored'; message: string; record: SearchRecord; error: unknown };

export interface SearchDone {
  record: SearchRecord;
  summary: SearchSummary;
  /** False when the record could not be written to disk: it lasts this session only. */
  saved: boolean;
  /** Why it could not be written, when `saved` is false. */
  notSaved?: WriteFailure;
}

export type SearchRun = ({ ok: true } & SearchDone) | { ok: false; failure: SearchFailure };

/** A request merged and checked once: send() and the client take it without checking it again. */
export interface PreparedSearch {
  readonly body: CheckedSearchRequest;
}

export type Prepared = { ok: true; search: PreparedSearch } | { ok: false; failure: SearchFailure & { kind: 'invalid' } };

export interface SearchRunOptions {
  /** Put the webData.search.* settings under the request (default); false sends it as given (Search Again). */
  withSettings?: boolean;
  token?: CancellationLike;
  /** Where the search started, stored with it (an editor selection, a problem, the terminal). */
  origin?: SearchOrigin;
  /** Who asked, kept with the search (the row's tooltip, the daily spend); absent: not said. */
  askedBy?: SearchAsker;
}

export class SearchService implements SearchHistoryReads, SearchHistoryWrites {
  private readonly didSearch = new Emitter<SearchDone>();

  constructor(private readonly deps: SearchServiceDeps) {}

  /** After each search stored in the history (the credits refresh on it, the view reveals it). */
  readonly onDidSearch = (listener: Listener<SearchDone>): Subscription => this.didSearch.event(listener);

  /** After any change to the history: a search added, removed, the history cleared, another window's write. */
  readonly onDidChangeHistory = (listener: () => void): Subscription => this.deps.history.onDidChange(listener);

  /** Merges and checks a request, sends it, stores the answer. Never throws. */
  async run(request: Readonly<Record<string, unknown>>, options: SearchRunOptions = {}): Promise<SearchRun> {
    const prepared = this.prepare(request, options);
    return prepared.ok ? this.send(prepared.search, options) : prepared;
  }

  /** The settings under the request (unless withSettings is false), checked: nothing is sent. */
  prepare(request: Readonly<Record<string, unknown>>, options: Pick<SearchRunOptions, 'withSettings'> = {}): Prepared {
    const merged = options.withSettings === false ? { request: { ...request }, fromSettings: new Set<string>() } : mergeWithSettings(this.deps.defaults(), request);
    const checked = this.deps.validate(merged.request);
    if (checked.ok) return { ok: true, search: { body: checked.body } };
    const list = checked.problems.map((p) => `${p.field}: ${p.message}`).join(' ');
    return { ok: false, failure: { kind: 'invalid', message: `The search was not sent. ${list}`, problems: checked.problems, fromSettings: merged.fromSettings } };
  }

  /** Sends a prepared search and stores the answer. Never throws. */
  async send(search: PreparedSearch, options: Pick<SearchRunOptions, 'token' | 'origin' | 'askedBy'> = {}): Promise<SearchRun> {
    const { token, origin, askedBy } = options;
    const cancelled = (): SearchRun => ({ ok: false, failure: { kind: 'cancelled', message: 'The search was cancelled.' } });
    if (token?.isCancellationRequested) return cancelled();
    const client = await this.deps.client();
    if (!client) return { ok: false, failure: { kind: 'not-connected', message: 'The search was not sent: no service address or API key is stored.' } };
    const controller = new AbortController();
    const subscription = token?.onCancellationRequested(() => controller.abort());
    if (token?.isCancellationRequested) controller.abort();
    let response: SearchResponse;
    // The answer as received, for the JSON export (the parsed one drops fields it does not know).
    let raw: unknown;
    try {
      response = await client.search(search.body, { signal: controller.signal, onBody: (value) => (raw = value) });
    } catch (err) {
      return controller.signal.aborted ? cancelled() : { ok: false, failure: { kind: 'failed', message: describe(err), error: err } };
    } finally {
      subscription?.dispose();
    }
    const now = (this.deps.now ?? (() => new Date()))();
    const record: SearchRecord = {
      version: RECORD_VERSION, id: newSearchId(now), createdAt: now.toISOString(), request: search.body, response, raw,
      ...(origin !== undefined ? { origin } : {}),
      ...(askedBy !== undefined ? { askedBy } : {}),
    };
    let outcome: AddOutcome;
    try {
      outcome = await this.deps.history.add(record);
    } catch (err) {
      return { ok: false, failure: { kind: 'not-stored', message: `The search worked but could not be added to the history: ${describe(err)}`, record, error: err } };
    }
    const done: SearchDone = outcome.saved ? { record, summary: outcome.summary, saved: true } : { record, summary: outcome.summary, saved: false, notSaved: outcome.failure };
    this.didSearch.fire(done, this.deps.onListenerError);
    return { ok: true, ...done };
  }

  list(): Promise<readonly SearchSummary[]> {
    return this.deps.history.list();
  }

  get(id: string): Promise<SearchRecord | undefined> {
    return this.deps.history.get(id);
  }

  remove(id: string): Promise<void> {
    return this.deps.history.remove(id);
  }

  clear(options?: { includePinned?: boolean }): Promise<void> {
    return this.deps.history.clear(options);
  }

  setPinned(id: string, pinned: boolean): Promise<boolean> {
    return this.deps.history.setPinned(id, pinned);
  }

  dispose(): void {
    this.didSearch.dispose();
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
