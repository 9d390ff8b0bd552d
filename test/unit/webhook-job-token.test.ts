// The per-job token: without a webhook secret, an unsigned delivery that claims a job started from
// the editor is taken only with that job's token in its header; other jobs' deliveries are as before.
import assert from 'node:assert/strict';
import { JOB_TOKEN_HEADER, jobTokenMatches, newJobToken } from '../../src/core/webhooks';
import { makeEvent, sendWebhook } from '../emulator/webhook-sender';
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
