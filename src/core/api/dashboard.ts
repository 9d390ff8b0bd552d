// Where a person buys credits: "the service's dashboard". The spec names it (5.3: the key comes
// from it) but gives no address, so we only offer one when the service address makes it plain:
// an https API served from an `api.` host (api.example.com) has its site, and the dashboard's way
// in, at the host without `api.` (https://example.com/). Any other address (a loopback emulator, a
// proxy, a bare host) gives none, and messages then name "the service's dashboard" without a link
// rather than guess a page that may not exist.
import { parseUrl } from '../parse-url';

/** The dashboard's address for a service address, or undefined when it cannot be told. */
export function dashboardUrlOf(origin: string): string | undefined {
  const url = parseUrl(origin);
  if (url?.protocol !== 'https:') return undefined;
  const match = /^api\.(.+)$/i.exec(url.hostname);
  const site = match?.[1];
  // At least a name and a top-level domain must be left ("api.com" has no site of its own).
  if (site === undefined || !site.includes('.')) return undefined;
  // The site is served on the default port even when the API has its own.
  return `https://${site.toLowerCase()}/`;
}
