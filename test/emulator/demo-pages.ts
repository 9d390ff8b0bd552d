// The sandbox's web (issue 34): with `demoPages` on (scripts/lib/stack.mjs turns it on for
// `npm run sandbox` only), any https address the corpus lacks answers a plausible page built from
// the demo corpus (its title from the address's path, its text from a page of the same site, links
// to that site's pages), and a crawl returns the pages Map Site lists for its host, each as a
// scrape would answer it. Tests keep the plain emulator: an unknown address is a 404 page there.
import { createHash } from 'node:crypto';
import type { Corpus, CorpusPage } from './corpus';
import { hostMatches } from './corpus';

export interface DemoPage {
  url: string;
  title: string;
  description: string;
  markdown: string;
}

/** The corpus pages of an address's site (its host, or the registrable domain when none is on the host), else every page. */
function sitePages(corpus: Corpus, hostname: string): CorpusPage[] {
  const host = hostname.replace(/^www\./, '');
  const onHost = corpus.pages.filter((p) => p.hostname.replace(/^www\./, '') === host).map((p) => p.page);
  if (onHost.length > 0) return onHost;
  const domain = host.split('.').slice(-2).join('.');
  const onDomain = corpus.pages.filter((p) => hostMatches(p.hostname, domain)).map((p) => p.page);
  return onDomain.length > 0 ? onDomain : corpus.pages.map((p) => p.page);
}

/** "getting-started" → "Getting started"; the host for the site's root. */
function titleFromPath(url: URL): string {
  const last = url.pathname.split('/').filter((s) => s !== '').pop();
  if (last === undefined) return url.hostname;
  let words: string;
  try {
    words = decodeURIComponent(last);
  } catch {
    words = last;
  }
  words = words.replace(/\.(html?|php|aspx?)$/i, '').replace(/[-_+]+/g, ' ').trim();
  return words === '' ? url.hostname : words.charAt(0).toUpperCase() + words.slice(1);
}

/** The body of a page's markdown without its first heading: what the made-up page reads like. */
function bodyOf(page: CorpusPage): string {
  return page.markdown.replace(/^#\s+.*\n+/, '').split('\n\n').slice(0, 3).join('\n\n');
}

/** A plausible page at `url`, made from its site's pages in the corpus: the same address always makes the same page. */
export function plausiblePage(corpus: Corpus, url: URL): DemoPage {
  const site = sitePages(corpus, url.hostname).filter((p) => p.url !== url.href);
  const pick = site.length === 0 ? undefined : site[createHash('sha256').update(url.href).digest().readUInt32BE(0) % site.length];
  const title = titleFromPath(url);
  const neighbours = site.slice(0, 5).map((p) => `- [${p.title}](${p.url})`);
  const markdown = [`# ${title}`, pick ? bodyOf(pick) : `A page of ${url.hostname}.`, ...(neighbours.length > 0 ? ['## Nearby pages', neighbours.join('\n')] : [])].join('\n\n');
  return { url: url.href, title, description: pick ? pick.description : `A page of ${url.hostname}.`, markdown: `${markdown}\n` };
}

/** A page as a scrape answers it: the corpus's own when it has the address, else a plausible one. */
export function demoPage(corpus: Corpus, address: string): DemoPage {
  const known = corpus.byUrl.get(address)?.page;
  return known ?? plausiblePage(corpus, new URL(address));
}
