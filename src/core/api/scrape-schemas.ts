// Shapes of the answers to POST /v2/scrape and POST /v2/map (the service's published v2 OpenAPI;
// the spec names the operations without showing them). Tolerant as ./schemas.ts is: unknown keys
// dropped, null taken where a field may be absent. Lazy, so dist/core.js builds them on first use.
import * as z from 'zod/mini';
import { documentMetadata } from './crawl-schemas';
import { scrapedFields } from './schemas';

const text = () => z.nullish(z.string());
const count = () => z.nullish(z.number());

/** `data.metadata` of a scrape: a crawled page's, and what a scrape says of itself (cache, cost, proxy). */
const pageMetadata = () => z.extend(documentMetadata(), {
  proxyUsed: text(),
  cacheState: z.nullish(z.enum(['hit', 'miss'])),
  cachedAt: text(),
  creditsUsed: count(),
});

/** A scrape's `data`: the scraped fields a search result carries, the page's warning and its metadata. */
const scrapedPage = () => z.object({
  ...scrapedFields(),
  warning: text(),
  /** The answer of a `{type: "json"}` format: whatever shape its schema or prompt asked for. */
  json: z.nullish(z.unknown()),
  metadata: z.nullish(pageMetadata()),
});

export const ScrapeResponseSchema = z.lazy(() => z.object({
  success: z.boolean(),
  data: scrapedPage(),
}));

/** One address of a site's map, with its title and description where the service has them. */
export interface MapLink {
  url: string;
  title?: string | null;
  description?: string | null;
}

// The published answer lists objects; older answers listed bare strings. Both are read, as objects.
const mapLink = () => z.union([
  z.pipe(z.string(), z.transform((url): MapLink => ({ url }))),
  z.object({ url: z.string(), title: text(), description: text() }),
]);

export const MapResponseSchema = z.lazy(() => z.object({
  success: z.boolean(),
  links: z.array(mapLink()),
}));

export type ScrapedPage = z.infer<ReturnType<typeof scrapedPage>>;
export type PageMetadata = z.infer<ReturnType<typeof pageMetadata>>;

/** The answer to POST /v2/crawl and POST /v2/batch/scrape: the job's id and its status address. */
export const JobStartedSchema = z.lazy(() => z.object({
  success: z.boolean(),
  id: z.string(),
  url: text(),
  invalidURLs: z.nullish(z.array(z.string())),
}));

export type JobStarted = z.infer<typeof JobStartedSchema>;
