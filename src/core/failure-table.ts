// What a failure means, once: for each kind of error the client reports, whether a second try may
// pass, and what a person changes to fix it (and in which setting or variable). The error
// notifications' buttons and the connection doctor's "what to change" both read this table, so
// they say the same thing. Structure only; the words are made by each feature.
import type { WebDataErrorKind } from './api/errors';
import { fullSettingKey, Setting } from './ids';

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

export interface FailureMeaning {
  transient: boolean;
  fix: FixKind;
  /** The setting to open, when one setting is the place to change. */
  setting?: string;
}

const FAILURES: Readonly<Record<WebDataErrorKind, FailureMeaning>> = {
  'invalid-request': { transient: false, fix: 'request' },
  unauthorized: { transient: false, fix: 'api-key' },
  'not-found': { transient: false, fix: 'service-address', setting: fullSettingKey(Setting.baseUrl) },
  'rate-limited': { transient: true, fix: 'wait' },
  server: { transient: true, fix: 'wait' },
  network: { transient: true, fix: 'service-address', setting: fullSettingKey(Setting.baseUrl) },
  timeout: { transient: true, fix: 'wait' },
  cancelled: { transient: false, fix: 'request' },
  'bad-response': { transient: true, fix: 'service-address', setting: fullSettingKey(Setting.baseUrl) },
  'payment-required': { transient: false, fix: 'credits' },
  forbidden: { transient: false, fix: 'plan' },
  proxy: { transient: false, fix: 'proxy-setting', setting: 'http.proxy' },
  certificate: { transient: false, fix: 'certificates', setting: 'http.systemCertificates' },
};

/** Kinds where the network, not the service, may be at fault: Check Connection helps. */
export const NETWORK_KINDS: ReadonlySet<string> = new Set<WebDataErrorKind>(['network', 'timeout', 'proxy', 'certificate', 'bad-response']);

export function meaningOf(kind: string | undefined): FailureMeaning | undefined {
  return kind !== undefined && Object.hasOwn(FAILURES, kind) ? FAILURES[kind as WebDataErrorKind] : undefined;
}
