// Reading an answer: JSON once, then the zod schema of record. A body that does not fit is
// described by field path ("data.web[3].url: expected a string, got a number"), never a TypeError.
import type * as z from 'zod/mini';
import { describe } from './domains';
import { WebDataError } from './errors';
import type { Exchange } from './transport';

export type JsonBody = { ok: true; value: unknown } | { ok: false };

/** Parses the body as JSON unless it is empty or declared as HTML. */
export function readJson(exchange: Exchange): JsonBody {
  if (exchange.text === '' || /\bhtml\b/i.test(exchange.contentType)) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(exchange.text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Validates a parsed body; `what` names the answer for the message ("the search"). */
export function validateBody<T>(schema: z.ZodMiniType<T>, value: unknown, what: string, status: number): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, 3).map((issue) => describeIssue(issue, value));
  const more = result.error.issues.length > 3 ? ` (and ${result.error.issues.length - 3} more)` : '';
  throw new WebDataError('bad-response', `The service's answer to ${what} did not have the expected shape: ${issues.join('; ')}${more}. The service may have changed; try again later or update the extension.`, { status });
}

interface Issue { code: string; path: PropertyKey[]; message: string; expected?: unknown; values?: unknown }

function describeIssue(issue: Issue, root: unknown): string {
  const where = formatPath(issue.path);
  const actual = valueAt(root, issue.path);
  if (issue.code === 'invalid_type' && typeof issue.expected === 'string') {
    const expected = EXPECTED[issue.expected] ?? issue.expected;
    return `${where}: expected ${expected}, ${actual === undefined ? 'but it is missing' : `got ${describe(actual)}`}`;
  }
  if (issue.code === 'invalid_value' && Array.isArray(issue.values)) {
    return `${where}: expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}, got ${describe(actual)}`;
  }
  if (issue.code === 'invalid_union') return `${where}: ${actual === undefined ? 'is missing' : `has an unexpected ${describe(actual).replace(/^(a|an|the number) /, '')}`}`;
  return `${where}: ${issue.message}`;
}

const EXPECTED: Record<string, string> = { string: 'a string', number: 'a number', boolean: 'true or false', object: 'an object', array: 'a list', int: 'a whole number' };

export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) text += typeof key === 'number' ? `[${key}]` : text === '' ? String(key) : `.${String(key)}`;
  return text === '' ? 'the body' : text;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
