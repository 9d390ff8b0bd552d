// Failures of the company network, told apart from the service's own: a proxy that refuses or
// cannot be reached, and a certificate this machine does not trust. Each message names the proxy
// (host and port, never its password) and the setting or variable to check, and never blames the
// API key: the service was not reached.
import { WebDataError } from './errors';
import type { ProxySource, Route } from './network';
import { safeCause } from './secrets';

export type NetworkFailure =
  | {
    reason: 'proxy';
    problem: 'invalid' | 'auth' | 'forbidden' | 'status' | 'unreachable';
    source: ProxySource;
    /** host:port of the proxy, for every problem but 'invalid'. */
    host?: string;
    status?: number;
    code?: string;
    invalid?: 'not-a-url' | 'scheme';
    scheme?: string;
    error?: unknown;
  }
  | { reason: 'certificate'; code: string; of: 'service' | 'proxy'; error: unknown };

const CERTIFICATE_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT', 'CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID', 'CERT_UNTRUSTED', 'CERT_REVOKED', 'CERT_SIGNATURE_FAILURE',
  'CERT_CHAIN_TOO_LONG', 'INVALID_CA', 'ERR_TLS_CERT_ALTNAME_INVALID',
]);
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** The codes of an error and its causes, outermost first. */
function codes(error: unknown): string[] {
  const found: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') found.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return found;
}

/** A failure before any answer arrived, when it was the network's and not the service's. */
export function classifyNetworkError(error: unknown, route: Route): NetworkFailure | undefined {
  const all = codes(error);
  const certificate = all.find((code) => CERTIFICATE_CODES.has(code));
  const viaProxy = route.kind === 'proxy' ? route.proxy : undefined;
  if (certificate) {
    // undici wraps a wrong host name on the tunnelled connection as a "proxy TLS" error; only an
    // https proxy has a certificate of its own.
    const ofProxy = viaProxy?.url.protocol === 'https:' && all[0] === 'UND_ERR_PRX_TLS' && certificate !== 'ERR_TLS_CERT_ALTNAME_INVALID';
    return { reason: 'certificate', code: certificate, of: ofProxy ? 'proxy' : 'service', error };
  }
  if (!viaProxy) return undefined;
  const base = { reason: 'proxy' as const, source: viaProxy.source, host: viaProxy.host, error };
  const message = error instanceof Error ? error.message : '';
  const status = /Proxy response \((\d{3})\)/.exec(message)?.[1];
  if (status !== undefined) {
    const code = Number(status);
    return { ...base, problem: code === 407 || code === 401 ? 'auth' : code === 403 ? 'forbidden' : 'status', status: code };
  }
  // Through a proxy, the only connection this machine opens is to the proxy itself.
  const unreachable = all.find((code) => UNREACHABLE_CODES.has(code));
  if (unreachable) return { ...base, problem: 'unreachable', code: unreachable };
  return undefined;
}

function sourceText(source: ProxySource): string {
  return source === 'http.proxy' ? 'the http.proxy setting' : `the ${source} environment variable`;
}

function bypassName(source: ProxySource): string {
  return source === 'http.proxy' ? 'http.noProxy' : 'NO_PROXY';
}

/** The error for a proxy or certificate failure; `origin` is the service's. */
export function errorForNetworkFailure(failure: NetworkFailure, origin: string, apiKey: string, attempts: number): WebDataError {
  const cause = 'error' in failure ? safeCause(failure.error, apiKey) : undefined;
  if (failure.reason === 'certificate') {
    const what = failure.of === 'proxy' ? 'The proxy\'s certificate' : `The certificate of the service at ${origin}`;
    const why = failure.code === 'ERR_TLS_CERT_ALTNAME_INVALID' ? `is not for that host name (${failure.code})`
      : failure.code === 'CERT_HAS_EXPIRED' || failure.code === 'CERT_NOT_YET_VALID' ? `is not valid today (${failure.code})`
        : `is not trusted by this machine (${failure.code})`;
    return new WebDataError('certificate', `${what} ${why}, so nothing was sent. If your company inspects TLS, its certificate authority must be trusted: add it to the operating system's certificates (VS Code's http.systemCertificates is on by default) or name its file in NODE_EXTRA_CA_CERTS, then restart VS Code.`, { attempts, cause });
  }
  const where = sourceText(failure.source);
  const proxy = `The proxy ${failure.host ?? ''}`.trimEnd();
  let text: string;
  switch (failure.problem) {
    case 'invalid':
      text = failure.invalid === 'scheme'
        ? `The proxy in ${where} uses ${failure.scheme ?? 'a scheme'}, which is not supported; use an http:// or https:// proxy address.`
        : `The proxy in ${where} is not an address such as http://proxy.example.com:3128. Correct ${where}.`;
      break;
    case 'auth':
      text = `${proxy} refused its credentials (answer ${failure.status ?? 407}). Check the user and password in ${where}${failure.source === 'http.proxy' ? ' or the http.proxyAuthorization setting' : ''}.`;
      break;
    case 'forbidden':
      text = `${proxy} does not allow connections to ${origin} (403). Ask whoever runs the proxy to allow it, or add the host to ${bypassName(failure.source)} if it can be reached without the proxy.`;
      break;
    case 'status':
      text = `${proxy} could not open a connection to ${origin} (it answered ${failure.status ?? 'an error'}). Check the service address, and ${where}.`;
      break;
    case 'unreachable':
      text = `Could not reach the proxy ${failure.host ?? ''} (${failure.code ?? 'no connection'}). Check ${where} and that the proxy is running.`;
      break;
  }
  return new WebDataError('proxy', `${text} (The request was not sent to the service.)`, { attempts, cause });
}
