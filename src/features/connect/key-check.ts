// Asks the service whether an API key works before it is saved: GET /v2/team/token-usage with it.
import type { TokenUsage } from '../../core/api';
import type { Connection } from '../../platform/connection';
import { isWebDataError, loadCore } from '../../platform/core';

export type KeyCheck =
  /** The service accepted the key; `usage` is absent when it has no usage information (404) or no credits (402). */
  | { outcome: 'accepted'; usage?: TokenUsage }
  /** 401/403, or a key that cannot be sent at all: saving it would not help. */
  | { outcome: 'refused'; message: string; status?: number }
  /** The service could not be asked (network, timeout, 5xx, 429, a bad address): the key is unknown. */
  | { outcome: 'unverified'; message: string }
  | { outcome: 'cancelled' };

export async function checkApiKey(connection: Connection, baseUrl: string, apiKey: string, signal?: AbortSignal): Promise<KeyCheck> {
  let client: ReturnType<Connection['createClient']> | undefined;
  try {
    // Throws for a key with spaces or an address the client refuses: no request is made then.
    client = connection.createClient(baseUrl, apiKey);
    const usage = await client.getTokenUsage({ signal });
    return { outcome: 'accepted', usage };
  } catch (err) {
    const e = isWebDataError(err) ? err : undefined;
    // A 404 (no usage information) and a 402 (no credits left) both come after the key was
    // accepted: the key works, so it is saved.
    if ((e !== undefined && loadCore().isNoUsageError(e)) || e?.kind === 'payment-required') return { outcome: 'accepted' };
    if (e?.kind === 'cancelled' || signal?.aborted) return { outcome: 'cancelled' };
    if (e?.kind === 'unauthorized') return { outcome: 'refused', message: e.message, status: e.status };
    // Refused before sending: the address itself is unusable, so no key could be checked with it.
    if (e?.kind === 'invalid-request' && e.status === undefined) return { outcome: 'refused', message: e.message };
    const message = e?.message ?? (err instanceof Error ? err.message : String(err));
    return { outcome: 'unverified', message };
  } finally {
    void client?.close().catch(() => undefined);
  }
}
