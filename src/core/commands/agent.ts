// What Extract Data from Page… and Research… take (issue 36). Extract: a URL to fill the box with,
// or `{url, schema?, prompt?}` to go straight to its confirmation, or a row with an address (a
// search result's, a kept page's: their menus offer it) to fill the box with. Research: `{prompt,
// urls?, schema?, maxCredits?, model?}` opens the review with them. Anything else (a document's Uri
// from a menu, another row) is not read: the steps start from where the person is.
import { AGENT_MODELS, type AgentModel } from '../agent/fields';
import { keptRow, viewRows } from '../view-nodes';
import { dataArgument } from './decode';
import { decodeUrl } from './search';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

export type ExtractArgument =
  | { kind: 'prefill'; url: string }
  | { kind: 'request'; url: string; schema?: JsonObject; prompt?: string }
  | { kind: 'none' };

export function decodeExtractArgument(argument: unknown): ExtractArgument {
  if (typeof argument === 'string') return { kind: 'prefill', url: argument };
  const data = dataArgument(argument);
  if (!data) {
    const row = keptRow(argument) ? decodeUrl(argument) : undefined;
    return row?.kind === 'url' ? { kind: 'prefill', url: row.url } : { kind: 'none' };
  }
  if (typeof data.url !== 'string') return { kind: 'none' };
  return {
    kind: 'request', url: data.url,
    ...(isObject(data.schema) ? { schema: data.schema } : {}),
    ...(typeof data.prompt === 'string' && data.prompt.trim() !== '' ? { prompt: data.prompt } : {}),
  };
}

export interface ResearchArgument {
  prompt?: string;
  urls?: string[];
  schema?: JsonObject;
  /** As given: the review reads it as a bound or falls back to the setting's. */
  maxCredits?: unknown;
  model?: AgentModel;
}

export function decodeResearchArgument(argument: unknown): ResearchArgument {
  if (typeof argument === 'string') return { prompt: argument };
  const data = dataArgument(argument);
  if (!data) return {};
  const model = AGENT_MODELS.find((m) => m === data.model);
  const urls = Array.isArray(data.urls) ? data.urls.filter((u): u is string => typeof u === 'string') : undefined;
  return {
    ...(typeof data.prompt === 'string' ? { prompt: data.prompt } : {}),
    ...(urls ? { urls } : {}),
    ...(isObject(data.schema) ? { schema: data.schema } : {}),
    ...(data.maxCredits !== undefined ? { maxCredits: data.maxCredits } : {}),
    ...(model ? { model } : {}),
  };
}

const RESULT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A kept result or a research run: its row in Search Results, its id, or `{ id }` / `{ resultId }`. */
export function decodeResultId(argument: unknown): string | undefined {
  if (typeof argument === 'string') return RESULT_ID.test(argument) ? argument.toLowerCase() : undefined;
  const row = keptRow(argument);
  if (row) return row.type === 'structuredResult' ? row.result.id : undefined;
  const data = dataArgument(argument);
  const id = data?.resultId ?? data?.id;
  return typeof id === 'string' && RESULT_ID.test(id) ? id.toLowerCase() : undefined;
}

/** The research run Cancel is about: its row in Active Crawls, its id, or `{ id }`; undefined asks. */
export function decodeResearchRunId(argument: unknown): string | undefined {
  const row = viewRows.activeCrawls.of(argument);
  if (row) return row.kind === 'research' ? row.id : undefined;
  return keptRow(argument) ? undefined : decodeResultId(argument);
}
