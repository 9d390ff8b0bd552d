// The walkthrough "Get Started with Web Data": shown once, on the first start of the extension in
// a profile, and each step ticked as the person does it, whoever started it (the palette, a row, a
// keybinding, the sandbox's helper extension).
//
// Why context keys, set for a moment: VS Code ticks a step on `onCommand:` only for commands run
// through the workbench (not those another extension runs in the extension host, as the sandbox's
// helper runs webData.setApiKey), and its walkthrough service, which exists only once something
// opened a walkthrough, takes an `onContext:` key that is already true when it starts as spent,
// without ticking the step. So each step has its own key, set true when the person does the thing
// and false again a moment later: a service started later finds it false and ticks the step the
// next time it happens. On the first start the walkthrough opens before any key is set. Watching
// crawls is `onView:` (the workbench's own view event) and the credits commands.
import * as vscode from 'vscode';
import { READ_PAGE_SCHEMES } from '../../core/schemes';
import { ContextKey, WALKTHROUGH_ID } from '../../core/ids';
import { Disposable } from '../../platform/disposable';
import type { Services } from '../../platform/services';

/** globalState key: true once the walkthrough was opened on a first start. */
const WALKTHROUGH_SHOWN = 'webData.walkthroughShown';

export type WalkthroughStep = 'connected' | 'searched' | 'read' | 'converted' | 'jobStarted' | 'watchMade' | 'webhookReceived';

/** How long a step's key stays true: the workbench reacts to the change at once. */
const PULSE_MS = 1500;

export interface WalkthroughSources {
  /** After each stored search. */
  onDidSearch: vscode.Event<unknown>;
  /** After each document converted (kept), each job the service accepted, each watch it made. */
  onDidConvert: vscode.Event<unknown>;
  onDidStartJob: vscode.Event<unknown>;
  onDidMakeWatch: vscode.Event<unknown>;
  /** After any change to the Webhook Events list; webhookEventCount says how many it lists. */
  onDidChangeEvents: vscode.Event<void>;
  webhookEventCount: () => number;
}

export interface WalkthroughApi {
  /** The steps whose key was set since activation, in order (host tests check what a person's action ticks). */
  readonly signalled: readonly WalkthroughStep[];
  /** Resolves once the first start's walkthrough is open (at once on a later start). */
  readonly ready: Promise<void>;
  /** Whether this start opened the walkthrough (the first start in the profile). */
  readonly openedOnFirstStart: boolean;
}

function setStepKey(step: WalkthroughStep, value: boolean): Thenable<unknown> {
  // Each key spelled out: test/unit/manifest-ids.test.ts finds every ContextKey the code sets.
  switch (step) {
    case 'connected': return vscode.commands.executeCommand('setContext', ContextKey.walkthroughConnected, value);
    case 'searched': return vscode.commands.executeCommand('setContext', ContextKey.walkthroughSearched, value);
    case 'read': return vscode.commands.executeCommand('setContext', ContextKey.walkthroughRead, value);
    case 'converted': return vscode.commands.executeCommand('setContext', ContextKey.walkthroughConverted, value);
    case 'jobStarted': return vscode.commands.executeCommand('setContext', ContextKey.walkthroughJobStarted, value);
    case 'watchMade': return vscode.commands.executeCommand('setContext', ContextKey.walkthroughWatchMade, value);
    case 'webhookReceived': return vscode.commands.executeCommand('setContext', ContextKey.walkthroughWebhookReceived, value);
  }
}

/** The documents a result or a crawled page opens in. */

class Walkthrough extends Disposable implements WalkthroughApi {
  readonly signalled: WalkthroughStep[] = [];
  readonly ready: Promise<void>;
  openedOnFirstStart = false;
  private readonly timers = new Map<WalkthroughStep, ReturnType<typeof setTimeout>>();

  constructor(private readonly services: Services, sources: WalkthroughSources) {
    super();
    this.ready = this.showOnFirstStart();
    const { connection } = services;
    this._register(connection.onDidChange(() => { if (connection.isConnected) this.signal('connected'); }));
    this._register(sources.onDidSearch(() => { this.signal('searched'); }));
    this._register(vscode.workspace.onDidOpenTextDocument((document) => { if (READ_PAGE_SCHEMES.has(document.uri.scheme)) this.signal('read'); }));
    // Each only once it worked: a box opened and dismissed ticks nothing.
    this._register(sources.onDidConvert(() => { this.signal('converted'); }));
    this._register(sources.onDidStartJob(() => { this.signal('jobStarted'); }));
    this._register(sources.onDidMakeWatch(() => { this.signal('watchMade'); }));
    let events = sources.webhookEventCount();
    this._register(sources.onDidChangeEvents(() => {
      const now = sources.webhookEventCount();
      if (now > events) this.signal('webhookReceived');
      events = now;
    }));
    this._register({ dispose: () => { for (const timer of this.timers.values()) clearTimeout(timer); } });
  }

  private async showOnFirstStart(): Promise<void> {
    const state = this.services.globalState;
    if (state.get<boolean>(WALKTHROUGH_SHOWN) === true) return;
    // Never again, whatever the open does: a person who closed it does not want it back.
    await state.update(WALKTHROUGH_SHOWN, true);
    try {
      await vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH_ID, false);
      this.openedOnFirstStart = true;
    } catch (err) {
      this.services.log.debug(`The walkthrough could not be opened: ${String(err)}`);
    }
  }

  private signal(step: WalkthroughStep): void {
    void this.ready.then(async () => {
      if (this.isDisposed) return;
      const pending = this.timers.get(step);
      if (pending) clearTimeout(pending);
      await setStepKey(step, true);
      this.signalled.push(step);
      this.timers.set(step, setTimeout(() => {
        this.timers.delete(step);
        void setStepKey(step, false);
      }, PULSE_MS));
    });
  }
}

export function registerWalkthrough(services: Services, sources: WalkthroughSources): WalkthroughApi {
  const walkthrough = new Walkthrough(services, sources);
  services.context.subscriptions.push(walkthrough);
  return walkthrough;
}
