import assert from 'node:assert/strict';
import { parseWebhookEvent, type WebhookEvent } from '../../src/core/webhooks';
import { eventFacts, eventTitle, recordFromDelivery } from '../../src/core/webhook-events';
import { JOB_TOKENS_PREFIX, RESEARCH_TOKENS_PREFIX, WATCH_TOKENS_PREFIX, jobTokenIn, staleTokenKeys, withJobToken } from '../../src/core/jobs/tokens';
import { decideWiring, webhookWith } from '../../src/core/jobs/wiring';

const RUN_ID = '0d6b4f43-5a2c-4d8e-9a57-6f1c3b2e8a10';
const MONITOR_ID = '1a2b3c4d-5a2c-4d8e-9a57-6f1c3b2e8a10';
const CHECK_ID = '9b1e2c3d-4f5a-4b6c-8d7e-0f1a2b3c4d5e';
const HOSTILE = '[Open](command:workbench.action.quit) $(zap) <img src=x>\r\n# heading';

function body(type: string, data: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { success: true, type, id: RUN_ID, webhookId: 'w-1', data, ...extra };
}

function parsed(json: unknown): WebhookEvent {
  const result = parseWebhookEvent(json);
  if (!result.ok) assert.fail(`expected an event, got: ${result.problem}`);
  return result.event;
}

function rowOf(json: unknown): ReturnType<typeof recordFromDelivery> {
  return recordFromDelivery({ event: parsed(json), verification: 'verified', receivedAt: 1_700_000_000_000, rawBody: JSON.stringify(json) });
}

describe('webhook events of research runs and watches (issues 36, 37)', () => {
  it('reads agent.action with its step and credits so far', () => {
    const event = parsed(body('agent.action', [{ creditsUsed: 12, action: 'scrape', input: { url: 'https://example.com' } }]));
    assert.ok(event.kind === 'agent.action');
    assert.deepEqual(event.actions, [{ action: 'scrape', creditsUsed: 12 }]);
  });

  it('reads agent.started, .completed, .failed and .cancelled, the end with its credits', () => {
    assert.equal(parsed(body('agent.started', [])).kind, 'agent.started');
    const completed = parsed(body('agent.completed', [{ creditsUsed: 30, data: { plans: [] } }]));
    assert.ok(completed.kind === 'agent.completed');
    assert.deepEqual(completed.end, { creditsUsed: 30 });
    const failed = parsed(body('agent.failed', [{ creditsUsed: 7 }], { success: false, error: 'over budget' }));
    assert.ok(failed.kind === 'agent.failed');
    assert.equal(failed.success, false);
    assert.deepEqual(failed.end, { creditsUsed: 7 });
    const cancelled = parsed(body('agent.cancelled', []));
    assert.ok(cancelled.kind === 'agent.cancelled');
    assert.deepEqual(cancelled.end, {});
  });

  it('reads monitor.page and monitor.check.completed with the watch and the check', () => {
    const page = parsed(body('monitor.page', [{ monitorId: MONITOR_ID, checkId: CHECK_ID, url: 'https://example.com/pricing', status: 'changed', isMeaningful: true, judgment: { meaningful: true }, diff: { text: '-a\n+b' } }], { id: MONITOR_ID }));
    assert.ok(page.kind === 'monitor.page');
    assert.deepEqual(page.pages, [{ monitorId: MONITOR_ID, checkId: CHECK_ID, url: 'https://example.com/pricing', status: 'changed', isMeaningful: true }]);
    const check = parsed(body('monitor.check.completed', [{ monitorId: MONITOR_ID, checkId: CHECK_ID, status: 'completed', summary: { changed: 1 } }], { id: MONITOR_ID }));
    assert.ok(check.kind === 'monitor.check.completed');
    assert.deepEqual(check.checks, [{ monitorId: MONITOR_ID, checkId: CHECK_ID, status: 'completed' }]);
  });

  it('takes a malformed entry tolerantly: left out, the delivery still read', () => {
    const action = parsed(body('agent.action', [{ creditsUsed: 'lots', action: 'search' }, { action: 42 }, 'text', null, { creditsUsed: -3, action: 'extract' }]));
    assert.ok(action.kind === 'agent.action');
    // A credits field that is not a count is dropped, the step kept; an entry with no step is left out.
    assert.deepEqual(action.actions, [{ action: 'search' }, { action: 'extract' }]);
    const page = parsed(body('monitor.page', [{ checkId: CHECK_ID }, { monitorId: MONITOR_ID, checkId: CHECK_ID, url: 7, isMeaningful: 'yes' }]));
    assert.ok(page.kind === 'monitor.page');
    assert.deepEqual(page.pages, [{ monitorId: MONITOR_ID, checkId: CHECK_ID }]);
    const end = parsed(body('agent.completed', [{ creditsUsed: Number.POSITIVE_INFINITY }]));
    assert.ok(end.kind === 'agent.completed');
    assert.deepEqual(end.end, {});
  });

  it('still refuses a body that is not an event at all', () => {
    const result = parseWebhookEvent(body('agent.action', { creditsUsed: 1 }));
    assert.equal(result.ok, false);
    assert.ok(!result.ok);
    assert.match(result.problem, /data should be an array/);
    assert.equal(parseWebhookEvent({ type: 'monitor.page' }).ok, false);
  });

  it('caps what hostile entries carry: long steps and addresses cut, a thousand entries read to fifty', () => {
    const many = Array.from({ length: 1000 }, () => ({ action: 'x'.repeat(10_000), creditsUsed: 1 }));
    const event = parsed(body('agent.action', many));
    assert.ok(event.kind === 'agent.action');
    assert.equal(event.actions.length, 50);
    assert.ok((event.actions[0]?.action.length ?? 0) <= 300);
  });

  it('says a research step and a watched page in plain words, outside text inert', () => {
    const step = eventTitle(rowOf(body('agent.action', [{ creditsUsed: 4, action: HOSTILE }])));
    assert.ok(step.kind === 'research');
    assert.equal(step.step, 'action');
    // A tree row renders no links or icons (src/core/text/inert.ts): one clean line, kept as text.
    assert.equal(step.action, '[Open](command:workbench.action.quit) $(zap) <img src=x> # heading');
    assert.equal(eventFacts(rowOf(body('agent.action', [{ creditsUsed: 4, action: 'scrape' }]))).creditsUsed, 4);
    const page = eventTitle(rowOf(body('monitor.page', [{ monitorId: MONITOR_ID, checkId: CHECK_ID, url: HOSTILE, status: HOSTILE, isMeaningful: false }])));
    assert.ok(page.kind === 'watch-page');
    // A status the service does not name is not shown as one; the address stays text.
    assert.equal(page.pageStatus, undefined);
    assert.equal(page.meaningful, false);
    assert.doesNotMatch(page.url ?? '', /[\r\n]/);
    assert.deepEqual(eventTitle(rowOf(body('agent.completed', []))), { kind: 'research', step: 'completed' });
    assert.deepEqual(eventTitle(rowOf(body('monitor.check.completed', []))), { kind: 'watch-check' });
    // Any other type is still shown as the service named it.
    assert.deepEqual(eventTitle(rowOf(body('crawl.completed', []))), { kind: 'type', type: 'crawl.completed' });
  });
});

describe('a research run\'s and a watch\'s webhook token', () => {
  const state = (entries: Record<string, unknown>) => ({ keys: () => Object.keys(entries), get: (key: string) => entries[key] });

  it('finds a run\'s or a watch\'s token beside the jobs\', the newest when a watch was edited elsewhere', () => {
    const now = Date.now();
    const s = state({
      [`${JOB_TOKENS_PREFIX}a`]: [{ id: RUN_ID.replace('0d', '11'), token: 'job', savedAt: now }],
      [`${RESEARCH_TOKENS_PREFIX}a`]: [{ id: RUN_ID, token: 'run', savedAt: now }],
      [`${WATCH_TOKENS_PREFIX}a`]: [{ id: MONITOR_ID, token: 'old', savedAt: now - 1000 }],
      [`${WATCH_TOKENS_PREFIX}b`]: [{ id: MONITOR_ID, token: 'new', savedAt: now }],
    });
    assert.equal(jobTokenIn(s, RUN_ID.toUpperCase()), 'run');
    assert.equal(jobTokenIn(s, MONITOR_ID), 'new');
    assert.equal(jobTokenIn(s, CHECK_ID), undefined);
  });

  it('keeps a watch\'s token for months, a run\'s for a week', () => {
    const now = Date.now();
    const monthsAgo = now - 90 * 24 * 3_600_000;
    const entry = { id: MONITOR_ID, token: 't', savedAt: monthsAgo };
    assert.equal(withJobToken([entry], { id: RUN_ID, token: 'u', savedAt: now }, now, WATCH_TOKENS_PREFIX).length, 2);
    assert.equal(withJobToken([entry], { id: RUN_ID, token: 'u', savedAt: now }, now, RESEARCH_TOKENS_PREFIX).length, 1);
    const s = state({ [`${WATCH_TOKENS_PREFIX}closed`]: [entry], [`${RESEARCH_TOKENS_PREFIX}closed`]: [entry] });
    assert.deepEqual(staleTokenKeys(s, 'own', now, WATCH_TOKENS_PREFIX), []);
    assert.deepEqual(staleTokenKeys(s, 'own', now, RESEARCH_TOKENS_PREFIX), [`${RESEARCH_TOKENS_PREFIX}closed`]);
  });

  it('wires a run\'s webhook with its own events, the token only when no secret signs', () => {
    const receiver = { localUrl: 'http://127.0.0.1:8787/webhooks/web-data', requireSignature: false };
    const wiring = decideWiring({ serviceBaseUrl: 'http://127.0.0.1:3002', receiver, publicUrl: '', hasSecret: false });
    const hook = webhookWith(wiring, 'tok', ['monitor.page', 'monitor.check.completed']);
    assert.deepEqual(hook, { url: receiver.localUrl, events: ['monitor.page', 'monitor.check.completed'], metadata: { startedFrom: 'vscode-web-data' }, headers: { 'x-web-data-job-token': 'tok' } });
    const signed = webhookWith(decideWiring({ serviceBaseUrl: 'http://127.0.0.1:3002', receiver, publicUrl: '', hasSecret: true }), undefined, ['action']);
    assert.equal(signed?.headers, undefined);
    assert.equal(webhookWith(decideWiring({ serviceBaseUrl: 'https://api.example.com', receiver, publicUrl: '', hasSecret: true }), undefined, ['action']), undefined);
  });
});
