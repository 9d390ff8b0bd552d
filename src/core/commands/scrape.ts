// What Open URL as Markdown and Map Site take: a URL to fill the box with, or a request
// `{ url, …options }` to send as it is. Anything else (the document's Uri the editor's context
// menu passes, a row of a view) is not read: the box opens with the URL found where the person is.
import type { ScrapeRequest } from '../api/scrape-request';
import { dataArgument } from './decode';

export type ScrapeArgument =
  | { kind: 'prefill'; url: string }
  | { kind: 'request'; request: ScrapeRequest }
  | { kind: 'none' };

export function decodeScrapeArgument(argument: unknown): ScrapeArgument {
  if (typeof argument === 'string') return { kind: 'prefill', url: argument };
  const data = dataArgument(argument);
  if (data && typeof data.url === 'string') return { kind: 'request', request: { ...data, url: data.url } };
  return { kind: 'none' };
}
