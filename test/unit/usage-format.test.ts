// The numbers and dates behind the credits item: credits, the share of the plan, the billing
// period as kinds and values, and the Intl helpers that put them in the display language.
import assert from 'node:assert/strict';
import type { TokenUsage } from '../../src/core/api/schemas';
import { formatAgo, formatDate, formatNumber, formatPercent, formatRelativeDays, safeLocale } from '../../src/core/intl';
import { billingPeriod, creditsOf, daysUntil, planShare, planShareLeft } from '../../src/core/usage';

const DAY = 24 * 60 * 60 * 1000;
const usage = (over: Partial<TokenUsage> = {}): TokenUsage => ({
  remainingTokens: 150_000,
  planTokens: 300_000,
  billingPeriodStart: '2026-11-01T00:00:00Z',
  billingPeriodEnd: '2026-12-01T00:00:00Z',
  ...over,
});

describe('usage format: credits', () => {
  it('is remainingTokens / 15 rounded down', () => {
    assert.equal(creditsOf(usage({ remainingTokens: 185_175 })), 12_345);
    assert.equal(creditsOf(usage({ remainingTokens: 29 })), 1);
    assert.equal(creditsOf(usage({ remainingTokens: 14 })), 0);
    assert.equal(creditsOf(usage({ remainingTokens: 0 })), 0);
  });

  it('keeps a negative balance negative', () => {
    assert.ok(creditsOf(usage({ remainingTokens: -30 })) < 0);
  });
});

describe('Intl in the display language', () => {
  it('numbers with the language\'s separators', () => {
    assert.equal(formatNumber(12_345, 'en'), '12,345');
    assert.equal(formatNumber(12_345, 'de'), '12.345');
    assert.equal(formatNumber(-2, 'en'), '-2');
  });

  it('percent where the language puts it', () => {
    assert.equal(formatPercent(123, 'en'), '123%');
    assert.equal(formatPercent(50, 'de'), '50\u00a0%');
  });

  it('falls back to English values for a locale Intl does not know, instead of throwing', () => {
    assert.equal(safeLocale('x_bad!'), 'en');
    assert.equal(safeLocale('qps-ploc'), 'en');
    assert.equal(safeLocale('de'), 'de');
    assert.equal(formatNumber(1000, 'x_bad!'), '1,000');
  });

  it('dates and relative days', () => {
    const at = new Date('2026-11-01T00:00:00Z');
    assert.equal(formatDate(at, { locale: 'en', timeZone: 'UTC' }), 'Nov 1, 2026');
    assert.equal(formatDate(at, { locale: 'de', timeZone: 'UTC' }), '01.11.2026');
    assert.equal(formatRelativeDays(9, 'en'), 'in 9 days');
    assert.equal(formatRelativeDays(0, 'en'), 'today');
    assert.equal(formatRelativeDays(-2, 'de'), 'vorgestern');
  });

  it('how long ago, in the largest whole unit', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const ago = (ms: number): string => formatAgo(new Date(now.getTime() - ms), now, 'en');
    assert.equal(ago(10_000), 'now');
    assert.equal(ago(5 * 60_000 + 59_000), '5 minutes ago');
    assert.equal(ago(2 * 3_600_000), '2 hours ago');
    assert.equal(ago(DAY + 1), 'yesterday');
    assert.equal(ago(-5000), 'now', 'a time in the future is not "in 5 seconds"');
  });
});

describe('usage format: share of the plan', () => {
  it('is the whole percent left, rounded down', () => {
    assert.equal(planShareLeft(usage({ remainingTokens: 150_000, planTokens: 300_000 })), 50);
    assert.equal(planShareLeft(usage({ remainingTokens: 299_999, planTokens: 300_000 })), 99);
    assert.deepEqual(planShare(usage({ remainingTokens: 150_000 })), { kind: 'left', percent: 50 });
  });

  it('exceeds 100% after top-ups, and says so', () => {
    assert.deepEqual(planShare(usage({ remainingTokens: 390_000, planTokens: 300_000 })), { kind: 'top-ups', percent: 130 });
  });

  it('exactly the plan is 100% left, not a top-up', () => {
    assert.deepEqual(planShare(usage({ remainingTokens: 300_000, planTokens: 300_000 })), { kind: 'left', percent: 100 });
  });

  it('has no share when the plan has no tokens', () => {
    assert.equal(planShareLeft(usage({ planTokens: 0 })), undefined);
    assert.equal(planShare(usage({ planTokens: 0 })), undefined);
    assert.equal(planShareLeft(usage({ planTokens: -5 })), undefined);
  });

  it('has no share, and no error, when the service leaves planTokens out', () => {
    assert.equal(planShareLeft(usage({ planTokens: undefined })), undefined);
    assert.equal(planShare(usage({ planTokens: null })), undefined);
  });

  it('says an overdrawn balance is overdrawn, not "-1%"', () => {
    assert.deepEqual(planShare(usage({ remainingTokens: -3_000 })), { kind: 'overdrawn' });
  });
});

describe('usage format: billing period', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const at = (ms: number): Date => new Date(now.getTime() + ms);

  it('counts whole days left, rounded down; under a day is 0 (today)', () => {
    assert.equal(daysUntil(at(9.5 * DAY), now), 9);
    assert.equal(daysUntil(at(1 * DAY), now), 1);
    assert.equal(daysUntil(at(3_600_000), now), 0);
  });

  it('an end in the past counts negative whole days, never -0', () => {
    assert.equal(daysUntil(at(-3.2 * DAY), now), -3);
    assert.ok(Object.is(daysUntil(at(-3_600_000), now), 0));
    assert.ok(Object.is(daysUntil(now, now), 0));
  });

  it('both dates, and the days left', () => {
    assert.deepEqual(billingPeriod(usage(), now), {
      kind: 'range', start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-12-01T00:00:00Z'), days: 9, ended: false,
    });
  });

  it('a period that ended', () => {
    const period = billingPeriod(usage({ billingPeriodEnd: '2026-11-19T00:00:00Z' }), now);
    assert.equal(period.kind === 'range' && `${period.days} ${period.ended}`, '-2 true');
    const today = billingPeriod(usage({ billingPeriodEnd: '2026-11-21T11:00:00Z' }), now);
    assert.equal(today.kind === 'range' && `${today.days} ${today.ended}`, '0 true', 'ended an hour ago is not "ends today"');
  });

  it('is the free plan when the dates are null', () => {
    assert.deepEqual(billingPeriod(usage({ billingPeriodStart: null, billingPeriodEnd: null }), now), { kind: 'free' });
    assert.deepEqual(billingPeriod(usage({ billingPeriodStart: undefined, billingPeriodEnd: undefined }), now), { kind: 'free' });
  });

  it('copes with one date only, and ignores a date it cannot read', () => {
    assert.equal(billingPeriod(usage({ billingPeriodStart: null }), now).kind, 'ends');
    assert.deepEqual(billingPeriod(usage({ billingPeriodEnd: null }), now), { kind: 'started', start: new Date('2026-11-01T00:00:00Z') });
    assert.deepEqual(billingPeriod(usage({ billingPeriodStart: 'soon', billingPeriodEnd: 'later' }), now), { kind: 'free' });
  });
});
