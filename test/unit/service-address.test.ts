// The one ServiceAddress: every spelling of an address is one service, with one key name, one
// request prefix and one loopback answer, wherever it is asked (settings, secrets, client, prompt).
import assert from 'node:assert/strict';
import { apiKeyName, isLoopbackHost, parseServiceAddress } from '../../src/core/service-address';
import { checkBaseUrl } from '../../src/features/connect/base-url';
import { parseBaseUrl } from '../../src/core/api/base-url';

function address(text: string) {
  const check = parseServiceAddress(text);
  if (!check.ok) throw new Error(`${text}: ${check.problem.kind}`);
  return check.address;
}

describe('service address: one parse for everything', () => {
  it('an address typed with /V2 is keyed and requested as the same service, never as /V2/v2', () => {
    const spellings = ['https://api.example.com', 'HTTPS://Api.Example.com/', 'https://api.example.com/v2', 'https://api.example.com/V2/', ' https://api.example.com:443/v2// '];
    for (const text of spellings) {
      const a = address(text);
      assert.equal(a.baseUrl, 'https://api.example.com', text);
      assert.equal(a.prefix, '/v2', text);
      assert.equal(a.keyName, 'webData.apiKey:https://api.example.com', text);
      assert.equal(apiKeyName(text), a.keyName, text);
      assert.deepEqual(checkBaseUrl(text), { ok: true, baseUrl: 'https://api.example.com' }, text);
      assert.equal(parseBaseUrl(text).prefix, '/v2', text);
    }
  });

  it('keeps a path in front of /v2', () => {
    const a = address('https://gateway.example.com/Web-Data/V2');
    assert.equal(a.baseUrl, 'https://gateway.example.com/Web-Data');
    assert.equal(a.prefix, '/Web-Data/v2');
  });

  it('says why an address is refused, as a kind (words are made where it is shown)', () => {
    const cases: Array<[string, string]> = [
      ['', 'empty'], ['api.example.com', 'not-a-url'], ['ftp://api.example.com', 'scheme'], ['http://api.example.com', 'plain-http'],
      ['https://user:pw@api.example.com', 'credentials'], ['https://api.example.com/?key=abc', 'query'],
    ];
    for (const [text, kind] of cases) {
      const check = parseServiceAddress(text);
      assert.equal(check.ok ? 'ok' : check.problem.kind, kind, text);
    }
  });

  it('a bad setting still maps to one stable key name, so it can be cleared', () => {
    assert.equal(apiKeyName(' not a url/ '), 'webData.apiKey:not a url');
  });
});

describe('service address: the loopback rule', () => {
  for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', 'localhost.', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '[::ffff:7f00:1]', ' 127.0.0.1 ']) {
    it(`${JSON.stringify(host)} is loopback`, () => assert.equal(isLoopbackHost(host), true));
  }
  for (const host of ['0.0.0.0', '::', '192.168.1.5', '128.0.0.1', '127.0.0.256', '127.example.com', 'localhost.example.com', 'example.com', '::2', '']) {
    it(`${JSON.stringify(host)} is not loopback`, () => assert.equal(isLoopbackHost(host), false));
  }
  it('the URL parser\'s spellings of loopback stay loopback (http allowed, no proxy)', () => {
    for (const text of ['http://127.1:8080', 'http://[0:0:0:0:0:0:0:1]:9', 'http://[::ffff:127.0.0.1]:9', 'http://LocalHost:1']) assert.equal(address(text).loopback, true, text);
    assert.equal(address('https://api.example.com').loopback, false);
  });
});
