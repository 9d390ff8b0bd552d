// Raw HTTP for the emulator's own tests: the server is under test, so no client library between.
import { request } from 'undici';
import { SearchResponseSchema } from '../../src/core/api/schemas';
import type { SearchResponse } from '../../src/core/api/schemas';
import { DEMO_API_KEY } from './state';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

export interface CallOptions {
  /** Default DEMO_API_KEY; null sends no Authorization header. */
  key?: string | null;
  body?: unknown;
  /** Sent as is, instead of JSON of `body`. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export async function call(base: string, method: string, path: string, options: CallOptions = {}): Promise<RawAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? DEMO_API_KEY : options.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  let body: string | undefined = options.rawBody;
  if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
  const res = await request(base + path, { method: method as 'GET', headers, body });
  const text = await res.body.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text, json };
}

/** POST /v2/search with the demo key; throws unless the answer is a 200 search response. */
export async function search(base: string, body: unknown, key?: string): Promise<SearchResponse> {
  const answer = await call(base, 'POST', '/v2/search', { body, key });
  if (answer.status !== 200) throw new Error(`search answered ${answer.status}: ${answer.text}`);
  return SearchResponseSchema.parse(answer.json);
}

/** The `error` string of a failure body, or '' when there is none. */
export function errorOf(answer: RawAnswer): string {
  const json = answer.json;
  if (typeof json === 'object' && json !== null && 'error' in json && typeof json.error === 'string') return json.error;
  return '';
}

export const urls = (items: ReadonlyArray<{ url: string }> | null | undefined): string[] => (items ?? []).map((i) => i.url);
