// A watch's schedule in words and as cron (issue 37): the text forms the service takes, the
// 5-minute minimum, the next runs in a time zone (across a DST change), the checks a month, and
// the request and bound built from the steps' choices.
import assert from 'node:assert/strict';
import { checksPerMonth, nextRuns, parseSchedule, type Schedule } from '../../src/core/monitor/schedule';
import { WatchFlow } from '../../src/core/monitor/flow';
import { buildMonitorRequest, creditsPerPageOf, draftOf, pagesPerCheck, textOfWhat, watchName, whatOf } from '../../src/core/monitor/request';

function schedule(typed: string): Schedule {
  const checked = parseSchedule(typed);
  assert.ok(checked.ok, `"${typed}" was refused: ${JSON.stringify(checked)}`);
  return checked.schedule;
}

describe('watch schedules', () => {
  it('reads the service\'s text forms as a cron and their interval, and sends the words as typed', () => {
    const cases: Array<[string, string, number]> = [
      ['every 30 minutes', '*/30 * * * *', 30],
      ['Every 5 min', '*/5 * * * *', 5],
      ['hourly', '0 * * * *', 60],
      ['every 2 hours', '0 */2 * * *', 120],
      ['every 120 minutes', '0 */2 * * *', 120],
      ['daily', '0 0 * * *', 1440],
      ['daily at 9am', '0 9 * * *', 1440],
      ['every day at 21:30', '30 21 * * *', 1440],
      ['daily at 12am', '0 0 * * *', 1440],
      ['weekly', '0 0 * * 1', 10080],
      ['weekly on friday at 5pm', '0 17 * * 5', 10080],
      ['every tue at 9:15', '15 9 * * 2', 10080],
    ];
    for (const [typed, cron, interval] of cases) {
      const s = schedule(typed);
      assert.deepEqual([s.cron, s.intervalMinutes, s.sent], [cron, interval, { text: typed }], typed);
    }
  });

  it('takes a five-field cron and sends it as cron', () => {
    const s = schedule('15 */6 * * 1-5');
    assert.deepEqual(s.sent, { cron: '15 */6 * * 1-5' });
    assert.equal(s.intervalMinutes, 360);
  });

  it('refuses anything more often than every 5 minutes, saying how often it would run', () => {
    assert.deepEqual(parseSchedule('every 4 minutes'), { ok: false, problem: { kind: 'too-often', minutes: 4 } });
    assert.deepEqual(parseSchedule('every minute'), { ok: false, problem: { kind: 'too-often', minutes: 1 } });
    assert.deepEqual(parseSchedule('* * * * *'), { ok: false, problem: { kind: 'too-often', minutes: 1 } });
    assert.deepEqual(parseSchedule('0,3 9 * * *'), { ok: false, problem: { kind: 'too-often', minutes: 3 } });
    assert.ok(parseSchedule('every 5 minutes').ok);
  });

  it('says what it cannot read, and an empty box is not an error yet', () => {
    for (const typed of ['every now and then', 'daily at 25pm', 'weekly on caturday', '61 * * * *', '* * *']) {
      assert.deepEqual(parseSchedule(typed), { ok: false, problem: { kind: 'unreadable' } }, typed);
    }
    assert.deepEqual(parseSchedule('  '), { ok: false, problem: { kind: 'empty' } });
  });

  it('gives the next three runs in the person\'s time zone', () => {
    const from = new Date('2026-11-28T10:00:00Z');
    const runs = nextRuns(schedule('daily at 9am').cron, 'America/New_York', from, 3);
    assert.deepEqual(runs.map((d) => d.toISOString()), ['2026-11-28T14:00:00.000Z', '2026-11-29T14:00:00.000Z', '2026-11-30T14:00:00.000Z']);
    const tokyo = nextRuns(schedule('every 30 minutes').cron, 'Asia/Tokyo', from, 3);
    assert.deepEqual(tokyo.map((d) => d.toISOString()), ['2026-11-28T10:30:00.000Z', '2026-11-28T11:00:00.000Z', '2026-11-28T11:30:00.000Z']);
  });

  it('keeps "daily at 9am" at nine on the wall clock across a DST change', () => {
    // Berlin leaves summer time on 25 October 2026: 9am is 07:00Z before and 08:00Z after.
    const runs = nextRuns(schedule('daily at 9am').cron, 'Europe/Berlin', new Date('2026-10-24T12:00:00Z'), 3);
    assert.deepEqual(runs.map((d) => d.toISOString()), ['2026-10-25T08:00:00.000Z', '2026-10-26T08:00:00.000Z', '2026-10-27T08:00:00.000Z']);
    const before = nextRuns(schedule('daily at 9am').cron, 'Europe/Berlin', new Date('2026-10-23T12:00:00Z'), 1);
    assert.equal(before[0]?.toISOString(), '2026-10-24T07:00:00.000Z');
  });

  it('counts the checks of a month for the bound', () => {
    const from = new Date('2026-11-01T00:00:00Z');
    assert.equal(checksPerMonth(schedule('hourly'), 'UTC', from), 720);
    assert.equal(checksPerMonth(schedule('daily at 9am'), 'UTC', from), 30);
    assert.equal(checksPerMonth(schedule('every 5 minutes'), 'UTC', from), 8640);
  });
});

describe('watch requests', () => {
  const s = parseSchedule('daily at 9am');
  assert.ok(s.ok);
  const base = { schedule: s.schedule, timezone: 'Europe/Berlin' };

  it('builds POST /v2/monitor for addresses: one scrape target, the words as typed, the zone, the goal', () => {
    const built = buildMonitorRequest({ ...base, what: { kind: 'urls', urls: ['https://docs.tideflow.dev/guide/migrating', ' https://docs.tideflow.dev/changelog ', 'https://docs.tideflow.dev/changelog'] }, goal: ' breaking changes ' });
    assert.deepEqual(built, {
      ok: true,
      body: {
        name: 'docs.tideflow.dev/guide/migrating (+1)',
        schedule: { text: 'daily at 9am', timezone: 'Europe/Berlin' },
        targets: [{ type: 'scrape', urls: ['https://docs.tideflow.dev/guide/migrating', 'https://docs.tideflow.dev/changelog'], scrapeOptions: { formats: ['markdown'] } }],
        goal: 'breaking changes',
        judgeEnabled: true,
      },
    });
  });

  it('leaves the goal out when none was given', () => {
    const built = buildMonitorRequest({ ...base, what: { kind: 'urls', urls: ['https://a.example/'] } });
    assert.ok(built.ok);
    assert.equal('goal' in built.body, false);
    assert.equal(built.body.name, 'a.example');
  });

  it('refuses a search without a goal, more than 50 addresses, and nothing to watch', () => {
    assert.deepEqual(buildMonitorRequest({ ...base, what: { kind: 'query', queries: ['tideflow advisory'] } }), { ok: false, problem: { kind: 'search-needs-goal' } });
    const many = Array.from({ length: 51 }, (_, i) => `https://a.example/${i}`);
    assert.deepEqual(buildMonitorRequest({ ...base, what: { kind: 'urls', urls: many } }), { ok: false, problem: { kind: 'too-many-targets', count: 51 } });
    assert.deepEqual(buildMonitorRequest({ ...base, what: { kind: 'urls', urls: [' '] } }), { ok: false, problem: { kind: 'no-targets' } });
    assert.deepEqual(buildMonitorRequest({ ...base, what: { kind: 'urls', urls: ['https://a.example/'] }, goal: 'x'.repeat(2001) }), { ok: false, problem: { kind: 'goal-too-long' } });
  });

  it('builds a search target with its goal', () => {
    const built = buildMonitorRequest({ ...base, what: { kind: 'query', queries: ['tideflow security advisory'] }, goal: 'a new advisory' });
    assert.ok(built.ok);
    assert.deepEqual(built.body.targets, [{ type: 'search', queries: ['tideflow security advisory'] }]);
    assert.equal(watchName({ kind: 'query', queries: ['tideflow security advisory'] }), 'tideflow security advisory');
  });

  it('counts the pages a check reads: each address once, or each query\'s ten results', () => {
    assert.equal(pagesPerCheck({ kind: 'urls', urls: ['a', 'b', 'a'] }), 2);
    assert.equal(pagesPerCheck({ kind: 'query', queries: ['q1', 'q2'] }), 20);
  });
});

describe('Watch for Changes…: the steps', () => {
  it('asks what, how often and the goal, then the review; Back goes back; an edit from the review returns there', () => {
    const flow = new WatchFlow({ what: false, schedule: false });
    assert.equal(flow.current, 'what');
    assert.equal(flow.canGoBack, false);
    assert.deepEqual([flow.next(), flow.next(), flow.next()], ['schedule', 'goal', 'review']);
    assert.equal(flow.back(), 'goal');
    assert.equal(flow.next(), 'review');
    assert.equal(flow.edit('what'), 'what');
    assert.equal(flow.next(), 'review', 'an edit goes back to the review');
  });

  it('skips the address an argument gave, and goes straight to the review with a schedule given', () => {
    const fromUrl = new WatchFlow({ what: true, schedule: false });
    assert.equal(fromUrl.current, 'schedule');
    assert.equal(fromUrl.canGoBack, false);
    assert.equal(new WatchFlow({ what: true, schedule: true }).current, 'review');
  });

  it('reads the box: addresses split by spaces or commas, or "search:" and a query', () => {
    assert.deepEqual(whatOf(' https://a.example/x, https://b.example/y\nc.example '), { kind: 'urls', urls: ['https://a.example/x', 'https://b.example/y', 'c.example'] });
    assert.deepEqual(whatOf('Search:  tideflow advisory '), { kind: 'query', queries: ['tideflow advisory'] });
    assert.equal(textOfWhat({ kind: 'query', queries: ['tideflow advisory'] }), 'search: tideflow advisory');
    assert.deepEqual(whatOf(textOfWhat({ kind: 'urls', urls: ['https://a.example/', 'https://b.example/'] })), { kind: 'urls', urls: ['https://a.example/', 'https://b.example/'] });
  });

  it('prices a page by the person\'s own kept pages', () => {
    assert.equal(creditsPerPageOf([{ creditsUsed: 1 }, { creditsUsed: 3 }, {}]), 2);
    assert.equal(creditsPerPageOf([{}]), undefined);
  });
});

describe('Edit Watch…: a watch\'s own steps', () => {
  it('fills the steps from the watch as the service lists it', () => {
    assert.deepEqual(draftOf({ targets: [{ type: 'scrape', urls: ['https://a.example/', 'https://b.example/'] }], schedule: { text: 'hourly' }, goal: 'pricing' }),
      { what: { kind: 'urls', urls: ['https://a.example/', 'https://b.example/'] }, schedule: 'hourly', goal: 'pricing' });
    assert.deepEqual(draftOf({ targets: [{ type: 'search', queries: ['tideflow advisory'] }], schedule: { cron: '0 9 * * 1' }, goal: null }),
      { what: { kind: 'query', queries: ['tideflow advisory'] }, schedule: '0 9 * * 1', goal: '' });
    assert.deepEqual(draftOf({ targets: null, schedule: null }), { schedule: '', goal: '' });
  });
});
