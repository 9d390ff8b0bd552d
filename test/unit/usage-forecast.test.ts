// The forecast (issue 49, src/core/usage-ledger/forecast.ts): the rate from the team's current period
// when the service told it, else from this machine's last 14 days; when the credits run out at that
// rate against the period's end; what the active watches cost by then; the chart's line.
import assert from 'node:assert/strict';
import { currentRate, forecast, RATE_DAYS, type ForecastInput } from '../../src/core/usage-ledger/forecast';

const DAY = 86_400_000;
const base = (over: Partial<ForecastInput> = {}): ForecastInput => ({
  now: new Date('2026-11-10T00:00:00Z'),
  remainingCredits: 300,
  periodEnd: '2026-12-01T00:00:00Z',
  recentDays: [],
  watches: [],
  ...over,
});

describe('usage forecast', () => {
  it("reads the team's rate over its current period: 900 credits in 9 days is 100 a day", () => {
    const rate = currentRate(base({ teamPeriod: { startDate: '2026-11-01T00:00:00Z', totalCredits: 900 } }));
    assert.deepEqual(rate, { perDay: 100, basis: 'team-period' });
  });

  it("reads this machine's last 14 days when the team's period is not known", () => {
    const days = [...Array.from({ length: 6 }, () => 1000), ...Array.from({ length: RATE_DAYS }, () => 7)];
    assert.deepEqual(currentRate(base({ recentDays: days })), { perDay: 7, basis: 'this-machine' });
    assert.deepEqual(currentRate(base({ recentDays: [] })), { perDay: 0, basis: 'this-machine' });
  });

  it('a period an hour old is read over a day, not as an hour\'s rate', () => {
    const rate = currentRate(base({ now: new Date('2026-11-01T01:00:00Z'), teamPeriod: { startDate: '2026-11-01T00:00:00Z', totalCredits: 50 } }));
    assert.equal(rate.perDay, 50);
  });

  it('runs out before the period ends: 300 credits at 100 a day is 3 days, 18 days short', () => {
    const f = forecast(base({ teamPeriod: { startDate: '2026-11-01T00:00:00Z', totalCredits: 900 } }));
    assert.equal(f.runsOutAt?.toISOString(), '2026-11-13T00:00:00.000Z');
    assert.equal(f.endsBeforePeriod, true);
    assert.equal(f.daysShort, 18);
  });

  it('lasts past the period at a slow rate; no date at all when nothing is spent', () => {
    const slow = forecast(base({ recentDays: [1, 1, 1] }));
    assert.equal(slow.endsBeforePeriod, false);
    assert.equal(slow.daysShort, 0);
    assert.equal(slow.runsOutAt?.toISOString(), new Date(Date.parse('2026-11-10T00:00:00Z') + 300 * DAY).toISOString());
    const none = forecast(base({ recentDays: [0, 0] }));
    assert.equal(none.runsOutAt, undefined);
    assert.equal(none.endsBeforePeriod, false);
    assert.equal(none.daysShort, undefined);
  });

  it('counts the active watches by the period end from their monthly estimate, paused ones and unknown estimates left out', () => {
    const f = forecast(base({ watches: [
      { estimatedCreditsPerMonth: 300, status: 'active' }, { estimatedCreditsPerMonth: 60 },
      { estimatedCreditsPerMonth: 9000, status: 'paused' }, { estimatedCreditsPerMonth: null, status: 'active' },
    ] }));
    // 21 days left of a 30-day month: 360 × 21 / 30.
    assert.equal(f.watchesByPeriodEnd, 252);
    assert.equal(forecast(base({ periodEnd: null, watches: [{ estimatedCreditsPerMonth: 300 }] })).watchesByPeriodEnd, undefined);
  });

  it("draws the line of credits left from today to the period's end, never below zero", () => {
    const f = forecast(base({ recentDays: [50] }));
    assert.equal(f.line.length, 22);
    assert.equal(f.line[0]?.remainingCredits, 300);
    assert.equal(f.line[2]?.remainingCredits, 200);
    assert.equal(f.line.at(-1)?.remainingCredits, 0);
    assert.equal(f.line.at(-1)?.at.toISOString(), '2026-12-01T00:00:00.000Z');
  });
});
