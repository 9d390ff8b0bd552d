// The emulator's usage over time (issue 49, test/emulator/usage-history.ts): the demo team's 60 days
// across kinds, its billing periods from GET /v2/team/credit-usage/historical (one per key when
// asked), its jobs from GET /v2/team/activity newest first and paged, what it is charged now added
// to both, and GET /v2/team/queue-status from the jobs running. Over real sockets, on the emulator's
// own clock; each answer checked against the spec's shapes (service-v2-beyond-the-seed.json).
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../emulator';
import { call } from '../emulator/raw-client';
import { DEMO_CI_KEY } from '../emulator/usage-history';

interface Period { startDate: string; endDate: string; apiKey: string | null; totalCredits: number }
interface Activity { id: string; endpoint: string; api_version: string; created_at: string; target: string | null }

describe('emulator: the team usage over time', function () {
  this.timeout(10_000);
  let emulator: Emulator;
  const now = Date.parse('2026-11-28T12:00:00Z');

  before(async () => { emulator = await startEmulator({ now: () => new Date(now) }); });
  after(() => emulator.close());

  async function periods(byApiKey: boolean): Promise<Period[]> {
    const answer = await call(emulator.url, 'GET', `/v2/team/credit-usage/historical${byApiKey ? '?byApiKey=true' : ''}`);
    assert.equal(answer.status, 200, answer.text);
    const body = answer.json as { success: boolean; periods: Period[] };
    assert.equal(body.success, true);
    return body.periods;
  }

  it('answers the billing periods of 60 days of usage, newest first, the current one from the period start', async () => {
    const list = await periods(false);
    assert.ok(list.length >= 3, `60 days reach back three months: ${JSON.stringify(list)}`);
    const [current] = list;
    assert.ok(current);
    assert.equal(current.startDate, '2026-11-01T00:00:00.000Z');
    assert.equal(current.endDate, '2026-12-01T00:00:00.000Z');
    for (const p of list) {
      assert.equal(p.apiKey, null);
      assert.ok(Number.isInteger(p.totalCredits) && p.totalCredits > 0);
      assert.ok(Date.parse(p.endDate) > Date.parse(p.startDate));
    }
    assert.deepEqual(list.map((p) => p.startDate), [...list.map((p) => p.startDate)].sort().reverse());
  });

  it('splits each period by key when asked, the same total', async () => {
    const whole = await periods(false);
    const split = await periods(true);
    const keys = new Set(split.map((p) => p.apiKey));
    assert.ok(keys.has(`…${DEMO_CI_KEY.slice(-4)}`) && keys.size === 2, [...keys].join(', '));
    assert.equal(split.reduce((s, p) => s + p.totalCredits, 0), whole.reduce((s, p) => s + p.totalCredits, 0));
  });

  it('lists the activity newest first across kinds, paged by its cursor, every page of the shape', async () => {
    const seen: Activity[] = [];
    let cursor: string | null = null;
    do {
      const answer = await call(emulator.url, 'GET', `/v2/team/activity?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      assert.equal(answer.status, 200, answer.text);
      const body = answer.json as { data: Activity[]; cursor: string | null; has_more: boolean };
      assert.equal(body.has_more, body.cursor !== null);
      seen.push(...body.data);
      cursor = body.cursor;
    } while (cursor !== null);
    assert.ok(seen.length > 100, 'more than a page');
    assert.equal(new Set(seen.map((a) => a.id)).size, seen.length, 'each once');
    const times = seen.map((a) => Date.parse(a.created_at));
    assert.deepEqual(times, [...times].sort((a, b) => b - a));
    for (const kind of ['search', 'scrape', 'crawl', 'batch_scrape', 'deep_research', 'extract', 'browser']) assert.ok(seen.some((a) => a.endpoint === kind), kind);
    assert.ok(Date.parse(seen.at(-1)?.created_at ?? '') >= now - 61 * 86_400_000);
    const crawls = await call(emulator.url, 'GET', '/v2/team/activity?endpoint=crawl&limit=5');
    const body = crawls.json as { data: Activity[] };
    assert.ok(body.data.length > 0 && body.data.every((a) => a.endpoint === 'crawl' && a.api_version === 'v2'));
    assert.equal((await call(emulator.url, 'GET', '/v2/team/activity?limit=101')).status, 400);
    assert.equal((await call(emulator.url, 'GET', '/v2/team/activity?endpoint=parse')).status, 400);
  });

  it("adds what is charged now to the activity and to the current period", async () => {
    const before = (await periods(false))[0]?.totalCredits ?? 0;
    const searched = await call(emulator.url, 'POST', '/v2/search', { body: { query: 'tideflow backpressure', limit: 3 } });
    assert.equal(searched.status, 200, searched.text);
    const credits = (searched.json as { creditsUsed: number }).creditsUsed;
    assert.ok(credits > 0);
    assert.equal((await periods(false))[0]?.totalCredits, before + credits);
    const newest = ((await call(emulator.url, 'GET', '/v2/team/activity?limit=1')).json as { data: Activity[] }).data[0];
    assert.equal(newest?.endpoint, 'search');
    assert.equal(newest.created_at, new Date(now).toISOString());
  });

  it('answers the queue from the jobs running: the demo crawls run, at most five at once', async () => {
    const answer = await call(emulator.url, 'GET', '/v2/team/queue-status');
    assert.equal(answer.status, 200, answer.text);
    const q = answer.json as { success: boolean; jobsInQueue: number; activeJobsInQueue: number; waitingJobsInQueue: number; maxConcurrency: number; mostRecentSuccess: string | null };
    assert.equal(q.success, true);
    assert.equal(q.jobsInQueue, 2, 'the two demo crawls that move on with the clock');
    assert.equal(q.activeJobsInQueue + q.waitingJobsInQueue, q.jobsInQueue);
    assert.equal(q.maxConcurrency, 5);
    assert.ok(q.mostRecentSuccess === null || !Number.isNaN(Date.parse(q.mostRecentSuccess)));
  });
});
