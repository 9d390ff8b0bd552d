// Shapes of what the service sends back (spec sections 2.1, 2.5, 2.6, 4.x), validated with zod.
// Tolerant on purpose: the live service adds fields the spec does not list and omits some it does.
// Unknown keys are dropped (zod's default), missing optional ones are accepted, and null is taken
// wherever the service may plausibly send it instead of leaving the field out.
//
// zod/mini rather than classic zod: the same parser core, without the methods on every schema and
// the error-message locales, which made classic zod about 45 ms of every start with a key stored
// (bench/activation.ts). The client words its own messages from the issues (./response.ts).
//
// Each exported schema is a `z.lazy`: built on its first parse, not when dist/core.js loads.
// Building all of them took about 8.5 ms of every start with a key stored, where only the token
// usage answer is read (bench/activation.ts); the rest is built when a search or a crawl list
// first needs it.
import * as z from 'zod/mini';
import { $constructor, $ZodObjectJIT } from 'zod/v4/core';

// zod/mini checks an object key by key; classic zod compiles each object's check into one function
// on first use, twice as fast on a 3 MB search answer (bench/client.ts). This is zod/mini's object
// with classic zod's compiled check: the same two traits zod composes for either.
const compiledCheck: $constructor<z.core.$ZodObject> = $ZodObjectJIT;
const miniType: $constructor<z.ZodMiniType> = z.ZodMiniType;
const CompiledObject = $constructor<z.ZodMiniObject>('ZodMiniObject', (inst, def) => {
  compiledCheck.init(inst, def);
  miniType.init(inst, def);
});

function object<T extends z.core.$ZodLooseShape>(shape: T): z.ZodMiniObject<T> {
  return new CompiledObject({ type: 'object', shape }) as z.ZodMiniObject<T>;
}

const text = () => z.nullish(z.string());
const count = () => z.nullish(z.number());

/** `metadata` of a scraped result (2.5). */
const scrapeMetadata = () => object({
  title: z.nullish(z.union([z.string(), z.array(z.string())])),
  description: z.nullish(z.union([z.string(), z.array(z.string())])),
  sourceURL: text(),
  url: text(),
  statusCode: count(),
  error: text(),
});

/** The scraped fields of a page (a search result's, a scrape's), `metadata` apart. */
export const scrapedFields = () => ({
  markdown: text(),
  summary: text(),
  html: text(),
  rawHtml: text(),
  links: z.nullish(z.array(z.string())),
  screenshot: text(),
  audio: text(),
});

/** The scraped fields a web or news result carries when `scrapeOptions.formats` asked for them. */
const scraped = () => ({
  ...scrapedFields(),
  metadata: z.nullish(scrapeMetadata()),
});

const webResult = () => object({
  url: z.string(),
  title: text(),
  description: text(),
  category: text(),
  position: count(),
  ...scraped(),
});

// The spec lists `url` on image and news results without making it required, and the live service
// does leave it out: such a result is kept and shown without an address (and without open/copy).
const imageResult = () => object({
  url: text(),
  title: text(),
  imageUrl: text(),
  imageWidth: count(),
  imageHeight: count(),
  position: count(),
});

const newsResult = () => object({
  url: text(),
  title: text(),
  snippet: text(),
  date: text(),
  imageUrl: text(),
  position: count(),
  category: text(),
  ...scraped(),
});

/** The arrays this client shows; others under `data` (the announced `research`) are left out. */
const KNOWN_DATA_ARRAYS = ['web', 'images', 'news'] as const;

const searchData = () => object({
  web: z.nullish(z.array(webResult())),
  images: z.nullish(z.array(imageResult())),
  news: z.nullish(z.array(newsResult())),
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

export const SearchResponseSchema = z.lazy(() => object({
  success: z.boolean(),
  data: searchData(),
  warning: text(),
  id: text(),
  creditsUsed: count(),
}));

/** `data` of GET /v2/team/token-usage (2.1). Dates are null on the free plan. */
const tokenUsage = () => object({
  remainingTokens: z.number(),
  // The spec lists it without marking it required; without it only the share of the plan is unknown.
  planTokens: count(),
  billingPeriodStart: text(),
  billingPeriodEnd: text(),
});

export const TokenUsageResponseSchema = z.lazy(() => object({
  success: z.boolean(),
  data: tokenUsage(),
}));

/** `options.scrapeOptions` of an active crawl (2.6): every field optional, unknown ones dropped. */
const crawlScrapeOptions = () => object({
  formats: z.nullish(z.array(z.union([z.string(), object({ type: z.string() })]))),
  onlyMainContent: z.nullish(z.boolean()),
  onlyCleanContent: z.nullish(z.boolean()),
  includeTags: z.nullish(z.array(z.string())),
  excludeTags: z.nullish(z.array(z.string())),
  maxAge: count(),
  minAge: count(),
  headers: z.nullish(z.record(z.string(), z.unknown())),
  waitFor: count(),
  mobile: z.nullish(z.boolean()),
  skipTlsVerification: z.nullish(z.boolean()),
  timeout: count(),
  parsers: z.nullish(z.array(z.union([z.string(), object({ type: z.string() })]))),
  actions: z.nullish(z.array(z.looseObject({ type: z.string(), milliseconds: count() }))),
  location: z.nullish(object({ country: text(), languages: z.nullish(z.array(z.string())) })),
  removeBase64Images: z.nullish(z.boolean()),
  blockAds: z.nullish(z.boolean()),
  proxy: text(),
  storeInCache: z.nullish(z.boolean()),
  lockdown: z.nullish(z.boolean()),
  profile: z.nullish(object({ name: text(), saveChanges: z.nullish(z.boolean()) })),
});

const activeCrawl = () => object({
  id: z.string(),
  teamId: text(),
  url: z.string(),
  options: z.nullish(object({ scrapeOptions: z.nullish(crawlScrapeOptions()) })),
});
export const ActiveCrawlSchema = z.lazy(activeCrawl);

export const ActiveCrawlsResponseSchema = z.lazy(() => object({
  success: z.boolean(),
  crawls: z.array(activeCrawl()),
}));

/** Failure body of every endpoint (section 7). */
export const ErrorBodySchema = z.lazy(() => object({
  success: z.optional(z.literal(false)),
  error: z.string(),
}));

/**
 * One entry of the `details` list the live service adds to a 400: a zod issue of its own
 * (`{ path: ["limit"], message }`), or `{ field, message }`, or a bare string. Read one by one, so
 * an entry of another shape is skipped rather than failing the others.
 */
export const ErrorDetailSchema = z.lazy(() => z.union([
  z.string(),
  object({
    path: z.nullish(z.union([z.array(z.union([z.string(), z.number()])), z.string()])),
    field: z.nullish(z.string()),
    message: z.string(),
  }),
]));

/** A 429 body that names its wait (`retry_after_seconds`), as the live service's sometimes do. */
export const RateLimitBodySchema = z.lazy(() => object({
  retry_after_seconds: z.union([z.number(), z.pipe(z.string().check(z.regex(/^\d+(\.\d+)?$/)), z.transform(Number))]),
}));

export type WebResult = z.infer<ReturnType<typeof webResult>>;
export type ImageResult = z.infer<ReturnType<typeof imageResult>>;
export type NewsResult = z.infer<ReturnType<typeof newsResult>>;
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
export type TokenUsage = z.infer<ReturnType<typeof tokenUsage>>;
export type CrawlScrapeOptions = z.infer<ReturnType<typeof crawlScrapeOptions>>;
export type ActiveCrawl = z.infer<typeof ActiveCrawlSchema>;
