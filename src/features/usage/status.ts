// The credits status bar item. Its state is the credits model's (src/core/usage/credits.ts: the
// fetch, the poll, the connection), what each state shows comes from src/core/usage and its words
// from words.ts; this class gives the model the settings and the place to keep the last answer for
// the next start, and copies the words onto the item.
import * as vscode from 'vscode';
import type { TokenUsage } from '../../core/api/schemas';
import { Setting, StatusBarItem } from '../../core/ids';
import {
  creditsItemShown, CreditsModel, LAST_KNOWN_KEY, parseStoredUsage, presentUsage, stateForUsage, toStoredUsage, type RecentSpending, type UsagePresentation, type UsageState,
} from '../../core/usage';
import { loadCore } from '../../platform/core';
import { Disposable } from '../../platform/disposable';
import { plainTooltip } from '../../platform/markdown';
import type { Services } from '../../platform/services';
import type { RecentUsage } from '../../core/usage-ledger/recent';
import { baseUrlSetting, creditsForecastWarning, lowCreditsThreshold, onDidChangeSetting, creditsRefreshInterval } from '../../platform/settings';
import { usageWords, type UsageWords } from './words';
import type { SpendApi } from '../spend';

/** What a start shows before its first answer: the kept balance for this address, marked last known. */
export function startupState(globalState: vscode.Memento): UsageState | undefined {
  const stored = parseStoredUsage(globalState.get(LAST_KNOWN_KEY), baseUrlSetting(), new Date());
  return stored && stateForUsage(stored.usage, lowCreditsThreshold(), stored.at, true);
}

/** Whether the person used the extension in this profile (src/platform/profile-use.ts). */
export interface ProfileUseSignal {
  readonly used: boolean;
  readonly onDidChange: vscode.Event<void>;
}

/** The item as the user sees it: read-only, for whoever needs to read it (the host tests). */
export type ShownStatusBarItem = Readonly<Pick<vscode.StatusBarItem, 'text' | 'tooltip' | 'command' | 'backgroundColor' | 'accessibilityInformation'>>;

export class UsageStatus extends Disposable {
  /** The credits: the status bar item draws it; searches and the usage commands refresh it. */
  readonly model: CreditsModel;
  private readonly statusItem: vscode.StatusBarItem;
  /** The state last drawn, so a failure is logged once however many polls repeat it. */
  private drawn: UsageState['kind'];

  private visible = false;

  /**
   * `spend`: today's spend by who asked, which the tooltip shows and follows. `use`: the item shows
   * not connected only once the person used the extension in this profile; with a key, always.
   */
  constructor(private readonly services: Services, private readonly spend: SpendApi, private readonly use: ProfileUseSignal) {
    super();
    this.model = this._register(new CreditsModel({
      connection: services.connection,
      intervalMs: () => creditsRefreshInterval() * 1000,
      threshold: lowCreditsThreshold,
      stateForError: (error, at) => loadCore().stateForError(error, at),
      // The balance an earlier session stored shows at once (marked as last known) while the
      // connection is read and the first refresh runs; only from globalState, no request.
      startup: startupState(services.globalState),
      lastKnown: { remember: (usage, at) => this.remember(usage, at), forget: () => this.forget() },
      onListenerError: (err) => services.log.error(`Credits: ${String(err)}`),
    }));
    this.drawn = this.model.state.kind;
    this.statusItem = this._register(vscode.window.createStatusBarItem(StatusBarItem.credits, vscode.StatusBarAlignment.Right, 100));
    this.statusItem.name = vscode.l10n.t('Web Data Credits');
    this._register(spend.onDidChange(() => {
      // Another window's spend: the bar line follows once it is shown.
      if (this.recent) this.readRecent();
      this.render();
    }));
    // Not at activation: the ledger is read for the tooltip after this window's first spend (or a click).
    this._register(spend.onDidRecord(() => this.readRecent()));
    this._register(onDidChangeSetting(Setting.creditsForecastWarning, () => this.render()));
    this._register(use.onDidChange(() => this.render()));
    this.render();
    this._register(this.model.onDidChange(() => this.changed()));
    this._register(onDidChangeSetting(Setting.creditsRefreshInterval, () => this.model.reschedule()));
    this._register(onDidChangeSetting(Setting.creditsLowThreshold, () => this.model.rethreshold()));
  }

  get state(): UsageState {
    return this.model.state;
  }

  private afterSpend?: { ended(): void };

  /**
   * A spending operation ended (a research run, a browser session stopped, a watch's check, a parse,
   * a crawl): the credits are read again, at most once every few seconds however many end
   * (src/core/usage/after-spend.ts, in dist/core.js, which a spending operation has loaded already).
   */
  spendEnded(): void {
    this.afterSpend ??= this._register(loadCore().afterSpendReads(() => this.model.refresh()));
    this.afterSpend.ended();
  }

  /** The status bar item as shown. */
  get item(): ShownStatusBarItem {
    return this.statusItem;
  }

  /** Whether the item is in the status bar at all. */
  get shown(): boolean {
    return this.visible;
  }

  /** Fetches the usage; calls while one runs coalesce (see CreditsModel.refresh). */
  refresh(): Promise<void> {
    return this.model.refresh();
  }

  /** A refresh asked for by a person (a click): after an error, show that it is trying again; the tooltip's days are read too. */
  refreshNow(): Promise<void> {
    this.readRecent();
    return this.model.refreshNow();
  }

  /** This machine's last days from the usage ledger, once read (after the first spend or click). */
  private recent: RecentUsage | undefined;
  private reading = false;
  private readAgain = false;

  /** Reads the ledger's last days for the tooltip; a read asked for while one runs runs once after it. */
  private readRecent(): void {
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = true;
    loadCore().readRecentUsage(this.spend.usage).then((recent) => {
      this.recent = recent;
      this.render();
    }, (err: unknown) => this.services.log.warn(`Credits: the usage ledger could not be read: ${String(err)}`)).finally(() => {
      this.reading = false;
      if (this.readAgain && !this.isDisposed) {
        this.readAgain = false;
        this.readRecent();
      }
    });
  }

  /** The ledger's last days with the forecast against the balance shown; none before the ledger was read. */
  private recentSpending(): RecentSpending | undefined {
    const state = this.model.state;
    if (!this.recent) return undefined;
    const balance = state.kind === 'ok' || state.kind === 'low'
      ? loadCore().recentForecast(this.recent.days, { now: new Date(), remainingCredits: state.credits, periodEnd: state.usage.billingPeriodEnd ?? null })
      : undefined;
    return { bars: this.recent.bars, days: this.recent.days.length, total: this.recent.total, ...(balance ? { forecast: balance } : {}), warnForecast: creditsForecastWarning() };
  }

  private changed(): void {
    const state = this.model.state;
    if (state.kind === 'error' && this.drawn !== 'error') this.services.log.warn(`Credits: ${state.message ?? 'no message'}`);
    this.drawn = state.kind;
    this.render();
  }

  /** Kept for the next start; other windows write it too, and the newest answer wins. */
  private remember(usage: TokenUsage, at: Date): void {
    const baseUrl = this.services.connection.state.baseUrl;
    if (baseUrl === undefined || this.isDisposed) return;
    void Promise.resolve(this.services.globalState.update(LAST_KNOWN_KEY, toStoredUsage({ baseUrl, usage, at })))
      .catch((err: unknown) => this.services.log.warn(`Credits: could not keep the last balance: ${String(err)}`));
  }

  private forget(): void {
    if (this.services.globalState.get(LAST_KNOWN_KEY) === undefined) return;
    void Promise.resolve(this.services.globalState.update(LAST_KNOWN_KEY, undefined)).catch(() => undefined);
  }

  presentation(): UsagePresentation {
    return presentUsage(this.model.state, new Date(), this.spend.today(), this.recentSpending());
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
    const visible = creditsItemShown(this.model.state.kind, this.use.used);
    if (visible !== this.visible) {
      this.visible = visible;
      if (visible) this.statusItem.show();
      else this.statusItem.hide();
    }
  }
}
