// The addresses of a batch scrape given as text (an editor's selection): one a line. A line with
// an address in it gives that address (a markdown list item, a link); any other non-empty line is
// kept as it is, so the check names it rather than it being dropped unseen. Repeats count once.
import { MAX_BATCH_URLS } from '../api/job-fields';
import { firstUrl } from '../scrape/page';

export function urlsOfText(text: string): string[] {
  return urlLinesOfText(text).urls;
}

/** The addresses, and the line (from 1) each came from, so that the review can name a bad one by its line. */
export function urlLinesOfText(text: string): { urls: string[]; lines: number[] } {
  const urls: string[] = [];
  const lines: number[] = [];
  text.split(/\r?\n/).some((line, index) => {
    const trimmed = line.trim();
    if (trimmed === '') return false;
    const url = firstUrl(trimmed) ?? trimmed;
    if (!urls.includes(url)) {
      urls.push(url);
      lines.push(index + 1);
    }
    // One past the most, so the check says the list is too long instead of cutting it silently.
    return urls.length > MAX_BATCH_URLS;
  });
  return { urls, lines };
}
