// The short form of the soak (test/soak/soak.ts; `npm run soak` is the long one): mixed calls under
// random faults, crawl paging and signed, mis-signed and flooding webhook deliveries, then nothing
// left open, no unhandled rejection, every failure a WebDataError with a clear message, and the
// heap after a forced GC near where it started. Beside them, agents' searches through the
// SearchService past the daily credit limit, and every byte budget (history, events, crawl pages).
import assert from 'node:assert/strict';
import { noMoreThan, runSoak } from '../soak/soak';

describe('soak, short form', () => {
  it('300 calls with random faults, 100 webhook deliveries and 30 searches leave no handle open, no rejection unhandled, the heap within 10%, agents within the daily limit and every byte budget kept', async function () {
    this.timeout(60_000);
    const r = await runSoak({
      calls: 300, deliveries: 100, concurrency: 8, deadlineMs: 30_000, ignoreHandles: ['Timeout'],
      searches: 30, dailyCreditLimit: 25, historyLimits: { maxCount: 20, maxBytes: 24 * 1024 }, crawlBudgetBytes: 64 * 1024,
    });
    assert.equal(r.stoppedEarly, false);
    assert.equal(r.calls, 300);
    assert.deepEqual(r.wrong, []);
    assert.ok(r.answered > 100, `${r.answered} answered`);
    assert.ok(Object.keys(r.failures).length >= 4, `failures of several kinds: ${JSON.stringify(r.failures)}`);
    assert.ok(r.crawlPagesRead > 0);
    assert.equal(r.deliveries.sent, 100);
    assert.equal(r.deliveries.answered200 + r.deliveries.answered401, 100);
    assert.ok(r.deliveries.answered401 > 0, 'some deliveries were mis-signed');
    assert.equal(r.deliveries.handled, r.deliveries.answered200);
    assert.equal(r.unhandledRejections, 0);
    // Agents reach the daily limit; past it every search is refused and nothing reaches the service.
    const { agents, history, events, crawlPages } = r;
    assert.ok(agents.spent >= agents.limit, `agents reached the limit: ${JSON.stringify(agents)}`);
    assert.equal(agents.sentAfterCap, 0, `agent searches sent after the limit was reached: ${JSON.stringify(agents)}`);
    assert.ok(agents.sent > 0 && agents.refused > 0, `agents: ${JSON.stringify(agents)}`);
    assert.equal(agents.overspends, 0);
    assert.ok(agents.spent <= agents.limit + agents.lastAllowedCredits, `spent ${agents.spent} of ${agents.limit} (+${agents.lastAllowedCredits})`);
    // The history had to evict, and its folder is within both caps, the pinned search kept.
    assert.ok(history.writtenBytes > history.limits.maxBytes, `history: ${JSON.stringify(history)}`);
    assert.ok(history.bytesOnDisk <= history.limits.maxBytes && history.files <= history.limits.maxCount, `history: ${JSON.stringify(history)}`);
    assert.ok(history.pinnedKept, 'the pinned search was evicted');
    // The flood asked the events list to keep more than its payload budget; what it stored is within both.
    assert.ok(events.receivedPayloadBytes > events.payloadBudget && events.payloadsDropped > 0, `events: ${JSON.stringify(events)}`);
    assert.ok(events.storedPayloadBytes <= events.payloadBudget && events.storedBytes <= events.listBudget, `events: ${JSON.stringify(events)}`);
    // Paging offered more markdown than the crawl pages' budget; the folder is within it.
    assert.ok(crawlPages.offeredBytes > crawlPages.budgetBytes && crawlPages.refused > 0, `crawl pages: ${JSON.stringify(crawlPages)}`);
    assert.ok(crawlPages.bytesOnDisk <= crawlPages.budgetBytes, `crawl pages: ${JSON.stringify(crawlPages)}`);
    // No socket, server or file handle left open (others' may still be closing: fewer is fine, more is
    // not). Timers are counted by `npm run soak`, alone in its process; here mocha's own come and go.
    assert.ok(r.closedInMs >= 0, `still open after the run: ${r.resourcesAfter.join(', ')} (before: ${r.resourcesBefore.join(', ') || 'none'})`);
    assert.ok(noMoreThan(r.resourcesAfter, r.resourcesBefore));
    const growth = (r.heapEndBytes - r.heapStartBytes) / r.heapStartBytes;
    assert.ok(growth <= 0.1, `heap after GC grew ${(growth * 100).toFixed(1)}%`);
  });
});
