// What the query box says while a query is typed: the length against the limit, the operators
// one can use (spec 2.4), and what is wrong, if anything.

/** Spec 8: a query is at most 500 characters. */
export const QUERY_MAX_LENGTH = 500;

const OPERATOR_HINT = '"exact phrase"  -word  site:  filetype:  inurl:  intitle:  related:  imagesize:WxH  larger:WxH';

export interface QueryInputState {
  /** Under the box: the count and the operators. */
  prompt: string;
  /** What blocks the search, if anything. */
  error?: string;
  /** Whether Enter may search. */
  acceptable: boolean;
}

/**
 * `problems` are the client's findings for the query field (operators without a value, bad sizes);
 * they are only consulted when the length is fine, as the client reports nothing else then.
 */
export function queryInputState(query: string, problems: readonly string[] = []): QueryInputState {
  const length = query.length;
  const count = `${length} / ${QUERY_MAX_LENGTH} characters`;
  const prompt = `${count} · Operators: ${OPERATOR_HINT}`;
  if (query.trim() === '') return { prompt, acceptable: false };
  if (length > QUERY_MAX_LENGTH) {
    const over = length - QUERY_MAX_LENGTH;
    return { prompt, error: `${count}: remove ${over} ${over === 1 ? 'character' : 'characters'} to search.`, acceptable: false };
  }
  if (problems.length > 0) return { prompt, error: problems.join(' '), acceptable: false };
  return { prompt, acceptable: true };
}
