// Company networks, with real parts: an HTTPS emulator whose certificate comes from an authority
// made for this run, and Debian's tinyproxy as the forwarding proxy. The service is addressed as
// SERVICE_HOST, which only the proxy can resolve, so a request that skips the proxy fails.
import assert from 'node:assert/strict';
import {
  DEMO_API_KEY, makeTestCertificates, SERVICE_HOST, startEmulator, startTinyproxy,
  type Emulator, type TestCertificates, type TestProxy,
} from '../emulator';
import { WebDataClient, WebDataError, type NetworkOptions, type RequestInfo } from '../../src/core/api';

describe('client: proxies and certificates (tinyproxy, HTTPS emulator)', function () {
  this.timeout(30_000);
  let certs: TestCertificates;
  let emulator: Emulator;
  let open: TestProxy;
  let guarded: TestProxy;
  let strict: TestProxy;
  let service: string;
  const clients: WebDataClient[] = [];
  const AUTH = { user: 'alice', password: 'pw-s3cret' };

  before(async () => {
    certs = makeTestCertificates();
    emulator = await startEmulator({ tls: { key: certs.key, cert: certs.cert } });
    service = `https://${SERVICE_HOST}:${new URL(emulator.url).port}`;
    [open, guarded, strict] = await Promise.all([startTinyproxy(), startTinyproxy({ basicAuth: AUTH }), startTinyproxy({ connectPorts: [443] })]);
  });
  after(async () => {
    await Promise.all([open.close(), guarded.close(), strict.close(), emulator.close()]);
    certs.dispose();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });

  function client(network: NetworkOptions, baseUrl = service, log?: RequestInfo[]): WebDataClient {
    const created = new WebDataClient({ baseUrl, apiKey: DEMO_API_KEY, network, retry: { maxAttempts: 1 }, onRequest: (info) => log?.push(info) });
    clients.push(created);
    return created;
  }
  const trusted = (env: Record<string, string>): Record<string, string> => ({ NODE_EXTRA_CA_CERTS: certs.caFile, ...env });
  const reached = (): number => emulator.requests.length;

  async function failure(promise: Promise<unknown>): Promise<WebDataError> {
    try {
      await promise;
    } catch (error) {
      assert.ok(error instanceof WebDataError, String(error));
      return error;
    }
    assert.fail('the request passed');
  }

  it('token usage, search and active crawls arrive through HTTPS_PROXY, each logged with the proxy host', async () => {
    const log: RequestInfo[] = [];
    const before = open.connects().length;
    const c = client({ env: trusted({ HTTPS_PROXY: open.url }) }, service, log);
    assert.equal((await c.getTokenUsage()).remainingTokens > 0, true);
    assert.equal((await c.search({ query: 'typescript', limit: 1 })).success, true);
    assert.equal(Array.isArray(await c.listActiveCrawls()), true);
    assert.ok(open.connects().length > before, 'the proxy saw a CONNECT');
    assert.ok(open.connects().every((target) => target === `${SERVICE_HOST}:${new URL(service).port}`));
    assert.deepEqual(log.map((info) => info.proxy), [open.host, open.host, open.host]);
  });

  it('the http.proxy setting comes before the environment, and ALL_PROXY is honoured', async () => {
    const viaSetting = client({ proxy: open.url, env: trusted({ HTTPS_PROXY: 'http://127.0.0.1:1' }) });
    assert.ok((await viaSetting.getTokenUsage()).remainingTokens > 0);
    const viaAll = client({ env: trusted({ ALL_PROXY: open.url }) });
    assert.ok((await viaAll.getTokenUsage()).remainingTokens > 0);
  });

  it('NO_PROXY and http.noProxy send the request past the proxy (here: to a name nothing else resolves)', async () => {
    for (const network of [{ env: trusted({ HTTPS_PROXY: open.url, NO_PROXY: `localhost, .webdata.test` }) }, { proxy: open.url, noProxy: [SERVICE_HOST], env: trusted({}) }]) {
      const before = open.connects().length;
      const error = await failure(client(network).getTokenUsage());
      assert.equal(error.kind, 'network');
      assert.match(error.message, /Could not find the service's host/);
      assert.equal(open.connects().length, before, 'the proxy was not asked');
    }
  });

  it('a service on loopback never goes through the proxy, even a configured one', async () => {
    const before = open.connects().length;
    const log: RequestInfo[] = [];
    const c = client({ proxy: 'http://127.0.0.1:1', env: trusted({ HTTPS_PROXY: open.url }) }, emulator.url, log);
    assert.ok((await c.getTokenUsage()).remainingTokens > 0);
    assert.equal(open.connects().length, before);
    assert.equal(log[0]?.proxy, undefined);
  });

  it('http.proxySupport "off" turns the proxy off', async () => {
    const error = await failure(client({ proxySupport: false, proxy: open.url, env: trusted({ HTTPS_PROXY: open.url }) }).getTokenUsage());
    assert.equal(error.kind, 'network');
  });

  it('proxy authentication: user and password in the URL, or http.proxyAuthorization, are accepted', async () => {
    const inUrl = `http://${AUTH.user}:${AUTH.password}@${guarded.host}`;
    assert.ok((await client({ env: trusted({ HTTPS_PROXY: inUrl }) }).getTokenUsage()).remainingTokens > 0);
    const header = `Basic ${Buffer.from(`${AUTH.user}:${AUTH.password}`).toString('base64')}`;
    assert.ok((await client({ proxy: guarded.url, proxyAuthorization: header, env: trusted({}) }).getTokenUsage()).remainingTokens > 0);
  });

  it('a proxy that refuses the credentials gets its own error: the proxy named, no password, not the API key', async () => {
    const before = reached();
    for (const network of [{ proxy: guarded.url, env: trusted({}) }, { env: trusted({ HTTPS_PROXY: `http://${AUTH.user}:wrong-pw@${guarded.host}` }) }]) {
      const error = await failure(client(network).getTokenUsage());
      assert.equal(error.kind, 'proxy');
      assert.ok(error.message.includes(guarded.host), error.message);
      assert.match(error.message, /credentials/);
      assert.match(error.message, network.proxy ? /http\.proxy setting/ : /HTTPS_PROXY environment variable/);
      assert.doesNotMatch(error.message, /wrong-pw|API key/);
    }
    assert.equal(reached(), before, 'nothing reached the service');
  });

  it('a proxy that forbids the CONNECT (403) or cannot be reached says so and names the setting', async () => {
    const forbidden = await failure(client({ proxy: strict.url, env: trusted({}) }).getTokenUsage());
    assert.equal(forbidden.kind, 'proxy');
    assert.match(forbidden.message, /does not allow connections .*\(403\)/);
    assert.match(forbidden.message, /http\.noProxy/);
    const unreachable = await failure(client({ env: trusted({ https_proxy: 'http://user:pw-hidden@127.0.0.1:1' }) }).getTokenUsage());
    assert.equal(unreachable.kind, 'proxy');
    assert.match(unreachable.message, /Could not reach the proxy 127\.0\.0\.1:1 \(ECONNREFUSED\)\. Check the https_proxy environment variable/);
    assert.doesNotMatch(unreachable.message, /pw-hidden/);
  });

  it('a proxy address that cannot work (socks5:, not a URL) is refused before connecting', async () => {
    const error = await failure(client({ env: { ALL_PROXY: 'socks5://127.0.0.1:1080' } }).getTokenUsage());
    assert.equal(error.kind, 'proxy');
    assert.match(error.message, /ALL_PROXY environment variable uses socks5:/);
  });

  it('a certificate this machine does not trust: its own error in words, and nothing sent', async () => {
    const before = reached();
    const error = await failure(client({ env: { HTTPS_PROXY: open.url } }).search({ query: 'typescript', limit: 1 }));
    assert.equal(error.kind, 'certificate');
    assert.match(error.message, /is not trusted by this machine/);
    assert.match(error.message, /If your company inspects TLS/);
    assert.equal(reached(), before, 'nothing reached the service');
  });

  it('the certificate is trusted through NODE_EXTRA_CA_CERTS, and http.proxyStrictSSL false skips the check', async () => {
    assert.ok((await client({ env: { HTTPS_PROXY: open.url, NODE_EXTRA_CA_CERTS: certs.caFile } }).getTokenUsage()).remainingTokens > 0);
    assert.ok((await client({ strictSSL: false, env: { HTTPS_PROXY: open.url } }).getTokenUsage()).remainingTokens > 0);
  });
});
