// The check of a URL before it leaves for the service (scrape, map, crawl, batch scrape): what is
// refused outright, and what is flagged for the person to see. The service fetches the page from
// the internet, so two things are worth saying before anything is sent: parts of the URL that look
// like someone's secret (they would be handed to the service and kept in its logs), and a host the
// service cannot reach (a loopback, private or local name: the request would leave the machine for
// nothing). Returns structure; the words are made at the edge.
import { BlockList, isIP } from 'node:net';
import { KNOWN_KEYS, looksLikeToken } from '../entries/scrub';
import { parseUrl } from '../parse-url';

/**
 * The longest URL sent. The service names no limit; 2,048 characters is the limit the sitemap
 * protocol sets for a page's address and the one the service's own map and crawl results stay in,
 * so a longer one is almost always a pasted blob rather than a page.
 */
export const MAX_URL_LENGTH = 2048;

export type UrlRefusal =
  | { kind: 'empty' }
  | { kind: 'not-a-url' }
  | { kind: 'scheme'; scheme: string }
  | { kind: 'too-long'; length: number; max: number };

export type UnreachableReason = 'loopback' | 'private' | 'link-local' | 'unspecified' | 'local-name' | 'internal-name' | 'single-label';

export type UrlFlag =
  /** `user:password@` in the address: removed unless kept. */
  | { kind: 'credentials' }
  /** A query parameter that looks like a secret: removed unless kept. `name` is the parameter's name. */
  | { kind: 'secret-parameter'; name: string }
  /** The service cannot reach this host; sending it spends a request for nothing. */
  | { kind: 'unreachable-host'; host: string; reason: UnreachableReason }
  /** No scheme was typed; https:// was put in front. */
  | { kind: 'assumed-https' };

export type UrlCheck =
  | {
    ok: true;
    /** The address as typed, in its normal form (scheme added when missing; host in ASCII). */
    url: string;
    /** The same address without the flagged credentials and secret-looking parameters. */
    cleaned: string;
    flags: UrlFlag[];
  }
  | { ok: false; refusal: UrlRefusal };

/** Parameter names that carry secrets in signed links, OAuth redirects and API URLs. */
const SECRET_PARAMETER = /^(?:x-(?:amz|goog)-(?:signature|credential|security-token)|(?:access|id|refresh|auth|api|session|bearer)?[_-]?token|(?:api|access|secret|private|client)?[_-]?key|apikey|(?:client[_-]?)?secret|pass(?:word|wd)?|pwd|sig(?:nature)?|auth(?:orization)?|jwt|code|session(?:id)?|sid|credentials?)$/i;

/** A value that looks like a key: a known key shape, or long, mixed and varied. */
function looksSecret(value: string): boolean {
  if (value.length < 20) return false;
  KNOWN_KEYS.lastIndex = 0;
  return KNOWN_KEYS.test(value) || looksLikeToken(value);
}

let ranges: { loopback: BlockList; private: BlockList; linkLocal: BlockList } | undefined;
function rangeLists(): NonNullable<typeof ranges> {
  if (!ranges) {
    const loopback = new BlockList();
    loopback.addSubnet('127.0.0.0', 8, 'ipv4');
    loopback.addAddress('::1', 'ipv6');
    const privateRanges = new BlockList();
    for (const [net, bits] of [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['100.64.0.0', 10]] as const) privateRanges.addSubnet(net, bits, 'ipv4');
    privateRanges.addSubnet('fc00::', 7, 'ipv6');
    const linkLocal = new BlockList();
    linkLocal.addSubnet('169.254.0.0', 16, 'ipv4');
    linkLocal.addSubnet('fe80::', 10, 'ipv6');
    ranges = { loopback, private: privateRanges, linkLocal };
  }
  return ranges;
}

/** Why the service cannot reach `hostname` (as URL gives it: ASCII, IPv6 in brackets), or undefined. */
export function unreachableReason(hostname: string): UnreachableReason | undefined {
  let host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (mapped?.[1] !== undefined) host = mapped[1];
  const family = isIP(host);
  if (family !== 0) {
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (host === '0.0.0.0' || host === '::') return 'unspecified';
    const lists = rangeLists();
    if (lists.loopback.check(host, type)) return 'loopback';
    if (lists.private.check(host, type)) return 'private';
    if (lists.linkLocal.check(host, type)) return 'link-local';
    return undefined;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  if (host.endsWith('.local')) return 'local-name';
  if (/\.(?:internal|intranet|lan|home\.arpa|corp)$/.test(host)) return 'internal-name';
  if (!host.includes('.')) return 'single-label';
  return undefined;
}

/**
 * Checks a URL typed or found in the editor. Only http: and https: are taken; a bare host
 * (`example.com/docs`) gets https:// in front and says so.
 */
export function checkUrl(input: string): UrlCheck {
  const text = input.trim();
  if (text === '') return { ok: false, refusal: { kind: 'empty' } };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1];
  // `host:port/...` parses as a scheme "host"; a scheme is one only when // follows or it is a known one.
  const hasScheme = scheme !== undefined && (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /^(?:mailto|javascript|data|file|about|blob|vscode|command|ftp|ws|wss|tel|urn):/i.test(text));
  const assumed = !hasScheme;
  if (hasScheme && !/^https?$/i.test(scheme)) return { ok: false, refusal: { kind: 'scheme', scheme: scheme.toLowerCase().slice(0, 20) } };
  const url = parseUrl(assumed ? `https://${text}` : text);
  if (!url || url.hostname === '' || /\s/.test(text)) return { ok: false, refusal: { kind: 'not-a-url' } };
  const href = url.href;
  if (href.length > MAX_URL_LENGTH) return { ok: false, refusal: { kind: 'too-long', length: href.length, max: MAX_URL_LENGTH } };

  const flags: UrlFlag[] = assumed ? [{ kind: 'assumed-https' }] : [];
  const cleaned = new URL(href);
  if (url.username !== '' || url.password !== '') {
    flags.push({ kind: 'credentials' });
    cleaned.username = '';
    cleaned.password = '';
  }
  const secretNames = new Set<string>();
  for (const [name, value] of url.searchParams) {
    if (SECRET_PARAMETER.test(name) || looksSecret(value)) secretNames.add(name);
  }
  for (const name of secretNames) {
    flags.push({ kind: 'secret-parameter', name: name.slice(0, 60) });
    cleaned.searchParams.delete(name);
  }
  // OAuth's implicit flow puts the token in the fragment (`#access_token=…`), which goes to the
  // service with the rest of the address; a fragment of that shape is dropped whole.
  if (url.hash.includes('=')) {
    const fragment = new URLSearchParams(url.hash.slice(1));
    const names = [...fragment].filter(([name, value]) => SECRET_PARAMETER.test(name) || looksSecret(value)).map(([name]) => name);
    if (names.length > 0) {
      for (const name of new Set(names)) flags.push({ kind: 'secret-parameter', name: `#${name.slice(0, 59)}` });
      cleaned.hash = '';
    }
  }
  const reason = unreachableReason(url.hostname);
  if (reason) flags.push({ kind: 'unreachable-host', host: url.host, reason });
  return { ok: true, url: href, cleaned: cleaned.href, flags };
}
