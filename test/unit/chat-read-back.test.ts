// webData_read's input (issue 46): one branch per source under `what`, read nested, flat or as JSON
// text; a missing required field or another source's field named as the problem; the calls the
// answers quote in the nested form. And the routing base: a routed definition's failures keep
// its own name ("The crawl results request failed…"), not the read tool's.
import assert from 'node:assert/strict';
import { readBackArgs, readBackCall, readBackInput } from '../../src/core/chat/read-back';
import { answerTool, bindCall, type BoundCall, type BoundRender, type Cancellation, type ToolDefinition } from '../../src/core/chat/tool';

const JOB = '3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01';
const fields = (value: unknown): string => { const read = readBackInput(value); return read.ok ? 'ok' : read.problems.map((p) => p.field).join(','); };

describe('webData_read: its input', () => {
  it('reads the branch under what, flat, or as JSON text, keeping only the source\'s own fields', () => {
    const nested = readBackInput({ what: { source: 'jobPage', jobId: JOB, page: 3, part: 2 } });
    assert.deepEqual(nested, { ok: true, input: { source: 'jobPage', fields: { jobId: JOB, page: 3, part: 2 } } });
    assert.deepEqual(readBackInput({ source: 'jobPage', jobId: JOB, page: 3, part: 2 }), nested);
    assert.deepEqual(readBackInput({ what: JSON.stringify({ source: 'jobPage', jobId: JOB, page: 3, part: 2 }) }), nested);
    // A field no source takes is ignored; the changes branch needs nothing.
    assert.deepEqual(readBackInput({ what: { source: 'changes', note: 'x' } }), { ok: true, input: { source: 'changes', fields: {} } });
  });

  it('names what is missing or wrong: what itself, an unknown source, a required field, another source\'s field', () => {
    assert.equal(fields(undefined), 'what');
    assert.equal(fields({ what: 'not json' }), 'what');
    assert.equal(fields({ searchId: 's' }), 'what');
    assert.equal(fields({ what: { source: 'crawlResults', jobId: JOB } }), 'what.source');
    assert.equal(fields({ what: { source: 'diff', watchId: JOB } }), 'what.checkId,what.url');
    const stray = readBackInput({ what: { source: 'job', jobId: JOB, page: 3 } });
    assert.ok(!stray.ok);
    assert.deepEqual(stray.problems.map((p) => p.field), ['what.page']);
    assert.match(stray.problems[0]?.message ?? '', /page belongs to source "jobPage"/);
  });

  it('quotes its calls nested under what, the ids escaped as JSON', () => {
    assert.equal(readBackArgs('search', { searchId: 'lz0abc-xyz123', result: 1, part: 2 }), '{"what":{"source":"search","searchId":"lz0abc-xyz123","result":1,"part":2}}');
    assert.equal(readBackCall('research', { jobId: 'a"b' }), 'webData_read {"what":{"source":"research","jobId":"a\\"b"}}');
    // What an answer quotes reads back as the same call.
    const quoted = JSON.parse(readBackArgs('diff', { watchId: JOB, checkId: JOB, url: 'https://a.example/x' })) as unknown;
    assert.equal(fields(quoted), 'ok');
  });
});

describe('webData_read: routing to the definitions it merged', () => {
  const never: Cancellation = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => undefined }) };
  const host = { clientFailure: () => ({ kind: 'server' as const, message: 'down', status: 503 }), unexpected: () => undefined };
  const listing: ToolDefinition<string, string> = {
    what: 'The crawl results request',
    decode: (input) => (typeof input === 'object' && input !== null && 'jobId' in input ? { ok: true, value: String(input.jobId) } : { ok: false, failure: { kind: 'invalid-request', problems: [{ field: 'jobId', message: 'jobId is required.' }] } }),
    run: (jobId) => (jobId === 'down' ? Promise.reject(new Error('503')) : Promise.resolve({ ok: true, value: `pages of ${jobId}` })),
    render: (value) => value,
  };
  const router: ToolDefinition<BoundCall<Cancellation>, BoundRender<Cancellation>> = {
    what: 'The read',
    decode: (input) => bindCall(listing, input),
    run: (bound, call) => bound.run(call),
    render: (rendering, call) => rendering(call),
  };
  const answer = (input: unknown): Promise<string> => answerTool(router, { input, token: never, tokenization: undefined }, host);

  it('answers through the routed definition', async () => {
    assert.equal(await answer({ jobId: 'j1' }), 'pages of j1');
  });

  it('its failures, a bad input or a thrown request, are named by the routed definition', async () => {
    assert.match(await answer({}), /^The crawl results request/);
    assert.match(await answer({ jobId: 'down' }), /^The crawl results request failed/);
  });
});
