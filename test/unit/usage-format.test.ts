import assert from 'node:assert/strict';
import type { TokenUsage } from '../../src/core/api/schemas';
import {
  creditsOf, describeBillingPeriod, describePlanShare, formatCredits, formatNumber, periodEnd, planShareLeft, safeLocale,
} from '../../src/core/usage';

const DAY = 24 * 60 * 60 * 1000;
const usage = (over: Partial<TokenUsage> = {}): TokenUsage => ({
  remainingTokens: 150_000,
  planTokens: 300_000,
  billingPeriodStart: '2026-11-01T00:00:00Z',
  billingPeriodEnd: '2026-12-01T00:00:00Z',
  ...over,
});
const utc = { locale: 'en', timeZone: 'UTC' };

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

  it('uses the UI language for thousands separators', () => {
    assert.equal(formatCredits(12_345, 'en'), '12,345 credits');
    assert.equal(formatCredits(12_345, 'de'), '12.345 credits');
    assert.equal(formatCredits(1_234_567, 'en-US'), '1,234,567 credits');
  });

  it('says "credit" for exactly one', () => {
    assert.equal(formatCredits(1, 'en'), '1 credit');
    assert.equal(formatCredits(0, 'en'), '0 credits');
    assert.equal(formatCredits(-2, 'en'), '-2 credits');
  });

  it('falls back to English for a locale Intl does not know, instead of throwing', () => {
    assert.equal(safeLocale('x_bad!'), 'en');
    assert.equal(safeLocale('qps-ploc'), 'en');
    assert.equal(safeLocale('de'), 'de');
    assert.equal(formatNumber(1000, 'x_bad!'), '1,000');
  });
});

describe('usage format: share of the plan', () => {
  it('is the whole percent left, rounded down', () => {
    assert.equal(planShareLeft(usage({ remainingTokens: 150_000, planTokens: 300_000 })), 50);
    assert.equal(planShareLeft(usage({ remainingTokens: 299_999, planTokens: 300_000 })), 99);
    assert.equal(describePlanShare(usage({ remainingTokens: 150_000 }), 'en'), '50% of the plan left');
  });

  it('exceeds 100% after top-ups, and says so', () => {
    assert.equal(planShareLeft(usage({ remainingTokens: 390_000, planTokens: 300_000 })), 130);
    assert.equal(describePlanShare(usage({ remainingTokens: 390_000, planTokens: 300_000 }), 'en'), '130% of the plan (top-ups included)');
  });

  it('exactly the plan is 100% left, not a top-up', () => {
    assert.equal(describePlanShare(usage({ remainingTokens: 300_000, planTokens: 300_000 }), 'en'), '100% of the plan left');
  });

  it('has no share when the plan has no tokens', () => {
    assert.equal(planShareLeft(usage({ planTokens: 0 })), undefined);
    assert.equal(describePlanShare(usage({ planTokens: 0 }), 'en'), undefined);
    assert.equal(planShareLeft(usage({ planTokens: -5 })), undefined);
  });

  it('has no share, and no error, when the service leaves planTokens out', () => {
    assert.equal(planShareLeft(usage({ planTokens: undefined })), undefined);
    assert.equal(describePlanShare(usage({ planTokens: null }), 'en'), undefined);
  });

  it('says an overdrawn balance is overdrawn, not "-1%"', () => {
    assert.equal(describePlanShare(usage({ remainingTokens: -3_000 }), 'en'), 'None of the plan left (the balance is overdrawn)');
  });
});

describe('usage format: billing period', () => {
  const now = new Date('2026-11-21T12:00:00Z');

  it('counts whole days left, rounded down', () => {
    assert.deepEqual(periodEnd(new Date(now.getTime() + 9.5 * DAY), now), { kind: 'days-left', days: 9 });
    assert.deepEqual(periodEnd(new Date(now.getTime() + 1 * DAY), now), { kind: 'days-left', days: 1 });
  });

  it('says less than a day as "ends today"', () => {
    assert.deepEqual(periodEnd(new Date(now.getTime() + 3_600_000), now), { kind: 'ends-today' });
  });

  it('says an end in the past has ended', () => {
    assert.deepEqual(periodEnd(new Date(now.getTime() - 3.2 * DAY), now), { kind: 'ended', daysAgo: 3 });
    assert.deepEqual(periodEnd(now, now), { kind: 'ended', daysAgo: 0 });
  });

  it('shows both dates and the days left', () => {
    assert.equal(describeBillingPeriod(usage(), now, utc), 'Billing period: Nov 1, 2026 – Dec 1, 2026 (9 days left)');
  });

  it('singular day', () => {
    const text = describeBillingPeriod(usage({ billingPeriodEnd: '2026-11-22T13:00:00Z' }), now, utc);
    assert.match(text, /\(1 day left\)$/);
  });

  it('a period that ended', () => {
    const text = describeBillingPeriod(usage({ billingPeriodEnd: '2026-11-19T00:00:00Z' }), now, utc);
    assert.match(text, /\(ended 2 days ago\)$/);
  });

  it('is the free plan when the dates are null', () => {
    assert.equal(describeBillingPeriod(usage({ billingPeriodStart: null, billingPeriodEnd: null }), now, utc), 'Free plan (no billing period)');
    assert.equal(describeBillingPeriod(usage({ billingPeriodStart: undefined, billingPeriodEnd: undefined }), now, utc), 'Free plan (no billing period)');
  });

  it('copes with one date only, and ignores a date it cannot read', () => {
    assert.equal(describeBillingPeriod(usage({ billingPeriodStart: null }), now, utc), 'Billing period ends Dec 1, 2026 (9 days left)');
    assert.equal(describeBillingPeriod(usage({ billingPeriodEnd: null }), now, utc), 'Billing period started Nov 1, 2026');
    assert.equal(describeBillingPeriod(usage({ billingPeriodStart: 'soon', billingPeriodEnd: 'later' }), now, utc), 'Free plan (no billing period)');
  });

  it('formats dates in the UI language', () => {
    assert.match(describeBillingPeriod(usage(), now, { locale: 'de', timeZone: 'UTC' }), /01\.11\.2026/);
  });
});
