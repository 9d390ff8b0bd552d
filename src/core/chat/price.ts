// What a search will cost, before it is sent: the number a confirmation shows. The spec prices
// only zero data retention (2.2 rule 4: `anon` 2 credits and `zdr` 10 credits per 10 results);
// for the rest this uses the rule the emulator charges by (test/emulator/search.ts): 1 credit per
// block of up to 10 results per source, and 1 credit per scraped web or news result. The service
// reports what it really charged (`creditsUsed`) afterwards; this is an upper bound, since it
// assumes every source returns `limit` results.
import type { SearchRequestBody, SourceType } from '../api/request-types';

export const RESULTS_PER_BLOCK = 10;
/** Credits per block of results, by zero-data-retention mode (the dearer mode wins when both are set). */
export const CREDITS_PER_BLOCK = { standard: 1, anon: 2, zdr: 10 } as const;
/** Credits per scraped result (a page fetched for its markdown or summary). */
export const CREDITS_PER_SCRAPED_RESULT = 1;
/** The service's default `limit` (spec 2.2). */
const DEFAULT_LIMIT = 10;

export type RetentionMode = keyof typeof CREDITS_PER_BLOCK;

export interface SearchPriceEstimate {
  /** The most the search can cost, in credits. */
  maxCredits: number;
  sources: SourceType[];
  /** Results per source at most (`limit`). */
  limit: number;
  /** Blocks of up to 10 results, over all sources. */
  blocks: number;
  mode: RetentionMode;
  creditsPerBlock: number;
  /** Results that may be scraped (web and news only: images carry no page content). */
  scrapedResults: number;
}

/** The estimate for a request as it will be sent (settings already merged in). */
export function estimateSearchCredits(request: Pick<SearchRequestBody, 'limit' | 'sources' | 'enterprise' | 'scrapeOptions'>): SearchPriceEstimate {
  const asked = (request.sources ?? []).map((source) => source.type);
  const sources: SourceType[] = asked.length > 0 ? [...new Set(asked)] : ['web'];
  const limit = Math.max(1, Math.floor(request.limit ?? DEFAULT_LIMIT));
  const enterprise = request.enterprise ?? [];
  const mode: RetentionMode = enterprise.includes('zdr') ? 'zdr' : enterprise.includes('anon') ? 'anon' : 'standard';
  const creditsPerBlock = CREDITS_PER_BLOCK[mode];
  const blocks = sources.length * Math.ceil(limit / RESULTS_PER_BLOCK);
  const scraping = (request.scrapeOptions?.formats?.length ?? 0) > 0;
  const scrapedResults = scraping ? sources.filter((source) => source !== 'images').length * limit : 0;
  return {
    maxCredits: blocks * creditsPerBlock + scrapedResults * CREDITS_PER_SCRAPED_RESULT,
    sources, limit, blocks, mode, creditsPerBlock, scrapedResults,
  };
}
