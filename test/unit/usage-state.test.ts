import assert from 'node:assert/strict';
import { WebDataError } from '../../src/core/api/errors';
import type { TokenUsage } from '../../src/core/api/schemas';
import {
  creditsItemShown, isNoUsageError, LAST_KNOWN_KEY, parseStoredUsage, presentUsage, stateForError, stateForUsage, toStoredUsage, USAGE_COMMANDS, type UsageLine, type UsageState,
} from '../../src/core/usage';

const at = new Date('2026-11-21T12:00:00Z');
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
    assert.equal(state.credits, 99);
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

  it('a failure the network may cause is marked network (Check Connection is offered); the service\'s own answers are not', () => {
    assert.equal((stateForError(new WebDataError('proxy', 'the proxy refused', {}), at) as { network?: boolean }).network, true);
    assert.equal((stateForError(new WebDataError('timeout', 'no answer', {}), at) as { network?: boolean }).network, true);
    assert.equal((stateForError(new WebDataError('server', '500', { status: 500 }), at) as { network?: boolean }).network, undefined);
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

  it('anything else thrown has no message (the feature says "could not be loaded"), never "undefined"', () => {
    assert.deepEqual(stateForError(new Error(''), at), { kind: 'error', message: undefined, unauthorized: false, at });
    assert.deepEqual(stateForError('boom', at), { kind: 'error', message: undefined, unauthorized: false, at });
  });
});

describe('usage state: what the item shows, as structure', () => {
  const kinds = (state: UsageState): string[][] => presentUsage(state, at).tooltip.map((lines) => lines.map((line) => line.kind));

  it('not connected: a plug, click to connect', () => {
    const view = presentUsage({ kind: 'not-connected' }, at);
    assert.equal(view.icon, 'plug');
    assert.deepEqual(view.label, { kind: 'name' });
    assert.equal(view.command, USAGE_COMMANDS.connect);
    assert.equal(view.warning, false);
    assert.deepEqual(view.tooltip, [[{ kind: 'click', action: 'connect' }]]);
  });

  it('loading: a spinner', () => {
    assert.equal(presentUsage({ kind: 'loading' }, at).icon, 'sync~spin');
  });

  it('ok: the credits, no warning colours, click to refresh', () => {
    const view = presentUsage(stateForUsage(usage(), 100, at), at);
    assert.equal(view.icon, 'credit-card');
    assert.deepEqual(view.label, { kind: 'credits', credits: 12_345 });
    assert.equal(view.warning, false);
    assert.equal(view.lastKnown, false);
    assert.equal(view.command, USAGE_COMMANDS.refresh);
  });

  it('ok tooltip: the balance in credits first, the tokens as the detail under it, then "updated" and the click', () => {
    const view = presentUsage(stateForUsage(usage(), 100, at), at);
    assert.deepEqual(view.tooltip[0], [
      { kind: 'plan-credits', credits: 10_000 },
      { kind: 'plan-share', share: { kind: 'top-ups', percent: 123 } },
      { kind: 'billing-period', period: { kind: 'range', start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-12-01T00:00:00Z'), days: 9, ended: false } },
    ]);
    assert.deepEqual(view.tooltip[1], [
      { kind: 'tokens-detail', tokensPerCredit: 15 },
      { kind: 'remaining-tokens', tokens: 185_175 },
      { kind: 'plan-tokens', tokens: 150_000 },
    ]);
    assert.deepEqual(view.tooltip[2], [{ kind: 'updated', at, lastKnown: false }, { kind: 'click', action: 'refresh' }]);
  });

  it('ok tooltip without planTokens from the service: no plan line and no share', () => {
    const kindsOf = kinds(stateForUsage(usage({ planTokens: undefined }), 100, at));
    assert.deepEqual(kindsOf[0], ['billing-period']);
    assert.deepEqual(kindsOf[1], ['tokens-detail', 'remaining-tokens']);
  });

  it('low: warning colours, and the threshold in a paragraph of its own first', () => {
    const view = presentUsage(stateForUsage(usage({ remainingTokens: 750 }), 100, at), at);
    assert.deepEqual(view.label, { kind: 'credits', credits: 50 });
    assert.equal(view.warning, true);
    assert.deepEqual(view.tooltip[0], [{ kind: 'below-threshold', threshold: 100 }]);
    assert.equal(view.tooltip.length, 4);
  });

  it('a last known balance: marked, spinning while it refreshes, and "updated" says last known', () => {
    const view = presentUsage(stateForUsage(usage(), 100, at, true), at);
    assert.equal(view.lastKnown, true);
    assert.equal(view.icon, 'sync~spin');
    assert.deepEqual(view.tooltip.at(-1)?.[0], { kind: 'updated', at, lastKnown: true } satisfies UsageLine);
  });

  it('no usage information (404): the service\'s words in a paragraph of their own', () => {
    const view = presentUsage({ kind: 'no-usage', serviceMessage: 'No usage for team', at }, at);
    assert.deepEqual(view.label, { kind: 'no-usage' });
    assert.equal(view.command, USAGE_COMMANDS.show);
    assert.deepEqual(kinds({ kind: 'no-usage', serviceMessage: 'No usage for team', at }), [['no-usage-info'], ['service-said'], ['updated', 'click']]);
    assert.deepEqual(kinds({ kind: 'no-usage', at }), [['no-usage-info'], ['updated', 'click']]);
  });

  it('error: a warning icon, click for details and retry, the message first', () => {
    const view = presentUsage({ kind: 'error', message: 'The service had an internal error (500).', unauthorized: false, at }, at);
    assert.equal(view.icon, 'warning');
    assert.equal(view.command, USAGE_COMMANDS.show);
    assert.deepEqual(view.tooltip[0], [{ kind: 'error-message', message: 'The service had an internal error (500).' }]);
    assert.deepEqual(view.tooltip[1]?.[1], { kind: 'click', action: 'retry' });
  });

  it('no English anywhere in what the core returns: words are the feature\'s', () => {
    const states: UsageState[] = [
      { kind: 'not-connected' }, { kind: 'loading' }, stateForUsage(usage(), 100, at), stateForUsage(usage({ remainingTokens: 15 }), 100, at, true),
      { kind: 'no-usage', at }, { kind: 'error', unauthorized: true, at },
    ];
    const strings: string[] = [];
    const collect = (value: unknown): void => {
      if (typeof value === 'string') strings.push(value);
      else if (Array.isArray(value)) value.forEach(collect);
      else if (typeof value === 'object' && value !== null && !(value instanceof Date)) Object.values(value).forEach(collect);
    };
    for (const state of states) collect(presentUsage(state, at));
    // Only kinds, codicon ids and command ids: lower-case, no spaces.
    assert.deepEqual(strings.filter((text) => !/^[a-z~.-]+$/i.test(text) || /\s/.test(text)), []);
  });
});

describe('usage: the last known balance kept for the next start', () => {
  const BASE = 'https://api.example.test';
  const now = new Date('2026-11-21T13:00:00Z');

  it('round-trips through what globalState stores (plain JSON), for the same address only', () => {
    const stored = JSON.parse(JSON.stringify(toStoredUsage({ baseUrl: BASE, usage: usage(), at }))) as unknown;
    assert.deepEqual(parseStoredUsage(stored, BASE, now), { baseUrl: BASE, usage: usage(), at });
    assert.equal(parseStoredUsage(stored, 'https://other.example', now), undefined, 'another address\'s balance');
    assert.equal(parseStoredUsage(stored, undefined, now), undefined, 'no address set');
    assert.equal(LAST_KNOWN_KEY, 'webData.usage.lastKnown');
  });

  it('refuses what it did not write: wrong types, a time in the future, no record', () => {
    const good = { baseUrl: BASE, usage: usage(), at: at.getTime() };
    for (const bad of [undefined, null, 'x', { ...good, at: 'yesterday' }, { ...good, at: now.getTime() + 60_000 },
      { ...good, usage: { remainingTokens: '5' } }, { ...good, usage: { ...usage(), planTokens: 'many' } }, { ...good, usage: null }]) {
      assert.equal(parseStoredUsage(bad, BASE, now), undefined, JSON.stringify(bad));
    }
  });

  it('keeps only the usage fields: nothing else stored is read back', () => {
    const stored = { baseUrl: BASE, at: at.getTime(), usage: { ...usage(), apiKey: 'wd-secret' }, apiKey: 'wd-secret' };
    assert.doesNotMatch(JSON.stringify(parseStoredUsage(stored, BASE, now)), /wd-secret/);
    assert.doesNotMatch(JSON.stringify(toStoredUsage({ baseUrl: BASE, usage: usage(), at })), /apiKey/);
  });
});

describe('the credits item in the status bar (issue 34)', () => {
  it('shows with a key in every state, and not connected only once the extension was used in the profile', () => {
    for (const kind of ['loading', 'ok', 'low', 'no-usage', 'error'] as const) {
      assert.equal(creditsItemShown(kind, false), true, kind);
      assert.equal(creditsItemShown(kind, true), true, kind);
    }
    assert.equal(creditsItemShown('not-connected', false), false);
    assert.equal(creditsItemShown('not-connected', true), true);
  });
});
