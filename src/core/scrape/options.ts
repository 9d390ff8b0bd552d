// Scrape with Options (issue 27): the choices of its steps, the request they make (the review shows
// it as it is sent), the checks of what is typed, and the price said before sending: the person's
// own history of scrapes of the same shape, or unknown until the first one. The spec gives no price
// for a scrape, so no number is ever made up. Plain data; the steps and words are the feature's.
import type { ScrapeRequest } from '../api/scrape-request';

/** The formats a person picks from; the service's names. */
export const SCRAPE_FORMAT_CHOICES = ['markdown', 'summary', 'links'] as const;
export type ScrapeFormatChoice = (typeof SCRAPE_FORMAT_CHOICES)[number];

export interface ScrapeChoices {
  url: string;
  formats: ScrapeFormatChoice[];
  onlyMainContent: boolean;
  /** Accept the service's cached copy up to this old; 0 fetches fresh. */
  maxAgeMinutes: number;
  /** Milliseconds to wait for the page to render before it is read; 0 sends none. */
  waitFor: number;
  mobile: boolean;
  includeTags: string[];
  excludeTags: string[];
  zeroDataRetention: boolean;
}

/** The service waits at most this long (ms) for a page to render; its own timeout caps it anyway. */
export const MAX_WAIT_FOR_MS = 60_000;
/** A year, in minutes: a larger cache age says nothing more. */
export const MAX_AGE_MINUTES = 525_600;

export function defaultScrapeChoices(url: string, settings: { formats: readonly string[]; onlyMainContent: boolean; maxAgeMinutes: number }): ScrapeChoices {
  const formats = SCRAPE_FORMAT_CHOICES.filter((f) => settings.formats.includes(f));
  return {
    url, formats: formats.length > 0 ? formats : ['markdown'], onlyMainContent: settings.onlyMainContent, maxAgeMinutes: settings.maxAgeMinutes,
    waitFor: 0, mobile: false, includeTags: [], excludeTags: [], zeroDataRetention: false,
  };
}

/**
 * The choices a request argument already makes, over the defaults: its fields the steps know are
 * taken (a format the steps do not offer is left out), the rest stay as the settings say.
 */
export function choicesFromRequest(request: ScrapeRequest, defaults: ScrapeChoices): ScrapeChoices {
  const choices: ScrapeChoices = { ...defaults, url: request.url };
  if (request.formats) {
    const named = new Set(request.formats.map((f) => (typeof f === 'string' ? f : f.type)));
    const formats = SCRAPE_FORMAT_CHOICES.filter((f) => named.has(f));
    if (formats.length > 0) choices.formats = formats;
  }
  if (typeof request.onlyMainContent === 'boolean') choices.onlyMainContent = request.onlyMainContent;
  if (typeof request.maxAge === 'number') choices.maxAgeMinutes = Math.min(MAX_AGE_MINUTES, Math.ceil(request.maxAge / 60_000));
  if (typeof request.waitFor === 'number') choices.waitFor = Math.min(MAX_WAIT_FOR_MS, request.waitFor);
  if (typeof request.mobile === 'boolean') choices.mobile = request.mobile;
  if (request.includeTags) choices.includeTags = [...request.includeTags];
  if (request.excludeTags) choices.excludeTags = [...request.excludeTags];
  if (typeof request.zeroDataRetention === 'boolean') choices.zeroDataRetention = request.zeroDataRetention;
  return choices;
}

/** The body POST /v2/scrape is sent: a field the person left at the service's default is not sent. */
export function scrapeBody(c: ScrapeChoices): ScrapeRequest {
  const body: ScrapeRequest = { url: c.url, formats: [...c.formats], onlyMainContent: c.onlyMainContent, maxAge: c.maxAgeMinutes * 60_000 };
  if (c.waitFor > 0) body.waitFor = c.waitFor;
  if (c.mobile) body.mobile = true;
  if (c.includeTags.length > 0) body.includeTags = [...c.includeTags];
  if (c.excludeTags.length > 0) body.excludeTags = [...c.excludeTags];
  if (c.zeroDataRetention) body.zeroDataRetention = true;
  return body;
}

export type NumberCheck = { ok: true; value: number } | { ok: false; problem: 'format' | 'range'; max: number };

/** A whole number from 0 to `max` as typed; empty is 0. */
export function checkWholeNumber(text: string, max: number): NumberCheck {
  const trimmed = text.trim().replace(/[_,\s]/g, '');
  if (trimmed === '') return { ok: true, value: 0 };
  if (!/^\d+$/.test(trimmed)) return { ok: false, problem: 'format', max };
  const value = Number(trimmed);
  return value <= max ? { ok: true, value } : { ok: false, problem: 'range', max };
}

/** HTML tags, classes or ids, commas or spaces between (`nav, .ads, #footer`); at most 50, each at most 100 characters. */
export function parseTags(text: string): { ok: true; tags: string[] } | { ok: false; bad: string } {
  const tags = [...new Set(text.split(/[\s,]+/).map((t) => t.trim()).filter((t) => t !== ''))];
  const bad = tags.find((t) => t.length > 100 || !/^[#.]?[A-Za-z][\w-]*$/.test(t));
  if (bad !== undefined) return { ok: false, bad: bad.slice(0, 40) };
  return { ok: true, tags: tags.slice(0, 50) };
}

/** What changes a scrape's price: its formats and zero data retention (as the service prices per page). */
export function scrapeShape(request: Pick<ScrapeRequest, 'formats' | 'zeroDataRetention'>): string {
  const formats = (request.formats ?? ['markdown']).map((f) => (typeof f === 'string' ? f : (f as { type?: unknown }).type)).filter((f): f is string => typeof f === 'string');
  return `${[...new Set(formats)].sort().join('+')}${request.zeroDataRetention === true ? '|zdr' : ''}`;
}

/** How many earlier scrapes the price reads. */
const PRICE_HISTORY = 5;

export type ScrapePrice = { kind: 'history'; min: number; max: number; times: number } | { kind: 'unknown' };

/** The price from this person's own scrapes of the same shape (the kept pages' rows, newest first), or unknown. */
export function scrapePriceOf(shape: string, pages: ReadonlyArray<{ askedBy: string; creditsUsed?: number; shape?: string }>): ScrapePrice {
  const costs = pages
    .filter((p) => p.askedBy === 'person' && p.shape === shape && typeof p.creditsUsed === 'number' && Number.isFinite(p.creditsUsed))
    .slice(0, PRICE_HISTORY)
    .map((p) => p.creditsUsed as number);
  if (costs.length === 0) return { kind: 'unknown' };
  return { kind: 'history', min: Math.min(...costs), max: Math.max(...costs), times: costs.length };
}
