import assert from 'node:assert/strict';
import { checkBaseUrl } from '../../src/features/connect/base-url';

describe('connect: the service address', () => {
  it('takes https addresses, without a trailing slash or /v2', () => {
    assert.deepEqual(checkBaseUrl(' https://api.example.com/ '), { ok: true, baseUrl: 'https://api.example.com' });
    assert.deepEqual(checkBaseUrl('https://api.example.com/v2'), { ok: true, baseUrl: 'https://api.example.com' });
    assert.deepEqual(checkBaseUrl('https://example.com/proxy/v2/'), { ok: true, baseUrl: 'https://example.com/proxy' });
    assert.deepEqual(checkBaseUrl('HTTPS://API.Example.com:8443'), { ok: true, baseUrl: 'https://api.example.com:8443' });
  });

  it('takes plain http only on this machine', () => {
    for (const url of ['http://127.0.0.1:4010', 'http://localhost:8080', 'http://[::1]:9000', 'http://127.1.2.3']) {
      assert.equal(checkBaseUrl(url).ok, true, url);
    }
    for (const url of ['http://api.example.com', 'http://10.0.0.5', 'http://127.0.0.1.example.com']) {
      const check = checkBaseUrl(url);
      assert.equal(check.ok, false, url);
      assert.match(check.message, /only allowed for a service on this computer/);
    }
  });

  it('refuses what is not an address, with words that say what to do', () => {
    const cases: Array<[string, RegExp]> = [
      ['', /Enter the address/],
      ['api.example.com', /not a URL/],
      ['ftp://api.example.com', /Use https/],
      ['https://user:pw@api.example.com', /user name and password/],
      ['https://api.example.com/?key=abc', /query/],
      ['https://api.example.com/#x', /fragment/],
    ];
    for (const [input, message] of cases) {
      const check = checkBaseUrl(input);
      assert.equal(check.ok, false, input);
      assert.match(check.message, message, input);
    }
  });

});
