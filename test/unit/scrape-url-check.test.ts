// The check of a URL before it leaves for the service: a table of real-world addresses, each with
// what is refused, what is flagged and what is sent when the flagged parts are removed.
import assert from 'node:assert/strict';
import { checkUrl, MAX_URL_LENGTH, unreachableReason, type UrlCheck } from '../../src/core/scrape/url-check';

const kinds = (check: UrlCheck): string[] => (check.ok ? check.flags.map((f) => (f.kind === 'unreachable-host' ? `unreachable:${f.reason}` : f.kind === 'secret-parameter' ? `secret:${f.name}` : f.kind)) : []);

describe('checkUrl: refused before sending', () => {
  const refused: Array<[string, string]> = [
    ['', 'empty'],
    ['   ', 'empty'],
    ['ftp://ftp.example.com/pub/file.txt', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['mailto:someone@example.com', 'scheme'],
    ['command:workbench.action.reloadWindow', 'scheme'],
    ['data:text/html,<b>x</b>', 'scheme'],
    ['https://', 'not-a-url'],
    ['http://exa mple.com/', 'not-a-url'],
    [`https://example.com/${'a'.repeat(MAX_URL_LENGTH)}`, 'too-long'],
  ];
  for (const [input, kind] of refused) {
    it(`${JSON.stringify(input.slice(0, 40))} → ${kind}`, () => {
      const check = checkUrl(input);
      assert.ok(!check.ok);
      assert.equal(check.refusal.kind, kind);
    });
  }

  it('a URL of exactly the limit is taken, one character more is not', () => {
    const base = 'https://example.com/';
    const exact = base + 'a'.repeat(MAX_URL_LENGTH - base.length);
    assert.equal(checkUrl(exact).ok, true);
    const over = checkUrl(exact + 'a');
    assert.ok(!over.ok && over.refusal.kind === 'too-long' && over.refusal.length === MAX_URL_LENGTH + 1);
  });
});

describe('checkUrl: flagged, and what is sent without the flagged parts', () => {
  const table: Array<{ input: string; flags: string[]; cleaned: string }> = [
    { input: 'https://docs.tideflow.dev/getting-started', flags: [], cleaned: 'https://docs.tideflow.dev/getting-started' },
    { input: 'HTTP://Example.COM/Path?q=1#top', flags: [], cleaned: 'http://example.com/Path?q=1#top' },
    { input: 'example.com/docs', flags: ['assumed-https'], cleaned: 'https://example.com/docs' },
    { input: 'localhost:3000/api', flags: ['assumed-https', 'unreachable:loopback'], cleaned: 'https://localhost:3000/api' },
    { input: 'https://alice:hunter2@git.example.com/repo', flags: ['credentials'], cleaned: 'https://git.example.com/repo' },
    { input: 'https://token@registry.example.com/pkg', flags: ['credentials'], cleaned: 'https://registry.example.com/pkg' },
    // A signed S3 link: the signature, credential and session token go; the rest stays.
    {
      input: 'https://bucket.s3.amazonaws.com/report.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20261127%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20261127T000000Z&X-Amz-Expires=3600&X-Amz-Signature=fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024',
      flags: ['secret:X-Amz-Credential', 'secret:X-Amz-Signature'],
      cleaned: 'https://bucket.s3.amazonaws.com/report.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20261127T000000Z&X-Amz-Expires=3600',
    },
    { input: 'https://api.example.com/v1/items?api_key=abc123&page=2', flags: ['secret:api_key'], cleaned: 'https://api.example.com/v1/items?page=2' },
    { input: 'https://example.com/reset?token=x&password=y', flags: ['secret:token', 'secret:password'], cleaned: 'https://example.com/reset' },
    { input: 'https://example.com/share?id=Zx9q2Lm4Vb7Nc1Rt8Yp3Wk6', flags: ['secret:id'], cleaned: 'https://example.com/share' },
    { input: 'https://example.com/search?q=rust+async+runtime&page=2', flags: [], cleaned: 'https://example.com/search?q=rust+async+runtime&page=2' },
    { input: 'https://app.example.com/callback#access_token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abcdefghijkl&expires_in=3600', flags: ['secret:#access_token'], cleaned: 'https://app.example.com/callback' },
    { input: 'http://127.0.0.1:8080/', flags: ['unreachable:loopback'], cleaned: 'http://127.0.0.1:8080/' },
    { input: 'http://[::1]/', flags: ['unreachable:loopback'], cleaned: 'http://[::1]/' },
    { input: 'http://10.1.2.3/wiki', flags: ['unreachable:private'], cleaned: 'http://10.1.2.3/wiki' },
    { input: 'http://172.20.0.5/', flags: ['unreachable:private'], cleaned: 'http://172.20.0.5/' },
    { input: 'http://192.168.1.1/admin', flags: ['unreachable:private'], cleaned: 'http://192.168.1.1/admin' },
    { input: 'http://169.254.169.254/latest/meta-data', flags: ['unreachable:link-local'], cleaned: 'http://169.254.169.254/latest/meta-data' },
    { input: 'http://0.0.0.0:3000/', flags: ['unreachable:unspecified'], cleaned: 'http://0.0.0.0:3000/' },
    { input: 'http://printer.local/', flags: ['unreachable:local-name'], cleaned: 'http://printer.local/' },
    { input: 'https://wiki.corp.internal/page', flags: ['unreachable:internal-name'], cleaned: 'https://wiki.corp.internal/page' },
    { input: 'http://intranet/', flags: ['unreachable:single-label'], cleaned: 'http://intranet/' },
    { input: 'https://8.8.8.8/', flags: [], cleaned: 'https://8.8.8.8/' },
    { input: 'https://172.32.0.1/', flags: [], cleaned: 'https://172.32.0.1/' },
    // An internationalised name goes in its ASCII form, as the service and every browser send it.
    { input: 'https://münchen.example/straße', flags: [], cleaned: 'https://xn--mnchen-3ya.example/stra%C3%9Fe' },
  ];
  for (const row of table) {
    it(row.input.slice(0, 70), () => {
      const check = checkUrl(row.input);
      assert.ok(check.ok, 'taken');
      assert.deepEqual(kinds(check), row.flags);
      assert.equal(check.cleaned, row.cleaned);
    });
  }

  it('keeps the address as typed beside the cleaned one, so the person may keep what was flagged', () => {
    const check = checkUrl('https://u:p@example.com/x?token=t');
    assert.ok(check.ok);
    assert.equal(check.url, 'https://u:p@example.com/x?token=t');
    assert.equal(check.cleaned, 'https://example.com/x');
  });
});

describe('unreachableReason', () => {
  it('sees IPv4-mapped IPv6 and a trailing dot', () => {
    assert.equal(unreachableReason('[::ffff:192.168.0.1]'), 'private');
    assert.equal(unreachableReason('localhost.'), 'loopback');
    assert.equal(unreachableReason('[fd00::1]'), 'private');
    assert.equal(unreachableReason('[fe80::1]'), 'link-local');
    assert.equal(unreachableReason('example.com'), undefined);
  });
});
