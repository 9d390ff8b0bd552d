// The connection doctor's hops against real parts: the emulator (plain and HTTPS with a per-run
// authority), Debian's tinyproxy (open, with Basic auth, CONNECT limited to 443), a certificate
// that expired (openssl ca), a name no resolver knows and a port nothing listens on. Each failure
// is made for real, and the report names that hop and that fix.
import assert from 'node:assert/strict';
import {
  DEMO_API_KEY, makeExpiredCertificate, makeTestCertificates, SERVICE_HOST, freePort, startEmulator, startTinyproxy,
  type Emulator, type TestCertificates, type TestProxy,
} from '../emulator';
import type { NetworkOptions } from '../../src/core/api';
import { askKey } from '../../src/core/doctor/key';
import { ProbeError, realProbes, type DoctorProbes } from '../../src/core/doctor/probes';
import { runDoctor, type DoctorInput } from '../../src/core/doctor/run';
import type { DoctorReport, Hop, HopId } from '../../src/core/doctor/types';

const NO_ENV = {};

function hop(report: DoctorReport, id: HopId): Hop {
  const found = report.hops.find((h) => h.id === id);
  assert.ok(found, id);
  return found;
}

/** The failed hop is `id`, every hop after it is skipped, every hop before it passed. */
function assertFailedAt(report: DoctorReport, id: HopId): Hop {
  assert.equal(report.failed, id, JSON.stringify(report.hops));
  const at = report.hops.findIndex((h) => h.id === id);
  for (const before of report.hops.slice(0, at)) assert.ok(['ok', 'warning', 'not-needed'].includes(before.status), `${before.id}: ${before.status}`);
  for (const after of report.hops.slice(at + 1)) assert.equal(after.status, 'skipped', after.id);
  return hop(report, id);
}

describe('connection doctor: each hop against real parts', function () {
  this.timeout(30_000);
  let certs: TestCertificates;
  let plain: Emulator;
  let secure: Emulator;
  let expired: Emulator;
  let open: TestProxy;
  let guarded: TestProxy;
  let strict: TestProxy;
  const AUTH = { user: 'alice', password: 'pw-s3cret' };

  before(async () => {
    certs = makeTestCertificates();
    [plain, secure, expired, open, guarded, strict] = await Promise.all([
      startEmulator(),
      startEmulator({ tls: { key: certs.key, cert: certs.cert } }),
      startEmulator({ tls: makeExpiredCertificate(certs) }),
      startTinyproxy(), startTinyproxy({ basicAuth: AUTH }), startTinyproxy({ connectPorts: [443] }),
    ]);
  });
  after(async () => {
    await Promise.all([plain.close(), secure.close(), expired.close(), open.close(), guarded.close(), strict.close()]);
    certs.dispose();
  });

  const https = (emulator: Emulator): string => `https://${SERVICE_HOST}:${new URL(emulator.url).port}`;
  function doctor(baseUrl: string, network: NetworkOptions, apiKey: string | null = DEMO_API_KEY, extra: Partial<DoctorInput> = {}): Promise<DoctorReport> {
    return runDoctor({ baseUrl, network, tokenUsage: apiKey === null ? undefined : () => askKey({ baseUrl, apiKey, network }), ...extra }, realProbes);
  }

  it('passes every hop to the loopback emulator, each timed, and says proxy and TLS were not needed', async () => {
    const report = await doctor(plain.url, { env: NO_ENV });
    assert.equal(report.failed, undefined, JSON.stringify(report.hops));
    assert.deepEqual(report.hops.map((h) => `${h.id}:${h.status}`), ['settings:ok', 'dns:ok', 'tcp:ok', 'proxy:not-needed', 'tls:not-needed', 'key:ok', 'webhook:not-needed']);
    assert.deepEqual(hop(report, 'key').facts, [{ kind: 'key', status: 200, remainingTokens: 1_123_455 }]);
    assert.ok(report.hops.every((h) => Number.isInteger(h.ms) && h.ms >= 0));
  });

  it('through a proxy with the per-run authority trusted: TLS names subject, issuer, expiry and the store that trusted it', async () => {
    const report = await doctor(https(secure), { proxy: open.url, systemCertificates: false, env: { NODE_EXTRA_CA_CERTS: certs.caFile } });
    assert.equal(report.failed, undefined, JSON.stringify(report.hops));
    assert.deepEqual(hop(report, 'proxy').facts, [{ kind: 'proxy-answer', status: 200, target: `${SERVICE_HOST}:${new URL(secure.url).port}` }]);
    const tls = hop(report, 'tls').facts[0];
    assert.ok(tls?.kind === 'tls');
    assert.equal(tls.subject, SERVICE_HOST);
    assert.equal(tls.issuer, 'Web Data test CA');
    assert.equal(tls.trustedBy, 'extra-file');
    assert.match(tls.protocol, /^TLSv1\.[23]$/);
    assert.ok(Date.parse(tls.validTo) > Date.now());
    const route = hop(report, 'settings').facts.find((f) => f.kind === 'route');
    assert.deepEqual(route, { kind: 'route', route: 'proxy', proxyHost: open.host, source: 'http.proxy', withCredentials: false });
  });

  it('an unresolvable name fails at dns and names the service address', async () => {
    const report = await doctor('https://nowhere.webdata.test', { env: NO_ENV });
    const failed = assertFailedAt(report, 'dns');
    assert.deepEqual(failed.fix, { fix: 'service-address', setting: 'webData.baseUrl', detail: 'unresolved' });
  });

  it('a refused port fails at tcp; through a proxy it names the proxy setting or variable', async () => {
    const port = await freePort();
    const direct = assertFailedAt(await doctor(`http://127.0.0.1:${port}`, { env: NO_ENV }), 'tcp');
    assert.deepEqual(direct.facts, [{ kind: 'error', code: 'ECONNREFUSED' }]);
    assert.deepEqual(direct.fix, { fix: 'service-address', setting: 'webData.baseUrl', detail: 'refused' });
    const viaEnv = assertFailedAt(await doctor(https(secure), { env: { HTTPS_PROXY: `http://127.0.0.1:${port}` } }), 'tcp');
    assert.deepEqual(viaEnv.fix, { fix: 'proxy-setting', variable: 'HTTPS_PROXY', detail: 'refused' });
  });

  it('a proxy answering 407 fails at the proxy hop and names the credentials, never the password', async () => {
    const report = await doctor(https(secure), { proxy: guarded.url, env: NO_ENV });
    const failed = assertFailedAt(report, 'proxy');
    assert.equal(failed.facts[0]?.kind === 'proxy-answer' && failed.facts[0].status, 407);
    assert.deepEqual(failed.fix, { fix: 'proxy-credentials', setting: 'http.proxyAuthorization' });
    const withPassword = await doctor(https(secure), { proxy: `http://${AUTH.user}:${AUTH.password}@${guarded.host}`, env: { NODE_EXTRA_CA_CERTS: certs.caFile } });
    assert.equal(withPassword.failed, undefined, JSON.stringify(withPassword.hops));
    assert.ok(!JSON.stringify(withPassword).includes(AUTH.password));
  });

  it('a CONNECT refused (403) fails at the proxy hop and names what to allow', async () => {
    const failed = assertFailedAt(await doctor(https(secure), { proxy: strict.url, env: NO_ENV }), 'proxy');
    assert.deepEqual(failed.fix, { fix: 'proxy-allow', setting: 'http.noProxy', detail: SERVICE_HOST });
  });

  it('an untrusted certificate fails at tls and names the certificate stores', async () => {
    const failed = assertFailedAt(await doctor(https(secure), { proxy: open.url, systemCertificates: false, env: NO_ENV }), 'tls');
    assert.deepEqual(failed.facts.at(-1), { kind: 'error', code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
    assert.deepEqual(failed.fix, { fix: 'certificates', setting: 'http.systemCertificates', variable: 'NODE_EXTRA_CA_CERTS', detail: 'untrusted' });
  });

  it('an expired certificate fails at tls and says it expired, with its date', async () => {
    const failed = assertFailedAt(await doctor(https(expired), { proxy: open.url, env: { NODE_EXTRA_CA_CERTS: certs.caFile } }), 'tls');
    const tls = failed.facts[0];
    assert.ok(tls?.kind === 'tls' && tls.validTo.startsWith('2020-01-02'), JSON.stringify(tls));
    assert.deepEqual(failed.fix, { fix: 'certificate-renewal', detail: 'expired' });
  });

  it('a refused key fails at the key hop; no key at all says so; 404 with no usage passes', async () => {
    assert.deepEqual(assertFailedAt(await doctor(plain.url, { env: NO_ENV }, 'wd-not-a-key'), 'key').fix, { fix: 'api-key', detail: 'refused' });
    assert.deepEqual(assertFailedAt(await doctor(plain.url, { env: NO_ENV }, null), 'key').fix, { fix: 'api-key', detail: 'no-key' });
    plain.injectFault({ path: '/v2/team/token-usage', fault: { kind: 'payment-required' } });
    assert.deepEqual(assertFailedAt(await doctor(plain.url, { env: NO_ENV }), 'key').fix, { fix: 'credits' });
    plain.setUsage(DEMO_API_KEY, null);
    const report = await doctor(plain.url, { env: NO_ENV });
    assert.equal(report.failed, undefined);
    assert.deepEqual(hop(report, 'key').facts, [{ kind: 'key', status: 404, remainingTokens: undefined }]);
  });

  it('an invalid proxy setting fails at the settings hop; NO_PROXY matches are listed', async () => {
    const failed = assertFailedAt(await doctor(https(secure), { env: { HTTPS_PROXY: 'socks5://127.0.0.1:1080' } }), 'settings');
    assert.deepEqual(failed.fix, { fix: 'proxy-setting', variable: 'HTTPS_PROXY', detail: 'scheme' });
    const bypassed = await doctor(https(secure), { proxy: open.url, noProxy: ['example.com', '.webdata.test'], env: NO_ENV });
    assert.deepEqual(hop(bypassed, 'settings').facts.find((f) => f.kind === 'no-proxy'), { kind: 'no-proxy', entries: ['example.com', '.webdata.test'], matched: ['.webdata.test'] });
  });

  it('the webhook receiver: a delivery answered 200 passes; without a secret it warns; refused, it fails', async () => {
    const webhook = (status: number, secretSet: boolean): DoctorInput['webhook'] => ({ address: 'http://127.0.0.1:8787/webhooks/web-data', secretSet, deliver: () => Promise.resolve(status) });
    assert.equal(hop(await doctor(plain.url, { env: NO_ENV }, DEMO_API_KEY, { webhook: webhook(200, true) }), 'webhook').status, 'ok');
    assert.equal(hop(await doctor(plain.url, { env: NO_ENV }, DEMO_API_KEY, { webhook: webhook(200, false) }), 'webhook').status, 'warning');
    assert.equal(assertFailedAt(await doctor(plain.url, { env: NO_ENV }, DEMO_API_KEY, { webhook: webhook(401, true) }), 'webhook').fix?.fix, 'webhook-receiver');
  });
});

describe('connection doctor: the sequence, with probes given to it', () => {
  const failing: DoctorProbes = {
    ...realProbes,
    lookup: () => Promise.resolve(['10.0.0.1']),
    openTcp: () => Promise.reject(new ProbeError('ETIMEDOUT')),
  };

  it('times each hop with the clock it is given and skips every hop after the first failure', async () => {
    let clock = 0;
    const now = (): number => (clock += 7);
    const report = await runDoctor({ baseUrl: 'https://api.example.com', network: { env: NO_ENV, systemCertificates: false }, tokenUsage: () => assert.fail('the key is not asked after a failed hop') }, failing, now);
    assert.deepEqual(report.hops.map((h) => `${h.id}:${h.status}:${h.ms}`), ['settings:ok:7', 'dns:ok:7', 'tcp:failed:7', 'proxy:skipped:0', 'tls:skipped:0', 'key:skipped:0', 'webhook:skipped:0']);
    assert.deepEqual(hop(report, 'tcp').facts, [{ kind: 'error', code: 'ETIMEDOUT' }]);
  });

  it('no service address fails at the settings hop, naming the setting', async () => {
    const report = await runDoctor({ baseUrl: undefined, network: { env: NO_ENV } }, failing);
    assert.deepEqual(assertFailedAt(report, 'settings').fix, { fix: 'service-address', setting: 'webData.baseUrl' });
  });

  it('an http:// address off this machine fails at the settings hop, saying so (the key goes only over https://)', async () => {
    const report = await runDoctor({ baseUrl: 'http://api.example.com', network: { env: NO_ENV } }, failing);
    assert.deepEqual(assertFailedAt(report, 'settings').fix, { fix: 'service-address', setting: 'webData.baseUrl', detail: 'plain-http' });
  });

  it('with http.proxyStrictSSL off the settings hop warns, and an untrusted certificate is a warning, not a stop', async () => {
    const certs = makeTestCertificates();
    const secure = await startEmulator({ tls: { key: certs.key, cert: certs.cert } });
    try {
      const baseUrl = `https://localhost:${new URL(secure.url).port}`;
      const report = await runDoctor({ baseUrl, network: { env: NO_ENV, strictSSL: false, systemCertificates: false } }, realProbes);
      assert.equal(hop(report, 'settings').status, 'warning');
      assert.equal(hop(report, 'tls').status, 'warning');
      assert.equal(hop(report, 'tls').fix?.detail, 'untrusted');
    } finally {
      await secure.close();
      certs.dispose();
    }
  });
});
