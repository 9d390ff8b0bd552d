// Every URI scheme of the extension's own documents, each with the one feature that owns it (VS
// Code takes one provider per scheme) and how it is served. A file-system scheme's tabs come back
// after a window reload, so it needs an `onFileSystem:` activation event in package.json (a unit
// test keeps the two in step); a content scheme's tabs are not restored. Plain data, no VS Code:
// the problem Code Action's scope (entries/problem-scope.ts) and the tests read it too.

export interface OwnScheme {
  readonly scheme: string;
  /** The feature folder (under src/features/) that registers the provider and makes the addresses. */
  readonly owner: string;
  readonly served: 'file-system' | 'content';
}

export const Schemes = {
  /** A search result's page, and a search's results in one page (webdata:/<query>/<title>.md?id=…). */
  searchResult: { scheme: 'webdata', owner: 'search', served: 'file-system' },
  /** A crawled page, and a job's pages in one page (webdata-crawl:/<kind>/<id>/<index>/<title>.md). */
  crawlPage: { scheme: 'webdata-crawl', owner: 'crawl-results', served: 'file-system' },
  /** A page opened as markdown (webdata-page:/<id>/<title>.md), kept in global storage. */
  scrapedPage: { scheme: 'webdata-page', owner: 'scrape', served: 'file-system' },
  /** A document opened as markdown (webdata-doc:/<file name>.md?id=…), kept in global storage. */
  parsedDocument: { scheme: 'webdata-doc', owner: 'parse', served: 'file-system' },
  /** Data extracted from a page or found by a research run, as JSON or markdown (webdata-data:/<kind>/<id>/<title>.json), kept in global storage. */
  structuredResult: { scheme: 'webdata-data', owner: 'agent', served: 'file-system' },
  /** A webhook event's payload as JSON (webdata-event:/<type>-<id>.json?<key>). */
  webhookPayload: { scheme: 'webdata-event', owner: 'webhooks', served: 'content' },
  /** Check Connection's report (webdata-report:/Connection Report.md). */
  connectionReport: { scheme: 'webdata-report', owner: 'doctor', served: 'content' },
  /** One side of a watched page's change, for the diff editor (webdata-change:/<check>/<side>/<page>.md?change=…&scrape=<id>). */
  watchChange: { scheme: 'webdata-change', owner: 'watch', served: 'file-system' },
  /** A browser session's run: its output as text (webdata-run:/<session>/run-<n>.txt), kept in global storage. */
  browserRun: { scheme: 'webdata-run', owner: 'browser', served: 'file-system' },
  /** A kept page of a docs set, opened at a heading (webdata-docs:/<set>/<title>.md?url=…). */
  docsPage: { scheme: 'webdata-docs', owner: 'docs', served: 'content' },
} as const satisfies Record<string, OwnScheme>;

export type FileSystemScheme = Extract<(typeof Schemes)[keyof typeof Schemes], { served: 'file-system' }>;
export type ContentScheme = Extract<(typeof Schemes)[keyof typeof Schemes], { served: 'content' }>;

const ALL: readonly OwnScheme[] = Object.values(Schemes);

/** The schemes served by a file system provider: each has an `onFileSystem:` activation event. */
export const FILE_SYSTEM_SCHEMES: readonly string[] = ALL.filter((s) => s.served === 'file-system').map((s) => s.scheme);

const OWN: ReadonlySet<string> = new Set(ALL.map((s) => s.scheme));

/** Whether a document's scheme is one of this extension's own read-only documents (a set lookup). */
export function isOwnScheme(scheme: string): boolean {
  return OWN.has(scheme);
}

/** The schemes of pages a person reads (a search result's, a crawled one, one opened as markdown): the walkthrough's "read" step watches them. */
export const READ_PAGE_SCHEMES: ReadonlySet<string> = new Set([Schemes.searchResult.scheme, Schemes.crawlPage.scheme, Schemes.scrapedPage.scheme]);
