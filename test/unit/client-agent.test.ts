// JSON scrapes and research runs through real sockets to the emulator (issue 36): a page's data in
// the shape of a schema (`data.json`), a run started with its bound, read as it moves on the
// emulator's clock (processing, its credits growing, completed with the schema's shape), one that
// would pass its bound failing in the service's words, one cancelled, its five webhook events
// delivered signed with the start's metadata, and the request shapes held to the published fields.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_API_KEY, startEmulator, type Emulator } from '../emulator';
import { AGENT_FIELDS, AGENT_MODELS, validateAgentRequest, WebDataClient, WebDataError } from '../../src/core/api';
import { SIGNATURE_HEADER, verifySignature } from '../../src/core/webhooks';
import { waitFor } from './wait';

const SECRET = 'whsec-agent-test';
const PAGE = 'https://docs.tideflow.dev/guide/streams';

interface Delivery { headers: IncomingHttpHeaders; raw: Buffer; body: { type: string; id: string; metadata?: unknown; data: Array<Record<string, unknown>>; error?: string } }

describe('WebDataClient: JSON scrapes and research runs against the emulator', () => {
  let emulator: Emulator;
  let client: WebDataClient;
  let clock = Date.parse('2026-11-28T09:00:00Z');
  let receiver: Server;
  let receiverUrl: string;
  const deliveries: Delivery[] = [];

  before(async () => {
    emulator = await startEmulator({ now: () => new Date(clock) });
    emulator.setWebhook({ url: 'http://127.0.0.1:9/unused', secret: SECRET });
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        deliveries.push({ headers: req.headers, raw, body: JSON.parse(raw.toString('utf8')) as Delivery['body'] });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  after(async () => {
    await emulator.close();
    await new Promise((resolve) => receiver.close(resolve));
  });
  beforeEach(() => {
    deliveries.length = 0;
    client = new WebDataClient({ baseUrl: emulator.url, apiKey: DEMO_API_KEY, retry: { maxAttempts: 1 } });
  });
  afterEach(async () => {
    emulator.clearFaults();
    await client.close();
  });

  it('knows exactly the published agent fields, and the two the SDK adds', () => {
    const spec = JSON.parse(readFileSync('../shared/spec/service-v2-beyond-the-seed.json', 'utf8')) as { paths: Record<string, { post?: { requestBody: { 'application/json': { properties: Record<string, unknown> } } } }> };
    const published = Object.keys(spec.paths['/agent']?.post?.requestBody['application/json'].properties ?? {}).filter((f) => f !== 'auditMetadata' && f !== 'threatProtection');
    assert.deepEqual([...AGENT_FIELDS].sort(), [...published, 'effort', 'webhook'].sort());
    const models = (spec.paths['/agent']?.post?.requestBody['application/json'].properties.model as { enum: string[] }).enum;
    assert.deepEqual([...AGENT_MODELS].sort(), [...models].sort());
  });

  it('refuses a research start without a bound, or with problems, before anything is sent', async () => {
    const before = emulator.requests.length;
    const check = validateAgentRequest({ prompt: 'x' });
    assert.ok(!check.ok && check.problems.some((p) => p.field === 'maxCredits' && p.message.includes('2,500')));
    const refused = validateAgentRequest({ prompt: 'x'.repeat(10_001), maxCredits: 0, model: 'gpt', urls: ['ftp://a'], extra: 1 });
    assert.deepEqual(refused.ok ? [] : refused.problems.map((p) => p.field).sort(), ['extra', 'maxCredits', 'model', 'prompt', 'urls[0]']);
    await assert.rejects(client.startAgent({ prompt: 'x', maxCredits: 1.5 }), (e: unknown) => e instanceof WebDataError && e.kind === 'invalid-request');
    assert.equal(emulator.requests.length, before);
  });

  it('answers a JSON scrape with data in the shape of the schema, and charges its model', async () => {
    const schema = { type: 'object', properties: { title: { type: 'string' }, topics: { type: 'array', items: { type: 'string' } }, pages: { type: 'integer' } }, required: ['title'] };
    const page = await client.scrape({ url: PAGE, formats: [{ type: 'json', schema, prompt: 'the guide' }] });
    const json = page.json as { title: unknown; topics: unknown; pages: unknown };
    assert.equal(typeof json.title, 'string');
    assert.ok(Array.isArray(json.topics) && json.topics.every((t) => typeof t === 'string'));
    assert.ok(Number.isInteger(json.pages));
    assert.equal(page.markdown, undefined);
    assert.equal(page.metadata?.creditsUsed, 5);
    const last = emulator.requests.at(-1);
    assert.deepEqual((last?.body as { formats: unknown }).formats, [{ type: 'json', schema, prompt: 'the guide' }]);
  });

  it('runs research over the clock: processing with credits growing, then completed in the schema\'s shape', async () => {
    const schema = { type: 'object', properties: { name: { type: 'string' }, limits: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, perMinute: { type: 'integer' } } } } } };
    const started = await client.startAgent({ prompt: 'Tideflow streams limits', urls: [PAGE], schema, maxCredits: 100, model: 'spark-1-mini' });
    const first = await client.getAgentStatus(started.id);
    assert.equal(first.status, 'processing');
    assert.equal(first.creditsUsed, 0);
    clock += 800;
    const moving = await client.getAgentStatus(started.id);
    assert.equal(moving.status, 'processing');
    assert.ok((moving.creditsUsed ?? 0) > 0);
    clock += 5000;
    const done = await client.getAgentStatus(started.id);
    assert.equal(done.status, 'completed');
    assert.equal(done.model, 'spark-1-mini');
    assert.equal(done.creditsUsed, 8);
    const data = done.data as { name: unknown; limits: Array<{ perMinute: unknown }> };
    assert.equal(typeof data.name, 'string');
    assert.ok(data.limits.length > 0 && data.limits.every((l) => Number.isInteger(l.perMinute)));
    assert.deepEqual(await client.cancelAgent(started.id), { kind: 'already-finished', serviceMessage: 'Agent job is already completed' });
  });

  it('fails a run that would pass its bound, in the service\'s words, with what it spent', async () => {
    const started = await client.startAgent({ prompt: 'rate limits of every API', maxCredits: 5, model: 'spark-1-pro' });
    clock += 10_000;
    const status = await client.getAgentStatus(started.id);
    assert.equal(status.status, 'failed');
    assert.match(status.error ?? '', /maxCredits of 5 credits/);
    assert.ok((status.creditsUsed ?? 99) <= 5);
  });

  it('cancels a run, delivering its events signed, with the start\'s metadata', async () => {
    const started = await client.startAgent({ prompt: 'Tideflow streams', urls: [PAGE], maxCredits: 100, webhook: { url: receiverUrl, metadata: { startedFrom: 'test' }, headers: { 'x-run': 'r1' } } });
    clock += 800;
    await waitFor(() => deliveries.some((d) => d.body.type === 'agent.action'), 5000, 'the started and first action deliveries');
    assert.equal((await client.cancelAgent(started.id)).kind, 'cancelled');
    await waitFor(() => deliveries.some((d) => d.body.type === 'agent.cancelled'), 5000, 'the cancelled delivery');
    const types = deliveries.map((d) => d.body.type);
    assert.deepEqual(types, ['agent.started', 'agent.action', 'agent.cancelled']);
    for (const delivery of deliveries) {
      assert.equal(delivery.body.id, started.id);
      assert.deepEqual(delivery.body.metadata, { startedFrom: 'test' });
      assert.equal(delivery.headers['x-run'], 'r1');
      assert.ok(verifySignature(delivery.raw, String(delivery.headers[SIGNATURE_HEADER]), SECRET));
    }
    assert.deepEqual(Object.keys(deliveries[1]?.body.data[0] ?? {}).sort(), ['action', 'creditsUsed', 'input']);
    const status = await client.getAgentStatus(started.id);
    assert.equal(status.status, 'failed');
    assert.match(status.error ?? '', /cancelled/);
  });

  it('delivers agent.completed with the data, and 402 on demand is the client\'s payment failure', async () => {
    const started = await client.startAgent({ prompt: 'Tideflow', urls: [PAGE], maxCredits: 100, webhook: { url: receiverUrl } });
    clock += 10_000;
    await waitFor(() => deliveries.some((d) => d.body.type === 'agent.completed'), 5000, 'the completed delivery');
    const completed = deliveries.find((d) => d.body.type === 'agent.completed');
    assert.equal(completed?.body.id, started.id);
    assert.equal(typeof completed.body.data[0]?.data, 'object');
    emulator.injectFault({ path: '/v2/agent', fault: { kind: 'payment-required' } });
    await assert.rejects(client.startAgent({ prompt: 'x', maxCredits: 10 }), (e: unknown) => e instanceof WebDataError && e.status === 402);
  });
});
