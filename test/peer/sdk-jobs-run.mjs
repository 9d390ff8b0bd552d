// The service's JS SDK's page and job calls against the URL and key in its environment: scrape a
// page, map a site, start a crawl and a batch scrape, printed as one JSON line for
// test/unit/peer-jobs.test.ts to check.
import Firecrawl from '@mendable/firecrawl-js';

const client = new Firecrawl({ apiKey: process.env.PEER_API_KEY, apiUrl: process.env.PEER_API_URL });
const page = await client.scrape('https://docs.tideflow.dev/getting-started', { formats: ['markdown', 'links'], onlyMainContent: true });
const map = await client.map('https://docs.tideflow.dev', { search: 'streams', limit: 3 });
const crawl = await client.startCrawl('https://docs.tideflow.dev', { limit: 3, includePaths: ['^/guide/'] });
const batch = await client.startBatchScrape(['https://docs.tideflow.dev/getting-started', 'https://docs.tideflow.dev/guide/streams'], { options: { formats: ['markdown'] } });
const out = {
  page: { markdown: page.markdown, links: page.links, title: page.metadata?.title, statusCode: page.metadata?.statusCode },
  map: map.links,
  crawl,
  batch,
};
process.stdout.write(JSON.stringify(out) + '\n');
