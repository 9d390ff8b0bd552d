// Every fixed and failure text a chat tool can answer, fitted at 64 tokens the way every tool's
// answer is fitted last (fitPlainText): it fits, counted as characters/4 and as words, and the
// cut keeps what the model must relay (what to do, the setting, the wait), because each text says
// that first.
import assert from 'node:assert/strict';
import { failureText, notConfirmedText, READ_KIND_TEXT, unexpectedText, type ToolFailure } from '../../src/core/chat/failure-text';
import { capRefusedText } from '../../src/core/chat/scrape-spend';
import { fitPlainText, tokenBudget, type CountTokens } from '../../src/core/chat/fit';
import { CRAWL_GONE_TEXT, CRAWL_INPUT_TEXT } from '../../src/core/crawls/chat-text';

const quarter: CountTokens = (text) => Promise.resolve(Math.ceil(text.length / 4));
const words: CountTokens = (text) => Promise.resolve(text.split(/\s+/).filter(Boolean).length);
const COUNTERS: [string, CountTokens][] = [['characters/4', quarter], ['words', words]];

/** A service sentence long enough that no 64-token answer can hold it whole. */
const LONG = `The service said: ${'the request could not be completed because of a condition upstream; '.repeat(12)}`;
const WHATS = ['The search', 'The credits request', 'The active crawls request', 'The crawl results request', 'Reading the page'];

const failure = (kind: ToolFailure['kind']): ToolFailure => ({ kind, message: LONG, retryAfterMs: 90_000, problems: [{ field: 'query', message: 'Must not be empty.' }, { field: 'limit', message: LONG }] });

/** [name, text, what the cut must keep] */
const CASES: [string, string, RegExp][] = [
  ...WHATS.flatMap((what): [string, string, RegExp][] => [
    [`${what}: not connected`, failureText(what, { kind: 'not-connected' }, what === 'The search'), /not connected\. Ask the person to run "Web Data: Connect…"/],
    [`${what}: invalid request`, failureText(what, failure('invalid-request'), false), /was not accepted: fix these inputs and call the tool again\.\n- query: Must not be empty\./],
    [`${what}: rate limited`, failureText(what, failure('rate-limited'), false), /rate limit \(429\)\. Wait 90 seconds before trying again\./],
    [`${what}: unauthorized`, failureText(what, failure('unauthorized'), false), /\(401\)\. Ask the person to store a valid key/],
    [`${what}: payment required`, failureText(what, failure('payment-required'), false), /no credits left \(402\)\. The person can add credits/],
    [`${what}: network`, failureText(what, failure('network'), false), /the service could not be reached\./],
    [`${what}: not found`, failureText(what, failure('not-found'), false), /failed\./],
    [`${what}: cancelled`, failureText(what, failure('cancelled'), false), /was cancelled/],
    [`${what}: unexpected`, unexpectedText(what), /failed unexpectedly inside the editor/],
  ]),
  ['daily limit reached', capRefusedText({ kind: 'reached', spent: 25, limit: 25 }, 'search'), /^Daily agent credit limit reached \(25 of 25 today\); the person can raise webData\.chat\.dailyCreditLimit\./],
  ['daily limit a search could pass', capRefusedText({ kind: 'would-pass', spent: 20, limit: 25, most: 10 }, 'search'), /^The search could pass the daily agent credit limit \(20 of 25 spent today, and it may cost up to 10\); the person can raise webData\.chat\.dailyCreditLimit\./],
  ['connected after prepare', notConfirmedText('connected-later'), /^The search was not sent: call the tool again and the person will be asked to confirm its price/],
  ['nothing to send when prepared', notConfirmedText('nothing-to-send'), /^The search was not sent: call the tool again and the person will be asked to confirm its price/],
  ['crawl results input', CRAWL_INPUT_TEXT, /^The crawl results request was not accepted: "jobId" must be the job id/],
  ['crawl results gone', CRAWL_GONE_TEXT, /^The crawl results could not be read/],
  ['read result kind', READ_KIND_TEXT, /^Pages of that kind cannot be read yet/],
];

describe('chat: every failure and fixed text fits 64 tokens, essentials first', () => {
  for (const [counterName, counter] of COUNTERS) {
    for (const [name, text, keeps] of CASES) {
      it(`${name} (${counterName})`, async () => {
        const fitted = await fitPlainText(text, tokenBudget(64, counter));
        assert.ok((await counter(fitted)) <= 64, `${await counter(fitted)} for 64: ${fitted}`);
        assert.match(fitted, keeps);
      });
    }
  }

  it('the texts that were too long for 64 tokens are cut at a word\'s end and marked', async () => {
    const cap = capRefusedText({ kind: 'would-pass', spent: 20, limit: 25, most: 10 }, 'batch');
    assert.ok((await quarter(cap)) > 64, 'the limit text no longer needs cutting: pick a longer one');
    const fitted = await fitPlainText(cap, tokenBudget(64, quarter));
    assert.ok(fitted.endsWith('…') && cap.startsWith(fitted.slice(0, -1)), fitted);
    assert.match(cap.slice(fitted.length - 1), /^\s/, 'cut inside a word');
  });

  it('a text that fits is returned whole, and a budget under one word still gives characters', async () => {
    assert.equal(await fitPlainText('Short answer.', tokenBudget(64, quarter)), 'Short answer.');
    assert.equal(await fitPlainText('Supercalifragilistic', tokenBudget(2, quarter)), 'Superca…');
  });
});
