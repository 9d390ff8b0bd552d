// The emulator delivers webhooks to a configured receiver: completing an emulated crawl removes it
// from the team's active list and sends crawl.completed, signed and with the configured metadata.
// Real sockets on 127.0.0.1 on both sides: the emulator and the core's receiver.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startWebhookReceiver, type RefusedWebhookDelivery, type WebhookDelivery, type WebhookReceiver } from '../../src/core/webhooks';
import { DEMO_API_KEY, startEmulator, type Emulator } from '../emulator';
import { makeEvent } from '../emulator/webhook-sender';

const SECRET = 'whsec-test-0001';
const CRAWL = { id: '5b7e1a44-0c2d-4f6e-8a9b-1c2d3e4f5a6b', teamId: 'team_x', url: 'https://docs.example.test', options: { scrapeOptions: { formats: ['markdown'] } } };

/** Resolves when `count` deliveries arrived, or rejects after `ms`. */
function waitFor(list: readonly unknown[], count: number, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const check = (): void => {
      if (list.length >= count) return resolve();
      if (Date.now() > deadline) return reject(new Error(`only ${list.length} of ${count} deliveries arrived in ${ms} ms`));
      setTimeout(check, 10); // only the spacing of the looks at the list, bounded by the deadline
    };
    check();
  });
}

async function admin(emulator: Emulator, method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${emulator.adminUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function activeCrawlIds(emulator: Emulator): Promise<string[]> {
  const response = await fetch(`${emulator.url}/v2/crawl/active`, { headers: { Authorization: `Bearer ${DEMO_API_KEY}` } });
  const body = (await response.json()) as { crawls: Array<{ id: string }> };
  return body.crawls.map((c) => c.id);
}

describe('emulator webhooks', () => {
  let emulator: Emulator;
  let receiver: WebhookReceiver;
  let delivered: WebhookDelivery[];
  let refused: RefusedWebhookDelivery[];
  let secret: string | undefined;

  beforeEach(async () => {
    delivered = [];
    refused = [];
    secret = SECRET;
    emulator = await startEmulator();
    receiver = await startWebhookReceiver({
      port: 0,
      getSecret: () => secret,
      onDelivery: (d) => delivered.push(d),
      onRefused: (r) => refused.push(r),
    });
    emulator.setCrawls(DEMO_API_KEY, [CRAWL]);
  });

  afterEach(async () => {
    await receiver.close();
    await emulator.close();
  });

  it('completeCrawl removes the crawl and delivers a signed crawl.completed with the metadata', async () => {
    emulator.setWebhook({ url: receiver.url, secret: SECRET, metadata: { project: 'docs' } });
    const result = await emulator.completeCrawl(DEMO_API_KEY, CRAWL.id);
    assert.equal(result?.status, 200);
    await waitFor(delivered, 1);
    const [d] = delivered;
    assert.equal(d?.verification, 'verified');
    assert.equal(d.event.type, 'crawl.completed');
    assert.equal(d.event.id, CRAWL.id);
    assert.deepEqual(d.event.data, []);
    assert.deepEqual(d.event.metadata, { project: 'docs' });
    assert.deepEqual(await activeCrawlIds(emulator), []);
  });

  it('completeCrawl of an unknown crawl throws and delivers nothing', async () => {
    emulator.setWebhook({ url: receiver.url, secret: SECRET });
    await assert.rejects(emulator.completeCrawl(DEMO_API_KEY, 'no-such-crawl'), /no active crawl no-such-crawl/);
    assert.deepEqual(await activeCrawlIds(emulator), [CRAWL.id]);
    assert.equal(receiver.stats.received, 0);
  });

  it('without a configured webhook, completing still removes the crawl and sends nothing', async () => {
    assert.equal(await emulator.completeCrawl(DEMO_API_KEY, CRAWL.id), undefined);
    assert.deepEqual(await activeCrawlIds(emulator), []);
    assert.equal(receiver.stats.received, 0);
  });

  it('sendWebhook signs with the secret; a wrong secret is refused with 401', async () => {
    emulator.setWebhook({ url: receiver.url, secret: 'another-secret' });
    const result = await emulator.sendWebhook(makeEvent('batch_scrape.started', { data: ['https://a.example.test'] }));
    assert.equal(result?.status, 401);
    await waitFor(refused, 1);
    assert.equal(refused[0]?.type, 'batch_scrape.started');
    assert.equal(delivered.length, 0);
  });

  it('repeatWebhook sends the same webhookId again; the receiver answers both and handles it once', async () => {
    emulator.setWebhook({ url: receiver.url, secret: SECRET });
    const event = makeEvent('batch_scrape.completed', { webhookId: randomUUID() });
    assert.equal((await emulator.sendWebhook(event))?.status, 200);
    assert.equal((await emulator.repeatWebhook(event.webhookId))?.status, 200);
    await waitFor(delivered, 1);
    assert.equal(receiver.stats.duplicates, 1);
    assert.equal(delivered.length, 1);
  });

  describe('admin endpoint', () => {
    it('PUT /_emulator/webhook then POST /_emulator/crawls/:id/complete delivers crawl.completed', async () => {
      secret = undefined;
      assert.equal((await admin(emulator, 'PUT', '/webhook', { url: receiver.url, metadata: { from: 'sandbox' } })).status, 200);
      const described = await admin(emulator, 'GET', '/webhook');
      assert.deepEqual(described.json.webhook, { url: receiver.url, signed: false, metadata: { from: 'sandbox' } });
      const completed = await admin(emulator, 'POST', `/crawls/${CRAWL.id}/complete`);
      assert.equal(completed.status, 200);
      assert.deepEqual(completed.json.delivered, { status: 200 });
      await waitFor(delivered, 1);
      assert.equal(delivered[0]?.verification, 'unsigned');
      assert.equal(delivered[0].event.id, CRAWL.id);
      assert.deepEqual(delivered[0].event.metadata, { from: 'sandbox' });
      assert.deepEqual(await activeCrawlIds(emulator), []);
    });

    it('never shows the secret, and answers 404 for an unknown crawl and 400 for a bad config', async () => {
      await admin(emulator, 'PUT', '/webhook', { url: receiver.url, secret: SECRET });
      const described = await admin(emulator, 'GET', '/webhook');
      assert.equal(JSON.stringify(described.json).includes(SECRET), false);
      assert.equal((described.json.webhook as { signed: boolean }).signed, true);
      assert.equal((await admin(emulator, 'POST', '/crawls/nope/complete')).status, 404);
      assert.equal((await admin(emulator, 'PUT', '/webhook', { url: 'not a url' })).status, 400);
    });

    it('POST /_emulator/webhook/events sends an event of any kind; PUT null stops delivering', async () => {
      await admin(emulator, 'PUT', '/webhook', { url: receiver.url, secret: SECRET });
      const sent = await admin(emulator, 'POST', '/webhook/events', { type: 'crawl.page', id: 'job-1' });
      assert.deepEqual(sent.json.delivered, { status: 200 });
      await waitFor(delivered, 1);
      assert.equal(delivered[0]?.event.kind, 'unknown');
      assert.equal(delivered[0].event.type, 'crawl.page');
      await admin(emulator, 'PUT', '/webhook', null);
      const none = await admin(emulator, 'POST', '/webhook/events', { type: 'crawl.completed' });
      assert.equal(none.json.delivered, null);
    });

    it('answers 502 when the receiver cannot be reached', async () => {
      await receiver.close();
      await admin(emulator, 'PUT', '/webhook', { url: receiver.url });
      const sent = await admin(emulator, 'POST', '/webhook/events', { type: 'crawl.completed' });
      assert.equal(sent.status, 502);
      assert.match(String(sent.json.error), /could not be reached/);
    });
  });
});
