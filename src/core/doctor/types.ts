// The connection doctor's report as structure: each hop in order, its time, what it found, and
// for the first one that failed, what to change. No words here; features/doctor makes them.
import type { FixKind } from '../failure-table';
import type { ProxySource } from '../api/network';

export type HopId = 'settings' | 'dns' | 'tcp' | 'proxy' | 'tls' | 'key' | 'webhook';

/** ok; failed (the first failure ends the run); warning (passes, but worth knowing); skipped
 * (after a failure); not-needed (no proxy, plain http, no receiver running). */
export type HopStatus = 'ok' | 'failed' | 'warning' | 'skipped' | 'not-needed';

/** What a hop found, as values the report shows; never a key, secret or password. */
export type Fact =
  | { kind: 'address'; baseUrl: string }
  | { kind: 'route'; route: 'direct' | 'loopback' | 'proxy-support-off' | 'proxy' | 'invalid-proxy'; proxyHost?: string; source?: ProxySource; withCredentials?: boolean }
  | { kind: 'no-proxy'; entries: string[]; matched: string[] }
  | { kind: 'strict-ssl'; on: boolean }
  | { kind: 'certificate-sources'; node: number; system: number | 'off'; extraFile?: string; extra?: number }
  | { kind: 'resolved'; host: string; addresses: string[] }
  | { kind: 'connected'; host: string; port: number }
  | { kind: 'proxy-answer'; status: number; target: string }
  | { kind: 'tls'; protocol: string; subject: string; issuer: string; validTo: string; trustedBy: 'node' | 'system' | 'extra-file' | 'unknown' | 'not-checked' }
  /** `failure`: the client's error kind, when the key hop failed (a 200 or 404 can fail too). */
  | { kind: 'key'; status: number; remainingTokens?: number; failure?: string }
  | { kind: 'webhook'; address: string; forwarded?: string; secretSet: boolean; deliveryStatus?: number }
  | { kind: 'error'; code: string; status?: number };

export interface Fix {
  fix: FixKind;
  /** The setting to change, or the variable, or the host to allow; the words are the feature's. */
  setting?: string;
  variable?: string;
  /** A refinement the words need: 'expired', 'not-yet-valid', 'host-name', 'untrusted', 'no-key',
   * 'refused', 'unresolved', 'status', 'forbidden', 'plain-http'. */
  detail?: string;
}

export interface Hop {
  id: HopId;
  status: HopStatus;
  /** Milliseconds the hop took; 0 for skipped and not-needed ones. */
  ms: number;
  facts: Fact[];
  fix?: Fix;
}

export interface DoctorReport {
  at: Date;
  hops: Hop[];
  /** The first failed hop, or undefined when every hop passed. */
  failed?: HopId;
}
