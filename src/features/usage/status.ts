// The credits status bar item. Its state and what each state shows come from src/core/usage, its
// words from words.ts; this class fetches (through the shared Poller), holds the state, keeps the
// last answer for the next start, and copies the words onto the item.
import * as vscode from 'vscode';
import type { TokenUsage } from '../../core/api/schemas';
import { Setting, StatusBarItem } from '../../core/ids';
import { Poller, type PollOutcome } from '../../core/polling';
import {
  LAST_KNOWN_KEY, parseStoredUsage, presentUsage, stateForUsage, toStoredUsage, type UsagePresentation, type UsageState,
} from '../../core/usage';
import { ConnectionFetch } from '../../platform/connection-fetch';
import { loadCore } from '../../platform/core';
import { Disposable, toDisposable } from '../../platform/disposable';
import { plainTooltip } from '../../platform/markdown';
import type { Services } from '../../platform/services';
import { baseUrlSetting, lowCreditsThreshold, onDidChangeSetting, usageRefreshInterval } from '../../platform/settings';
import { usageWords, type UsageWords } from './words';
import type { SpendApi } from '../spend';

// A poll faster than this only spends the rate limit: the balance changes with searches, and
// every search refreshes it anyway.
const MIN_POLL_MS = 10_000;

/** What a start shows before its first answer: the kept balance for this address, marked last known. */
export function startupState(globalState: vscode.Memento): UsageState | undefined {
  const stored = parseStoredUsage(globalState.get(LAST_KNOWN_KEY), baseUrlSetting(), new Date());
  return stored && stateForUsage(stored.usage, lowCreditsThreshold(), stored.at, true);
}

/** The item as the user sees it: read-only, for whoever needs to read it (the host tests). */
export type ShownStatusBarItem = Readonly<Pick<vscode.StatusBarItem, 'text' | 'tooltip' | 'command' | 'backgroundColor' | 'accessibilityInformation'>>;

export class UsageStatus extends Disposable {
  private readonly statusItem: vscode.StatusBarItem;
  private current: UsageState = { kind: 'not-connected' };
  private readonly fetches: ConnectionFetch;
  private readonly poller: Poller;

  /** `spend`: today's spend by who asked, which the tooltip shows and follows. */
  constructor(private readonly services: Services, private readonly spend: SpendApi) {
    super();
    this.fetches = new ConnectionFetch(services.connection, () => this.isDisposed);
    this.poller = new Poller({ run: () => this.load(), intervalMs: () => usageRefreshInterval() * 1000, minIntervalMs: MIN_POLL_MS });
    this.statusItem = this._register(vscode.window.createStatusBarItem(StatusBarItem.credits, vscode.StatusBarAlignment.Right, 100));
    this.statusItem.name = vscode.l10n.t('Web Data Credits');
    // The balance an earlier session stored shows at once (marked as last known) while the
    // connection is read and the first refresh runs; only from globalState, no request.
    this.current = startupState(services.context.globalState) ?? this.current;
    this._register(spend.onDidChange(() => this.render()));
    this.render();
    this.statusItem.show();
    this._register(toDisposable(() => {
      this.poller.dispose();
      this.fetches.invalidate();
    }));
    // The connection fires once after activation, when it knows whether a key is stored: that is
    // the first refresh, so activation itself never waits for the network.
    this._register(services.connection.onDidChange(() => this.connectionChanged()));
    this._register(onDidChangeSetting(Setting.usageRefreshInterval, () => this.poller.reschedule()));
    this._register(onDidChangeSetting(Setting.lowCreditsThreshold, () => this.rethreshold()));
  }

  get state(): UsageState {
    return this.current;
  }

  /** The status bar item as shown. */
  get item(): ShownStatusBarItem {
    return this.statusItem;
  }

  /**
   * Fetches the usage. Calls while one is running coalesce into one more run after it, so the
   * result is never older than the last call (a search finishing mid-poll still shows its cost).
   */
  refresh(): Promise<void> {
    return this.poller.refresh();
  }

  /** A refresh asked for by a person: after an error, show that it is trying again. */
  refreshNow(): Promise<void> {
    if (this.current.kind === 'error' && this.services.connection.isConnected) this.setState({ kind: 'loading' });
    return this.refresh();
  }

  private async load(): Promise<PollOutcome> {
    // Stale: the connection changed meanwhile, and the run that follows shows the new state.
    const outcome = await this.fetches.fetch((client, signal) => client.getTokenUsage({ signal }));
    switch (outcome.kind) {
      case 'stale':
        return 'stale';
      case 'not-connected':
        this.setState({ kind: 'not-connected' });
        return 'stale';
      case 'done': {
        const at = new Date();
        this.setState(stateForUsage(outcome.value, lowCreditsThreshold(), at));
        this.remember(outcome.value, at);
        return 'succeeded';
      }
      case 'failed': {
        const next = loadCore().stateForError(outcome.error, new Date());
        if (next.kind === 'error' && this.current.kind !== 'error') this.services.log.warn(`Credits: ${next.message ?? 'no message'}`);
        this.setState(next);
        // "No usage information" is an answer, not a failure to back off from.
        return next.kind === 'no-usage' ? 'succeeded' : 'failed';
      }
    }
  }

  /** Kept for the next start; other windows write it too, and the newest answer wins. */
  private remember(usage: TokenUsage, at: Date): void {
    const baseUrl = this.services.connection.state.baseUrl;
    if (baseUrl === undefined || this.isDisposed) return;
    void Promise.resolve(this.services.context.globalState.update(LAST_KNOWN_KEY, toStoredUsage({ baseUrl, usage, at })))
      .catch((err: unknown) => this.services.log.warn(`Credits: could not keep the last balance: ${String(err)}`));
  }

  private forget(): void {
    if (this.services.context.globalState.get(LAST_KNOWN_KEY) === undefined) return;
    void Promise.resolve(this.services.context.globalState.update(LAST_KNOWN_KEY, undefined)).catch(() => undefined);
  }

  private connectionChanged(): void {
    this.fetches.invalidate();
    this.poller.invalidate();
    const connected = this.services.connection.isConnected;
    if (!connected) {
      this.setState({ kind: 'not-connected' });
      this.forget();
    } else if (!(this.current.kind === 'ok' || this.current.kind === 'low') || this.current.lastKnown !== true) {
      // A last known balance stays up while the first refresh runs; anything else is replaced.
      this.setState({ kind: 'loading' });
    }
    // Becoming active with nothing loaded refreshes at once, then polls.
    this.poller.setActive(false);
    this.poller.setActive(connected);
  }

  /** A new threshold re-decides ok/low from the last answer, without asking the service again. */
  private rethreshold(): void {
    const state = this.current;
    if (state.kind === 'ok' || state.kind === 'low') this.setState(stateForUsage(state.usage, lowCreditsThreshold(), state.at, state.lastKnown));
  }

  private setState(state: UsageState): void {
    if (this.isDisposed) return;
    this.current = state;
    this.render();
  }

  presentation(): UsagePresentation {
    return presentUsage(this.current, new Date(), this.spend.today());
  }

  words(view = this.presentation()): UsageWords {
    return usageWords(view, { locale: vscode.env.language, now: new Date() });
  }

  private render(): void {
    const view = this.presentation();
    const words = this.words(view);
    this.statusItem.text = words.text;
    this.statusItem.tooltip = plainTooltip(words);
    this.statusItem.command = view.command;
    this.statusItem.backgroundColor = view.warning ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.statusItem.accessibilityInformation = { label: words.accessibilityLabel };
  }
}
