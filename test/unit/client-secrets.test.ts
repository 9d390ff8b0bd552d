// The API key appears in no error: not in the message, String(err), the stack, its JSON, the
// cause chain or the log hook, even when the service echoes the key back in its error text.
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../emulator';
import { WebDataClient, WebDataError, type RequestInfo } from '../../src/core/api';

const KEY = 'wd-secret-KEY-7f3a9c1e5b';
const WRONG = 'wd-wrong-KEY-2b8d4f6a0c';

/** Every piece of text an error carries, its cause chain included. */
function everyText(error: unknown, depth = 0): string {
  if (error === undefined || error === null || depth > 8) return '';
  if (!(error instanceof Error)) return typeof error === 'string' ? error : JSON.stringify(error);
  const own = Object.getOwnPropertyNames(error).map((name) => {
    const value: unknown = Reflect.get(error, name);
    return name === 'cause' ? '' : typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
  });
  return [String(error), error.stack ?? '', JSON.stringify(error), JSON.stringify(error, Object.getOwnPropertyNames(error)), ...own, everyText(error.cause, depth + 1)].join('\n');
}

describe('the API key stays secret', () => {
  let emulator: Emulator;
  let usageAtStart: ReturnType<Emulator['usageOf']> = null;
  const errors: WebDataError[] = [];
  const logLines: RequestInfo[] = [];

  before(async () => {
    emulator = await startEmulator({ teams: [{ apiKey: KEY, enterprise: ['anon'] }] });
    usageAtStart = emulator.usageOf(KEY);
  });
  after(async () => {
    await emulator.close();
  });
  // Each test collects its own failures and log lines: none reads what an earlier one left.
  beforeEach(() => {
    errors.length = 0;
    logLines.length = 0;
    emulator.setUsage(KEY, usageAtStart);
  });

  const collect = async (apiKey: string, call: (c: WebDataClient) => Promise<unknown>, options: { maxBodyBytes?: number; timeoutMs?: number } = {}): Promise<WebDataError> => {
    const client = new WebDataClient({ baseUrl: emulator.url, apiKey, retry: { maxAttempts: 2, maxWaitMs: 50 }, onRequest: (info) => logLines.push(info), ...options });
    try {
      const error = await call(client).then(() => undefined, (e: unknown) => e);
      assert.ok(error instanceof WebDataError, 'expected a failure');
      errors.push(error);
      return error;
    } finally {
      emulator.clearFaults();
      await client.close();
    }
  };

  it('a wrong key is unauthorized and is not named', async () => {
    const error = await collect(WRONG, (c) => c.getTokenUsage());
    assert.equal(error.kind, 'unauthorized');
    assert.ok(!everyText(error).includes(WRONG));
  });

  /** Every kind of failure, each with the key echoed in what the service says where it can be. */
  const failEveryWay = async (): Promise<void> => {
    const echo = `Bad key ${KEY} (Bearer ${KEY})`;
    emulator.injectFault({ fault: { kind: 'status', status: 500, error: echo } });
    assert.equal((await collect(KEY, (c) => c.search({ query: 'data' }))).kind, 'server');
    emulator.injectFault({ fault: { kind: 'status', status: 503, error: echo }, times: Infinity });
    assert.equal((await collect(KEY, (c) => c.listActiveCrawls())).kind, 'server');
    emulator.injectFault({ fault: { kind: 'rate-limit', message: `${echo} retry after 9s` }, times: Infinity });
    const limited = await collect(KEY, (c) => c.getTokenUsage());
    assert.equal(limited.kind, 'rate-limited');
    assert.match(limited.serviceMessage ?? '', /\[API key\]/);
    assert.equal((await collect(KEY, (c) => c.search({ query: 'data', enterprise: ['zdr'] }))).kind, 'forbidden');
    assert.equal((await collect(KEY, (c) => c.search({ query: '' }))).kind, 'invalid-request');
    emulator.injectFault({ fault: { kind: 'reset' }, times: Infinity });
    assert.equal((await collect(KEY, (c) => c.getTokenUsage())).kind, 'network');
    emulator.injectFault({ fault: { kind: 'garbage' } });
    assert.equal((await collect(KEY, (c) => c.search({ query: 'data' }))).kind, 'bad-response');
    emulator.injectFault({ fault: { kind: 'html' }, times: Infinity });
    assert.equal((await collect(KEY, (c) => c.getTokenUsage())).kind, 'server');
    emulator.injectFault({ fault: { kind: 'slow-headers', ms: 2000 } });
    assert.equal((await collect(KEY, (c) => c.getTokenUsage(), { timeoutMs: 50 })).kind, 'timeout');
    assert.equal((await collect(KEY, (c) => c.getTokenUsage({ signal: AbortSignal.abort() }))).kind, 'cancelled');
    assert.equal((await collect(KEY, (c) => c.listActiveCrawls(), { maxBodyBytes: 8 })).kind, 'bad-response');
    emulator.setUsage(KEY, null);
    assert.equal((await collect(KEY, (c) => c.getTokenUsage())).kind, 'not-found');
  };

  it('a key echoed by the service is scrubbed from every error kind', async () => {
    await failEveryWay();
    for (const error of errors) {
      const text = everyText(error);
      assert.ok(!text.includes(KEY), `the key leaked through a ${error.kind} error: ${text}`);
      assert.ok(!text.includes(WRONG));
    }
    assert.ok(errors.length >= 12);
  });

  it('the log hook never sees the key', async () => {
    await collect(WRONG, (c) => c.getTokenUsage());
    await failEveryWay();
    const text = JSON.stringify(logLines);
    assert.ok(logLines.length >= 12);
    assert.ok(!text.includes(KEY) && !text.includes(WRONG) && !/bearer/i.test(text));
  });
});
