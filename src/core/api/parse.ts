// The client's own path from a search body's text to a validated SearchResponse (JSON.parse once,
// then the schema of record). Exported for the benchmark and for callers holding a saved body.
import { WebDataError } from './errors';
import { validateBody } from './response';
import { SearchResponseSchema, type SearchResponse } from './schemas';

export function parseSearchResponse(text: string): SearchResponse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new WebDataError('bad-response', 'The search answer is not JSON.');
  }
  return validateBody(SearchResponseSchema, value, 'the search', 200);
}
