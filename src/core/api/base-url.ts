// The service's base URL: https, unless the host is loopback (the emulator, a local proxy). Checked
// from the text alone, before any socket is opened or name looked up.
import { WebDataError } from './errors';

export interface ServiceAddress {
  /** scheme://host[:port], for the dispatcher. */
  origin: string;
  /** Path prefix ending in /v2, such as "/v2" or "/proxy/v2". */
  prefix: string;
}

export function parseBaseUrl(baseUrl: unknown): ServiceAddress {
  const refuse = (why: string): never => {
    throw new WebDataError('invalid-request', `The service address is not usable: ${why}. Set it in the Web Data settings.`);
  };
  if (typeof baseUrl !== 'string' || baseUrl.trim() === '') return refuse('it is empty');
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return refuse('it is not a URL such as https://api.example.com');
  }
  // Never echo a URL that carries credentials or a query: either could hold the key.
  if (url.username || url.password) return refuse('it contains a user name or password; the API key is sent in a header, never in the address');
  if (url.search || url.hash) return refuse('it has a query or fragment (?… or #…); give only scheme, host and an optional path');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse(`the scheme ${url.protocol} is not https`);
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    return refuse(`plain http is only allowed for a service on this computer (localhost, 127.x.x.x or ::1), and ${url.hostname} is not one; use https`);
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v2$/, '');
  return { origin: url.origin, prefix: `${path}/v2` };
}

/** 127.0.0.0/8, ::1 and localhost, as the WHATWG URL parser writes them. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host === '[::1]' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
