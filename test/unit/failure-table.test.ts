// One table of what failures mean (src/core/failure-table.ts), and every sink reading it: each
// kind the client can produce has a row, and the error notification's buttons, the credits item's
// error state and dialog, the key check, the chat tools' failure text and the connection doctor's
// key hop give that row's meaning and fix for every kind. The expectations are written out here,
// kind by kind, so a changed row fails as loudly as a sink that stops reading the table.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { Socket } from 'node:net';
import * as path from 'node:path';
import { WebDataError, type WebDataErrorKind } from '../../src/core/api/errors';
import { failureText } from '../../src/core/chat/failure-text';
import { realProbes, type DoctorProbes } from '../../src/core/doctor/probes';
import { runDoctor } from '../../src/core/doctor/run';
import { FAILURES, NETWORK_KINDS, offeredButtons, type FixButton, type FixKind } from '../../src/core/failure-table';
import { presentUsage, stateForError, usageErrorOffer } from '../../src/core/usage';
import { failedKeyCheck, type KeyCheck } from '../../src/features/connect/key-check';
import { errorButtons } from '../../src/platform/error-buttons';

const root = path.resolve(__dirname, '../..');
const DASHBOARD = 'https://example.com/dashboard';

interface Expected {
  /** The HTTP status the client gives this kind, when an answer came. */
  status?: number;
  fix: FixKind;
  setting?: string;
  button?: FixButton;
  network: boolean;
  transient: boolean;
  key: KeyCheck['outcome'];
  /** What the chat text must say (the fix, for the model to relay). */
  chat: RegExp;
}

const BASE_URL = 'webData.baseUrl';
const EXPECTED: Record<WebDataErrorKind, Expected> = {
  'invalid-request': { status: 400, fix: 'request', network: false, transient: false, key: 'unverified', chat: /was not accepted: fix these inputs/ },
  unauthorized: { status: 401, fix: 'api-key', button: 'set-key', network: false, transient: false, key: 'refused', chat: /"Web Data: Connect…"/ },
  'not-found': { status: 404, fix: 'service-address', setting: BASE_URL, network: false, transient: false, key: 'unverified', chat: /failed\. m$/ },
  'rate-limited': { status: 429, fix: 'wait', network: false, transient: true, key: 'unverified', chat: /rate limit \(429\)\. Wait/ },
  server: { status: 500, fix: 'wait', network: false, transient: true, key: 'unverified', chat: /failed\. m$/ },
  network: { fix: 'service-address', setting: BASE_URL, network: true, transient: true, key: 'unverified', chat: /could not be reached\. m .*"Web Data: Check Connection"/ },
  timeout: { fix: 'wait', network: true, transient: true, key: 'unverified', chat: /could not be reached\. m .*"Web Data: Check Connection"/ },
  cancelled: { fix: 'request', network: false, transient: false, key: 'cancelled', chat: /was cancelled before it finished/ },
  'bad-response': { status: 200, fix: 'service-address', setting: BASE_URL, network: true, transient: true, key: 'unverified', chat: /could not be reached\. m .*"Web Data: Check Connection"/ },
  'payment-required': { status: 402, fix: 'credits', button: 'open-dashboard', network: false, transient: false, key: 'accepted', chat: /no credits left \(402\)\. The person can add credits or upgrade the plan in the service's dashboard/ },
  forbidden: { status: 403, fix: 'plan', network: false, transient: false, key: 'unverified', chat: /failed\. m$/ },
  proxy: { fix: 'proxy-setting', setting: 'http.proxy', button: 'open-network-settings', network: true, transient: false, key: 'unverified', chat: /could not be reached\. m .*"Web Data: Check Connection"/ },
  certificate: { fix: 'certificates', setting: 'http.systemCertificates', button: 'open-network-settings', network: true, transient: false, key: 'unverified', chat: /could not be reached\. m .*"Web Data: Check Connection"/ },
};
const KINDS = Object.keys(EXPECTED) as WebDataErrorKind[];

const errorOf = (kind: WebDataErrorKind): WebDataError => new WebDataError(kind, 'm', { status: EXPECTED[kind].status, dashboardUrl: DASHBOARD });

/** The kinds the client's code constructs: `new WebDataError('kind'` and the status chain of failures.ts. */
function kindsTheClientMakes(): Set<string> {
  const dir = path.join(root, 'src', 'core', 'api');
  const found = new Set<string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    for (const match of text.matchAll(/new WebDataError\(\s*'([a-z-]+)'/g)) found.add(match[1] ?? '');
    const chain = /const kind = (status === 401[^;]+);/.exec(text)?.[1];
    for (const match of chain?.matchAll(/'([a-z-]+)'/g) ?? []) found.add(match[1] ?? '');
  }
  return found;
}

describe('the failure table', () => {
  it('has a row for every kind the client produces, and none for a kind it never does', () => {
    const made = kindsTheClientMakes();
    assert.ok(made.size >= 10, `only ${[...made].join(', ')} found: the scan no longer reads the client`);
    assert.deepEqual([...made].filter((kind) => !Object.hasOwn(FAILURES, kind)), [], 'kinds with no row');
    assert.deepEqual(Object.keys(FAILURES).filter((kind) => !made.has(kind)).sort(), [], 'rows for kinds the client never makes');
    assert.deepEqual(Object.keys(FAILURES).sort(), [...KINDS].sort());
  });

  for (const kind of KINDS) {
    const want = EXPECTED[kind];
    describe(kind, () => {
      it('its row: transient, network, fix, setting, button', () => {
        const row = FAILURES[kind];
        assert.deepEqual(
          { transient: row.transient, network: row.network, fix: row.fix, setting: row.setting, button: row.button },
          { transient: want.transient, network: want.network, fix: want.fix, setting: want.setting, button: want.button },
        );
        assert.equal(NETWORK_KINDS.has(kind), want.network);
      });

      it('the notification offers its fix, Check Connection when the network may be at fault, Retry when it may pass', () => {
        const expected = [...(want.button ? [want.button] : []), ...(want.network ? ['check-connection'] : []), ...(want.transient ? ['retry'] : []), 'open-log'];
        assert.deepEqual(errorButtons(errorOf(kind), true), expected);
      });

      it('the credits item\'s error state offers the same fix and Check Connection, and always Retry (a refresh)', () => {
        const state = stateForError(errorOf(kind), new Date());
        assert.equal(state.kind, 'error');
        assert.equal(state.unauthorized, want.button === 'set-key');
        assert.equal(state.network === true, want.network);
        const expected = [...(want.button ? [want.button] : []), ...(want.network ? ['check-connection'] : []), 'retry', 'open-log'];
        assert.deepEqual(offeredButtons(usageErrorOffer(state), true), expected);
        assert.equal(presentUsage(state, new Date()).command, 'webData.showUsage');
      });

      it('the key check refuses it only when a new key is the fix, and names Check Connection only for the network', () => {
        const check = failedKeyCheck({ kind, status: want.status }, { noUsage: false, aborted: false, message: 'm' });
        assert.equal(check.outcome, want.key);
        if (check.outcome === 'unverified') assert.equal(check.network, want.network);
      });

      it('the chat failure text gives the same fix', () => {
        const text = failureText('The search', { kind, message: 'm' }, false);
        assert.match(text, want.chat);
        assert.equal(/Check Connection/.test(text), want.network, text);
        assert.equal(/store a valid key/.test(text), want.button === 'set-key', text);
        assert.equal(/dashboard/.test(text), want.button === 'open-dashboard', text);
      });

      it('the doctor\'s key hop names the same fix and setting', async () => {
        const report = await runDoctor({
          baseUrl: 'http://127.0.0.1:9',
          network: { env: {} },
          tokenUsage: () => Promise.resolve({ status: want.status ?? 0, kind }),
        }, PASSING);
        const hop = report.hops.find((h) => h.id === 'key');
        assert.equal(report.failed, 'key', JSON.stringify(report.hops));
        assert.equal(hop?.fix?.fix, want.fix);
        assert.equal(hop.fix.setting, want.setting);
      });
    });
  }

  it('the chat text tells an answer that was not the service\'s (bad-response) as the network group does', () => {
    const text = failureText('The credits request', { kind: 'bad-response', message: 'The service answered 200 with an HTML page (text/html) instead of JSON.' }, false);
    assert.match(text, /^The credits request failed: the service could not be reached\. The service answered 200 with an HTML page/);
  });

  it('the key check: a key refused before sending (no status) is refused; a 404 with the service\'s words is accepted', () => {
    assert.equal(failedKeyCheck({ kind: 'invalid-request' }, { noUsage: false, aborted: false, message: 'm' }).outcome, 'refused');
    assert.equal(failedKeyCheck({ kind: 'not-found', status: 404 }, { noUsage: true, aborted: false, message: 'm' }).outcome, 'accepted');
    assert.equal(failedKeyCheck({ kind: 'network' }, { noUsage: false, aborted: true, message: 'm' }).outcome, 'cancelled');
    assert.deepEqual(failedKeyCheck(undefined, { noUsage: false, aborted: false, message: 'boom' }), { outcome: 'unverified', message: 'boom', network: false });
  });

  it('a payment failure without a known dashboard offers no dashboard button, in the notification and the credits item alike', () => {
    const error = new WebDataError('payment-required', 'no credits', { status: 402 });
    assert.deepEqual(errorButtons(error, true), ['open-log']);
    const state = stateForError(error, new Date());
    assert.ok(state.kind === 'error');
    assert.deepEqual(offeredButtons(usageErrorOffer(state), true), ['retry', 'open-log']);
  });
});

/** Every network hop passes, so the run reaches the key hop. */
const PASSING: DoctorProbes = {
  ...realProbes,
  lookup: () => Promise.resolve(['127.0.0.1']),
  openTcp: () => Promise.resolve(new Socket()),
};
