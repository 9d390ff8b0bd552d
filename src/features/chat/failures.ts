// A thrown client error as a ToolFailure: the kind and the client's own sentence (which never
// holds the key), or a plain "unexpected" for anything that is not a WebDataError.
import type { ToolFailure } from '../../core/chat/failure-text';
import { loadCore } from '../../platform/core';

export function toolFailure(err: unknown, cancelled: boolean): ToolFailure {
  if (cancelled) return { kind: 'cancelled' };
  if (!loadCore().isWebDataError(err)) return { kind: 'bad-response', message: 'Something unexpected happened; the Web Data log has the details.' };
  return { kind: err.kind, message: err.message, problems: err.problems, retryAfterMs: err.retryAfterMs };
}

/** An AbortSignal that follows the tool's cancellation token; dispose it after the call. */
export function abortOn(token: { isCancellationRequested: boolean; onCancellationRequested: (listener: () => void) => { dispose(): void } }): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  const subscription = token.onCancellationRequested(() => controller.abort());
  return { signal: controller.signal, dispose: () => subscription.dispose() };
}
