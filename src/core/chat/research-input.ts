// The inputs of webData_extract, webData_research and webData_read's research result as a model sends them (issue 36),
// checked with zod: types and ranges only (web-input.ts's rule). The bound is chat-bound's: a
// model's maxCredits is capped at webData.chat.maxResearchCredits, never refused for being high.
import * as z from 'zod/mini';
import { MAX_AGENT_PROMPT } from '../agent/fields';
import { MAX_URL_LENGTH } from '../scrape/url-check';
import { readToolInput, type InputCheck } from './web-input';

const ResearchInputSchema = z.lazy(() => z.looseObject({
  prompt: z.string().check(z.minLength(1), z.maxLength(MAX_AGENT_PROMPT)),
  urls: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(MAX_URL_LENGTH * 2))).check(z.maxLength(20))),
  schema: z.optional(z.record(z.string(), z.unknown())),
  maxCredits: z.optional(z.int().check(z.gte(1))),
}));

const ExtractInputSchema = z.lazy(() => z.looseObject({
  url: z.string().check(z.minLength(1), z.maxLength(MAX_URL_LENGTH * 2)),
  schema: z.optional(z.record(z.string(), z.unknown())),
  prompt: z.optional(z.string().check(z.maxLength(MAX_AGENT_PROMPT))),
}));

const ResearchResultInputSchema = z.lazy(() => z.looseObject({
  jobId: z.string().check(z.minLength(1), z.maxLength(100)),
}));

type ResearchToolInput = z.infer<typeof ResearchInputSchema>;
type ResearchResultToolInput = z.infer<typeof ResearchResultInputSchema>;
type ExtractToolInput = z.infer<typeof ExtractInputSchema>;

export const RESEARCH_INPUT_FIELDS = ['prompt', 'urls', 'schema', 'maxCredits'] as const satisfies readonly (keyof ResearchToolInput)[];
export const EXTRACT_INPUT_FIELDS = ['url', 'schema', 'prompt'] as const satisfies readonly (keyof ExtractToolInput)[];
export const RESEARCH_RESULT_INPUT_FIELDS = ['jobId'] as const satisfies readonly (keyof ResearchResultToolInput)[];

const EXPECTED: Readonly<Record<string, string>> = {
  prompt: `what to find, at most ${MAX_AGENT_PROMPT} characters`,
  urls: 'a list of at most 20 page addresses to start from',
  schema: 'a JSON Schema object for the answer',
  maxCredits: 'a whole number of credits from 1',
  url: 'the page\'s address, such as "https://example.com/pricing"',
  jobId: 'the research run\'s id, as webData_research answered it',
};

export function readResearchToolInput(value: unknown): InputCheck<ResearchToolInput> {
  return readToolInput(ResearchInputSchema, value, '{ "prompt": "…", "maxCredits": 20 }', EXPECTED);
}

export function readResearchResultToolInput(value: unknown): InputCheck<ResearchResultToolInput> {
  return readToolInput(ResearchResultInputSchema, value, '{ "jobId": "…" }', EXPECTED);
}

export function readExtractToolInput(value: unknown): InputCheck<ExtractToolInput> {
  return readToolInput(ExtractInputSchema, value, '{ "url": "https://…", "schema": { … } }', EXPECTED);
}
