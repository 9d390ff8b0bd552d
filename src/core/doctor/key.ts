// The doctor's key hop: GET /v2/team/token-usage (free) with the client itself, so it goes the way
// every other request goes (same route, same dispatcher, same trust), once, without retries.
import { WebDataClient } from '../api/client';
import { isWebDataError } from '../api/errors';
import type { NetworkOptions } from '../api/network';
import { isNoUsageError } from '../usage/state';
import type { KeyAnswer } from './run';

export async function askKey(options: { baseUrl: string; apiKey: string; network: NetworkOptions; userAgent?: string }): Promise<KeyAnswer> {
  const client = new WebDataClient({ ...options, retry: { maxAttempts: 1 }, timeoutMs: 15_000 });
  try {
    const usage = await client.getTokenUsage();
    return { status: 200, remainingTokens: usage.remainingTokens };
  } catch (error) {
    if (isNoUsageError(error)) return { status: 404, kind: 'no-usage' };
    if (isWebDataError(error)) return { status: error.status ?? 0, kind: error.kind };
    return { status: 0, kind: 'network' };
  } finally {
    await client.close().catch(() => undefined);
  }
}
