// The inputs of webData_docs and webData_addDocs as a model sends them (issue 48), checked with zod:
// types and ranges only (web-input.ts's rule). The page bound against webData.chat.maxDocsPages is
// checked after, in the tool, so its refusal names the setting.
import * as z from 'zod/mini';
import { MAX_URL_LENGTH } from '../scrape/url-check';
import { MAX_RESULTS } from '../docs/answer';
import { readToolInput, type InputCheck } from './web-input';

const DocsInputSchema = z.lazy(() => z.looseObject({
  query: z.string().check(z.minLength(1), z.maxLength(500)),
  set: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  maxResults: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(MAX_RESULTS))),
}));

const AddDocsInputSchema = z.lazy(() => z.looseObject({
  url: z.string().check(z.minLength(1), z.maxLength(MAX_URL_LENGTH)),
  maxPages: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(10_000))),
}));

export type DocsToolInput = z.infer<typeof DocsInputSchema>;
type AddDocsToolInput = z.infer<typeof AddDocsInputSchema>;

const EXPECTED: Readonly<Record<string, string>> = {
  query: 'what to look up in the kept docs, 1 to 500 characters',
  set: 'a docs set\'s id or its site\'s address, as an earlier answer named it',
  maxResults: `how many passages, 1 to ${MAX_RESULTS}`,
  url: 'the documentation site\'s address, such as "https://docs.example.com/guide/"; the crawl stays under its path',
  maxPages: 'the most pages to crawl, a whole number',
};

export function readDocsToolInput(value: unknown): InputCheck<DocsToolInput> {
  return readToolInput(DocsInputSchema, value, '{ "query": "…", "set": "…", "maxResults": 5 }', EXPECTED);
}

export function readAddDocsToolInput(value: unknown): InputCheck<AddDocsToolInput> {
  return readToolInput(AddDocsInputSchema, value, '{ "url": "https://docs.example.com/", "maxPages": 100 }', EXPECTED);
}
