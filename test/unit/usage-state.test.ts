import assert from 'node:assert/strict';
import { WebDataError } from '../../src/core/api/errors';
import type { TokenUsage } from '../../src/core/api/schemas';
import { isNoUsageError, presentUsage, stateForError, stateForUsage, USAGE_COMMANDS, type UsageState } from '../../src/core/usage';

const at = new Date('2026-11-21T12:00:00Z');
const options = { locale: 'en', timeZone: 'UTC', now: at };
const usage = (over: Partial<TokenUsage> = {}): TokenUsage => ({
  remainingTokens: 185_175,
  planTokens: 150_000,
  billingPeriodStart: '2026-11-01T00:00:00Z',
  billingPeriodEnd: '2026-12-01T00:00:00Z',
  ...over,
});

describe('usage state: ok and low', () => {
  it('is ok at or above the threshold', () => {
    assert.equal(stateForUsage(usage({ remainingTokens: 1500 }), 100, at).kind, 'ok'); // exactly 100 credits
    assert.equal(stateForUsage(usage(), 100, at).kind, 'ok');
  });

  it('is low under the threshold', () => {
    const state = stateForUsage(usage({ remainingTokens: 1499 }), 100, at); // 99 credits
    assert.equal(state.kind, 'low');
    assert.equal(state.kind === 'low' && state.credits, 99);
  });

  it('a threshold of 0 is never low, unless the balance is negative', () => {
    assert.equal(stateForUsage(usage({ remainingTokens: 0 }), 0, at).kind, 'ok');
    assert.equal(stateForUsage(usage({ remainingTokens: -15 }), 0, at).kind, 'low');
  });

  it('carries the credits rounded down', () => {
    const state = stateForUsage(usage({ remainingTokens: 185_189 }), 100, at);
    assert.equal(state.kind === 'ok' && state.credits, 12_345);
  });
});

describe('usage state: failures', () => {
  it('a 404 with the service\'s error body is "no usage information"', () => {
    const err = new WebDataError('not-found', 'no usage', { status: 404, serviceMessage: 'No token usage found' });
    assert.ok(isNoUsageError(err));
    const state = stateForError(err, at);
    assert.deepEqual(state, { kind: 'no-usage', serviceMessage: 'No token usage found', at });
  });

  it('a 404 without one (an HTML page, a wrong address) is an error', () => {
    const err = new WebDataError('not-found', 'The service has nothing at /v2/team/token-usage (404); check the service address.', { status: 404 });
    assert.equal(isNoUsageError(err), false);
    assert.equal(stateForError(err, at).kind, 'error');
  });

  it('401 is an error marked unauthorized, with the client\'s message', () => {
    const state = stateForError(new WebDataError('unauthorized', 'refused (401)', { status: 401 }), at);
    assert.deepEqual(state, { kind: 'error', message: 'refused (401)', unauthorized: true, at });
  });

  it('403 (a plan feature the team lacks) is an error not about the key: no "Set API Key"', () => {
    const state = stateForError(new WebDataError('forbidden', 'not in the plan (403)', { status: 403 }), at);
    assert.deepEqual(state, { kind: 'error', message: 'not in the plan (403)', unauthorized: false, at });
  });

  it('a server error or a network failure is an error that is not about the key', () => {
    const state = stateForError(new WebDataError('server', 'The service had an internal error (500).', { status: 500 }), at);
    assert.deepEqual(state, { kind: 'error', message: 'The service had an internal error (500).', unauthorized: false, at });
    assert.equal(stateForError(new WebDataError('network', 'lost'), at).kind, 'error');
  });

  it('anything else thrown still gives words, never "undefined"', () => {
    const a = stateForError(new Error(''), at);
    const b = stateForError('boom', at);
    for (const s of [a, b]) {
      assert.equal(s.kind, 'error');
      assert.ok(s.kind === 'error' && s.message.length > 0 && !s.message.includes('undefined'));
    }
  });
});

describe('usage state: what the item shows', () => {
  const tooltipText = (state: UsageState): string => {
    const view = presentUsage(state, options);
    return [view.tooltip.heading, ...view.tooltip.lines].join('\n');
  };

  it('not connected: a plug, click to connect', () => {
    const view = presentUsage({ kind: 'not-connected' }, options);
    assert.equal(view.text, '$(plug) Web Data');
    assert.equal(view.command, USAGE_COMMANDS.connect);
    assert.equal(view.warning, false);
  });

  it('loading: a spinner', () => {
    assert.equal(presentUsage({ kind: 'loading' }, options).text, '$(sync~spin) Web Data');
  });

  it('ok: the credits with separators, no warning colours', () => {
    const view = presentUsage(stateForUsage(usage(), 100, at), options);
    assert.equal(view.text, '$(credit-card) 12,345 credits');
    assert.equal(view.warning, false);
    assert.equal(view.command, USAGE_COMMANDS.refresh);
  });

  it('ok tooltip: tokens, plan without coupons, share over 100% after top-ups, period and days left', () => {
    const text = tooltipText(stateForUsage(usage(), 100, at));
    assert.match(text, /Remaining tokens: 185,175/);
    assert.match(text, /Plan tokens: 150,000 \(coupons excluded\)/);
    assert.match(text, /123% of the plan \(top-ups included\)/);
    assert.match(text, /Billing period: Nov 1, 2026 – Dec 1, 2026 \(9 days left\)/);
  });

  it('ok tooltip without planTokens from the service: no plan line and no share, credits still shown', () => {
    const state = stateForUsage(usage({ planTokens: undefined }), 100, at);
    const text = tooltipText(state);
    assert.match(text, /Remaining tokens: 185,175/);
    assert.doesNotMatch(text, /Plan tokens|of the plan|undefined|NaN/);
  });

  it('ok tooltip on the free plan with no plan tokens: no share, "Free plan"', () => {
    const text = tooltipText(stateForUsage(usage({ planTokens: 0, billingPeriodStart: null, billingPeriodEnd: null }), 100, at));
    assert.doesNotMatch(text, /% of the plan/);
    assert.match(text, /Free plan/);
  });

  it('low: the same text, in warning colours, and the tooltip names the threshold', () => {
    const view = presentUsage(stateForUsage(usage({ remainingTokens: 750 }), 100, at), options);
    assert.equal(view.text, '$(credit-card) 50 credits');
    assert.equal(view.warning, true);
    assert.match(view.tooltip.lines.join('\n'), /Fewer than 100 credits left/);
  });

  it('no usage information (404)', () => {
    const view = presentUsage({ kind: 'no-usage', serviceMessage: 'No usage for team', at }, options);
    assert.equal(view.text, '$(credit-card) No usage information');
    assert.equal(view.command, USAGE_COMMANDS.show);
    assert.match(view.tooltip.lines.join('\n'), /The service said: No usage for team/);
  });

  it('error: click for details and retry, the message in the tooltip', () => {
    const view = presentUsage({ kind: 'error', message: 'The service had an internal error (500).', unauthorized: false, at }, options);
    assert.equal(view.text, '$(warning) Web Data');
    assert.equal(view.command, USAGE_COMMANDS.show);
    assert.equal(view.tooltip.lines[0], 'The service had an internal error (500).');
  });

  it('every state has an accessibility label without codicons', () => {
    const states: UsageState[] = [
      { kind: 'not-connected' }, { kind: 'loading' }, stateForUsage(usage(), 100, at), stateForUsage(usage({ remainingTokens: 15 }), 100, at),
      { kind: 'no-usage', at }, { kind: 'error', message: 'x', unauthorized: true, at },
    ];
    for (const state of states) {
      const label = presentUsage(state, options).accessibilityLabel;
      assert.ok(label.length > 0 && !label.includes('$('), `${state.kind}: ${label}`);
    }
  });
});
