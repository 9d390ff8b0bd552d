// Turns an HTTP answer that is not a success, or a transport failure, into a WebDataError whose
// message tells a person what happened and what to do. Every service text is scrubbed of the key.
import { STATUS_CODES } from 'node:http';
import { ErrorBodySchema } from './schemas';
import { WebDataError } from './errors';
import { readJson } from './response';
import { errorForNetworkFailure } from './network-failures';
import { safeCause, scrub } from './secrets';
import type { Exchange, TransportFailure } from './transport';

export const SET_KEY_HINT = 'Set a valid key with the command "Web Data: Set API Key".';

export interface Context {
  /** "the search", "the token usage request" … */
  what: string;
  /** Full path, such as /v2/search. */
  path: string;
  origin: string;
  apiKey: string;
  /** For 404: what a 404 from the service itself means here, and what to do about it. */
  notFound: string;
  notFoundAdvice: string;
}

/** The service's own `error` text from a failure body, scrubbed and kept short. */
export function serviceMessageOf(exchange: Exchange, apiKey: string): string | undefined {
  const body = readJson(exchange);
  if (!body.ok) return undefined;
  const parsed = ErrorBodySchema.safeParse(body.value);
  if (!parsed.success || parsed.data.error.trim() === '') return undefined;
  const text = scrub(parsed.data.error.trim(), apiKey);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

export function statusText(status: number): string {
  const name = STATUS_CODES[status];
  return name ? `${status} ${name}` : String(status);
}

/** The error for a non-2xx answer (429 included: the caller decides whether to retry first). */
export function errorForStatus(exchange: Exchange, context: Context, attempts: number, retryAfterMs?: number): WebDataError {
  const { status } = exchange;
  const serviceMessage = serviceMessageOf(exchange, context.apiKey);
  const said = serviceMessage ? `: "${serviceMessage}"` : '';
  const details = { status, serviceMessage, attempts };
  const json = readJson(exchange).ok;
  const kind = status === 401 || status === 403 ? 'unauthorized'
    : status === 404 ? 'not-found'
      : status === 408 ? 'timeout'
        : status === 429 ? 'rate-limited'
          : status >= 500 ? 'server'
            : status >= 400 ? 'invalid-request' : 'bad-response';
  if (!json && exchange.text !== '' && kind !== 'rate-limited') {
    const type = exchange.contentType.split(';')[0] || 'no content type';
    const from = /html/i.test(type) ? 'an HTML page' : 'a body that is not JSON';
    return new WebDataError(kind === 'not-found' ? 'not-found' : kind, `The service answered ${statusText(status)} with ${from} (${type}) instead of JSON, probably from a proxy or a wrong service address (${context.origin}). ${status >= 500 ? 'Try again later.' : 'Check the service address in the settings.'}`, details);
  }
  switch (kind) {
    case 'unauthorized':
      return new WebDataError(kind, status === 401
        ? `The service did not accept the API key (401)${said}. ${SET_KEY_HINT}`
        : `The API key is not allowed to do this (403)${said}. ${SET_KEY_HINT}`, details);
    case 'not-found':
      return new WebDataError(kind, json
        ? `${context.notFound}${said}.${context.notFoundAdvice}`
        : `The service has nothing at ${context.path} (404); check the service address (${context.origin}).`, details);
    case 'timeout':
      return new WebDataError(kind, `The service gave up waiting for ${context.what} (408)${said}. Try again.`, details);
    case 'rate-limited':
      return new WebDataError(kind, `The service is limiting how many requests this key may make (429)${said}${attempts > 1 ? `, still after ${attempts} attempts` : ''}.${retryAfterMs === undefined ? ' Wait a little and try again.' : ` Wait ${describeMs(retryAfterMs)} and try again.`}`, { ...details, retryAfterMs });
    case 'server':
      return new WebDataError(kind, status === 500
        ? `The service had an internal error with ${context.what} (500)${said}. Try again later.`
        : `The service is not available right now (${statusText(status)})${said}${attempts > 1 ? `, still after ${attempts} attempts` : ''}. Try again in a minute.`, details);
    case 'invalid-request':
      return new WebDataError(kind, `The service refused ${context.what} (${statusText(status)})${said || '; it gave no reason'}.`, {
        ...details, problems: [{ field: 'request', message: serviceMessage ?? `The service answered ${statusText(status)}.` }],
      });
    default:
      return new WebDataError('bad-response', `The service answered ${statusText(status)}, which is not an answer the client expects for ${context.what}; check the service address (${context.origin}).`, details);
  }
}

/** The error for an exchange that ended without a complete answer. */
export function errorForFailure(failure: TransportFailure, context: Context, attempts: number, timeoutMs: number, isSearch: boolean): WebDataError {
  switch (failure.reason) {
    case 'proxy':
    case 'certificate':
      return errorForNetworkFailure(failure, context.origin, context.apiKey, attempts);
    case 'cancelled':
      return new WebDataError('cancelled', `${capitalise(context.what)} was cancelled.`, { attempts });
    case 'timeout':
      return new WebDataError('timeout', `The service did not answer ${context.what} within ${describeMs(timeoutMs)}. Try again${isSearch ? ', or give the search a longer timeout' : ' later'}.`, { attempts });
    case 'too-large':
      return new WebDataError('bad-response', `The service's answer to ${context.what} was larger than ${formatBytes(failure.limit)}, the most this client reads; ask for fewer results or less content per result.`, { status: failure.status, attempts });
    case 'network': {
      const code = errorCode(failure.error);
      const cause = safeCause(failure.error, context.apiKey);
      const notResent = isSearch ? ' The search was not sent again, because the service may already have charged for it.' : '';
      let what: string;
      if (code === 'ECONNREFUSED') what = `Could not connect to the service at ${context.origin} (connection refused). Check the service address and that the service is running.`;
      else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') what = `Could not find the service's host (${context.origin}). Check the service address and your network.`;
      else if (code === 'UND_ERR_DESTROYED' || code === 'UND_ERR_CLOSED') what = 'The client was closed; no more requests can be made with it.';
      else what = `The connection to the service was lost ${failure.answered ? 'while its answer was arriving' : 'before it answered'}${code ? ` (${code})` : ''}.${notResent} Check your network and try again.`;
      return new WebDataError('network', what, { attempts, cause });
    }
  }
}

function errorCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

export function describeMs(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  const seconds = Math.ceil(ms / 1000);
  return seconds < 120 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
