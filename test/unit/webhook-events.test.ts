import assert from 'node:assert/strict';
import { parseWebhookEvent, webhookJobKind, type WebhookEvent } from '../../src/core/webhooks';
import { nestsDeeperThan, parseDeliveryJson } from '../../src/core/webhooks/delivery-json';

const JOB_ID = '0d6b4f43-5a2c-4d8e-9a57-6f1c3b2e8a10';
const DELIVERY_ID = '9b1e2c3d-4f5a-4b6c-8d7e-0f1a2b3c4d5e';

function body(type: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { success: true, type, id: JOB_ID, webhookId: DELIVERY_ID, data: [], ...extra };
}

function parsed(json: unknown): WebhookEvent {
  const result = parseWebhookEvent(json);
  if (!result.ok) assert.fail(`expected an event, got: ${result.problem}`);
  return result.event;
}

function problem(json: unknown): string {
  const result = parseWebhookEvent(json);
  if (result.ok) assert.fail(`expected a problem, got an event of type ${result.event.type}`);
  return result.problem;
}

describe('webhook events (spec 6.1, 6.2)', () => {
  it('reads crawl.completed with its job id, delivery id and metadata', () => {
    const event = parsed(body('crawl.completed', { metadata: { project: 'docs', n: 3 } }));
    assert.equal(event.kind, 'crawl.completed');
    assert.equal(event.type, 'crawl.completed');
    assert.equal(event.id, JOB_ID);
    assert.equal(event.webhookId, DELIVERY_ID);
    assert.deepEqual(event.data, []);
    assert.deepEqual(event.metadata, { project: 'docs', n: 3 });
    assert.equal(webhookJobKind(event), 'crawl');
  });

  it('reads batch_scrape.completed, tolerating a non-empty data array', () => {
    const event = parsed(body('batch_scrape.completed', { data: [{ url: 'https://example.com' }] }));
    assert.equal(event.kind, 'batch_scrape.completed');
    assert.equal(event.data.length, 1);
    assert.equal(webhookJobKind(event), 'batch_scrape');
  });

  it('reads batch_scrape.started with its data array', () => {
    const event = parsed(body('batch_scrape.started', { data: ['a', 1, null] }));
    assert.equal(event.kind, 'batch_scrape.started');
    assert.deepEqual(event.data, ['a', 1, null]);
  });

  it('keeps an unknown type as kind unknown, with its type string', () => {
    const event = parsed(body('crawl.page', { success: false }));
    assert.equal(event.kind, 'unknown');
    assert.equal(event.type, 'crawl.page');
    assert.equal(event.success, false);
    assert.equal(webhookJobKind(event), 'crawl');
    assert.equal(webhookJobKind(parsed(body('agent.done'))), undefined);
  });

  it('keeps success: false on a known kind rather than refusing it', () => {
    assert.equal(parsed(body('batch_scrape.completed', { success: false })).success, false);
  });

  it('takes metadata null or absent as none, and drops keys the spec does not name', () => {
    assert.equal(parsed(body('crawl.completed', { metadata: null })).metadata, undefined);
    const event = parsed(body('crawl.completed', { extra: 'x' }));
    assert.equal(event.metadata, undefined);
    assert.equal('extra' in event, false);
  });

  it('names each missing required field', () => {
    for (const field of ['success', 'type', 'id', 'webhookId', 'data']) {
      const { [field]: _missing, ...json } = body('crawl.completed');
      assert.match(problem(json), new RegExp(`\\b${field} is missing`), field);
    }
    assert.match(problem(body('batch_scrape.started', { data: undefined })), /data is missing/);
  });

  it('says which field has the wrong type', () => {
    assert.match(problem(body('crawl.completed', { success: 'true' })), /success should be a boolean/);
    assert.match(problem(body('crawl.completed', { data: {} })), /data should be an array/);
    assert.match(problem(body('crawl.completed', { metadata: ['a'] })), /metadata should be an object/);
    assert.match(problem(body('crawl.completed', { webhookId: 42 })), /webhookId should be a string/);
    assert.match(problem(body('crawl.completed', { id: '' })), /id is empty/);
    assert.match(problem(body('crawl.completed', { webhookId: 'w'.repeat(300) })), /webhookId is too long/);
  });

  it('refuses what is not a JSON object, in plain words', () => {
    for (const json of [null, undefined, 'crawl.completed', 42, [body('crawl.completed')]]) {
      const text = problem(json);
      assert.match(text, /not a webhook event/);
      assert.doesNotMatch(text, /undefined/);
    }
  });
});

describe('webhook delivery JSON', () => {
  it('counts nesting outside strings only, escapes included', () => {
    assert.equal(nestsDeeperThan('[[[]]]', 3), false);
    assert.equal(nestsDeeperThan('[[[[]]]]', 3), true);
    assert.equal(nestsDeeperThan('{"a":"[[[[[[","b":[1]}', 2), false);
    assert.equal(nestsDeeperThan('{"a":"\\"[[[[[["}', 1), false, 'an escaped quote does not end the string');
    assert.equal(nestsDeeperThan('{"a":"\\\\",[[[[[]]]]]}', 3), true, 'an escaped backslash does');
  });

  it('refuses deep nesting before parsing, tolerates a byte-order mark, names what is not JSON', () => {
    const deep = parseDeliveryJson(`{"data":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    assert.equal(deep.ok, false);
    assert.match(deep.problem, /deeper than 64 levels/);
    const nested = `{"metadata":${'{"a":'.repeat(60)}1${'}'.repeat(60)}}`;
    assert.equal(parseDeliveryJson(nested).ok, true);
    assert.deepEqual(parseDeliveryJson('\ufeff{"a":1}'), { ok: true, json: { a: 1 } });
    assert.deepEqual(parseDeliveryJson('{"a":'), { ok: false, problem: 'The body is not JSON.' });
  });
});
