// The service's JS SDK against the URL and key in its environment: the calls a user of the SDK
// makes first, printed as one JSON line for test/unit/peer-clients.test.ts to check.
import Firecrawl from '@mendable/firecrawl-js';

const client = new Firecrawl({ apiKey: process.env.PEER_API_KEY, apiUrl: process.env.PEER_API_URL });
const out = {
  usage: await client.getTokenUsage(),
  oneSource: await client.search('tideflow', { sources: ['web'], limit: 3 }),
  threeSources: await client.search('tideflow', { sources: ['web', 'images', 'news'], limit: 2 }),
  markdown: await client.search('tideflow', { limit: 2, scrapeOptions: { formats: ['markdown'] } }),
  crawls: await client.getActiveCrawls(),
};
process.stdout.write(JSON.stringify(out) + '\n');
