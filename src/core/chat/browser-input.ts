// The input of webData_browser as a model sends it (issue 39), checked with zod: exactly one place
// to run in (an address, a scraped page's scrapeId, or a session's id), the code (1–100,000
// characters) and its language (node by default).
import * as z from 'zod/mini';
import { BROWSER_LANGUAGES, isScrapeId, isSessionId, type BrowserLanguage } from '../browser/request';
import { parseUrl } from '../parse-url';
import { readToolInput, type InputCheck } from './web-input';

const BrowserInputSchema = z.lazy(() => z.looseObject({
  url: z.optional(z.string().check(z.minLength(1), z.maxLength(4000))),
  scrapeId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  sessionId: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
  code: z.string().check(z.minLength(1), z.maxLength(100_000)),
  language: z.optional(z.enum(BROWSER_LANGUAGES)),
}));

export const BROWSER_INPUT_FIELDS = ['url', 'scrapeId', 'sessionId', 'code', 'language'] as const;

export type BrowserTarget = { kind: 'url'; url: string } | { kind: 'scrape'; scrapeId: string } | { kind: 'session'; sessionId: string };

export interface BrowserToolInput {
  target: BrowserTarget;
  code: string;
  language: BrowserLanguage;
}

const EXPECTED: Readonly<Record<string, string>> = {
  url: 'the page\'s http or https address, such as "https://example.com/login"',
  scrapeId: 'a scraped page\'s scrapeId (a UUID), as webData_scrape answered it',
  sessionId: 'a browser session\'s id, as an earlier webData_browser call answered it',
  code: 'the code to run, 1 to 100000 characters',
  language: '"node", "python" or "bash"',
};

export function readBrowserToolInput(value: unknown): InputCheck<BrowserToolInput> {
  const read = readToolInput(BrowserInputSchema, value, '{ "url": "https://…", "code": "console.log(await page.title())" }', EXPECTED);
  if (!read.ok) return read;
  const { url, scrapeId, sessionId, code, language } = read.input;
  const given = [url, scrapeId, sessionId].filter((v) => v !== undefined).length;
  if (given !== 1) return { ok: false, problems: [{ field: 'url', message: 'Give exactly one of url (a page to open), scrapeId (a scraped page\'s own browser) or sessionId (a session already open).' }] };
  const lang = language ?? 'node';
  if (url !== undefined) {
    const parsed = parseUrl(url);
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return { ok: false, problems: [{ field: 'url', message: `url must be ${EXPECTED.url ?? ''}.` }] };
    return { ok: true, input: { target: { kind: 'url', url: parsed.href }, code, language: lang } };
  }
  if (scrapeId !== undefined) {
    if (!isScrapeId(scrapeId)) return { ok: false, problems: [{ field: 'scrapeId', message: `scrapeId must be ${EXPECTED.scrapeId ?? ''}.` }] };
    return { ok: true, input: { target: { kind: 'scrape', scrapeId: scrapeId.toLowerCase() }, code, language: lang } };
  }
  if (!isSessionId(sessionId)) return { ok: false, problems: [{ field: 'sessionId', message: `sessionId must be ${EXPECTED.sessionId ?? ''}.` }] };
  return { ok: true, input: { target: { kind: 'session', sessionId }, code, language: lang } };
}
