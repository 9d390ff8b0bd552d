// The credits status bar item. Its state comes from src/core/usage (the state machine and its
// words); this class only fetches, holds the state, and copies the presentation onto the item.
import * as vscode from 'vscode';
import { CoalescingTask } from '../../core/coalesce';
import { presentUsage, stateForUsage, type UsagePresentation, type UsageState } from '../../core/usage';
import { ConnectionFetch } from '../../platform/connection-fetch';
import { loadCore } from '../../platform/core';
import { Disposable, interval, toDisposable } from '../../platform/disposable';
import { plainTooltip } from '../../platform/markdown';
import type { Services } from '../../platform/services';
import { lowCreditsThreshold, onDidChangeSetting, usageRefreshInterval } from '../../platform/settings';

// A poll faster than this only spends the rate limit: the balance changes with searches, and
// every search refreshes it anyway.
const MIN_POLL_SECONDS = 10;

/** What tests read: the state and what the item shows. */
export interface UsageSnapshot {
  state: UsageState;
  text: string;
  tooltip: string;
  command: string | undefined;
  backgroundColor: string | undefined;
}

export class UsageStatus extends Disposable {
  private readonly item: vscode.StatusBarItem;
  private current: UsageState = { kind: 'not-connected' };
  private readonly loads = new CoalescingTask(() => this.load(), () => this.isDisposed);
  private readonly fetches: ConnectionFetch;
  private poll?: vscode.Disposable;

  constructor(private readonly services: Services) {
    super();
    this.fetches = new ConnectionFetch(services.connection, () => this.isDisposed);
    this.item = this._register(vscode.window.createStatusBarItem('webData.credits', vscode.StatusBarAlignment.Right, 100));
    this.item.name = vscode.l10n.t('Web Data Credits');
    this.render();
    this.item.show();
    this._register(toDisposable(() => {
      this.poll?.dispose();
      this.fetches.invalidate();
    }));
    // The connection fires once after activation, when it knows whether a key is stored: that is
    // the first refresh, so activation itself never waits for the network.
    this._register(services.connection.onDidChange(() => this.connectionChanged()));
    this._register(onDidChangeSetting('usage.refreshInterval', () => this.restartPoll()));
    this._register(onDidChangeSetting('lowCreditsThreshold', () => this.rethreshold()));
  }

  get state(): UsageState {
    return this.current;
  }

  snapshot(): UsageSnapshot {
    const tooltip = this.item.tooltip;
    const background = this.item.backgroundColor;
    return {
      state: this.current,
      text: this.item.text,
      tooltip: typeof tooltip === 'string' ? tooltip : (tooltip?.value ?? ''),
      command: typeof this.item.command === 'string' ? this.item.command : this.item.command?.command,
      backgroundColor: background?.id,
    };
  }

  /**
   * Fetches the usage. Calls while one is running coalesce into one more run after it, so the
   * result is never older than the last call (a search finishing mid-poll still shows its cost).
   */
  refresh(): Promise<void> {
    return this.loads.run();
  }

  /** A refresh asked for by a person: after an error, show that it is trying again. */
  refreshNow(): Promise<void> {
    if (this.current.kind === 'error' && this.services.connection.isConnected) this.setState({ kind: 'loading' });
    return this.refresh();
  }

  private async load(): Promise<void> {
    // Stale: the connection changed meanwhile, and the run that follows shows the new state.
    const outcome = await this.fetches.fetch((client, signal) => client.getTokenUsage({ signal }));
    switch (outcome.kind) {
      case 'stale':
        return;
      case 'not-connected':
        return this.setState({ kind: 'not-connected' });
      case 'done':
        return this.setState(stateForUsage(outcome.value, lowCreditsThreshold(), new Date()));
      case 'failed': {
        const next = loadCore().stateForError(outcome.error, new Date());
        if (next.kind === 'error' && this.current.kind !== 'error') this.services.log.warn(`Credits: ${next.message}`);
        return this.setState(next);
      }
    }
  }

  private connectionChanged(): void {
    this.fetches.invalidate();
    if (!this.services.connection.isConnected) {
      this.loads.cancelPending();
      this.setState({ kind: 'not-connected' });
    } else {
      this.setState({ kind: 'loading' });
      void this.refresh();
    }
    this.restartPoll();
  }

  private restartPoll(): void {
    this.poll?.dispose();
    this.poll = undefined;
    const seconds = usageRefreshInterval();
    if (seconds <= 0 || !this.services.connection.isConnected || this.isDisposed) return;
    this.poll = interval(Math.max(MIN_POLL_SECONDS, seconds) * 1000, () => void this.refresh());
  }

  /** A new threshold re-decides ok/low from the last answer, without asking the service again. */
  private rethreshold(): void {
    const state = this.current;
    if (state.kind === 'ok' || state.kind === 'low') this.setState(stateForUsage(state.usage, lowCreditsThreshold(), state.at));
  }

  private setState(state: UsageState): void {
    if (this.isDisposed) return;
    this.current = state;
    this.render();
  }

  presentation(): UsagePresentation {
    return presentUsage(this.current, { locale: vscode.env.language, now: new Date() });
  }

  private render(): void {
    const view = this.presentation();
    this.item.text = view.text;
    this.item.tooltip = plainTooltip(view.tooltip.heading, tooltipBlocks(this.current, view.tooltip.lines));
    this.item.command = view.command;
    this.item.backgroundColor = view.warning ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.accessibilityInformation = { label: view.accessibilityLabel };
  }
}

/**
 * The tooltip's lines in blocks: the balance facts (tokens, plan, share, period) read as one tight
 * block, the "Updated … / Click …" footer as another; anything else (a warning, an error) stands alone.
 */
function tooltipBlocks(state: UsageState, lines: readonly string[]): Array<string | string[]> {
  const footerAt = lines.findIndex((line) => line.startsWith('Updated '));
  const body = footerAt >= 0 ? lines.slice(0, footerAt) : [...lines];
  const footer = footerAt >= 0 ? [lines.slice(footerAt)] : [];
  if (state.kind === 'ok') return [body, ...footer];
  if (state.kind === 'low') return [...body.slice(0, 1), body.slice(1), ...footer];
  return [...body, ...footer];
}
