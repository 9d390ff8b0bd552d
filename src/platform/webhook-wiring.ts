// A research run's or a watch's webhook (issues 36, 37), wired to this window's receiver as a
// crawl's is (src/core/jobs/wiring.ts): only when the service can reach the receiver, signed with
// the webhook secret or, without one, carrying a token of its own, which is kept in global state
// (src/core/jobs/tokens.ts) so that the window running the receiver takes its deliveries.
import { pendingTokenId, readJobTokens, staleTokenKeys, withJobToken, type TokenPrefix } from '../core/jobs/tokens';
import { decideWiring, webhookWith, type WiredWebhook } from '../core/jobs/wiring';
import { loadCore } from './core';
import type { Services } from './services';
import { jobSettings } from './settings';

/** The receiver as the webhooks feature runs it (none while that feature is not loaded). */
export interface ReceiverLink {
  readonly receiver: { localUrl: string; requireSignature: boolean } | undefined;
  readonly hasSecret: boolean;
}

export interface PreparedWebhook<E extends string> {
  /** What the start sends; undefined when the receiver cannot be reached (the start is then read every few seconds). */
  webhook: WiredWebhook<E> | undefined;
  /** Keeps the token for the id the service answered (nothing when signed or not wired). */
  keep(id: string): Promise<void>;
}

export class WebhookWirer {
  constructor(private readonly services: Services, private readonly link: ReceiverLink, private readonly prefix: TokenPrefix) {}

  /** The webhook of a start; its token (if any) is kept before the start is sent, under a pending id until keep(id). */
  async prepare<E extends string>(events: readonly E[]): Promise<PreparedWebhook<E>> {
    const wiring = decideWiring({
      serviceBaseUrl: this.services.connection.state.baseUrl,
      receiver: this.link.receiver,
      publicUrl: jobSettings().publicUrl,
      hasSecret: this.link.hasSecret,
    });
    const token = wiring.kind === 'wired' && wiring.check === 'job-token' ? loadCore().newJobToken() : undefined;
    if (token !== undefined) await this.keep(pendingTokenId(token), token);
    return {
      webhook: webhookWith(wiring, token, events),
      keep: (id) => (token === undefined ? Promise.resolve() : this.keep(id, token)),
    };
  }

  /** Into this window's own key, the list read at the write's turn: two starts at once both keep theirs. */
  private async keep(id: string, token: string): Promise<void> {
    const state = this.services.shared;
    const ownKey = `${this.prefix}${this.services.windowId}`;
    try {
      const now = Date.now();
      await state.change(ownKey, (current) => withJobToken(readJobTokens(current), { id, token, savedAt: now }, now, this.prefix));
      for (const key of staleTokenKeys(state, ownKey, now, this.prefix)) await state.update(key, undefined);
      this.services.log.info(`Kept the webhook token of ${id} for its deliveries.`);
    } catch (err) {
      this.services.log.warn(`Could not keep a webhook token in global state: ${String(err)}`);
    }
  }
}
