import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { signBody, verifySignature } from '../../src/core/webhooks';

const SECRET = 'whsec-test-0001';
const BODY = '{"success":true,"type":"crawl.completed","id":"c1","webhookId":"w1","data":[]}';

describe('webhook signature (spec 5.4)', () => {
  it('signs as sha256=<hex> of the HMAC-SHA256 (RFC 4231 test case 2)', () => {
    assert.equal(
      signBody('what do ya want for nothing?', 'Jefe'),
      'sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('accepts a good signature', () => {
    assert.equal(verifySignature(BODY, signBody(BODY, SECRET), SECRET), true);
  });

  it('refuses a body changed by one byte', () => {
    const header = signBody(BODY, SECRET);
    const changed = BODY.replace('"c1"', '"c2"');
    assert.equal(changed.length, BODY.length);
    assert.equal(verifySignature(changed, header, SECRET), false);
    assert.equal(verifySignature(BODY + ' ', header, SECRET), false);
  });

  it('refuses a signature made with another secret', () => {
    assert.equal(verifySignature(BODY, signBody(BODY, 'another-secret'), SECRET), false);
  });

  it('refuses a missing or empty header', () => {
    assert.equal(verifySignature(BODY, undefined, SECRET), false);
    assert.equal(verifySignature(BODY, null, SECRET), false);
    assert.equal(verifySignature(BODY, '', SECRET), false);
    assert.equal(verifySignature(BODY, 'sha256=', SECRET), false);
  });

  it('refuses another scheme, even with a correct digest of that scheme', () => {
    const sha1 = createHmac('sha1', SECRET).update(BODY).digest('hex');
    assert.equal(verifySignature(BODY, `sha1=${sha1}`, SECRET), false);
    const hex = signBody(BODY, SECRET).slice('sha256='.length);
    assert.equal(verifySignature(BODY, hex, SECRET), false, 'bare hex without the prefix');
    assert.equal(verifySignature(BODY, `sha512=${hex}`, SECRET), false);
    assert.equal(verifySignature(BODY, `SHA256=${hex}`, SECRET), false, 'the prefix is lower-case in the spec');
  });

  it('refuses odd-length, non-hex and wrong-length digests without throwing', () => {
    const hex = signBody(BODY, SECRET).slice('sha256='.length);
    assert.equal(verifySignature(BODY, `sha256=${hex.slice(0, 63)}`, SECRET), false, 'odd length');
    assert.equal(verifySignature(BODY, `sha256=${hex.slice(0, 62)}`, SECRET), false, 'one byte short');
    assert.equal(verifySignature(BODY, `sha256=${hex}00`, SECRET), false, 'one byte long');
    assert.equal(verifySignature(BODY, `sha256=${'zz'.repeat(32)}`, SECRET), false, 'not hex');
    // Buffer.from(hex, 'hex') would stop at the junk and decode the good prefix: must not pass.
    assert.equal(verifySignature(BODY, `sha256=${hex}zz`, SECRET), false, 'good digest followed by junk');
    assert.equal(verifySignature(BODY, `sha256=${hex.slice(0, 62)}zz`, SECRET), false, 'junk in the last byte');
    const sha512 = createHmac('sha512', SECRET).update(BODY).digest('hex');
    assert.equal(verifySignature(BODY, `sha256=${sha512}`, SECRET), false, 'a 64-byte digest');
  });

  it('accepts upper-case hex (hex is case-insensitive) and surrounding spaces', () => {
    const hex = signBody(BODY, SECRET).slice('sha256='.length);
    assert.equal(verifySignature(BODY, `sha256=${hex.toUpperCase()}`, SECRET), true);
    assert.equal(verifySignature(BODY, ` sha256=${hex} `, SECRET), true);
  });

  it('verifies nothing under an empty secret', () => {
    assert.equal(verifySignature(BODY, signBody(BODY, ''), ''), false);
  });

  it('checks the raw bytes: a Buffer and its UTF-8 string agree, other bytes do not', () => {
    const text = '{"metadata":{"name":"café ✓"}}';
    const bytes = Buffer.from(text, 'utf8');
    assert.equal(verifySignature(bytes, signBody(text, SECRET), SECRET), true);
    assert.equal(verifySignature(text, signBody(bytes, SECRET), SECRET), true);
    // Latin-1 bytes of the same text are another body; so is a re-serialised form of the JSON.
    assert.equal(verifySignature(Buffer.from(text, 'latin1'), signBody(text, SECRET), SECRET), false);
    const spaced = JSON.stringify(JSON.parse(text), null, 1);
    assert.equal(verifySignature(spaced, signBody(text, SECRET), SECRET), false);
    // Bytes that are not valid UTF-8 are signed as bytes, not as their decoded replacement text.
    const invalid = Buffer.from([0x7b, 0xff, 0xfe, 0x7d]);
    assert.equal(verifySignature(invalid, signBody(invalid, SECRET), SECRET), true);
    assert.equal(verifySignature(invalid.toString('utf8'), signBody(invalid, SECRET), SECRET), false);
  });

  it('never throws, whatever the header, body or secret', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constant(undefined), fc.constant(null)), fc.string(), fc.string(), (header, body, secret) => {
        const result = verifySignature(body, header, secret);
        assert.equal(typeof result, 'boolean');
        if (result) assert.equal(signBody(body, secret).toLowerCase(), header?.trim().toLowerCase());
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-fA-F]{0,70}$/), (hex) => {
        assert.equal(verifySignature(BODY, `sha256=${hex}`, SECRET), hex.toLowerCase() === signBody(BODY, SECRET).slice(7));
      }),
      { numRuns: 300 },
    );
  });
});
