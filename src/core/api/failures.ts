// Turns an HTTP answer that is not a success, or a transport failure, into a WebDataError whose
// message tells a person what happened and what to do. Every service text is scrubbed of the key.
import { STATUS_CODES } from 'node:http';
import { describeDuration } from '../duration';
import { dashboardUrlOf } from './dashboard';
import { ErrorBodySchema, ErrorDetailSchema } from './schemas';
import { WebDataError } from './errors';
import type { EnterpriseMode } from './request-types';
import { formatPath, readJson } from './response';
import { errorForNetworkFailure } from './network-failures';
import { safeCause, scrub } from './secrets';
import type { Exchange, TransportFailure } from './transport';

export const SET_KEY_HINT = 'Set a valid key with the command "Web Data: Connect…".';

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
  /** Plan features the request asks for, in words: what a 403 most likely refused. */
  features?: readonly string[];
}

/** The enterprise modes of spec 2.2 as a person reads them; a 403 names the one refused. */
export const ENTERPRISE_FEATURES: Readonly<Record<EnterpriseMode, string>> = {
  zdr: 'zero data retention (zdr)',
  anon: 'anonymized zero data retention (anon)',
};

/** What a 429 named: the wait, and whether the service gave it or it is our own backoff's guess. */
export interface RateLimitWait {
  ms: number;
  fromService: boolean;
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

function statusText(status: number): string {
  const name = STATUS_CODES[status];
  return name ? `${status} ${name}` : String(status);
}

/** The error for a non-2xx answer (429 included: the caller decides whether to retry first). */
export function errorForStatus(exchange: Exchange, context: Context, attempts: number, wait?: RateLimitWait): WebDataError {
  const { status } = exchange;
  const serviceMessage = serviceMessageOf(exchange, context.apiKey);
  const said = serviceMessage ? `: "${serviceMessage}"` : '';
  const details = { status, serviceMessage, attempts };
  const body = readJson(exchange);
  const kind = status === 401 ? 'unauthorized'
    : status === 402 ? 'payment-required'
      : status === 403 ? 'forbidden'
        : status === 404 ? 'not-found'
          : status === 408 ? 'timeout'
            : status === 429 ? 'rate-limited'
              : status >= 500 ? 'server'
                : status >= 400 ? 'invalid-request' : 'bad-response';
  if (!body.ok && exchange.text !== '' && kind !== 'rate-limited') {
    const type = exchange.contentType.split(';')[0] || 'no content type';
    const from = /html/i.test(type) ? 'an HTML page' : 'a body that is not JSON';
    return new WebDataError(kind, `The service answered ${statusText(status)} with ${from} (${type}) instead of JSON, probably from a proxy or a wrong service address (${context.origin}). ${status >= 500 ? 'Try again later.' : 'Check the service address in the settings.'}`, details);
  }
  const again = attempts > 1 ? `, still after ${attempts} attempts` : '';
  switch (kind) {
    case 'unauthorized':
      return new WebDataError(kind, `The service did not accept the API key (401)${said}. ${SET_KEY_HINT}`, details);
    case 'payment-required':
      // The key works; only credits help. The dashboard link, when known, is offered as a button.
      return new WebDataError(kind, `Your team has no credits left for ${context.what} (402)${said}. Add credits or upgrade the plan in the service's dashboard.`, {
        ...details, dashboardUrl: dashboardUrlOf(context.origin),
      });
    case 'forbidden': {
      // A valid key whose team lacks a plan feature (zero data retention, say): a new key would not help.
      const feature = featureNamedIn(serviceMessage) ?? (context.features?.length ? context.features.join(' or ') : undefined);
      return new WebDataError(kind, feature
        ? `Your team's plan does not include ${feature}, which ${context.what} asked for (403)${said}. Ask the service to enable it for your team, or leave it out of the request.`
        : `The service refused ${context.what} (403): it uses something that is not enabled for your team${said}.`, { ...details, feature });
    }
    case 'not-found':
      return new WebDataError(kind, body.ok
        ? `${context.notFound}${said}.${context.notFoundAdvice}`
        : `The service has nothing at ${context.path} (404); check the service address (${context.origin}).`, details);
    case 'timeout':
      return new WebDataError(kind, `The service gave up waiting for ${context.what} (408)${said}. Try again.`, details);
    case 'rate-limited':
      return new WebDataError(kind, `The service is limiting how many requests this key may make (429)${said}${again}. ${waitAdvice(wait)}`, { ...details, retryAfterMs: wait?.ms });
    case 'server':
      return new WebDataError(kind, status === 500
        ? `The service had an internal error with ${context.what} (500)${said}. Try again later.`
        : `The service is not available right now (${statusText(status)})${said}${again}. Try again in a minute.`, details);
    case 'invalid-request': {
      const problems = body.ok ? detailsOf(body.value, context.apiKey) : [];
      if (problems.length > 0) {
        const list = problems.map((p) => `${p.field}: ${p.message}`).join('; ');
        return new WebDataError(kind, `The service refused ${context.what} (${statusText(status)})${said}. ${list}.`, { ...details, problems });
      }
      return new WebDataError(kind, `The service refused ${context.what} (${statusText(status)})${said || '; it gave no reason'}.`, {
        ...details, problems: [{ field: 'request', message: serviceMessage ?? `The service answered ${statusText(status)}.` }],
      });
    }
    default:
      return new WebDataError('bad-response', `The service answered ${statusText(status)}, which is not an answer the client expects for ${context.what}; check the service address (${context.origin}).`, details);
  }
}

/** What to do about a 429, with the wait in a person's words; a long one is not waited for. */
function waitAdvice(wait: RateLimitWait | undefined): string {
  if (wait === undefined) return 'Wait a little and try again.';
  if (!wait.fromService) return 'Wait a few seconds and try again.';
  if (wait.ms < 1000) return 'Try again in a moment.';
  const duration = describeDuration(wait.ms);
  return wait.ms <= 2 * 60_000 ? `The service asks to wait ${duration} before trying again.` : `The service asks to wait ${duration}; try again later.`;
}

/** A plan feature the service's own 403 text names, in our words. */
function featureNamedIn(text: string | undefined): string | undefined {
  if (!text) return undefined;
  if (/anonymi[sz]ed|\banon\b/i.test(text)) return ENTERPRISE_FEATURES.anon;
  if (/zero[ -]data[ -]retention|\bzdr\b/i.test(text)) return ENTERPRISE_FEATURES.zdr;
  return undefined;
}

const MAX_DETAILS = 10;

/**
 * Each field's problem from a 400's `details` list, scrubbed and kept short. The live service
 * sends its own zod issues there, under an error that says only "Invalid request body".
 */
function detailsOf(body: unknown, apiKey: string): Array<{ field: string; message: string }> {
  const list = typeof body === 'object' && body !== null ? (body as { details?: unknown }).details : undefined;
  if (!Array.isArray(list)) return [];
  const problems: Array<{ field: string; message: string }> = [];
  for (const item of list) {
    const parsed = ErrorDetailSchema.safeParse(item);
    if (!parsed.success) continue;
    const detail = parsed.data;
    const message = short(scrub(typeof detail === 'string' ? detail : detail.message, apiKey), 200);
    if (message === '') continue;
    const field = typeof detail === 'string' ? '' : fieldOf(detail);
    // An issue about the body as a whole (an empty path) is about the request.
    problems.push({ field: short(scrub(field, apiKey), 60) || 'request', message });
    if (problems.length >= MAX_DETAILS) break;
  }
  return problems;
}

/** `field`, else the zod path written as in our own problems ("scrapeOptions.formats[0].type"). */
function fieldOf(detail: { field?: string | null; path?: ReadonlyArray<string | number> | string | null }): string {
  if (detail.field) return detail.field;
  if (Array.isArray(detail.path)) return detail.path.length > 0 ? formatPath(detail.path) : '';
  return typeof detail.path === 'string' ? detail.path : '';
}

/** Service text on one line, cut to `max` characters. */
function short(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
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
      return new WebDataError('timeout', `The service did not answer ${context.what} within ${describeDuration(timeoutMs)}. Try again${isSearch ? ', or give the search a longer timeout' : ' later'}.`, { attempts });
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

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
