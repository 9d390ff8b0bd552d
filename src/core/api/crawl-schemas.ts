// Shapes of a crawl's or batch scrape's results (GET /v2/crawl/{id}, GET /v2/batch/scrape/{id},
// their /errors, DELETE /v2/crawl/{id}). The spec does not show them; these are the real
// service's published shapes (issue 18). Tolerant as ./schemas.ts is: unknown fields are dropped,
// never fatal, and null is taken wherever a field may be absent. Each schema is a z.lazy, built
// on its first parse, so a start that never reads a crawl never builds them.
import * as z from 'zod/mini';

const text = () => z.nullish(z.string());
const count = () => z.nullish(z.number());
// A title or description may come as a list when a page declares it twice.
const words = () => z.nullish(z.union([z.string(), z.array(z.string())]));

/** `metadata` of a crawled (or scraped) page: the fields the editor shows; the rest is dropped. */
export const documentMetadata = () => z.object({
  title: words(),
  description: words(),
  language: words(),
  sourceURL: text(),
  url: text(),
  statusCode: count(),
  contentType: text(),
  error: text(),
  scrapeId: text(),
});

/** One crawled page. Only what the editor shows is kept (html, rawHtml and screenshots are not). */
const crawlDocument = () => z.object({
  markdown: text(),
  summary: text(),
  links: z.nullish(z.array(z.unknown())),
  metadata: z.nullish(documentMetadata()),
});
export const CrawlDocumentSchema = z.lazy(crawlDocument);

export const CRAWL_STATUSES = ['scraping', 'completed', 'cancelled', 'failed'] as const;
export type CrawlStatus = (typeof CRAWL_STATUSES)[number];

/** One page of GET /v2/crawl/{id}: the job's state and up to 100 documents (10 MiB at most). */
export const CrawlStatusPageSchema = z.lazy(() => z.object({
  success: z.nullish(z.boolean()),
  // A status this client does not know yet is kept as text, never a failure.
  status: z.string(),
  completed: count(),
  total: count(),
  creditsUsed: count(),
  expiresAt: text(),
  next: text(),
  data: z.nullish(z.array(z.unknown())),
  createdAt: text(),
  completedAt: text(),
  duration: count(),
  warning: text(),
  error: text(),
}));

/** GET /v2/crawl/{id}/errors: pages that failed, and addresses robots.txt kept out. No `success`. */
export const CrawlErrorsSchema = z.lazy(() => z.object({
  errors: z.nullish(z.array(z.unknown())),
  robotsBlocked: z.nullish(z.array(z.unknown())),
}));

export const CrawlErrorSchema = z.lazy(() => z.object({
  id: text(),
  timestamp: text(),
  url: z.string(),
  code: text(),
  error: text(),
}));

/** DELETE /v2/crawl/{id}: 200 `{status: "cancelled"}`. */
export const CancelCrawlSchema = z.lazy(() => z.object({ status: text() }));

export type CrawlDocument = z.infer<typeof CrawlDocumentSchema>;
export type CrawlError = z.infer<typeof CrawlErrorSchema>;
