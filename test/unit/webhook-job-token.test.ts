// The per-job token: without a webhook secret, an unsigned delivery that claims a job started from
// the editor is taken only with that job's token in its header; other jobs' deliveries are as before.
import assert from 'node:assert/strict';
import { JOB_TOKENS_PREFIX, jobTokenIn, pendingTokenId, pendingTokenIn, readJobTokens, RESEARCH_TOKENS_PREFIX, withJobToken } from '../../src/core/jobs/tokens';
import { JOB_TOKEN_HEADER, jobTokenMatches, newJobToken } from '../../src/core/webhooks';
import { makeEvent, sendWebhook } from '../emulator/webhook-sender';
import { MemoryState } from './memory-state';
import { errorOf, startRecordingReceiver, waitFor, type RecordingReceiver } from './webhook-receiver-helpers';

const JOB = '3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01';

describe('webhook receiver: the per-job token of a job started from the editor', () => {
  let r: RecordingReceiver;
  let token: string;
  beforeEach(async () => {
    token = newJobToken();
    r = await startRecordingReceiver({ getSecret: () => '', jobToken: (id) => (id === JOB ? token : undefined) });
  });
  afterEach(async () => r.receiver.close());

  it('takes the job\'s delivery with its token, refuses it without or with another, and takes other jobs\' as before', async () => {
    const withToken = await sendWebhook({ url: r.receiver.url, event: makeEvent('crawl.page', { id: JOB }), headers: { [JOB_TOKEN_HEADER]: token } });
    assert.equal(withToken.status, 200);
    const without = await sendWebhook({ url: r.receiver.url, event: makeEvent('crawl.completed', { id: JOB }) });
    assert.equal(without.status, 401);
    assert.match(errorOf(without.body), /does not carry that job's token/);
    assert.doesNotMatch(without.body, new RegExp(token));
    const forged = await sendWebhook({ url: r.receiver.url, event: makeEvent('crawl.completed', { id: JOB.toUpperCase() }), headers: { [JOB_TOKEN_HEADER]: newJobToken() } });
    assert.equal(forged.status, 401, 'the id in another case is the same job');
    const other = await sendWebhook({ url: r.receiver.url, event: makeEvent('crawl.completed') });
    assert.equal(other.status, 200);
    await waitFor(() => r.deliveries.length === 2);
    assert.deepEqual(r.deliveries.map((d) => d.event.id.toLowerCase() === JOB), [true, false]);
    // The token is the service's word for the job, as a signature is: its delivery may fill the job's results.
    assert.deepEqual(r.deliveries.map((d) => d.verification), ['verified', 'unsigned']);
    assert.equal(r.refused.length, 2);
  });

  it('tokens are fresh and compared whole', () => {
    const a = newJobToken();
    assert.equal(a.length, 32);
    assert.notEqual(a, newJobToken());
    assert.equal(jobTokenMatches(a, a), true);
    assert.equal(jobTokenMatches(` ${a} `, a), true);
    assert.equal(jobTokenMatches(a.slice(0, -1), a), false);
    assert.equal(jobTokenMatches(undefined, a), false);
    assert.equal(jobTokenMatches([a], a), false);
    assert.equal(jobTokenMatches('', ''), false);
  });
});

describe('webhook receiver: a token kept before its start is sent (its job\'s id not read yet)', () => {
  const RUN = '7b1e2c3d-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
  let r: RecordingReceiver | undefined;
  afterEach(async () => r?.receiver.close());

  it('takes the first delivery of a start whose answer is not read yet as the service\'s; a stranger\'s token stays unsigned', async () => {
    const token = newJobToken();
    const state = new MemoryState();
    const now = Date.now();
    // What WebhookWirer.prepare keeps before the start is sent.
    await state.update(`${RESEARCH_TOKENS_PREFIX}window-a`, withJobToken([], { id: pendingTokenId(token), token, savedAt: now }, now, RESEARCH_TOKENS_PREFIX));
    r = await startRecordingReceiver({ getSecret: () => '', jobToken: (id) => jobTokenIn(state, id), pendingToken: (header) => pendingTokenIn(state, header, Date.now()) });
    const early = await sendWebhook({ url: r.receiver.url, event: makeEvent('agent.started', { id: RUN }), headers: { [JOB_TOKEN_HEADER]: token } });
    assert.equal(early.status, 200);
    const stranger = await sendWebhook({ url: r.receiver.url, event: makeEvent('agent.started', { id: RUN }), headers: { [JOB_TOKEN_HEADER]: newJobToken() } });
    assert.equal(stranger.status, 200);
    const receiver = r;
    await waitFor(() => receiver.deliveries.length === 2);
    assert.deepEqual(receiver.deliveries.map((d) => d.verification), ['verified', 'unsigned']);
    // The start's answer read: the run's id takes the pending entry's place, and the run's own token rules.
    const later = Date.now();
    const kept = withJobToken(readJobTokens(state.get(`${RESEARCH_TOKENS_PREFIX}window-a`)), { id: RUN, token, savedAt: later }, later, RESEARCH_TOKENS_PREFIX);
    assert.deepEqual(kept.map((t) => t.id), [RUN]);
    await state.update(`${RESEARCH_TOKENS_PREFIX}window-a`, kept);
    assert.equal(jobTokenIn(state, RUN), token);
    assert.equal(pendingTokenIn(state, token, later), false);
  });

  it('a pending token is taken for ten minutes at most, and only whole', () => {
    const token = newJobToken();
    const state = new MemoryState();
    const at = 1_000_000;
    void state.update(`${JOB_TOKENS_PREFIX}w`, withJobToken([], { id: pendingTokenId(token), token, savedAt: at }, at));
    assert.equal(pendingTokenIn(state, token, at + 60_000), true);
    assert.equal(pendingTokenIn(state, token.slice(1), at + 60_000), false);
    assert.equal(pendingTokenIn(state, token, at + 11 * 60_000), false);
    assert.equal(pendingTokenIn(state, undefined, at), false);
  });
});
