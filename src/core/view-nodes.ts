// The rows of the six views, as plain data, and how a command knows one when VS Code hands it
// back. A row's menu passes the row it was opened on; a view's title button passes the row that has
// the focus, whatever its kind (issue 29: Search the Web read a selected row as a request). A row
// is recognised by what it is, not by its fields: each view registers the rows it hands to VS Code
// here, and a decoder asks whose row a value is. A copy of a row (or another extension's object of
// the same shape) is only data. No VS Code here: the decoders (./commands) are unit-tested.
import type { CrawlError } from './api';
import type { SourceType } from './api/request-types';
import type { OptionNode } from './crawls';
import type { ActiveCrawl } from './api';
import type { JobRef } from './crawls/job';
import type { Monitor, MonitorCheck, MonitorCheckPage } from './monitor/schemas';
import type { CrawlPageRow } from './crawls/results';
import { View, type ViewId } from './ids';
import type { PageSummary } from './scrape/store';
import type { DocumentSummary } from './parse/store';
import type { StructuredResult } from './agent/store';
import type { ResultGroup } from './search/present';
import type { SearchSummary, TypedResult } from './search/record';
import type { WebhookEventRecord } from './webhook-events';
import type { KeptDocsSet } from './docs/store';
import type { TeamJob } from './usage-ledger/team-jobs';

/** A row of Search Results. */
export type SearchTreeNode =
  | { type: 'search'; summary: SearchSummary; newest: boolean }
  | { type: 'group'; searchId: string; query: string; group: ResultGroup }
  /** `query`: the search's, which the address of the result's tab holds (its breadcrumb). */
  | { type: 'result'; searchId: string; query: string; kind: SourceType; index: number; typed: TypedResult; grouped: boolean }
  | { type: 'message'; searchId: string; text: string; icon: string }
  /** The group of scraped pages, beside the searches (src/features/scrape/pages-view.ts). */
  | { type: 'pages'; count: number }
  | { type: 'page'; page: PageSummary }
  /** The group of parsed documents, after the pages (src/features/parse/documents-view.ts). */
  | { type: 'documents'; count: number }
  | { type: 'document'; document: DocumentSummary }
  /** The kept extractions and research results, after the documents (src/features/agent/results-view.ts). */
  | { type: 'structuredResults'; count: number }
  | { type: 'structuredResult'; result: StructuredResult }
  /** The watches, beside the searches (src/features/watch/group.ts): each watch, its checks, a check's pages. */
  | { type: 'watches'; count: number }
  | { type: 'watch'; monitor: Monitor }
  | { type: 'watchCheck'; monitorId: string; check: MonitorCheck }
  | { type: 'watchPage'; monitorId: string; checkId: string; page: MonitorCheckPage }
  /** A line in place of rows that could not be read, or none yet. */
  | { type: 'watchMessage'; key: string; text: string; icon: string };

/** A crawl row of Active Crawls. `url` is what the shared webData.openInBrowser / copyUrl handlers read. */
export interface CrawlNode {
  readonly kind: 'crawl';
  readonly id: string;
  readonly url: string;
  readonly crawl: ActiveCrawl;
}

/** One of a crawl's scrape options, below its row. */
export interface CrawlOptionNode {
  readonly kind: 'option';
  /** Stable across refreshes, so expanded rows stay expanded. */
  readonly key: string;
  readonly option: OptionNode;
}

/** A research run as its row in Active Crawls shows it (src/features/agent/runs.ts follows it). */
export interface ResearchRunRow {
  readonly id: string;
  readonly prompt: string;
  readonly bound: number;
  readonly status: string;
  readonly creditsUsed: number;
  readonly lastAction?: string;
  readonly cancelling?: boolean;
}

/** A research run's row, above the crawls. */
interface ResearchNode {
  readonly kind: 'research';
  readonly id: string;
  readonly run: ResearchRunRow;
}

/** The Browser Sessions group of Active Crawls, and a session's row under it (src/features/browser draws them). */
interface BrowserGroupNode {
  readonly kind: 'browserGroup';
}

interface BrowserSessionNode {
  readonly kind: 'browserSession';
  /** The session's id (a scraped page's browser: its scrape's id). */
  readonly id: string;
}

/** A row of the Jobs view: the running jobs' rows, then the crawls and batch scrapes opened here with their pages. */
/**
 * The team's recent jobs (issue 49): a group loaded when it is expanded, a row per job of every machine
 * and key, and a note when the list could not be read, is empty or holds more than shown.
 */
export type TeamNode =
  | { readonly kind: 'teamGroup' }
  | { readonly kind: 'teamJob'; readonly job: TeamJob }
  | { readonly kind: 'teamNote'; readonly note: 'failed' | 'empty' | 'more'; readonly message?: string };

export type CrawlTreeNode = CrawlNode | CrawlOptionNode | ResearchNode | BrowserGroupNode | BrowserSessionNode | ResultsNode | TeamNode;

/** A row of Webhook Events. */
export type EventNode =
  | { kind: 'unsigned-warning'; port: number }
  | { kind: 'event'; record: WebhookEventRecord }
  | { kind: 'metadata'; eventKey: string; name: string; value: string; index: number }
  | { kind: 'more'; eventKey: string; omitted: number };

/**
 * A crawl's or batch scrape's results in the Jobs view (src/features/crawl-results draws them): a
 * job opened here that the active list does not hold, and below it (or below its crawl's row) its pages.
 */
export type ResultsNode =
  | { kind: 'job'; id: string; ref: JobRef }
  | { kind: 'crawlPage'; job: JobRef; index: number; url?: string; row: CrawlPageRow }
  | { kind: 'group'; job: JobRef; group: 'failed' | 'robots' }
  | { kind: 'failedPage'; job: JobRef; url: string; error: CrawlError; position: number }
  | { kind: 'blockedPage'; job: JobRef; url: string; position: number }
  | { kind: 'more'; job: JobRef };

/** A row of Docs Sets (src/features/docs/view.ts): a kept set, and below it its pages. */
export type DocsNode =
  | { type: 'docsSet'; set: KeptDocsSet }
  | { type: 'docsPage'; setId: string; url: string; title: string };

/** Whose row a value is, for a decoder that takes any view's row. */
const owners = new WeakMap<object, ViewId>();

/** The rows one view handed to VS Code. Held weakly: a row VS Code dropped goes with it. */
class ViewRows<T extends object> {
  private readonly rows = new WeakMap<object, T>();

  constructor(readonly view: ViewId) {}

  /** Registers a row as it is handed to VS Code (getChildren, getParent, reveal). */
  row<N extends T>(node: N): N {
    this.rows.set(node, node);
    owners.set(node, this.view);
    return node;
  }

  rowsOf<N extends T>(nodes: N[]): N[] {
    for (const node of nodes) this.row(node);
    return nodes;
  }

  /** The value as this view's row, or undefined when it is not one. */
  of(value: unknown): T | undefined {
    return typeof value === 'object' && value !== null ? this.rows.get(value) : undefined;
  }
}

/** Each view's rows. Rows are made in the shell and feature bundles (never dist/core.js), where every decoder runs too. */
export const viewRows = {
  searchResults: new ViewRows<SearchTreeNode>(View.searchResults),
  pages: new ViewRows<SearchTreeNode>(View.pages),
  watches: new ViewRows<SearchTreeNode>(View.watches),
  docsSets: new ViewRows<DocsNode>(View.docsSets),
  activeCrawls: new ViewRows<CrawlTreeNode>(View.activeCrawls),
  webhookEvents: new ViewRows<EventNode>(View.webhookEvents),
} as const;

const RESULTS_KINDS: ReadonlySet<string> = new Set<ResultsNode['kind']>(['job', 'crawlPage', 'group', 'failedPage', 'blockedPage', 'more']);

/** A Jobs row that is a job's results (its row, a page, a group, Load More), not a running job's. */
export function resultsRow(value: unknown): ResultsNode | undefined {
  const row = viewRows.activeCrawls.of(value);
  return row !== undefined && isResultsNode(row) ? row : undefined;
}

export function isResultsNode(row: CrawlTreeNode): row is ResultsNode {
  return RESULTS_KINDS.has(row.kind);
}

/**
 * A row of the three views that draw kept things (Searches, Pages, Documents and Data, Watches):
 * their rows are of one type, each kind in one view, so a decoder asks all three.
 */
export function keptRow(value: unknown): SearchTreeNode | undefined {
  return viewRows.searchResults.of(value) ?? viewRows.pages.of(value) ?? viewRows.watches.of(value);
}

/** The view whose row the value is; undefined for anything else (data, a Uri, a string). */
export function rowView(value: unknown): ViewId | undefined {
  return typeof value === 'object' && value !== null ? owners.get(value) : undefined;
}
