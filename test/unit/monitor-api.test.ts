// Watches through real sockets to the emulator (issue 37): POST /v2/monitor and its answer's shape,
// the schedule refused under 5 minutes, a check now and the next (new, changed with a unified
// diff and the judge's reason, removed), a check's pages paged with `next`, the two kept sides of a
// diff, pause and resume, delete, the clock running scheduled checks, errors on demand, and the
// monitor's own webhook hearing `monitor.page` and `monitor.check.completed`, signed.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebDataClient, WebDataError } from '../../src/core/api';
import { MonitorClient } from '../../src/core/monitor/api';
import { buildMonitorRequest } from '../../src/core/monitor/request';
import { parseSchedule } from '../../src/core/monitor/schedule';
import { SIGNATURE_HEADER, verifySignature } from '../../src/core/webhooks';
import { DEMO_API_KEY, startEmulator, type Emulator } from '../emulator';

const MIGRATING = 'https://docs.tideflow.dev/getting-started';
const PRICED = 'https://docs.tideflow.dev/guide/streams';
const GONE = 'https://docs.tideflow.dev/faq';

function request(urls: string[], goal?: string, typed = 'daily at 9am'): ReturnType<typeof buildMonitorRequest> & { ok: true } {
  const s = parseSchedule(typed);
  assert.ok(s.ok);
  const built = buildMonitorRequest({ what: { kind: 'urls', urls }, schedule: s.schedule, timezone: 'UTC', ...(goal ? { goal } : {}) });
  assert.ok(built.ok);
  return built;
}

describe('watches against the emulator', () => {
  let emulator: Emulator;
  let client: WebDataClient;
  let monitors: MonitorClient;

  before(async () => { emulator = await startEmulator(); });
  after(async () => { await emulator.close(); });
  beforeEach(() => {
    emulator.clearFaults();
    client = new WebDataClient({ baseUrl: emulator.url, apiKey: DEMO_API_KEY, retry: { maxAttempts: 1 } });
    monitors = new MonitorClient(client);
  });
  afterEach(async () => { await client.close(); });

  it('creates a watch: the body as sent, its bound a month and its next run', async () => {
    const before = emulator.requests.length;
    const created = await monitors.createMonitor(request([MIGRATING, PRICED], 'breaking change').body);
    const sent = emulator.requests.slice(before);
    assert.deepEqual(sent.map((r) => [r.method, r.path, r.status]), [['POST', '/v2/monitor', 200]]);
    assert.deepEqual(sent[0]?.body, { name: 'docs.tideflow.dev/getting-started (+1)', schedule: { text: 'daily at 9am', timezone: 'UTC' }, targets: [{ type: 'scrape', urls: [MIGRATING, PRICED], scrapeOptions: { formats: ['markdown'] } }], goal: 'breaking change', judgeEnabled: true });
    assert.equal(created.status, 'active');
    assert.equal(created.estimatedCreditsPerMonth, 60, 'two pages, thirty checks, a credit each');
    assert.match(created.nextRunAt ?? '', /T09:00:00\.000Z$/);
    assert.equal(created.lastRunAt, null);
    assert.ok((await monitors.listMonitors()).some((m) => m.id === created.id));
  });

  it('refuses a schedule under 5 minutes and one it cannot read, in the service\'s words', async () => {
    const body = request([MIGRATING]).body;
    for (const [schedule, words] of [[{ text: 'every 2 minutes', timezone: 'UTC' }, /at least 5 minutes/], [{ text: 'now and then', timezone: 'UTC' }, /Could not parse schedule/]] as const) {
      await assert.rejects(monitors.createMonitor({ ...body, schedule }), (e: unknown) => e instanceof WebDataError && e.status === 400 && words.test(JSON.stringify(e.serviceMessage ?? e.message) + e.message));
    }
    await assert.rejects(monitors.createMonitor({ ...body, targets: [{ type: 'search', queries: ['tideflow'] }] }), (e: unknown) => e instanceof WebDataError && e.status === 400);
  });

  it('checks now, then again: pages new, then changed with a unified diff and the judge\'s reason, then removed', async () => {
    const created = await monitors.createMonitor(request([MIGRATING, PRICED, GONE], 'breaking change').body);
    const first = await monitors.runMonitor(created.id);
    assert.equal(first.status, 'completed');
    assert.deepEqual(first.summary, { totalPages: 3, same: 0, changed: 0, new: 3, removed: 0, error: 0 });
    assert.equal(first.actualCredits, 3);

    const second = await monitors.runMonitor(created.id);
    const { pages } = await monitors.allCheckPages(created.id, second.id);
    assert.deepEqual(pages.map((p) => [p.url, p.status]), [[MIGRATING, 'changed'], [PRICED, 'changed'], [GONE, 'same']]);
    const changed = pages[0];
    assert.ok(changed?.previousScrapeId && changed.currentScrapeId);
    assert.match(changed.diff?.text ?? '', /^--- previous\n\+\+\+ current\n@@ -\d+,\d+ \+\d+,\d+ @@\n/);
    assert.match(changed.diff?.text ?? '', /^\+Update 1: the migration guide now lists a breaking change/m);
    assert.equal(changed.judgment?.meaningful, true);
    assert.match(changed.judgment.reason ?? '', /"breaking"/);
    const priced = pages[1];
    assert.ok(priced);
    assert.equal(priced.judgment?.meaningful, false, 'a price change is not what the goal asks about');
    assert.match(priced.diff?.text ?? '', /^-Price: \$20 per month\.\n\+Price: \$21 per month\.$/m);

    const [before, after] = await Promise.all([monitors.getScrape(changed.previousScrapeId), monitors.getScrape(changed.currentScrapeId)]);
    assert.ok(!(before.markdown ?? '').includes('Update 1'));
    assert.match(after.markdown ?? '', /Update 1: the migration guide/);

    const third = await monitors.runMonitor(created.id);
    assert.deepEqual(third.summary, { totalPages: 3, same: 0, changed: 2, new: 0, removed: 1, error: 0 });
    const got = await monitors.getMonitor(created.id);
    assert.deepEqual(got.lastCheckSummary, third.summary);
    const checks = await monitors.listMonitorChecks(created.id);
    assert.deepEqual(checks.map((c) => c.id), [third.id, second.id, first.id], 'newest first');
  });

  it('pages a check\'s pages with `next`, each asked for by skip', async () => {
    const urls = ['https://docs.tideflow.dev/getting-started', 'https://docs.tideflow.dev/guide/streams', 'https://docs.tideflow.dev/guide/backpressure', 'https://docs.tideflow.dev/reference/config'];
    const created = await monitors.createMonitor(request(urls).body);
    const check = await monitors.runMonitor(created.id);
    const firstPage = await monitors.getMonitorCheck(created.id, check.id, { limit: 3 });
    assert.equal(firstPage.pages.length, 3);
    assert.equal(firstPage.nextSkip, 3);
    const before = emulator.requests.length;
    const all = await monitors.allCheckPages(created.id, check.id);
    assert.equal(all.pages.length, 4);
    assert.deepEqual(emulator.requests.slice(before).map((r) => r.path), [`/v2/monitor/${created.id}/checks/${check.id}`]);
  });

  it('pauses and resumes: no next run while paused', async () => {
    const created = await monitors.createMonitor(request([MIGRATING]).body);
    const paused = await monitors.updateMonitor(created.id, { status: 'paused' });
    assert.deepEqual([paused.status, paused.nextRunAt], ['paused', null]);
    const resumed = await monitors.updateMonitor(created.id, { status: 'active' });
    assert.equal(resumed.status, 'active');
    assert.ok(resumed.nextRunAt);
  });

  it('deletes: the watch is then unknown (404 in words)', async () => {
    const created = await monitors.createMonitor(request([MIGRATING]).body);
    await monitors.deleteMonitor(created.id);
    await assert.rejects(monitors.getMonitor(created.id), (e: unknown) => e instanceof WebDataError && e.status === 404 && /does not know this watch/.test(e.message));
  });

  it('refuses an id that is not one before anything is sent', async () => {
    const before = emulator.requests.length;
    await assert.rejects(monitors.runMonitor('../team/credit-usage'), (e: unknown) => e instanceof WebDataError && e.kind === 'invalid-request');
    assert.equal(emulator.requests.length, before);
  });

  it('runs the checks that fall due as the clock moves', async () => {
    const created = await monitors.createMonitor(request([MIGRATING], undefined, 'every 30 minutes').body);
    // Exactly an hour: any hour holds two half-hour marks. 61 minutes held three when the watch was
    // made in the last minute before a mark (a run at 14:29 failed).
    emulator.advanceMonitorClock(60 * 60_000);
    const checks = await monitors.listMonitorChecks(created.id);
    assert.equal(checks.length, 2, 'two half hours passed');
    assert.ok(checks.every((c) => c.trigger === 'scheduled'));
    const got = await monitors.getMonitor(created.id);
    assert.ok(Date.parse(got.nextRunAt ?? '') > Date.parse(got.lastRunAt ?? ''));
  });

  it('answers the faults asked for: 429 with Retry-After, 500, 402', async () => {
    emulator.injectFault({ path: '/v2/monitor', fault: { kind: 'rate-limit', retryAfterSeconds: 7 } });
    await assert.rejects(monitors.listMonitors(), (e: unknown) => e instanceof WebDataError && e.kind === 'rate-limited');
    const created = await monitors.createMonitor(request([MIGRATING]).body);
    emulator.injectFault({ path: `/v2/monitor/${created.id}/run`, fault: { kind: 'status', status: 500 } });
    await assert.rejects(monitors.runMonitor(created.id), (e: unknown) => e instanceof WebDataError && e.status === 500);
    emulator.injectFault({ path: `/v2/monitor/${created.id}/run`, fault: { kind: 'payment-required' } });
    await assert.rejects(monitors.runMonitor(created.id), (e: unknown) => e instanceof WebDataError && e.status === 402);
  });

  it('delivers monitor.page and monitor.check.completed to the watch\'s webhook, signed with the account\'s secret', async () => {
    const received: Array<{ body: string; headers: IncomingMessage['headers'] }> = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => { received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers }); res.end('ok'); });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const secret = 'whsec-monitor-test';
      emulator.setWebhook({ url: 'http://127.0.0.1:1/unused', secret });
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      const created = await monitors.createMonitor({ ...request([MIGRATING], 'breaking change').body, webhook: { url, headers: { 'x-watch': 'w1' }, metadata: { watch: 'w1' } } });
      await monitors.runMonitor(created.id);
      await monitors.runMonitor(created.id);
      for (let i = 0; i < 100 && received.length < 4; i++) await new Promise((r) => setTimeout(r, 20));
      const types = received.map((r) => (JSON.parse(r.body) as { type: string }).type);
      assert.deepEqual(types, ['monitor.page', 'monitor.check.completed', 'monitor.page', 'monitor.check.completed']);
      const changed = JSON.parse(received[2]?.body ?? '{}') as { data: Array<{ status: string; isMeaningful: boolean; monitorId: string }>; metadata: unknown };
      assert.deepEqual([changed.data[0]?.status, changed.data[0]?.isMeaningful, changed.data[0]?.monitorId], ['changed', true, created.id]);
      assert.deepEqual(changed.metadata, { watch: 'w1' });
      for (const r of received) {
        assert.equal(r.headers['x-watch'], 'w1');
        const signature = r.headers[SIGNATURE_HEADER.toLowerCase()];
        assert.ok(typeof signature === 'string' && verifySignature(Buffer.from(r.body), signature, secret), 'signed as every delivery');
      }
    } finally {
      emulator.setWebhook(null);
      receiver.close();
    }
  });
});
