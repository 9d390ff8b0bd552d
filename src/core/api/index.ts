// Public surface of the VS Code-free API client (issue 2 §2). Other parts build on exactly this.
export { WebDataClient, DEFAULT_GET_TIMEOUT_MS, DEFAULT_SEARCH_MARGIN_MS } from './client';
export type { WebDataClientOptions, CallOptions, RequestInfo } from './client';
export { WebDataError, isWebDataError } from './errors';
export type { NetworkOptions, ProxySource } from './network';
export type { WebDataErrorKind, WebDataErrorDetails } from './errors';
export { validateSearchRequest, isCheckedSearchRequest, MAX_QUERY_LENGTH, MIN_LIMIT, MAX_LIMIT, DEFAULT_SEARCH_TIMEOUT_MS } from './request';
export type { CheckedSearchRequest, SearchRequestCheck } from './request';
export { checkTbs } from './tbs';
export type { TbsCheck } from './tbs';
export { checkHostname } from './domains';
export { parseRetryAfter, parseWaitFromText, DEFAULT_MAX_ATTEMPTS, DEFAULT_MAX_WAIT_MS } from './retry';
export type { RetryOptions } from './retry';
export { parseSearchResponse } from './parse';
export * from './schemas';
export * from './request-types';
export { tokensToCredits, TOKENS_PER_CREDIT } from '../billing';
