// Asks the service whether an API key works before it is saved: GET /v2/team/token-usage with it.
// What a failure says about the key comes from the one table of what failures mean
// (src/core/failure-table.ts): a kind whose fix is a new key refuses it, one whose fix is credits
// came after the key was accepted, and any other leaves it unknown.
import type { TokenUsage } from '../../core/api';
import { keyVerdictOf, meaningOf } from '../../core/failure-table';
import type { Connection } from '../../platform/connection';
import { isWebDataError, loadCore } from '../../platform/core';

export type KeyCheck =
  /** The service accepted the key; `usage` is absent when it has no usage information (404) or no credits (402). */
  | { outcome: 'accepted'; usage?: TokenUsage }
  /** 401, or a key that cannot be sent at all: saving it would not help. */
  | { outcome: 'refused'; message: string; status?: number }
  /**
   * The service could not be asked (network, timeout, 5xx, 429, a bad address): the key is unknown.
   * `network`: the network may be at fault, so Check Connection helps (the table's network kinds).
   */
  | { outcome: 'unverified'; message: string; network: boolean }
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
    return failedKeyCheck(e, {
      noUsage: e !== undefined && loadCore().isNoUsageError(e),
      aborted: signal?.aborted === true,
      message: e?.message ?? (err instanceof Error ? err.message : String(err)),
    });
  } finally {
    void client?.close().catch(() => undefined);
  }
}

/**
 * What a failed check says about the key. `error` is the client's (undefined for anything else
 * thrown); `noUsage`, a 404 with the service's words; `message`, the sentence to show.
 */
export function failedKeyCheck(error: { kind: string; status?: number } | undefined, found: { noUsage: boolean; aborted: boolean; message: string }): KeyCheck {
  const verdict = error === undefined ? 'unknown' : keyVerdictOf(error.kind);
  // A 404 (no usage information) and a 402 (no credits left) both come after the key was
  // accepted: the key works, so it is saved.
  if (found.noUsage || verdict === 'accepted') return { outcome: 'accepted' };
  if (error?.kind === 'cancelled' || found.aborted) return { outcome: 'cancelled' };
  if (verdict === 'refused') return { outcome: 'refused', message: found.message, status: error?.status };
  // Refused before sending: the address itself is unusable, so no key could be checked with it.
  if (error?.kind === 'invalid-request' && error.status === undefined) return { outcome: 'refused', message: found.message };
  return { outcome: 'unverified', message: found.message, network: meaningOf(error?.kind)?.network ?? false };
}
