// The sandbox's web (issue 34, point 21), through real sockets to the emulator with demoPages on:
// any https address answers a plausible page made from the corpus (title from the path, links to
// the site's pages), a crawl returns the pages Map Site lists for its host, and a map keeps to the
// host asked unless subdomains are asked for. The plain emulator still answers a 404 page.
import assert from 'node:assert/strict';
import { DEMO_API_KEY, startEmulator, type Emulator } from '../emulator';

const post = async (emulator: Emulator, path: string, body: unknown): Promise<Record<string, unknown>> => {
  const res = await fetch(`${emulator.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${DEMO_API_KEY}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(res.status, 200);
  return await res.json() as Record<string, unknown>;
};

interface ScrapeData { markdown: string; metadata: { title: string; statusCode: number; url: string } }

describe('emulator: the sandbox\'s demo pages', function () {
  this.timeout(20_000);
  let sandbox: Emulator;
  let plain: Emulator;
  before(async () => {
    sandbox = await startEmulator({ demoPages: true });
    plain = await startEmulator();
  });
  after(async () => {
    await sandbox.close();
    await plain.close();
  });

  it('answers an address the corpus lacks with a plausible page: its title from the path, its site\'s text and links', async () => {
    const { data } = await post(sandbox, '/v2/scrape', { url: 'https://docs.tideflow.dev/guide/back-pressure-tuning' }) as { data: ScrapeData };
    assert.equal(data.metadata.statusCode, 200);
    assert.equal(data.metadata.title, 'Back pressure tuning');
    assert.match(data.markdown, /^# Back pressure tuning\n/);
    assert.match(data.markdown, /## Nearby pages\n\n- \[[^\]]+\]\(https:\/\/docs\.tideflow\.dev\//);
    const again = await post(sandbox, '/v2/scrape', { url: 'https://docs.tideflow.dev/guide/back-pressure-tuning' }) as { data: ScrapeData };
    assert.equal(again.data.markdown, data.markdown, 'the same address makes the same page');
    const root = await post(sandbox, '/v2/scrape', { url: 'https://docs.tideflow.dev/' }) as { data: ScrapeData };
    assert.equal(root.data.metadata.title, 'docs.tideflow.dev');
    const missing = await post(plain, '/v2/scrape', { url: 'https://docs.tideflow.dev/guide/back-pressure-tuning' }) as { data: ScrapeData };
    assert.equal(missing.data.metadata.statusCode, 404, 'tests keep the 404 page');
  });

  it('crawls the pages Map Site lists for the host, with their own titles, not filler', async () => {
    const map = await post(sandbox, '/v2/map', { url: 'https://docs.tideflow.dev', includeSubdomains: false }) as { links: Array<{ url: string }> };
    assert.ok(map.links.length > 1);
    const started = await post(sandbox, '/v2/crawl', { url: 'https://docs.tideflow.dev', limit: 50 }) as { id: string };
    sandbox.advanceCrawl(started.id, 100);
    const res = await fetch(`${sandbox.url}/v2/crawl/${started.id}`, { headers: { authorization: `Bearer ${DEMO_API_KEY}` } });
    const status = await res.json() as { total: number; data: Array<{ metadata: { url: string; title: string } }> };
    const crawled = status.data.map((d) => d.metadata.url);
    assert.equal(status.total, new Set(['https://docs.tideflow.dev', ...map.links.map((l) => l.url)]).size);
    for (const link of map.links) assert.ok(crawled.includes(link.url), `${link.url} was not crawled`);
    assert.ok(!status.data.some((d) => /^Page \d+ of /.test(d.metadata.title)), 'filler pages');
  });

  it('a map keeps to the host asked unless subdomains are asked for', async () => {
    const onHost = await post(sandbox, '/v2/map', { url: 'https://docs.tideflow.dev', includeSubdomains: false }) as { links: Array<{ url: string }> };
    assert.ok(onHost.links.every((l) => new URL(l.url).hostname === 'docs.tideflow.dev'), JSON.stringify(onHost.links));
  });
});
