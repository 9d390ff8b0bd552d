// What the sandbox's window starts with, and the searches its banner suggests. The sandbox's credits
// are the emulator's demo team's (they fall as they are spent, and cost nothing), so its searches ask for every source and each page's markdown: a result opens as its
// scraped page, grouped Web / Images / News, as the README's first picture shows. These are machine
// settings (scripts/lib/stack.mjs): a person's own user settings still win.
// The three searches each show web pages, news and images from the emulator's demo corpus (a
// unit test runs them against it); any other words find the pages nearest to them.

export const SANDBOX_SETTINGS = {
  'webData.search.scrapeFormats': 'markdown',
  'webData.search.sources': ['web', 'news', 'images'],
} as const;

/** The banner's searches: the query, and what the demo corpus answers it with. */
export const SANDBOX_SEARCHES = [
  { query: 'tideflow backpressure', shows: 'a stream library\'s docs and blog, its release news, diagrams' },
  { query: 'tomatoes', shows: 'gardening articles, a harvest story, photos' },
  { query: 'harbor', shows: 'a harbor town\'s news, photos' },
] as const;

/** The banner's lines about searching. */
export function sandboxSearchLines(): string[] {
  const width = Math.max(...SANDBOX_SEARCHES.map((s) => s.query.length));
  return [
    'Search: F1 > "Web Data: Search the Web…", then one of these (or any words: the demo corpus answers with its nearest pages):',
    ...SANDBOX_SEARCHES.map((s) => `  ${s.query.padEnd(width)}  ${s.shows}`),
    'Searches here ask for web, news and images, with each page\'s markdown (the demo team\'s credits, which cost nothing): click a result to read it.',
  ];
}
