// Which route a client takes, from the settings and the environment alone (no sockets).
import assert from 'node:assert/strict';
import { bypassed, routeFor, type NetworkOptions } from '../../src/core/api/network';
import { parseBaseUrl } from '../../src/core/api/base-url';

const service = parseBaseUrl('https://api.example.com');
const route = (options: NetworkOptions, address = service): string => {
  const r = routeFor(address, options);
  return r.kind === 'proxy' ? `${r.proxy.source} ${r.proxy.host}` : r.kind === 'invalid-proxy' ? `invalid ${r.source}` : 'direct';
};

describe('network: the route to the service', () => {
  it('reads the environment in curl\'s order, lower case first, ALL_PROXY last', () => {
    assert.equal(route({ env: {} }), 'direct');
    assert.equal(route({ env: { HTTPS_PROXY: 'http://a:1', https_proxy: 'http://b:2' } }), 'https_proxy b:2');
    assert.equal(route({ env: { HTTP_PROXY: 'http://c:3', ALL_PROXY: 'http://d:4' } }), 'HTTP_PROXY c:3');
    assert.equal(route({ env: { ALL_PROXY: 'proxy.corp:3128' } }), 'ALL_PROXY proxy.corp:3128');
    assert.equal(route({ proxy: 'http://set:8', env: { HTTPS_PROXY: 'http://a:1' } }), 'http.proxy set:8');
    assert.equal(route({ proxy: '  ', env: { HTTPS_PROXY: 'http://a:1' } }), 'HTTPS_PROXY a:1');
    assert.equal(route({ env: { HTTPS_PROXY: 'socks5://s:1' } }), 'invalid HTTPS_PROXY');
  });

  it('never proxies loopback, nor anything when proxy support is off', () => {
    for (const url of ['http://127.0.0.1:9', 'http://localhost:9', 'https://[::1]:9']) assert.equal(route({ proxy: 'http://p:1' }, parseBaseUrl(url)), 'direct', url);
    assert.equal(route({ proxySupport: false, proxy: 'http://p:1', env: { HTTPS_PROXY: 'http://a:1' } }), 'direct');
  });

  it('matches NO_PROXY as curl does: *, hosts with their subdomains, leading dots, ports', () => {
    const at = (origin: string, entries: string[]): boolean => bypassed({ origin }, entries);
    assert.ok(at('https://api.example.com', ['*']));
    assert.ok(at('https://api.example.com', ['example.com']));
    assert.ok(at('https://api.example.com', ['.example.com']));
    assert.ok(at('https://api.example.com', ['*.example.com']));
    assert.ok(at('https://api.example.com', ['api.example.com:443']));
    assert.ok(!at('https://api.example.com', ['api.example.com:8443']));
    assert.ok(!at('https://api.example.com', ['ample.com', 'other.org', '']));
    assert.ok(!at('https://notexample.com', ['example.com']));
    assert.equal(route({ noProxy: ['example.com'], env: { HTTPS_PROXY: 'http://a:1' } }), 'direct');
    assert.equal(route({ env: { HTTPS_PROXY: 'http://a:1', no_proxy: 'foo.org, .example.com' } }), 'direct');
  });
});
