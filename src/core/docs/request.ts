// The crawl that makes (or refreshes) a docs set: from the site's address, within the person's
// bound in pages, kept under the address's path (a docs site's /guide/ is crawled, not the blog
// beside it), each page's main content as markdown: the shape Start Crawl prices by default, so
// the bound is read from the same history of crawls. No VS Code.
import type { CrawlRequest } from '../api/job-request';

/** The path the crawl stays under, as a regular expression of the path (undefined: the whole site). */
export function docsPathPattern(siteUrl: string): string | undefined {
  let path: string;
  try {
    path = new URL(siteUrl).pathname;
  } catch {
    return undefined;
  }
  if (path === '' || path === '/') return undefined;
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return path.endsWith('/') ? `^${escaped}` : `^${escaped}(/|$)`;
}

export function docsCrawlRequest(siteUrl: string, maxPages: number): CrawlRequest {
  const pattern = docsPathPattern(siteUrl);
  return {
    url: siteUrl,
    limit: maxPages,
    ...(pattern !== undefined ? { includePaths: [pattern] } : {}),
    scrapeOptions: { formats: ['markdown'], onlyMainContent: true },
  };
}
