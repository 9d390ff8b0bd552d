// The emulator charges its team what the service charges (issue 47: "Research done (16 credits)",
// and /v2/team/credit-usage stayed where it was): a research run's actions as they are done, a
// browser session's started minutes once its ttl runs out, a watch's checks that fell due on
// schedule, a crawl's or batch scrape's pages as they are done (a scrape's price each), and a parse, each taken off the balance that GET /v2/team/credit-usage and
// /v2/team/token-usage answer, once. Over real sockets, on the emulator's own clock.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_API_KEY, startEmulator, type Emulator } from '../emulator';
import { ACTION_MS } from '../emulator/agent';
import { demoTeam } from '../emulator/demo';
import { BROWSER_CREDITS_PER_MINUTE } from '../emulator/browser';
import { STARTED_MS_PER_PAGE } from '../emulator/job-start';
import { JSON_FORMAT_CREDITS, SCRAPE_CREDITS } from '../emulator/scrape';
import { call } from '../emulator/raw-client';
import { WebDataClient } from '../../src/core/api';
import { localFile } from '../../src/core/parse/local-file';
import { parseOptionsFor } from '../../src/core/parse/options';

describe('emulator: what the team is charged', function () {
  this.timeout(10_000);
  let emulator: Emulator;
  let clock = Date.parse('2026-11-28T09:00:00Z');

  before(async () => {
    // The sandbox's team without its running crawls: they bill a page a minute as the clock moves,
    // which would blur each charge measured here.
    emulator = await startEmulator({ now: () => new Date(clock), teams: [{ ...demoTeam(new Date(clock)), crawls: [], jobs: [] }] });
  });
  after(() => emulator.close());

  /** The balance as the team reads it: credit usage, and token usage at 15 tokens a credit, which must agree. */
  async function balance(): Promise<number> {
    const credits = await call(emulator.url, 'GET', '/v2/team/credit-usage');
    const tokens = await call(emulator.url, 'GET', '/v2/team/token-usage');
    assert.equal(credits.status, 200, credits.text);
    const remaining = (credits.json as { data: { remainingCredits: number } }).data.remainingCredits;
    assert.equal((tokens.json as { data: { remainingTokens: number } }).data.remainingTokens, remaining * 15, 'the two views of one balance');
    return remaining;
  }

  it('a research run: the credits it reports, taken off as its actions are done, and only once', async () => {
    const before = await balance();
    const started = await call(emulator.url, 'POST', '/v2/agent', { body: { prompt: 'tideflow backpressure', model: 'spark-1-mini' } });
    assert.equal(started.status, 200, started.text);
    const id = (started.json as { id: string }).id;
    // Two actions done: part of the run is charged while it runs.
    clock += 2 * ACTION_MS;
    const partway = (await call(emulator.url, 'GET', `/v2/agent/${id}`)).json as { status: string; creditsUsed: number };
    assert.equal(partway.status, 'processing');
    assert.ok(partway.creditsUsed > 0);
    assert.equal(await balance(), before - partway.creditsUsed);
    clock += 20 * ACTION_MS;
    const done = (await call(emulator.url, 'GET', `/v2/agent/${id}`)).json as { status: string; creditsUsed: number };
    assert.equal(done.status, 'completed');
    assert.equal(await balance(), before - done.creditsUsed);
    // Read again later: nothing more.
    clock += 20 * ACTION_MS;
    await call(emulator.url, 'GET', `/v2/agent/${id}`);
    assert.equal(await balance(), before - done.creditsUsed);
  });

  it('a browser session whose ttl ran out: its started minutes, with no browser request after', async () => {
    const before = await balance();
    const started = await call(emulator.url, 'POST', '/v2/browser', { body: { ttl: 150 } });
    assert.equal(started.status, 200, started.text);
    clock += 151_000;
    assert.equal(await balance(), before - 3 * BROWSER_CREDITS_PER_MINUTE);
    assert.equal(await balance(), before - 3 * BROWSER_CREDITS_PER_MINUTE, 'billed once');
  });

  it('a watch\'s checks that fell due on schedule: a credit a page each, with no monitor request after', async () => {
    const made = await call(emulator.url, 'POST', '/v2/monitor', { body: { name: 'charges', schedule: { text: 'every 15 minutes', timezone: 'UTC' }, targets: [{ type: 'scrape', urls: ['https://docs.tideflow.dev/getting-started', 'https://docs.tideflow.dev/faq'] }] } });
    assert.equal(made.status, 200, made.text);
    const id = (made.json as { data: { id: string } }).data.id;
    const before = await balance();
    clock += 31 * 60_000;
    const after = await balance();
    const checks = ((await call(emulator.url, 'GET', `/v2/monitor/${id}/checks`)).json as { data: Array<{ actualCredits: number }> }).data;
    assert.ok(checks.length >= 2, `two checks fell due: ${checks.length}`);
    assert.equal(before - after, checks.reduce((sum, c) => sum + c.actualCredits, 0));
    assert.equal(before - after, checks.length * 2);
  });

  it('a crawl: a scrape\'s price for each page as it is done, what its status reports, and only once', async () => {
    const before = await balance();
    const started = await call(emulator.url, 'POST', '/v2/crawl', { body: { url: 'https://docs.tideflow.dev', limit: 5, scrapeOptions: { formats: ['markdown'] } } });
    assert.equal(started.status, 200, started.text);
    const id = (started.json as { id: string }).id;
    // Partway: the pages done so far are charged while it runs.
    clock += 2 * STARTED_MS_PER_PAGE;
    const partway = (await call(emulator.url, 'GET', `/v2/crawl/${id}`)).json as { status: string; completed: number; creditsUsed: number };
    assert.equal(partway.status, 'scraping');
    assert.equal(partway.completed, 2);
    assert.equal(partway.creditsUsed, 2 * SCRAPE_CREDITS);
    assert.equal(await balance(), before - partway.creditsUsed);
    clock += 10 * STARTED_MS_PER_PAGE;
    // The balance moves without the crawl being read again: the service bills the pages, not the reads.
    assert.equal(await balance(), before - 5 * SCRAPE_CREDITS);
    const done = (await call(emulator.url, 'GET', `/v2/crawl/${id}`)).json as { status: string; completed: number; creditsUsed: number };
    assert.equal(done.status, 'completed');
    assert.equal(done.creditsUsed, 5 * SCRAPE_CREDITS);
    assert.equal(await balance(), before - done.creditsUsed, 'billed once');
  });

  it('a batch scrape with a JSON format: each page at a JSON scrape\'s price', async () => {
    const before = await balance();
    const urls = ['https://docs.tideflow.dev/getting-started', 'https://docs.tideflow.dev/faq', 'https://docs.tideflow.dev/guide/streams'];
    const started = await call(emulator.url, 'POST', '/v2/batch/scrape', { body: { urls, formats: [{ type: 'json', prompt: 'the title' }] } });
    assert.equal(started.status, 200, started.text);
    const id = (started.json as { id: string }).id;
    clock += 10 * STARTED_MS_PER_PAGE;
    const done = (await call(emulator.url, 'GET', `/v2/batch/scrape/${id}`)).json as { status: string; creditsUsed: number };
    assert.equal(done.status, 'completed');
    assert.equal(done.creditsUsed, 3 * (SCRAPE_CREDITS + JSON_FORMAT_CREDITS));
    assert.equal(await balance(), before - done.creditsUsed);
  });

  it('a job the emulator was given with pages done already bills only the pages done after (those were billed before)', async () => {
    const before = await balance();
    const id = emulator.addCrawlJob(DEMO_API_KEY, { url: 'https://given.example', total: 10, completed: 6 });
    assert.equal(await balance(), before);
    emulator.advanceCrawl(id, 3);
    assert.equal(await balance(), before - 3);
  });

  it('a parse: the credits it reports', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'webdata-emulator-charges-'));
    const client = new WebDataClient({ baseUrl: emulator.url, apiKey: DEMO_API_KEY, retry: { maxAttempts: 1 } });
    try {
      const path = join(dir, 'limits.csv');
      const text = 'stream,limit\norders,1204\n';
      writeFileSync(path, text);
      const before = await balance();
      const document = await client.parse(localFile(path, text.length), parseOptionsFor('limits.csv', { pdfMode: 'fast', maxPages: 0, pages: false, zeroDataRetention: false }));
      const credits = document.metadata?.creditsUsed;
      assert.ok(typeof credits === 'number' && credits > 0, JSON.stringify(document.metadata));
      assert.equal(await balance(), before - credits);
    } finally {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
