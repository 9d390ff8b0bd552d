// The service's JS SDK's browser calls against the URL and key in its environment (issue 39): a
// session started (POST /v2/browser, the SDK's name), code run in it, listed, deleted with its bill;
// and a scraped page's own browser (interact, stopInteraction). Printed as one JSON line for
// test/unit/peer-browser.test.ts to check; the cdpUrl is reported only as whether it came.
import Firecrawl from '@mendable/firecrawl-js';

const PAGE = 'https://docs.tideflow.dev/guide/streams';
const client = new Firecrawl({ apiKey: process.env.PEER_API_KEY, apiUrl: process.env.PEER_API_URL });
const started = await client.browser({ ttl: 60 });
const ran = await client.browserExecute(started.id, { code: `agent-browser open ${PAGE}\nagent-browser get url` });
const unsupported = await client.browserExecute(started.id, { code: 'rm -rf /', language: 'bash' });
const listed = await client.listBrowsers({ status: 'active' });
const deleted = await client.deleteBrowser(started.id);
const scraped = await client.scrape(PAGE);
const interacted = await client.interact(scraped.metadata.scrapeId, { code: 'console.log(await page.title())' });
const stopped = await client.stopInteraction(scraped.metadata.scrapeId);
process.stdout.write(JSON.stringify({
  started: { success: started.success, id: started.id, hasCdpUrl: typeof started.cdpUrl === 'string', liveViewUrl: started.liveViewUrl, expiresAt: started.expiresAt },
  ran: { stdout: ran.stdout, exitCode: ran.exitCode },
  unsupported: { stderr: unsupported.stderr, exitCode: unsupported.exitCode },
  listed: (listed.sessions ?? []).map((s) => ({ id: s.id, status: s.status })),
  deleted: { success: deleted.success, sessionDurationMs: deleted.sessionDurationMs, creditsBilled: deleted.creditsBilled },
  interacted: { output: interacted.output, exitCode: interacted.exitCode, title: scraped.metadata.title },
  stopped: { success: stopped.success },
}) + '\n');
