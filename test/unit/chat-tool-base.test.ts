// The one base of the chat tools (src/core/chat/tool.ts), without VS Code: a token cancelled
// before the call reads and sends nothing; cancelling during the call aborts its signal; any
// throw becomes failure text (the client's by its kind, anything else "unexpected" and logged,
// never a stack); every answer, failures too, is fitted to the budget.
import assert from 'node:assert/strict';
import type { ToolFailure } from '../../src/core/chat/failure-text';
import { DEFAULT_MAX_CHARS } from '../../src/core/chat/fit';
import { abortOn, answerTool, fitCharacters, noInput, type Cancellation, type TokenCounting, type ToolDefinition, type ToolHost, type ToolOutcome } from '../../src/core/chat/tool';

/** A cancellation token whose cancel() fires its listeners, as VS Code's does. */
function tokenSource(cancelled = false): { token: Cancellation; cancel(): void; listeners(): number } {
  let isCancellationRequested = cancelled;
  const listeners = new Set<() => void>();
  return {
    token: {
      get isCancellationRequested() { return isCancellationRequested; },
      onCancellationRequested: (listener) => {
        listeners.add(listener);
        return { dispose: () => listeners.delete(listener) };
      },
    },
    cancel: () => {
      isCancellationRequested = true;
      for (const listener of listeners) listener();
    },
    listeners: () => listeners.size,
  };
}

/** A client error as the extension's client throws one. */
class ClientError extends Error {
  constructor(readonly kind: ToolFailure['kind'], message: string, readonly retryAfterMs?: number) {
    super(message);
  }
}

function host(): ToolHost & { logged: unknown[] } {
  const logged: unknown[] = [];
  return {
    logged,
    clientFailure: (err) => (err instanceof ClientError ? { kind: err.kind, message: err.message, ...(err.retryAfterMs === undefined ? {} : { retryAfterMs: err.retryAfterMs }) } : undefined),
    unexpected: (err) => void logged.push(err),
  };
}

/** A tool that records what it was asked to do. */
function recording(run: ToolDefinition<undefined, string>['run'], extra: Partial<ToolDefinition<undefined, string>> = {}): ToolDefinition<undefined, string> & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    what: 'The credits request',
    decode: () => {
      calls.push('decode');
      return noInput();
    },
    run: (input, call) => {
      calls.push('run');
      return run(input, call);
    },
    render: (value) => {
      calls.push('render');
      return value;
    },
    ...extra,
  };
}

const quarter: TokenCounting = { tokenBudget: 64, countTokens: (text) => Promise.resolve(Math.ceil(text.length / 4)) };
const ok = <T>(value: T): Promise<ToolOutcome<T>> => Promise.resolve({ ok: true, value });

describe('chat tool base: cancellation', () => {
  it('a token cancelled before the call: nothing decoded, run or sent, and the model is told it was cancelled', async () => {
    const source = tokenSource(true);
    const tool = recording(() => ok('never'));
    const text = await answerTool(tool, { input: {}, token: source.token, tokenization: undefined }, host());
    assert.equal(text, 'The credits request was cancelled before it finished.');
    assert.deepEqual(tool.calls, []);
    assert.equal(source.listeners(), 0, 'a listener was left on the token');
  });

  it('cancelled during the call: the signal given to the request aborts, and its throw is said as cancelled, not logged', async () => {
    const source = tokenSource();
    const seen = host();
    let signal: AbortSignal | undefined;
    const tool = recording((_input, call) => {
      signal = call.signal;
      assert.equal(call.signal.aborted, false);
      source.cancel();
      assert.equal(call.signal.aborted, true, 'the token did not abort the signal');
      return Promise.reject(new Error('This operation was aborted'));
    });
    const text = await answerTool(tool, { input: {}, token: source.token, tokenization: undefined }, seen);
    assert.equal(text, 'The credits request was cancelled before it finished.');
    assert.ok(signal?.aborted);
    assert.deepEqual(seen.logged, []);
    assert.equal(source.listeners(), 0, 'the listener was not disposed after the call');
  });

  it('abortOn: a signal aborted already when the token is', () => {
    const source = tokenSource(true);
    const abort = abortOn(source.token);
    assert.equal(abort.signal.aborted, true);
    abort.dispose();
    assert.equal(source.listeners(), 0);
  });
});

describe('chat tool base: throws and failures become text', () => {
  it('an unexpected throw: "failed unexpectedly", logged, and no stack or message of it in the text', async () => {
    const seen = host();
    const err = new TypeError('Cannot read properties of undefined (reading \'pages\')');
    const tool = recording(() => Promise.reject(err));
    const text = await answerTool(tool, { input: {}, token: tokenSource().token, tokenization: undefined }, seen);
    assert.equal(text, 'The credits request failed unexpectedly inside the editor; the Web Data log has the details.');
    assert.deepEqual(seen.logged, [err]);
    assert.doesNotMatch(text, /TypeError|pages|\bat \S+:\d+:\d+/);
  });

  it('a throw in the decoder or the renderer is said the same way', async () => {
    for (const extra of [{ decode: (): never => { throw new Error('decoder'); } }, { render: (): never => { throw new Error('renderer'); } }]) {
      const seen = host();
      const text = await answerTool(recording(() => ok('value'), extra), { input: {}, token: tokenSource().token, tokenization: undefined }, seen);
      assert.match(text, /^The credits request failed unexpectedly inside the editor/);
      assert.equal(seen.logged.length, 1);
    }
  });

  it('a client error thrown is worded by its kind (the wait after a 429), and not logged as unexpected', async () => {
    const seen = host();
    const tool = recording(() => Promise.reject(new ClientError('rate-limited', 'The service asks to wait.', 90_000)));
    const text = await answerTool(tool, { input: {}, token: tokenSource().token, tokenization: undefined }, seen);
    assert.match(text, /^The credits request was refused because of the service's rate limit \(429\)\. Wait 90 seconds before trying again\./);
    assert.deepEqual(seen.logged, []);
  });

  it('an error returned as a value is said as a throw would be', async () => {
    const seen = host();
    const tool = recording(() => Promise.resolve({ ok: false, error: new ClientError('unauthorized', 'no') }));
    assert.match(await answerTool(tool, { input: {}, token: tokenSource().token, tokenization: undefined }, seen), /\(401\)/);
    const odd = recording(() => Promise.resolve({ ok: false, error: 'a string' }));
    assert.match(await answerTool(odd, { input: {}, token: tokenSource().token, tokenization: undefined }, seen), /failed unexpectedly/);
    assert.deepEqual(seen.logged, ['a string']);
  });

  it('a failure of a kind, a ready text, and what a tool that spends says when nothing was sent', async () => {
    const token = tokenSource().token;
    const notConnected = recording(() => Promise.resolve({ ok: false, failure: { kind: 'not-connected' } }), { what: 'The search', spends: true });
    assert.match(await answerTool(notConnected, { input: {}, token, tokenization: undefined }, host()), /^The search could not run: Web Data is not connected\..* Nothing was sent, so no credits were spent\./);
    const overridden = recording(() => Promise.resolve({ ok: false, failure: { kind: 'not-connected' }, spends: false }), { what: 'The search', spends: true });
    assert.doesNotMatch(await answerTool(overridden, { input: {}, token, tokenization: undefined }, host()), /no credits were spent/);
    const free = recording(() => Promise.resolve({ ok: false, failure: { kind: 'not-connected' } }));
    assert.doesNotMatch(await answerTool(free, { input: {}, token, tokenization: undefined }, host()), /no credits were spent/);
    const refused = recording(() => Promise.resolve({ ok: false, text: 'Daily agent credit limit reached.' }));
    assert.equal(await answerTool(refused, { input: {}, token, tokenization: undefined }, host()), 'Daily agent credit limit reached.');
    assert.deepEqual(refused.calls, ['decode', 'run'], 'a refusal is not rendered');
  });

  it('an input the decoder refuses: its problems, and nothing run', async () => {
    const tool = recording(() => ok('never'), { decode: () => ({ ok: false, failure: { kind: 'invalid-request', problems: [{ field: 'id', message: 'must be a UUID' }] } }) });
    const text = await answerTool(tool, { input: { id: 'x' }, token: tokenSource().token, tokenization: undefined }, host());
    assert.equal(text, 'The credits request was not accepted: fix these inputs and call the tool again.\n- id: must be a UUID');
    assert.deepEqual(tool.calls, []);
  });
});

describe('chat tool base: the budget', () => {
  const long = 'Remaining credits and the billing period of the team, said at length. '.repeat(200);

  it('every answer is fitted last: a rendered value and a failure both fit 64 tokens, cut after a word', async () => {
    const rendered = await answerTool(recording(() => ok(long)), { input: {}, token: tokenSource().token, tokenization: quarter }, host());
    assert.ok(Math.ceil(rendered.length / 4) <= 64, `${rendered.length} characters`);
    assert.match(rendered, /^Remaining credits .*\w…$/s);
    const failed = await answerTool(recording(() => Promise.resolve({ ok: false, failure: { kind: 'server', message: long } })), { input: {}, token: tokenSource().token, tokenization: quarter }, host());
    assert.ok(Math.ceil(failed.length / 4) <= 64, `${failed.length} characters`);
    assert.match(failed, /^The credits request failed\./);
  });

  it('a cancelled call\'s text is fitted too', async () => {
    const tiny: TokenCounting = { tokenBudget: 4, countTokens: quarter.countTokens };
    const text = await answerTool(recording(() => ok('never')), { input: {}, token: tokenSource(true).token, tokenization: tiny }, host());
    assert.ok(Math.ceil(text.length / 4) <= 4, text);
    assert.match(text, /^The credits…$/);
  });

  it('without a token budget (or a useless one) the character budget applies, and the renderer is given it', async () => {
    for (const tokenization of [undefined, { tokenBudget: undefined, countTokens: quarter.countTokens }, { tokenBudget: 0, countTokens: quarter.countTokens }, { tokenBudget: Number.NaN, countTokens: quarter.countTokens }]) {
      let label = '';
      const tool = recording(() => ok(long), { render: (value, call) => { label = call.budget.label; return value; } });
      const text = await answerTool(tool, { input: {}, token: tokenSource().token, tokenization }, host());
      assert.equal(label, `${DEFAULT_MAX_CHARS} characters`);
      assert.ok(text.length < DEFAULT_MAX_CHARS, `${text.length}`);
    }
  });

  it('the renderer is given the token budget with the model\'s own counter', async () => {
    const counted: string[] = [];
    const tokenization: TokenCounting = { tokenBudget: 120.7, countTokens: (text) => { counted.push(text); return Promise.resolve(text.length); } };
    const tool = recording(() => ok('x'), { render: async (value, call) => { assert.equal(call.budget.limit, 120); assert.equal(await call.budget.count('abcd'), 4); return `${call.budget.label} ${value}`; } });
    assert.equal(await answerTool(tool, { input: {}, token: tokenSource().token, tokenization }, host()), '120 tokens x');
    assert.ok(counted.includes('abcd'));
  });

  it('fitCharacters: a text made to a number of characters narrowed until the counter says it fits', async () => {
    const render = (maxChars: number, label: string): string => `${'word '.repeat(1000).slice(0, Math.max(0, maxChars - label.length - 3))}(${label})`;
    const text = await fitCharacters(render, { tokenBudget: 100, countTokens: (t) => Promise.resolve(Math.ceil(t.length / 3)) });
    assert.ok(Math.ceil(text.length / 3) <= 100, `${text.length} characters`);
    assert.match(text, /\(100 tokens\)$/);
    assert.match(await fitCharacters(render, undefined), /\(under 8000 characters\)$/);
    // A counter that fails: three characters a token, the most any tokenizer in use needs.
    const failing = await fitCharacters(render, { tokenBudget: 50, countTokens: () => Promise.reject(new Error('no model')) });
    assert.ok(failing.length <= 150, `${failing.length}`);
  });
});
