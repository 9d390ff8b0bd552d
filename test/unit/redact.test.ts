// The key in every form a service or a proxy might echo it: exactly, in another letter case,
// percent-encoded and base64 (at any alignment inside a longer value). Redacted from text, from a
// cause chain, from the errors of a real client talking to the emulator, and from log lines.
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../emulator';
import { WebDataClient, WebDataError } from '../../src/core/api';
import { safeCause, scrub } from '../../src/core/api/secrets';
import { REDACTED, SecretRedactor, redact } from '../../src/core/redact';

const KEY = 'wd-Live_KEY+7f3a/9c1e=5b';

const percentAll = (text: string, upper: boolean): string =>
  [...Buffer.from(text, 'utf8')].map((b) => `%${upper ? b.toString(16).toUpperCase().padStart(2, '0') : b.toString(16).padStart(2, '0')}`).join('');
const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
const base64url = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');

/** Every form of `key` the issue names, each inside some surrounding text. */
function echoes(key: string): Record<string, string> {
  const forms: Record<string, string> = {
    exact: `bad key ${key} given`,
    upper: `BAD KEY ${key.toUpperCase()}`,
    lower: `bad key ${key.toLowerCase()}`,
    uri: `GET /x?key=${encodeURIComponent(key)}&a=1`,
    'percent, lower hex': `key=${percentAll(key, false)}`,
    'percent, upper hex': `key=${percentAll(key, true)}`,
  };
  for (const prefix of ['', 'a', 'ab', ':', 'Bearer ', 'user:']) {
    forms[`base64 after ${JSON.stringify(prefix)}`] = `Authorization: Basic ${base64(prefix + key)}`;
    forms[`base64url after ${JSON.stringify(prefix)}`] = `token=${base64url(`${prefix}${key}!`)}`;
  }
  return forms;
}

/** True when the key can still be read out of `text` in one of the forms. */
function leaks(text: string, key: string): boolean {
  const lower = text.toLowerCase();
  if (lower.includes(key.toLowerCase())) return true;
  let decoded = text;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    // Not decodable as a whole: the parts below still are checked.
  }
  if (decoded.toLowerCase().includes(key.toLowerCase())) return true;
  // Decode every base64-looking run at each of its alignments.
  for (const run of text.match(/[A-Za-z0-9+/_-]{8,}={0,2}/g) ?? []) {
    for (let skip = 0; skip < 4; skip++) {
      const bytes = Buffer.from(run.slice(skip).replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1');
      if (bytes.includes(key)) return true;
    }
  }
  return false;
}

describe('the key is redacted in every form', () => {
  it('the check itself finds each form before redaction', () => {
    for (const [form, text] of Object.entries(echoes(KEY))) assert.ok(leaks(text, KEY), `the test would not see the ${form} form`);
  });

  for (const [form, text] of Object.entries(echoes(KEY))) {
    it(form, () => {
      const cleaned = redact(text, [KEY]);
      assert.ok(!leaks(cleaned, KEY), `left in: ${cleaned}`);
      assert.ok(cleaned.includes(REDACTED), cleaned);
    });
  }

  it('leaves ordinary text alone, and matches a short secret only exactly', () => {
    const text = 'The service is not available right now (503 Service Unavailable). Try again.';
    assert.equal(redact(text, [KEY]), text);
    assert.equal(redact('abc ABC %61bc', ['abc']), `${REDACTED} ABC %61bc`);
    assert.equal(redact('nothing', ['']), 'nothing');
  });

  it('scrub and safeCause clean a message and a cause chain of every form', () => {
    const all = Object.values(echoes(KEY)).join(' | ');
    assert.ok(!leaks(scrub(all, KEY), KEY));
    const inner = Object.assign(new Error(all), { code: 'E_X' });
    const cause = safeCause(new Error(`outer ${KEY.toUpperCase()}`, { cause: inner }), KEY);
    const text = `${cause?.message} ${cause?.stack} ${(cause?.cause as Error).message} ${(cause?.cause as Error).stack}`;
    assert.ok(!leaks(text, KEY), text);
  });

  it('the log redactor cleans lines of every secret it was told, in every form', () => {
    const redactor = new SecretRedactor();
    const secret = 'whsec-Hook-Secret-42';
    redactor.add(KEY);
    redactor.add(secret);
    redactor.add(undefined);
    const line = `${Object.values(echoes(KEY)).join(' ')} ${Object.values(echoes(secret)).join(' ')}`;
    const cleaned = redactor.redact(line);
    assert.ok(!leaks(cleaned, KEY) && !leaks(cleaned, secret), cleaned);
  });
});

describe('the key echoed by the service in other forms never reaches an error', () => {
  let emulator: Emulator;
  before(async () => {
    emulator = await startEmulator({ teams: [{ apiKey: KEY }] });
  });
  after(async () => {
    await emulator.close();
  });

  it('a 500 and a 429 whose error text holds the key in every form', async () => {
    const echo = Object.values(echoes(KEY)).join(' | ');
    const client = new WebDataClient({ baseUrl: emulator.url, apiKey: KEY, retry: { maxAttempts: 1, maxWaitMs: 10 } });
    try {
      emulator.injectFault({ fault: { kind: 'status', status: 500, error: echo } });
      const server = await client.getTokenUsage().then(() => undefined, (e: unknown) => e);
      emulator.injectFault({ fault: { kind: 'rate-limit', message: echo } });
      const limited = await client.getTokenUsage().then(() => undefined, (e: unknown) => e);
      for (const error of [server, limited]) {
        assert.ok(error instanceof WebDataError);
        const text = `${error.message} ${error.serviceMessage ?? ''} ${JSON.stringify(error)}`;
        assert.ok(error.serviceMessage?.includes('[API key]'), text);
        assert.ok(!leaks(text, KEY), text);
      }
    } finally {
      emulator.clearFaults();
      await client.close();
    }
  });
});
