// The receiver's status bar item as structure (src/features/webhooks/words.ts makes its words):
// where it listens, how signatures are treated, the events received as the Webhook Events list
// holds them (across reloads, as the list does), and what this run has seen. Nothing here came
// from a client: the addresses are ours (or VS Code's forwarding), the counts ours.
import { decideWiring } from '../jobs/wiring';
import type { WebhookReceiverStats } from '../webhooks';
import type { WebhookEventStatus } from './record';

/**
 * How deliveries are checked: against the secret; refused because a signature is required but no
 * secret is set; or not at all (no secret, nothing required), so anything that reaches the port may post.
 */
type SignatureCheck = 'checked' | 'required-without-secret' | 'not-checked';

export interface ReceiverStatusFacts {
  port: number;
  /** Where the receiver listens. */
  url: string;
  /**
   * Where this editor reaches the receiver when VS Code forwards the port (a remote window, a
   * browser-based VS Code): an address on the person's side, which the service cannot be assumed to reach.
   */
  forwardedAs?: string;
  /** How the service reaches the receiver, as a job started here is wired (src/core/jobs/wiring.ts). */
  reach: ReceiverReach;
  signatures: SignatureCheck;
  /** Events received (verified or unsigned) that the Webhook Events list holds: the item's count. */
  received: number;
  /** This run's deliveries: accepted, refused, and repeats of an accepted one (ignored). */
  handled: number;
  refused: number;
  duplicates: number;
}

/**
 * How the service reaches this receiver: through webData.webhooks.publicUrl; directly, because the
 * service runs on this machine (the remote's, in a remote window); not at all (a job started here is
 * then read every few seconds); or the public address set is not https.
 */
export type ReceiverReach =
  | { kind: 'public-url'; url: string }
  | { kind: 'this-machine' }
  | { kind: 'unreachable' }
  | { kind: 'public-url-not-https' };

export interface RunningReceiverState {
  port: number;
  url: string;
  localUrl: string;
  externalUrl: string;
  hasSecret: boolean;
  requireSignature: boolean;
  stats: Pick<WebhookReceiverStats, 'handled' | 'refused' | 'duplicates'>;
  /** The Webhook Events list's rows (stored, so they outlive a reload and a restart of the receiver). */
  listed: ReadonlyArray<{ status: WebhookEventStatus }>;
  /** The service's address (webData.baseUrl) and webData.webhooks.publicUrl ('' for none). */
  serviceBaseUrl: string | undefined;
  publicUrl: string;
}

/** How the service reaches a receiver at `localUrl`: the jobs' own wiring rule, signatures aside. */
export function receiverReach(localUrl: string, serviceBaseUrl: string | undefined, publicUrl: string): ReceiverReach {
  const wiring = decideWiring({ serviceBaseUrl, publicUrl, receiver: { localUrl, requireSignature: false }, hasSecret: true });
  if (wiring.kind === 'wired') return wiring.via === 'public-url' ? { kind: 'public-url', url: wiring.url } : { kind: 'this-machine' };
  return wiring.reason === 'public-url-not-https' ? { kind: 'public-url-not-https' } : { kind: 'unreachable' };
}

/** The listed events that were received, not refused: what "3 events" counts. */
export function receivedCount(listed: ReadonlyArray<{ status: WebhookEventStatus }>): number {
  return listed.filter((event) => event.status !== 'refused').length;
}

export function receiverStatusFacts(state: RunningReceiverState): ReceiverStatusFacts {
  const signatures: SignatureCheck = state.hasSecret ? 'checked' : state.requireSignature ? 'required-without-secret' : 'not-checked';
  return {
    port: state.port,
    url: state.url,
    ...(state.externalUrl !== state.localUrl ? { forwardedAs: state.externalUrl } : {}),
    reach: receiverReach(state.localUrl, state.serviceBaseUrl, state.publicUrl),
    signatures,
    received: receivedCount(state.listed),
    handled: state.stats.handled,
    refused: state.stats.refused,
    duplicates: state.stats.duplicates,
  };
}
