// What a failure means, once: for each kind of error the client reports, whether a second try may
// pass, whether the network may be at fault, what a person changes to fix it (and in which setting
// or variable), the button that applies that fix, and how loudly it is told. Every sink reads this
// table: the error notifications' buttons, the credits item's error state and its dialog, the key
// check, the chat tools' failure text and the connection doctor's "what to change", so each gives
// the same meaning and the same fix for the same kind. Structure only; the words are each feature's.
import type { WebDataErrorKind } from './api/errors';
import { Command, fullSettingKey, Setting } from './ids';

/** What a person changes. */
export type FixKind =
  | 'service-address' // webData.baseUrl
  | 'proxy-setting' // http.proxy or the proxy variable that set it
  | 'proxy-credentials' // the proxy's user and password, or http.proxyAuthorization
  | 'proxy-allow' // the proxy's owner allows the host, or NO_PROXY / http.noProxy skips it
  | 'certificates' // trust the authority: the system store or NODE_EXTRA_CA_CERTS
  | 'certificate-renewal' // the certificate itself is wrong (expired, another host): its owner
  | 'api-key' // Set API Key
  | 'credits' // the service's dashboard
  | 'plan' // the team's plan lacks a feature
  | 'wait' // the service or the network: try again later
  | 'request' // the request itself
  | 'webhook-receiver'; // the webhook receiver's settings

/** VS Code's own settings the network fixes name (the client reads them through the host). */
export const PROXY_SETTING = 'http.proxy';
export const CERTIFICATES_SETTING = 'http.systemCertificates';

/** The button that applies a kind's fix where the failure is shown. */
export type FixButton = 'set-key' | 'open-dashboard' | 'open-network-settings';

/** Every button a failure may offer, in the order they are offered. */
export type ErrorButton = FixButton | 'check-connection' | 'retry' | 'open-log';

/** How a notification tells it: an error, a warning (a wait the service asked for), or not at all (the person cancelled). */
type FailureNotice = 'error' | 'warning' | 'none';

export interface FailureMeaning {
  /** A second try may pass. */
  transient: boolean;
  /** The network, not the service, may be at fault: Check Connection shows which hop. */
  network: boolean;
  fix: FixKind;
  /** The setting to open, when one setting is the place to change. */
  setting?: string;
  /** The button that applies the fix, when one does. */
  button?: FixButton;
  notice: FailureNotice;
}

const BASE_URL = fullSettingKey(Setting.baseUrl);

export const FAILURES: Readonly<Record<WebDataErrorKind, FailureMeaning>> = {
  'invalid-request': { transient: false, network: false, fix: 'request', notice: 'error' },
  unauthorized: { transient: false, network: false, fix: 'api-key', button: 'set-key', notice: 'error' },
  'not-found': { transient: false, network: false, fix: 'service-address', setting: BASE_URL, notice: 'error' },
  'rate-limited': { transient: true, network: false, fix: 'wait', notice: 'warning' },
  server: { transient: true, network: false, fix: 'wait', notice: 'error' },
  network: { transient: true, network: true, fix: 'service-address', setting: BASE_URL, notice: 'error' },
  timeout: { transient: true, network: true, fix: 'wait', notice: 'error' },
  cancelled: { transient: false, network: false, fix: 'request', notice: 'none' },
  // An answer that is not the service's (a proxy's page, a wrong address) or a cut one.
  'bad-response': { transient: true, network: true, fix: 'service-address', setting: BASE_URL, notice: 'error' },
  // The dashboard's address is known only for some service addresses (core/api/dashboard.ts).
  'payment-required': { transient: false, network: false, fix: 'credits', button: 'open-dashboard', notice: 'error' },
  forbidden: { transient: false, network: false, fix: 'plan', notice: 'error' },
  proxy: { transient: false, network: true, fix: 'proxy-setting', setting: PROXY_SETTING, button: 'open-network-settings', notice: 'error' },
  certificate: { transient: false, network: true, fix: 'certificates', setting: CERTIFICATES_SETTING, button: 'open-network-settings', notice: 'error' },
};

/** Kinds where the network, not the service, may be at fault: Check Connection helps. */
export const NETWORK_KINDS: ReadonlySet<string> = new Set(Object.entries(FAILURES).filter(([, row]) => row.network).map(([kind]) => kind));

export function meaningOf(kind: string | undefined): FailureMeaning | undefined {
  return kind !== undefined && Object.hasOwn(FAILURES, kind) ? FAILURES[kind as WebDataErrorKind] : undefined;
}

/** A fix button with what it needs to act: the setting to open, the dashboard's address. */
export type FixAction =
  | { button: 'set-key' }
  | { button: 'open-network-settings'; setting: string }
  | { button: 'open-dashboard'; url: string };

/** What a person can do about one failure, from its row. */
export interface FailureOffer {
  fix?: FixAction;
  /** The network may be at fault: Check Connection is offered. */
  checkConnection: boolean;
  /** A second try may pass. */
  transient: boolean;
}

/** The offer for a failure; `undefined` (not the client's error) may pass on a second try. */
export function offerFor(error: { kind: string; dashboardUrl?: string } | undefined): FailureOffer {
  if (error === undefined) return { checkConnection: false, transient: true };
  const meaning = meaningOf(error.kind);
  if (meaning === undefined) return { checkConnection: false, transient: true };
  return { ...fixActionOf(meaning, error.dashboardUrl), checkConnection: meaning.network, transient: meaning.transient };
}

function fixActionOf(meaning: FailureMeaning, dashboardUrl: string | undefined): { fix?: FixAction } {
  switch (meaning.button) {
    case 'set-key':
      return { fix: { button: 'set-key' } };
    case 'open-network-settings':
      return meaning.setting === undefined ? {} : { fix: { button: 'open-network-settings', setting: meaning.setting } };
    case 'open-dashboard':
      // Only when the service address tells where the dashboard is.
      return dashboardUrl ? { fix: { button: 'open-dashboard', url: dashboardUrl } } : {};
    case undefined:
      return {};
  }
}

/**
 * The buttons, in order: the fix, Check Connection when the network may be at fault, Retry when
 * `retry` says so, Open Log. Only a refused key (401) is helped by a new key; a proxy or
 * certificate failure is fixed in VS Code's network settings, never with another key.
 */
export function offeredButtons(offer: FailureOffer, retry: boolean): ErrorButton[] {
  const buttons: ErrorButton[] = [];
  if (offer.fix) buttons.push(offer.fix.button);
  if (offer.checkConnection) buttons.push('check-connection');
  if (retry) buttons.push('retry');
  buttons.push('open-log');
  return buttons;
}

/** What a fix button runs: a command with its arguments, or a page to open outside VS Code. */
export type FixTarget = { command: string; args: readonly string[] } | { url: string };

export function fixTarget(fix: FixAction): FixTarget {
  switch (fix.button) {
    case 'set-key':
      return { command: Command.setApiKey, args: [] };
    case 'open-network-settings':
      return { command: 'workbench.action.openSettings', args: [fix.setting] };
    case 'open-dashboard':
      return { url: fix.url };
  }
}

/** What a key check makes of a failure: the key is refused (a new key helps), accepted (the
 * answer came after the key was: no credits), or unknown (the service could not say). */
export function keyVerdictOf(kind: string): 'refused' | 'accepted' | 'unknown' {
  const fix = meaningOf(kind)?.fix;
  return fix === 'api-key' ? 'refused' : fix === 'credits' ? 'accepted' : 'unknown';
}
