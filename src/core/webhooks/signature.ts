// The delivery signature of spec 5.4: header X-Service-Signature = `sha256=<hex>`, the
// HMAC-SHA256 of the raw request body. Always computed over the bytes received, never over
// re-serialised JSON (key order, spacing and escapes would change the digest).
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header that carries the signature, lower-cased as node:http presents it. */
export const SIGNATURE_HEADER = 'x-service-signature';

const PREFIX = 'sha256=';
/** 32 bytes of SHA-256 as hex. Hex is case-insensitive, so upper-case digests are accepted too. */
const HEX_DIGEST = /^[0-9a-fA-F]{64}$/;

function digest(rawBody: string | Buffer, secret: string): Buffer {
  return createHmac('sha256', secret).update(rawBody).digest();
}

/**
 * `sha256=<lower-case hex>` for a body, as the service sends it. Used by the emulator's sender and
 * by tests; a string body is taken as its UTF-8 bytes.
 */
export function signBody(rawBody: string | Buffer, secret: string): string {
  return PREFIX + digest(rawBody, secret).toString('hex');
}

/**
 * True only when `signatureHeader` is `sha256=<hex>` and the hex is the HMAC-SHA256 of `rawBody`
 * under `secret`, compared in constant time. Anything else (no header, another scheme such as
 * `sha1=`, bad or odd-length hex, a digest of the wrong length) is false, never a throw.
 * An empty secret verifies nothing: anyone can compute an HMAC under an empty key.
 */
export function verifySignature(
  rawBody: string | Buffer,
  signatureHeader: string | undefined | null,
  secret: string,
): boolean {
  if (typeof secret !== 'string' || secret.length === 0) return false;
  if (typeof signatureHeader !== 'string') return false;
  const header = signatureHeader.trim();
  if (!header.startsWith(PREFIX)) return false;
  const hex = header.slice(PREFIX.length);
  // Checked before decoding: Buffer.from(hex, 'hex') silently stops at the first bad character.
  if (!HEX_DIGEST.test(hex)) return false;
  if (typeof rawBody !== 'string' && !Buffer.isBuffer(rawBody)) return false;
  const expected = digest(rawBody, secret);
  const received = Buffer.from(hex, 'hex');
  // timingSafeEqual throws on unequal lengths; the regex makes both 32 bytes, checked again anyway.
  return received.length === expected.length && timingSafeEqual(received, expected);
}
