// webData.search: ask for a query (or take a request as the argument), check it, run it under a
// cancellable progress notification, store it, and say what it cost. Resolves to the stored
// search, or undefined when nothing was searched (dismissed, invalid, cancelled, failed).
import * as vscode from 'vscode';
import type { RequestProblem, SearchResponse, WebDataErrorKind } from '../../core/api';
import { countsText, creditsText } from '../../core/search/present';
import { newSearchId, RECORD_VERSION, type SearchRecord } from '../../core/search/record';
import { buildSearchRequest, fieldsFromSettings, readSearchArgument, requestField } from '../../core/search/request';
import { inertNotification } from '../../core/text/inert';
import { loadCore } from '../../platform/core';
import { Disposable, toDisposable } from '../../platform/disposable';
import { showError } from '../../platform/notify';
import type { Services } from '../../platform/services';
import { searchSettings } from '../../platform/settings';
import { promptForQuery } from './query-box';
import type { AddOutcome, SearchStore } from './store';

type Client = NonNullable<Awaited<ReturnType<Services['connection']['getClient']>>>;

/**
 * The command's optional second argument, for callers that need to stop a search (tests, other
 * extensions): `executeCommand('webData.search', request, { token })`.
 */
export interface SearchCommandOptions {
  token?: vscode.CancellationToken;
  /** No prompt, Connect or failure notification: a search that fails resolves to a SearchFailure (chat tools). */
  quiet?: boolean;
}

/** What a quiet search resolves to when it stored nothing. */
export interface SearchFailure {
  failure: { kind: WebDataErrorKind | 'not-connected'; message?: string; problems?: readonly RequestProblem[]; retryAfterMs?: number };
}

export class SearchCommand extends Disposable {
  private lastQuery: string | undefined;
  private activePrompt: vscode.Disposable | undefined;

  constructor(
    private readonly services: Services,
    private readonly store: SearchStore,
    private readonly onDidSearch: (outcome: AddOutcome) => void,
    private readonly flash: (text: string) => void,
  ) {
    super();
    this._register(toDisposable(() => this.activePrompt?.dispose()));
  }

  async run(argument?: unknown, options?: unknown): Promise<SearchRecord | SearchFailure | undefined> {
    const read = readSearchArgument(argument);
    const quiet = isQuiet(options);
    if (quiet && read.kind !== 'request') return { failure: { kind: 'invalid-request', problems: [{ field: 'request', message: read.kind === 'invalid' ? read.message : 'A request with a query is required.' }] } };
    if (read.kind === 'invalid') {
      void vscode.window.showErrorMessage(inertNotification(read.message));
      return undefined;
    }
    // The query first: the connect prompts that may follow then lead straight into this search,
    // and nothing typed is lost or asked for twice.
    let request = read.kind === 'request' ? read.request : undefined;
    if (!request) {
      const query = await promptForQuery(this.lastQuery, (d) => (this.activePrompt = d));
      if (query === undefined) return undefined;
      request = { query };
    }
    const client = quiet ? await this.services.connection.getClient() : await this.clientOrConnect();
    if (!client) return quiet ? { failure: { kind: 'not-connected' } } : undefined;
    return this.execute(client, request, { token: cancellationToken(options), withSettings: true, quiet });
  }

  /** A row's Search Again: the stored request exactly as it was sent, settings of today aside. */
  async again(request: Record<string, unknown>): Promise<SearchRecord | SearchFailure | undefined> {
    const client = await this.clientOrConnect();
    return client ? this.execute(client, request, { withSettings: false }) : undefined;
  }

  private async retry(argument: Record<string, unknown>, withSettings: boolean): Promise<SearchRecord | SearchFailure | undefined> {
    const client = await this.clientOrConnect();
    return client ? this.execute(client, argument, { withSettings }) : undefined;
  }

  /**
   * The client; when no address or key is stored, Connect runs first (its prompts, or nothing if
   * a key arrives from elsewhere meanwhile) and the search goes on once it succeeds.
   */
  private async clientOrConnect(): Promise<Client | undefined> {
    const client = await this.services.connection.getClient();
    if (client) return client;
    this.services.log.info('Search: no service address or API key yet; connecting first.');
    const connected = await vscode.commands.executeCommand<boolean>('webData.connect');
    const after = connected ? await this.services.connection.getClient() : undefined;
    if (!after) {
      this.services.log.info('Search: not connected, so nothing was sent.');
      void vscode.window.showInformationMessage(vscode.l10n.t('The search was not sent: searching needs the Web Data Service address and an API key.'));
    }
    return after;
  }

  private async execute(client: Client, argument: Record<string, unknown>, how: { token?: vscode.CancellationToken; withSettings: boolean; quiet?: boolean }): Promise<SearchRecord | SearchFailure | undefined> {
    const { token, withSettings, quiet } = how;
    const settings = searchSettings();
    const checked = loadCore().validateSearchRequest(withSettings ? buildSearchRequest(settings, argument) : argument);
    if (!checked.ok) {
      if (quiet) return { failure: { kind: 'invalid-request', problems: checked.problems } };
      void showProblems(checked.problems, withSettings ? fieldsFromSettings(settings, argument) : new Set());
      return undefined;
    }
    const body = checked.body;
    this.lastQuery = body.query;
    // The query can come from another extension's argument: notification text, so inert.
    const shownQuery = inertNotification(body.query, 60);
    let response: SearchResponse;
    const controller = new AbortController();
    try {
      response = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Searching the web for “{0}”…', shownQuery), cancellable: true },
        async (_progress, progressToken) => {
          const subscriptions = [progressToken, token].map((t) => t?.onCancellationRequested(() => controller.abort()));
          if (token?.isCancellationRequested) controller.abort();
          try {
            return await client.search(body, { signal: controller.signal });
          } finally {
            subscriptions.forEach((s) => s?.dispose());
          }
        });
    } catch (err) {
      if (quiet) return { failure: quietFailure(err, controller.signal.aborted) };
      // A cancel is the user's own doing: nothing to report.
      if (!controller.signal.aborted) {
        void showError(this.services.log, vscode.l10n.t('The search for “{0}” failed', shownQuery), err, { retry: () => this.retry(argument, withSettings) });
      }
      return undefined;
    }
    const now = new Date();
    const record: SearchRecord = { version: RECORD_VERSION, id: newSearchId(now), createdAt: now.toISOString(), request: body, response };
    let outcome: AddOutcome;
    try {
      outcome = await this.store.add(record);
    } catch (err) {
      // Paid for and received: hand it back even when the history cannot take it.
      void showError(this.services.log, vscode.l10n.t('The search for “{0}” worked but could not be added to the Search Results view', shownQuery), err);
      return record;
    }
    this.announce(record, outcome);
    this.onDidSearch(outcome);
    return record;
  }

  /** What it cost, briefly; the warning, if any, where it cannot be missed; fresh credits. */
  private announce(record: SearchRecord, outcome: AddOutcome): void {
    const credits = creditsText(record.response.creditsUsed);
    const cost = credits ? ` · ${vscode.l10n.t('{0} used', credits)}` : '';
    this.flash(`$(search) Web Data: ${countsText(outcome.summary)}${cost}`);
    // Another feature owns the status bar; a missing command must not fail the search.
    vscode.commands.executeCommand('webData.refreshUsage').then(undefined, () => undefined);
    const warning = record.response.warning;
    if (warning) {
      // The service's warning is outside text: never a link or a command in the notification.
      const message = vscode.l10n.t('The service warned about the search for “{0}”: {1}', inertNotification(record.request.query, 60), inertNotification(warning, 500));
      void vscode.window.showWarningMessage(inertNotification(message));
    }
    if (!outcome.saved) {
      void vscode.window.showWarningMessage(vscode.l10n.t('The search could not be saved to disk, so it will be gone after a reload. See the Web Data log.'));
    }
  }
}

function isQuiet(options: unknown): boolean {
  return typeof options === 'object' && options !== null && (options as { quiet?: unknown }).quiet === true;
}

/** A failed search as data; the client's messages never hold the key. */
function quietFailure(err: unknown, cancelled: boolean): SearchFailure['failure'] {
  if (cancelled) return { kind: 'cancelled' };
  if (!loadCore().isWebDataError(err)) return { kind: 'bad-response', message: 'The search failed unexpectedly; see the Web Data log.' };
  return { kind: err.kind, message: err.message, problems: err.problems, retryAfterMs: err.retryAfterMs };
}

function cancellationToken(options: unknown): vscode.CancellationToken | undefined {
  if (typeof options !== 'object' || options === null) return undefined;
  const token: unknown = (options as { token?: unknown }).token;
  if (typeof token !== 'object' || token === null) return undefined;
  const candidate = token as Partial<vscode.CancellationToken>;
  return typeof candidate.isCancellationRequested === 'boolean' && typeof candidate.onCancellationRequested === 'function'
    ? (candidate as vscode.CancellationToken)
    : undefined;
}

/** Every problem, in one message; when some come from settings, a way to them. */
async function showProblems(problems: readonly RequestProblem[], fromSettings: ReadonlySet<string>): Promise<void> {
  const list = problems.map((p) => `${p.field}: ${p.message}`).join(' ');
  const inSettings = problems.some((p) => fromSettings.has(requestField(p.field)));
  const openSettings = vscode.l10n.t('Open Settings');
  // Problems quote the request's own values (a domain, a tbs), which may come from anywhere.
  const message = inertNotification(vscode.l10n.t('The search was not sent. {0}', list));
  const choice = inSettings ? await vscode.window.showErrorMessage(message, openSettings) : await vscode.window.showErrorMessage(message);
  if (choice === openSettings) await vscode.commands.executeCommand('workbench.action.openSettings', 'webData.search');
}
