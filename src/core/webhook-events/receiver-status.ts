// The receiver's status bar item as structure (src/features/webhooks/words.ts makes its words):
// where it listens, how signatures are treated, and what this run has seen. Nothing here came from
// a client: the addresses are ours (or VS Code's forwarding), the counts the receiver's own.
import type { WebhookReceiverStats } from '../webhooks';

/**
 * How deliveries are checked: against the secret; refused because a signature is required but no
 * secret is set; or not at all (no secret, nothing required), so anything that reaches the port may post.
 */
type SignatureCheck = 'checked' | 'required-without-secret' | 'not-checked';

export interface ReceiverStatusFacts {
  port: number;
  /** Where the receiver listens. */
  url: string;
  /** The address the service must be given, when VS Code forwards the port elsewhere. */
  forwardedAs?: string;
  signatures: SignatureCheck;
  /** This run's deliveries: accepted, refused, and repeats of an accepted one (ignored). */
  handled: number;
  refused: number;
  duplicates: number;
}

export interface RunningReceiverState {
  port: number;
  url: string;
  localUrl: string;
  externalUrl: string;
  hasSecret: boolean;
  requireSignature: boolean;
  stats: Pick<WebhookReceiverStats, 'handled' | 'refused' | 'duplicates'>;
}

export function receiverStatusFacts(state: RunningReceiverState): ReceiverStatusFacts {
  const signatures: SignatureCheck = state.hasSecret ? 'checked' : state.requireSignature ? 'required-without-secret' : 'not-checked';
  return {
    port: state.port,
    url: state.url,
    ...(state.externalUrl !== state.localUrl ? { forwardedAs: state.externalUrl } : {}),
    signatures,
    handled: state.stats.handled,
    refused: state.stats.refused,
    duplicates: state.stats.duplicates,
  };
}
