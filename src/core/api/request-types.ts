// The search request body (spec 2.2) as callers write it, and as it goes on the wire.

export const SOURCE_TYPES = ['web', 'images', 'news'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

export const CATEGORY_TYPES = ['code_hosting', 'research', 'pdf'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

export const ENTERPRISE_MODES = ['anon', 'zdr'] as const;
export type EnterpriseMode = (typeof ENTERPRISE_MODES)[number];

export interface ScrapeFormat {
  type: string;
  [option: string]: unknown;
}

/** What a caller may pass: sources and categories also in their plain string form. */
export interface SearchRequest {
  query: string;
  limit?: number;
  sources?: Array<SourceType | { type: SourceType }>;
  categories?: Array<CategoryType | { type: CategoryType }>;
  includeDomains?: string[];
  excludeDomains?: string[];
  tbs?: string;
  location?: string;
  country?: string;
  timeout?: number;
  ignoreInvalidURLs?: boolean;
  enterprise?: EnterpriseMode[];
  scrapeOptions?: { formats?: Array<ScrapeFormat | string>; [option: string]: unknown };
}

/** The normalised body sent to POST /v2/search: every list item in object form. */
export interface SearchRequestBody extends Omit<SearchRequest, 'sources' | 'categories' | 'scrapeOptions'> {
  sources?: Array<{ type: SourceType }>;
  categories?: Array<{ type: CategoryType }>;
  scrapeOptions?: { formats?: ScrapeFormat[]; [option: string]: unknown };
}

/** One problem with a request: which field, and a sentence a person understands. */
export interface RequestProblem {
  field: string;
  message: string;
}
