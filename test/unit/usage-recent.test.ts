// The credits tooltip's and webData_credits' reading of the usage ledger (issue 49,
// src/core/usage-ledger/recent.ts): the bar line of the last 14 days, the credits by kind, and the
// forecast at this machine's rate; and what the credits item makes of them (src/core/usage/present.ts):
// the two lines in the tooltip, warning colours when the credits run out before the period ends,
// unless webData.credits.forecastWarning is off.
import assert from 'node:assert/strict';
import type { TokenUsage } from '../../src/core/api/schemas';
import { presentUsage, stateForUsage, type RecentSpending } from '../../src/core/usage';
import { usageHistory, withUsage, type WindowUsage } from '../../src/core/usage-ledger/ledger';
import { machineSpendText, type MachineSpend } from '../../src/core/chat/account-text';
import { barLine, creditsByKind, readRecentUsage, recentForecast, recentUsage, TOOLTIP_DAYS } from '../../src/core/usage-ledger/recent';

const TODAY = '2026-11-29';

function ledger(spends: Array<[string, 'search' | 'watch' | 'crawl', number]>, tag = 'a'): WindowUsage {
  let w: WindowUsage = { days: {} };
  spends.forEach(([day, kind, credits], i) => { w = withUsage(w, day, { kind, credits, id: `${tag}${i}` }); });
  return w;
}

describe('usage ledger: the recent days (tooltip, webData_credits)', () => {
  it('draws one block a day, as high as its share of the largest; a day with nothing spent stays at the floor', () => {
    assert.equal(barLine([0, 10, 5, 0, 1]), '\u2581\u2588\u2585\u2581\u2583');
    assert.equal(barLine([0, 0]), '\u2581\u2581');
    assert.equal(barLine([]), '');
    // Whatever was spent shows above a day of nothing, however small beside the largest.
    assert.equal(barLine([1, 1000]), '\u2582\u2588');
  });

  it("reads the last 14 days' totals, today last, from every window's spends", () => {
    const history = usageHistory([ledger([['2026-11-29', 'search', 7], ['2026-11-16', 'crawl', 30], ['2026-11-15', 'watch', 99]]), ledger([['2026-11-29', 'watch', 3]], 'b')], '2026-11-01', TODAY);
    const recent = recentUsage(history);
    assert.equal(recent.days.length, TOOLTIP_DAYS);
    assert.equal(recent.days.at(-1), 10);
    assert.equal(recent.days[0], 30, 'the 16th is the first of the 14 days; the 15th is left out');
    assert.equal(recent.total, 40);
    assert.equal(recent.bars.length, TOOLTIP_DAYS);
    assert.equal(recent.bars.at(-1), '\u2584');
  });

  it('reads the ledger over exactly its 14 days', async () => {
    const asked: number[] = [];
    const recent = await readRecentUsage({ history: (days) => { asked.push(days); return Promise.resolve(usageHistory([ledger([[TODAY, 'search', 4]])], '2026-11-16', TODAY)); } });
    assert.deepEqual(asked, [TOOLTIP_DAYS]);
    assert.equal(recent.total, 4);
  });

  it('sums the credits by kind over the days asked, most first, the kinds with none left out', () => {
    const history = usageHistory([ledger([['2026-11-29', 'search', 7], ['2026-11-20', 'crawl', 30], ['2026-11-05', 'watch', 99]])], '2026-10-31', TODAY);
    assert.deepEqual(creditsByKind(history, 14), [{ kind: 'crawl', credits: 30 }, { kind: 'search', credits: 7 }]);
    assert.deepEqual(creditsByKind(history, 30), [{ kind: 'watch', credits: 99 }, { kind: 'crawl', credits: 30 }, { kind: 'search', credits: 7 }]);
  });

  it("forecasts at this machine's rate: 140 credits in 14 days is 10 a day, 50 left last 5 days, 15 short of a 20-day period", () => {
    const now = new Date('2026-11-10T00:00:00Z');
    const f = recentForecast([...Array.from({ length: 13 }, () => 10), 10], { now, remainingCredits: 50, periodEnd: '2026-11-30T00:00:00Z' });
    assert.equal(f.perDay, 10);
    assert.equal(f.runsOutAt?.toISOString(), '2026-11-15T00:00:00.000Z');
    assert.equal(f.endsBeforePeriod, true);
    assert.equal(f.daysShort, 15);
    const enough = recentForecast([10], { now, remainingCredits: 5000, periodEnd: '2026-11-30T00:00:00Z' });
    assert.equal(enough.endsBeforePeriod, false);
    assert.equal(recentForecast([0, 0], { now, remainingCredits: 50, periodEnd: null }).runsOutAt, undefined);
  });
});

describe('the credits item with the recent days (issue 49)', () => {
  const at = new Date('2026-11-21T12:00:00Z');
  const usage: TokenUsage = { remainingTokens: 15_000, planTokens: 150_000, billingPeriodStart: '2026-11-01T00:00:00Z', billingPeriodEnd: '2026-12-01T00:00:00Z' };
  const short = recentForecast(Array.from({ length: 14 }, () => 200), { now: at, remainingCredits: 1000, periodEnd: '2026-12-01T00:00:00Z' });
  const recent = (over: Partial<RecentSpending> = {}): RecentSpending => ({ bars: barLine([1, 2]), days: 14, total: 2800, forecast: short, warnForecast: true, ...over });

  it('shows no recent days before the ledger was read', () => {
    const view = presentUsage(stateForUsage(usage, 100, at), at);
    assert.ok(!view.tooltip.flat().some((line) => line.kind === 'recent-days' || line.kind === 'forecast'));
    assert.equal(view.warning, false);
  });

  it('shows the bar line and the forecast, and warns when the credits run out before the period ends', () => {
    const view = presentUsage(stateForUsage(usage, 100, at), at, undefined, recent());
    assert.equal(view.kind, 'ok');
    const lines = view.tooltip.flat();
    const bars = lines.find((line) => line.kind === 'recent-days');
    assert.deepEqual(bars, { kind: 'recent-days', bars: '\u2585\u2588', days: 14, total: 2800 });
    assert.ok(lines.some((line) => line.kind === 'forecast' && line.forecast.endsBeforePeriod));
    assert.equal(view.warning, true);
  });

  it('does not warn when the forecast lasts past the period, nor when webData.credits.forecastWarning is off', () => {
    const lasting = recentForecast([1], { now: at, remainingCredits: 1000, periodEnd: '2026-12-01T00:00:00Z' });
    assert.equal(presentUsage(stateForUsage(usage, 100, at), at, undefined, recent({ forecast: lasting })).warning, false);
    assert.equal(presentUsage(stateForUsage(usage, 100, at), at, undefined, recent({ warnForecast: false })).warning, false);
    // Low is low whatever the forecast setting says.
    assert.equal(presentUsage(stateForUsage(usage, 5000, at), at, undefined, recent({ warnForecast: false })).warning, true);
  });
});

describe("webData_credits: this machine's spending as text (issue 49)", () => {
  const spend: MachineSpend = {
    last14: [{ kind: 'crawl', credits: 30 }, { kind: 'search', credits: 7 }],
    last30: [{ kind: 'watch', credits: 99 }, { kind: 'crawl', credits: 30 }, { kind: 'search', credits: 7 }],
    days14: [...Array.from({ length: 13 }, () => 0), 37],
    forecast: { perDay: 2.64, runsOutAt: new Date('2026-12-14T00:00:00Z'), endsBeforePeriod: true, daysShort: 6 },
  };

  it('says the 14 and 30 days by kind, the forecast and the days, as a model reads them', () => {
    const text = machineSpendText(spend, 10_000);
    assert.match(text, /Last 14 days: 37 credits \(crawl 30, search 7\)\./);
    assert.match(text, /Last 30 days: 136 credits \(watch 99, crawl 30, search 7\)\./);
    assert.match(text, /Forecast at this machine's rate over 14 days \(2\.6 credits a day\): the credits last until 2026-12-14, 6 days before the billing period ends\./);
    assert.match(text, /By day, last 14 days, oldest first: (0, ){13}37\./);
  });

  it('fits the budget by leaving out the days, then the 30 days, keeping the forecast and the 14 days', () => {
    const whole = machineSpendText(spend, 10_000);
    const fitted = machineSpendText(spend, whole.length - 1);
    assert.doesNotMatch(fitted, /By day/);
    assert.match(fitted, /Last 30 days/);
    const tighter = machineSpendText(spend, whole.indexOf('\nLast 30 days'));
    assert.doesNotMatch(tighter, /Last 30 days/);
    assert.match(tighter, /Forecast at/);
    assert.ok(machineSpendText(spend, 40).length <= 40);
    assert.match(machineSpendText(undefined, 1000), /could not be read/);
  });
});
