// The service's address, once for everything: parsing, the normal form it is saved and keyed
// under, the loopback rule, and the name its API key is stored under. Settings, secrets, the
// connect prompt, the client and the webhook bind-address check all use this, so an address typed
// as `HTTPS://Api.Example.com/V2/` is one service everywhere (and is requested as /v2, not /V2/v2).
// Judged from the text alone, before any socket is opened or name looked up. No zod, no undici:
// the connect prompt checks each keystroke with it without loading the API bundle.
import { BlockList, isIP } from 'node:net';
import { parseUrl } from './parse-url';

export interface ServiceAddress {
  /** The saved form: scheme://host[:port][/path], no trailing slash, no trailing /v2. */
  baseUrl: string;
  /** scheme://host[:port], for the dispatcher. */
  origin: string;
  /** Path prefix ending in /v2, such as "/v2" or "/proxy/v2". */
  prefix: string;
  /** The host name as the URL parser writes it (IPv6 in brackets). */
  hostname: string;
  /** On this machine: plain http is allowed, and no proxy is ever used. */
  loopback: boolean;
  /** The SecretStorage name of this address's API key. */
  keyName: string;
}

/** Why a text is not a usable address; the words are made by whoever shows it. */
export type AddressProblem =
  | { kind: 'empty' }
  | { kind: 'not-a-url' }
  | { kind: 'scheme'; scheme: string }
  | { kind: 'plain-http'; host: string }
  | { kind: 'credentials' }
  | { kind: 'query' };

export type AddressCheck = { ok: true; address: ServiceAddress } | { ok: false; problem: AddressProblem };

const API_KEY_PREFIX = 'webData.apiKey:';

export function isApiKeyName(name: string): boolean {
  return name.startsWith(API_KEY_PREFIX);
}

export function parseServiceAddress(input: unknown): AddressCheck {
  const text = typeof input === 'string' ? input.trim() : '';
  if (text === '') return { ok: false, problem: { kind: 'empty' } };
  const url = parseUrl(text);
  if (!url) return { ok: false, problem: { kind: 'not-a-url' } };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, problem: { kind: 'scheme', scheme: url.protocol } };
  // Never echo an address that carries credentials or a query: either could hold the key.
  if (url.username || url.password) return { ok: false, problem: { kind: 'credentials' } };
  if (url.search || url.hash) return { ok: false, problem: { kind: 'query' } };
  const loopback = isLoopbackHost(url.hostname);
  if (url.protocol === 'http:' && !loopback) return { ok: false, problem: { kind: 'plain-http', host: url.host } };
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v2$/i, '').replace(/\/+$/, '');
  const baseUrl = `${url.origin}${path}`;
  return { ok: true, address: { baseUrl, origin: url.origin, prefix: `${path}/v2`, hostname: url.hostname, loopback, keyName: API_KEY_PREFIX + baseUrl } };
}

/**
 * The SecretStorage name for an address. A text that is not a usable address still maps to one
 * stable name (its trimmed text), so a bad setting can be cleared.
 */
export function apiKeyName(baseUrl: string): string {
  const check = parseServiceAddress(baseUrl);
  return check.ok ? check.address.keyName : API_KEY_PREFIX + baseUrl.trim().replace(/\/+$/, '');
}

// Made on first use, not when the module loads: node:net's BlockList is itself loaded on first
// use, and activation checks no address (a fifth of a millisecond of every start, in the bench).
let loopback: BlockList | undefined;
function loopbackList(): BlockList {
  if (!loopback) {
    loopback = new BlockList();
    loopback.addSubnet('127.0.0.0', 8, 'ipv4');
    loopback.addAddress('::1', 'ipv6');
  }
  return loopback;
}

/**
 * The loopback rule: localhost, 127.0.0.0/8 and ::1, in any spelling (brackets, a trailing dot,
 * upper case, the IPv4-mapped ::ffff:127.x form). 0.0.0.0 and :: are every interface, not loopback.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (host === 'localhost') return true;
  const family = isIP(host);
  if (family === 4) return loopbackList().check(host, 'ipv4');
  if (family === 6) return loopbackList().check(host, 'ipv6');
  return false;
}
