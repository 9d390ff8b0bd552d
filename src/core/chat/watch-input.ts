// The inputs of webData_watch and of webData_read's changes as a model sends them (issue 37), checked with
// zod: types and ranges only (web-input.ts's rule). What they mean (one of urls or query, the
// schedule in words, the bound against webData.chat.maxWatchCreditsPerMonth) is checked after, in
// src/core/monitor/agent-watch.ts, so each refusal names what to change.
import * as z from 'zod/mini';
import { MAX_URL_LENGTH } from '../scrape/url-check';
import { readToolInput, type InputCheck } from './web-input';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const WatchInputSchema = z.lazy(() => z.looseObject({
  urls: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(MAX_URL_LENGTH * 2))).check(z.minLength(1), z.maxLength(50))),
  query: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
  schedule: z.string().check(z.minLength(1), z.maxLength(200)),
  goal: z.optional(z.string().check(z.maxLength(2000))),
}));

const ChangesInputSchema = z.lazy(() => z.looseObject({
  watchId: z.optional(z.string().check(z.regex(UUID))),
  since: z.optional(z.string().check(z.minLength(1), z.maxLength(40))),
}));

export type WatchToolInput = z.infer<typeof WatchInputSchema>;
export type ChangesToolInput = z.infer<typeof ChangesInputSchema>;

export const WATCH_INPUT_FIELDS = ['urls', 'query', 'schedule', 'goal'] as const satisfies readonly (keyof WatchToolInput)[];
export const CHANGES_INPUT_FIELDS = ['watchId', 'since'] as const satisfies readonly (keyof ChangesToolInput)[];

const EXPECTED: Readonly<Record<string, string>> = {
  urls: 'a list of 1 to 50 page addresses to watch, such as ["https://example.com/changelog"]',
  query: 'a search query to watch, 1 to 256 characters (give urls or query, not both)',
  schedule: 'how often, in words ("every 30 minutes", "hourly", "daily at 9am", "weekly") or a five-field cron; at most every 5 minutes',
  goal: 'what the person wants to hear about, in plain words, at most 2000 characters',
  watchId: 'a watch id (a UUID) a webData_watch or changes answer named',
  since: 'a date or time such as "2026-11-20" or "2026-11-20T09:00:00Z"',
};

export function readWatchToolInput(value: unknown): InputCheck<WatchToolInput> {
  return readToolInput(WatchInputSchema, value, '{ "urls": ["https://…"], "schedule": "daily at 9am", "goal": "…" }', EXPECTED);
}

export function readChangesToolInput(value: unknown): InputCheck<ChangesToolInput> {
  return readToolInput(ChangesInputSchema, value, '{ "watchId": "…", "since": "2026-11-20" }', EXPECTED);
}
