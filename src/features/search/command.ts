// webData.search: ask for a query (or take a request as the argument), check it, run it under the
// window's progress (a notification with Cancel once it is slow), store it, and say what it cost.
// Resolves to the stored search, or undefined when nothing was searched (dismissed, invalid,
// cancelled, failed).
import * as vscode from 'vscode';
import type { RequestProblem } from '../../core/api';
import type { SearchOrigin } from '../../core/entries/origin';
import { Command, fullSettingKey, SettingGroup } from '../../core/ids';
import { creditsOf, kindCounts } from '../../core/search/present';
import type { SearchRecord } from '../../core/search/record';
import type { CancellationSignal } from '../../core/commands/decode';
import type { SearchCommandInput } from '../../core/commands/search';
import { requestField } from '../../core/search/request';
import type { PreparedSearch, SearchDone, SearchFailure } from '../../core/search/service';
import { inertNotification } from '../../core/text/inert';
import { Disposable, toDisposable } from '../../platform/disposable';
import { showError, showLogError } from '../../platform/notify';
import type { Services } from '../../platform/services';
import { priceOf } from '../../core/spend/price';
import { withWindowProgress } from '../../platform/progress';
import { askBeforeSpending } from '../spend/confirm';
import { priceWords } from '../spend/words';
import { promptForQuery, searchPriceLine, type QueryPromptOptions } from './query-box';
import type { SearchServiceHost } from './service';
import { searchDoneWords, searchNotKeptWords } from './words';

export class SearchCommand extends Disposable {
  private lastQuery: string | undefined;
  private activePrompt: vscode.Disposable | undefined;

  constructor(
    private readonly services: Services,
    private readonly searches: SearchServiceHost,
    private readonly flash: (text: string) => void,
  ) {
    super();
    this._register(toDisposable(() => { this.activePrompt?.dispose(); }));
  }

  async run({ request: read, token }: SearchCommandInput): Promise<SearchRecord | undefined> {
    if (read.kind === 'invalid') {
      void vscode.window.showErrorMessage(inertNotification(read.message));
      return undefined;
    }
    // The query first: the connect prompts that may follow then lead straight into this search,
    // and nothing typed is lost or asked for twice.
    let request = read.kind === 'request' ? read.request : undefined;
    if (!request) {
      const query = await promptForQuery(this.lastQuery, (d) => (this.activePrompt = d), { withOptions: goOnWithOptions, price: await this.boxPrice() });
      if (query === undefined) return undefined;
      request = { query };
    }
    // The optional second argument, for callers that need to stop a search (tests, other
    // extensions): `executeCommand('webData.search', request, { token })`.
    return this.execute(request, { token, withSettings: true });
  }

  /**
   * A row's Search Again: the stored request exactly as it was sent, settings of today aside, and
   * where it started; asked first with its price (one click on a row spends again).
   */
  again(request: Record<string, unknown>, origin: SearchOrigin | undefined): Promise<SearchRecord | undefined> {
    return this.execute(request, { withSettings: false, origin, askFirst: true });
  }

  /**
   * The query box filled in by an entry (a selection, a problem, the terminal): nothing is sent
   * until the person presses Enter on the query they can read; Escape sends nothing.
   */
  async ask(initial: string, origin: SearchOrigin, box: Pick<QueryPromptOptions, 'note'> = {}): Promise<SearchRecord | undefined> {
    const query = await promptForQuery(initial, (d) => (this.activePrompt = d), { ...box, selection: [initial.length, initial.length], withOptions: goOnWithOptions, price: await this.boxPrice() });
    if (query === undefined) return undefined;
    return this.execute({ query }, { withSettings: true, origin });
  }

  /**
   * The client; when no address or key is stored, Connect runs first (its prompts, or nothing if
   * a key arrives from elsewhere meanwhile) and the search goes on once it succeeds.
   */
  private async connected(): Promise<boolean> {
    if (await this.services.connection.getClient()) return true;
    this.services.log.info('Search: no service address or API key yet; connecting first.');
    const connected = await vscode.commands.executeCommand<boolean>(Command.connect);
    const after = connected ? await this.services.connection.getClient() : undefined;
    if (!after) {
      this.services.log.info('Search: not connected, so nothing was sent.');
      void vscode.window.showInformationMessage(vscode.l10n.t('The search was not sent: searching needs the Web Data Service address and an API key.'));
    }
    return after !== undefined;
  }

  /** Checks the request once (before any connect prompt: a refused request needs no key), then sends it. */
  private async execute(argument: Record<string, unknown>, how: { token?: CancellationSignal; withSettings: boolean; origin?: SearchOrigin; askFirst?: boolean }): Promise<SearchRecord | undefined> {
    const prepared = this.searches.prepare(argument, { withSettings: how.withSettings });
    if (!prepared.ok) {
      void showProblems(prepared.failure.problems, prepared.failure.fromSettings);
      return undefined;
    }
    // The price before any connect prompt: declined, nothing is asked or sent.
    if (how.askFirst === true && !(await this.askPrice(prepared.search))) return undefined;
    if (!(await this.connected())) return undefined;
    return this.send(prepared.search, how.token, how.origin);
  }

  /** The box's price line: the search Enter sends has the settings' shape (a history that cannot be read prices nothing: unknown). */
  private async boxPrice(): Promise<string> {
    return searchPriceLine(await this.searches.list().catch(() => []));
  }

  /** The price as Search with Options' review says it: the spec's, else this shape's history, else unknown. */
  private async askPrice(search: PreparedSearch): Promise<boolean> {
    const history = await this.searches.list().catch(() => []);
    const price = vscode.l10n.t('Price: {0}', priceWords(priceOf(search.body, history)));
    return askBeforeSpending('searchAgain', inertNotification(search.body.query, 60), price);
  }

  private async send(search: PreparedSearch, token: CancellationSignal | undefined, origin?: SearchOrigin): Promise<SearchRecord | undefined> {
    this.lastQuery = search.body.query;
    // The query can come from another extension's argument: notification text, so inert.
    const shownQuery = inertNotification(search.body.query, 60);
    // Routine work: the window's progress; a slow search gets a notification with Cancel.
    const run = await withWindowProgress(vscode.l10n.t('Searching the web for “{0}”…', shownQuery),
      async (progressToken) => {
        const either = new vscode.CancellationTokenSource();
        const subscriptions = [progressToken, token].map((t) => t?.onCancellationRequested(() => either.cancel()));
        if (token?.isCancellationRequested) either.cancel();
        try {
          return await this.searches.send(search, { token: either.token, origin, askedBy: 'person' });
        } finally {
          subscriptions.forEach((s) => { s?.dispose(); });
          either.dispose();
        }
      });
    if (run.ok) {
      this.announce(run);
      return run.record;
    }
    // Retry spends as the first send did: asked with its price first, as Search Again is.
    return this.report(run.failure, shownQuery, async () => (await this.askPrice(search) ? this.send(search, token, origin) : undefined));
  }

  /** A cancel is the user's own doing: nothing to report. The rest in a notification. */
  private report(failure: SearchFailure, shownQuery: string, retry: () => Promise<unknown>): SearchRecord | undefined {
    switch (failure.kind) {
      case 'cancelled':
        return undefined;
      case 'not-stored':
        // Paid for and received: hand it back even when the history cannot take it.
        void showError(this.services.log, vscode.l10n.t('The search for “{0}” worked but could not be added to the Searches view', shownQuery), failure.error);
        return failure.record;
      case 'failed':
        void showError(this.services.log, vscode.l10n.t('The search for “{0}” failed', shownQuery), failure.error, { retry });
        return undefined;
      case 'not-connected':
        void vscode.window.showInformationMessage(vscode.l10n.t('The search was not sent: searching needs the Web Data Service address and an API key.'));
        return undefined;
      case 'invalid':
        void showProblems(failure.problems, failure.fromSettings);
        return undefined;
    }
  }

  /** What it cost, briefly; the warning, if any, where it cannot be missed. The credits follow onDidSearch. */
  private announce(done: SearchDone): void {
    const { record, summary, saved, notSaved } = done;
    this.flash(searchDoneWords(kindCounts(summary), creditsOf(record.response.creditsUsed)));
    const warning = record.response.warning;
    if (warning) {
      // The service's warning is outside text: never a link or a command in the notification.
      const message = vscode.l10n.t('The service warned about the search for “{0}”: {1}', inertNotification(record.request.query, 60), inertNotification(warning, 500));
      void vscode.window.showWarningMessage(inertNotification(message));
    }
    if (!saved) {
      // The query is the person's own text, but it may have come from a page or a terminal.
      void showLogError(this.services.log, inertNotification(searchNotKeptWords(inertNotification(record.request.query, 60), notSaved)), 'warning');
    }
  }
}

/** Every problem, in one message; when some come from settings, a way to them. */
async function showProblems(problems: readonly RequestProblem[], fromSettings: ReadonlySet<string>): Promise<void> {
  const list = problems.map((p) => `${p.field}: ${p.message}`).join(' ');
  const inSettings = problems.some((p) => fromSettings.has(requestField(p.field)));
  const openSettings = vscode.l10n.t('Open Settings');
  // Problems quote the request's own values (a domain, a tbs), which may come from anywhere.
  const message = inertNotification(vscode.l10n.t('The search was not sent. {0}', list));
  const choice = inSettings ? await vscode.window.showErrorMessage(message, openSettings) : await vscode.window.showErrorMessage(message);
  if (choice === openSettings) await vscode.commands.executeCommand('workbench.action.openSettings', fullSettingKey(SettingGroup.search));
}

/** The query box's options button: Search with Options… goes on from the query typed (its first step answered). */
function goOnWithOptions(typed: string): void {
  void vscode.commands.executeCommand(Command.searchAdvanced, typed.trim() === '' ? undefined : { query: typed });
}
