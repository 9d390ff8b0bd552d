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
  // Issue 36: a JSON scrape, a research run started, read and left to end, and one cancelled.
  json: (await client.scrape('https://docs.tideflow.dev/guide/streams', { formats: [{ type: 'json', schema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] } }] })).json,
  agent: await (async () => {
    const started = await client.startAgent({ prompt: 'Tideflow streams', urls: ['https://docs.tideflow.dev/guide/streams'], maxCredits: 50, model: 'spark-1-mini' });
    const first = await client.getAgentStatus(started.id);
    let status = first;
    for (let i = 0; i < 40 && status.status === 'processing'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = await client.getAgentStatus(started.id);
    }
    const other = await client.startAgent({ prompt: 'anything', maxCredits: 50 });
    const cancelled = await client.cancelAgent(other.id);
    return { started: started.success, first: first.status, status: status.status, creditsUsed: status.creditsUsed, hasData: typeof status.data === 'object', cancelled };
  })(),
};
process.stdout.write(JSON.stringify(out) + '\n');
