// The addresses of a batch scrape given as text (an editor's selection): one a line. A line with
// an address in it gives that address (a markdown list item, a link); any other non-empty line is
// kept as it is, so the check names it rather than it being dropped unseen. Repeats count once.
import { MAX_BATCH_URLS } from '../api/job-fields';
import { firstUrl } from '../scrape/page';

export function urlsOfText(text: string): string[] {
  const urls: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    const url = firstUrl(trimmed) ?? trimmed;
    if (!urls.includes(url)) urls.push(url);
    // One past the most, so the check says the list is too long instead of cutting it silently.
    if (urls.length > MAX_BATCH_URLS) break;
  }
  return urls;
}
