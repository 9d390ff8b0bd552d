// How requests reach the service on a company network: through which proxy (or none), and which
// certificate authorities are trusted. Decided once per client, since a client talks to one
// origin; the editor makes a new client when a setting changes.
//
// undici's EnvHttpProxyAgent ignores ALL_PROXY and sends loopback through the proxy too, so the
// choice is made here and handed to a plain ProxyAgent. Each client gets its own dispatcher from
// the undici it imports: no global dispatcher is relied on (see the company-networks notes).
import { readFileSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import * as tls from 'node:tls';
import type { ServiceAddress } from '../service-address';
import { secureContextWith } from './ca-store';
import { parseUrl } from '../parse-url';

export interface NetworkOptions {
  /** A proxy URL from the editor's settings (http.proxy). Empty or absent: the environment decides. */
  proxy?: string;
  /** Hosts that never go through the proxy (http.noProxy), added to NO_PROXY. */
  noProxy?: readonly string[];
  /** A Proxy-Authorization header value (http.proxyAuthorization), for a proxy from the settings. */
  proxyAuthorization?: string;
  /** false: proxy and service certificates are not checked (http.proxyStrictSSL). Default true. */
  strictSSL?: boolean;
  /** Trust the operating system's certificates too (http.systemCertificates). Default true. */
  systemCertificates?: boolean;
  /** false: never use a proxy, not even from the environment (http.proxySupport "off"). */
  proxySupport?: boolean;
  /** Where HTTPS_PROXY, NO_PROXY, NODE_EXTRA_CA_CERTS… are read; default process.env. */
  env?: Readonly<Record<string, string | undefined>>;
}

/** Where a proxy was configured: the editor's setting, or the environment variable's name. */
export type ProxySource = 'http.proxy' | 'HTTPS_PROXY' | 'https_proxy' | 'HTTP_PROXY' | 'http_proxy' | 'ALL_PROXY' | 'all_proxy';

interface ProxyRoute {
  /** The proxy's URL, with its user and password when it has them: never logged or shown. */
  url: URL;
  /** host:port, without user or password: what logs and messages name. */
  host: string;
  source: ProxySource;
  /** The Proxy-Authorization value from the settings, when the URL carries no user. */
  authorization?: string;
}

export type Route =
  | { kind: 'direct' }
  | { kind: 'proxy'; proxy: ProxyRoute }
  /** A proxy is configured but cannot be used: every request fails with a proxy error. */
  | { kind: 'invalid-proxy'; source: ProxySource; problem: 'not-a-url' | 'scheme'; scheme?: string };

// Lower case first, as curl and undici read them; HTTP_PROXY serves https too, as in undici.
const ENV_PROXIES: readonly ProxySource[] = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY', 'all_proxy', 'ALL_PROXY'];

export function routeFor(address: ServiceAddress, options: NetworkOptions = {}): Route {
  // A service on this machine is never reached through a proxy (the proxy could not reach it).
  if (address.loopback || options.proxySupport === false) return { kind: 'direct' };
  const env = options.env ?? process.env;
  const setting = options.proxy?.trim();
  let source: ProxySource | undefined;
  let text: string | undefined;
  if (setting) {
    source = 'http.proxy';
    text = setting;
  } else {
    source = ENV_PROXIES.find((name) => (env[name] ?? '').trim() !== '');
    text = source && env[source]?.trim();
  }
  if (!source || !text) return { kind: 'direct' };
  const bypass = [...(options.noProxy ?? []), ...splitList(env.no_proxy || env.NO_PROXY || '')];
  if (bypassed(address, bypass)) return { kind: 'direct' };
  // "proxy.corp:3128" is commonly written without a scheme; http is what it means.
  const url = parseUrl(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
  if (!url) return { kind: 'invalid-proxy', source, problem: 'not-a-url' };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'invalid-proxy', source, problem: 'scheme', scheme: url.protocol };
  const authorization = source === 'http.proxy' && !url.username && options.proxyAuthorization?.trim() ? options.proxyAuthorization.trim() : undefined;
  return { kind: 'proxy', proxy: { url, host: url.host, source, authorization } };
}

function splitList(text: string): string[] {
  return text.split(/[\s,]+/).filter((entry) => entry !== '');
}

/**
 * NO_PROXY as curl and undici read it: `*` for everything; otherwise a host (and its subdomains),
 * `.example.com` or `*.example.com` for subdomains, each with an optional `:port`.
 */
export function bypassed(address: Pick<ServiceAddress, 'origin'>, entries: readonly string[]): boolean {
  const url = new URL(address.origin);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return entries.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (entry === '*') return true;
    const match = /^(.*?)(?::(\d+))?$/.exec(entry.replace(/^\[(.*)\](?=:|$)/, '$1'));
    const name = (match?.[1] ?? '').replace(/^\*?\.?/, '');
    if (name === '' || (match?.[2] !== undefined && match[2] !== port)) return false;
    return host === name || host.endsWith(`.${name}`);
  });
}

export interface TlsOptions {
  secureContext?: tls.SecureContext;
  rejectUnauthorized: boolean;
}

/**
 * What TLS connections trust: Node's own roots, the system's (unless turned off) and the file in
 * NODE_EXTRA_CA_CERTS. Passing our own list replaces Node's default store, which is why the
 * extra file is read here too. Built once per combination, since a context holds hundreds of
 * certificates.
 */
export function tlsOptions(options: NetworkOptions = {}): TlsOptions {
  const rejectUnauthorized = options.strictSSL !== false;
  const env = options.env ?? process.env;
  const system = options.systemCertificates !== false;
  const extraFile = env.NODE_EXTRA_CA_CERTS?.trim() || undefined;
  if (!system && !extraFile) return { rejectUnauthorized };
  const key = `${system}|${extraFile ?? ''}|${extraFile ? modified(extraFile) : ''}`;
  let context = contexts.get(key);
  if (!context) {
    context = secureContextWith([...(system ? systemCertificates() : []), ...(extraFile ? readPem(extraFile) : [])]);
    contexts.set(key, context);
  }
  return { secureContext: context, rejectUnauthorized };
}

/** The certificate lists tlsOptions() trusts, by store, for the connection doctor's "trusted by". */
export interface TrustSources {
  node: readonly string[];
  /** undefined: http.systemCertificates is off. */
  system?: readonly string[];
  extraFile?: string;
  extra: readonly string[];
}

export function trustSources(options: NetworkOptions = {}): TrustSources {
  const extraFile = (options.env ?? process.env).NODE_EXTRA_CA_CERTS?.trim() || undefined;
  return {
    node: tls.rootCertificates,
    system: options.systemCertificates === false ? undefined : systemCertificates(),
    extraFile,
    extra: extraFile ? readPem(extraFile) : [],
  };
}

const contexts = new Map<string, tls.SecureContext>();
let systemCache: string[] | undefined;

function modified(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

function readPem(file: string): string[] {
  try {
    return readFileSync(file, 'utf8').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  } catch {
    // A missing file is what Node itself does with it too: a warning at most, never a failure.
    return [];
  }
}

const LINUX_BUNDLES = ['/etc/ssl/certs/ca-certificates.crt', '/etc/pki/tls/certs/ca-bundle.crt', '/etc/ssl/ca-bundle.pem', '/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem', '/etc/ssl/cert.pem'];

/** The operating system's trusted certificates: Node's own reader where it has one (22.15+). */
function systemCertificates(): string[] {
  if (systemCache) return systemCache;
  const reader = (tls as { getCACertificates?: (type: string) => string[] }).getCACertificates;
  if (typeof reader === 'function') systemCache = reader('system');
  else if (process.platform === 'darwin') systemCache = macCertificates();
  else if (process.platform === 'win32') systemCache = [];
  else systemCache = readPem(LINUX_BUNDLES.find((file) => modified(file) >= 0) ?? '');
  return systemCache;
}

function macCertificates(): string[] {
  try {
    const pem = execFileSync('/usr/bin/security', ['find-certificate', '-a', '-p', '/System/Library/Keychains/SystemRootCertificates.keychain', '/Library/Keychains/System.keychain'], { encoding: 'utf8', timeout: 5000, maxBuffer: 16 * 1024 * 1024 });
    return pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  } catch {
    return [];
  }
}
