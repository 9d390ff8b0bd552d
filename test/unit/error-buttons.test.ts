// The buttons of an error notification, by kind: "Set API Key" only for a refused key (401), never
// for a 403 (a plan feature); "Open Dashboard" for a 402 only when the dashboard's address is known.
import assert from 'node:assert/strict';
import { WebDataError } from '../../src/core/api';
import { errorButtons } from '../../src/platform/error-buttons';

describe('error notification buttons', () => {
  it('401 offers Set API Key; 403 never does', () => {
    assert.deepEqual(errorButtons(new WebDataError('unauthorized', 'refused', { status: 401 }), true), ['set-key', 'open-log']);
    assert.deepEqual(errorButtons(new WebDataError('forbidden', 'not in the plan', { status: 403, feature: 'zero data retention (zdr)' }), true), ['open-log']);
  });

  it('402 offers Open Dashboard only with a known dashboard address', () => {
    assert.deepEqual(errorButtons(new WebDataError('payment-required', 'no credits', { status: 402, dashboardUrl: 'https://example.com/' }), true), ['open-dashboard', 'open-log']);
    assert.deepEqual(errorButtons(new WebDataError('payment-required', 'no credits', { status: 402 }), true), ['open-log']);
  });

  it('a proxy or certificate failure offers the network settings and Check Connection, never a new key', () => {
    assert.deepEqual(errorButtons(new WebDataError('proxy', 'the proxy refused', {}), true), ['open-network-settings', 'check-connection', 'open-log']);
    assert.deepEqual(errorButtons(new WebDataError('certificate', 'not trusted', {}), true), ['open-network-settings', 'check-connection', 'open-log']);
  });

  it('every network failure offers Check Connection; the service\'s own answers do not', () => {
    for (const kind of ['network', 'timeout', 'bad-response'] as const) {
      assert.deepEqual(errorButtons(new WebDataError(kind, 'no answer', {}), true), ['check-connection', 'retry', 'open-log'], kind);
    }
    for (const kind of ['unauthorized', 'rate-limited', 'server', 'invalid-request', 'payment-required'] as const) {
      assert.ok(!errorButtons(new WebDataError(kind, 'answered', {}), true).includes('check-connection'), kind);
    }
  });

  it('Retry only for what may pass, and only when the caller can retry', () => {
    assert.deepEqual(errorButtons(new WebDataError('rate-limited', 'busy', { status: 429 }), true), ['retry', 'open-log']);
    assert.deepEqual(errorButtons(new WebDataError('rate-limited', 'busy', { status: 429 }), false), ['open-log']);
    assert.deepEqual(errorButtons(new WebDataError('invalid-request', 'bad', { status: 400 }), true), ['open-log']);
    assert.deepEqual(errorButtons(undefined, true), ['retry', 'open-log']);
  });
});
