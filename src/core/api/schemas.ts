// Shapes of what the service sends back (spec sections 2.1, 2.5, 2.6, 4.x), validated with zod.
// Tolerant on purpose: the live service adds fields the spec does not list and omits some it does.
// Unknown keys are dropped (zod's default), missing optional ones are accepted, and null is taken
// wherever the service may plausibly send it instead of leaving the field out.
import { z } from 'zod';

const text = z.string().nullish();
const count = z.number().nullish();

/** `metadata` of a scraped result (2.5). */
export const ScrapeMetadataSchema = z.object({
  title: z.union([z.string(), z.array(z.string())]).nullish(),
  description: z.union([z.string(), z.array(z.string())]).nullish(),
  sourceURL: text,
  url: text,
  statusCode: count,
  error: text,
});

/** The scraped fields a web or news result carries when `scrapeOptions.formats` asked for them. */
const scraped = {
  markdown: text,
  summary: text,
  html: text,
  rawHtml: text,
  links: z.array(z.string()).nullish(),
  screenshot: text,
  audio: text,
  metadata: ScrapeMetadataSchema.nullish(),
};

export const WebResultSchema = z.object({
  url: z.string(),
  title: text,
  description: text,
  category: text,
  position: count,
  ...scraped,
});

// The spec lists `url` on image and news results without making it required, and the live service
// does leave it out: such a result is kept and shown without an address (and without open/copy).
export const ImageResultSchema = z.object({
  url: text,
  title: text,
  imageUrl: text,
  imageWidth: count,
  imageHeight: count,
  position: count,
});

export const NewsResultSchema = z.object({
  url: text,
  title: text,
  snippet: text,
  date: text,
  imageUrl: text,
  position: count,
  category: text,
  ...scraped,
});

/** The arrays this client shows; others under `data` (the announced `research`) are left out. */
export const KNOWN_DATA_ARRAYS = ['web', 'images', 'news'] as const;

export const SearchDataSchema = z.object({
  web: z.array(WebResultSchema).nullish(),
  images: z.array(ImageResultSchema).nullish(),
  news: z.array(NewsResultSchema).nullish(),
});

/**
 * The names under a search answer's `data` that this client does not know, as `data.<name>`: kept
 * out of the result and named in the log, so a new array the service adds never fails a search.
 * The names are the service's text, so only tame ones are quoted, and only a few.
 */
export function unknownDataNames(body: unknown): string[] {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return [];
  const names = Object.keys(data).filter((name) => !(KNOWN_DATA_ARRAYS as readonly string[]).includes(name));
  const shown = names.slice(0, 10).map((name) => (/^[A-Za-z0-9_-]{1,40}$/.test(name) ? `data.${name}` : 'data.(an unreadable name)'));
  return names.length > 10 ? [...shown, `${names.length - 10} more`] : shown;
}

export const SearchResponseSchema = z.object({
  success: z.boolean(),
  data: SearchDataSchema,
  warning: text,
  id: text,
  creditsUsed: count,
});

/** `data` of GET /v2/team/token-usage (2.1). Dates are null on the free plan. */
export const TokenUsageSchema = z.object({
  remainingTokens: z.number(),
  // The spec lists it without marking it required; without it only the share of the plan is unknown.
  planTokens: count,
  billingPeriodStart: text,
  billingPeriodEnd: text,
});

export const TokenUsageResponseSchema = z.object({
  success: z.boolean(),
  data: TokenUsageSchema,
});

/** `options.scrapeOptions` of an active crawl (2.6): every field optional, unknown ones dropped. */
export const CrawlScrapeOptionsSchema = z.object({
  formats: z.array(z.union([z.string(), z.object({ type: z.string() })])).nullish(),
  onlyMainContent: z.boolean().nullish(),
  onlyCleanContent: z.boolean().nullish(),
  includeTags: z.array(z.string()).nullish(),
  excludeTags: z.array(z.string()).nullish(),
  maxAge: count,
  minAge: count,
  headers: z.record(z.string(), z.unknown()).nullish(),
  waitFor: count,
  mobile: z.boolean().nullish(),
  skipTlsVerification: z.boolean().nullish(),
  timeout: count,
  parsers: z.array(z.union([z.string(), z.object({ type: z.string() })])).nullish(),
  actions: z.array(z.object({ type: z.string(), milliseconds: count }).loose()).nullish(),
  location: z.object({ country: text, languages: z.array(z.string()).nullish() }).nullish(),
  removeBase64Images: z.boolean().nullish(),
  blockAds: z.boolean().nullish(),
  proxy: text,
  storeInCache: z.boolean().nullish(),
  lockdown: z.boolean().nullish(),
  profile: z.object({ name: text, saveChanges: z.boolean().nullish() }).nullish(),
});

export const ActiveCrawlSchema = z.object({
  id: z.string(),
  teamId: text,
  url: z.string(),
  options: z.object({ scrapeOptions: CrawlScrapeOptionsSchema.nullish() }).nullish(),
});

export const ActiveCrawlsResponseSchema = z.object({
  success: z.boolean(),
  crawls: z.array(ActiveCrawlSchema),
});

/** Failure body of every endpoint (section 7). */
export const ErrorBodySchema = z.object({
  success: z.literal(false).optional(),
  error: z.string(),
});

/**
 * One entry of the `details` list the live service adds to a 400: a zod issue of its own
 * (`{ path: ["limit"], message }`), or `{ field, message }`, or a bare string. Read one by one, so
 * an entry of another shape is skipped rather than failing the others.
 */
export const ErrorDetailSchema = z.union([
  z.string(),
  z.object({
    path: z.union([z.array(z.union([z.string(), z.number()])), z.string()]).nullish(),
    field: z.string().nullish(),
    message: z.string(),
  }),
]);

/** A 429 body that names its wait (`retry_after_seconds`), as the live service's sometimes do. */
export const RateLimitBodySchema = z.object({
  retry_after_seconds: z.union([z.number(), z.string().regex(/^\d+(\.\d+)?$/).transform(Number)]),
});

export type ScrapeMetadata = z.infer<typeof ScrapeMetadataSchema>;
export type WebResult = z.infer<typeof WebResultSchema>;
export type ImageResult = z.infer<typeof ImageResultSchema>;
export type NewsResult = z.infer<typeof NewsResultSchema>;
export type SearchData = z.infer<typeof SearchDataSchema>;
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
export type TokenUsage = z.infer<typeof TokenUsageSchema>;
export type CrawlScrapeOptions = z.infer<typeof CrawlScrapeOptionsSchema>;
export type ActiveCrawl = z.infer<typeof ActiveCrawlSchema>;
