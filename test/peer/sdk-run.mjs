// The service's JS SDK against the URL and key in its environment: the calls a user of the SDK
// makes first, and the crawl results it reads, printed as one JSON line for
// test/unit/peer-clients.test.ts to check. The job ids (the emulator's demo jobs) come from the test.
import Firecrawl from '@mendable/firecrawl-js';

const client = new Firecrawl({ apiKey: process.env.PEER_API_KEY, apiUrl: process.env.PEER_API_URL });
const jobs = JSON.parse(process.env.PEER_JOBS ?? '{}');
/** What the test checks of a job: its fields, and its documents' addresses (not their pages). */
const job = ({ data, ...fields }) => ({ ...fields, urls: data.map((d) => d.metadata?.sourceURL ?? d.metadata?.url) });
const out = {
  usage: await client.getTokenUsage(),
  oneSource: await client.search('tideflow', { sources: ['web'], limit: 3 }),
  threeSources: await client.search('tideflow', { sources: ['web', 'images', 'news'], limit: 2 }),
  markdown: await client.search('tideflow', { limit: 2, scrapeOptions: { formats: ['markdown'] } }),
  crawls: await client.getActiveCrawls(),
  // A running crawl: its first page, with `next` (following it would never end while it runs).
  running: job(await client.getCrawlStatus(jobs.running, { autoPaginate: false })),
  // A finished crawl of 10,000 pages: the SDK follows `next` itself, here for two pages more.
  paginated: job(await client.getCrawlStatus(jobs.large, { autoPaginate: true, maxPages: 2 })),
  batch: job(await client.getBatchScrapeStatus(jobs.batch)),
  errors: await client.getCrawlErrors(jobs.large),
};
process.stdout.write(JSON.stringify(out) + '\n');
