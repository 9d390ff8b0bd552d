// Outside text (titles, descriptions, scraped pages, crawl URLs) on its way to a language model.
// A model reads text, not markup, but text can still pretend to be ours: a line break in a title
// could start a fake "[2] …" entry, and a page could close our fence and write "instructions"
// after it. So one-line fields get inert.ts's cleaning, and page text keeps its lines (it is
// markdown the model should read) inside a fence longer than any the page itself contains.
import { cleanText } from '../text/inert';

/** A one-line field: no line breaks, controls, bidi or zero-width characters; cut at `max`. */
export function modelLine(text: string, max = 300): string {
  return cleanText(text, max);
}

// Controls but \n and \t, bidi controls, zero-width characters; \r\n and lone \r become \n.
// eslint-disable-next-line no-control-regex
const BLOCK_DROPPED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b-\u200d\u2060\ufeff]/g;

/** Page text with its lines kept: line endings unified, invisible and control characters gone. */
export function modelBlock(text: string): string {
  return text.replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n').replace(BLOCK_DROPPED, '').replace(/\n{3,}/g, '\n\n').trim();
}

/**
 * A page as read in parts: invisible and control characters gone and line endings unified, but
 * nothing trimmed or collapsed, so the parts join into this very text.
 */
export function modelPage(text: string): string {
  return text.replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n').replace(BLOCK_DROPPED, '');
}

/** A fence of tildes longer than every run of three or more tildes or backticks in `text`. */
export function fenceFor(text: string): string {
  let longest = 2;
  for (const match of text.matchAll(/[~`]{3,}/g)) longest = Math.max(longest, match[0].length);
  return '~'.repeat(longest + 1);
}

/** `text` fenced as data, with the fence chosen so the text cannot close it. */
export function fenced(text: string, info: string): string {
  const fence = fenceFor(text);
  return `${fence}${info}\n${text}\n${fence}`;
}
