// The short form of the soak (test/soak/soak.ts; `npm run soak` is the long one): mixed calls under
// random faults, crawl paging and signed, mis-signed and flooding webhook deliveries, then nothing
// left open, no unhandled rejection, every failure a WebDataError with a clear message, and the
// heap after a forced GC near where it started.
import assert from 'node:assert/strict';
import { noMoreThan, runSoak } from '../soak/soak';

describe('soak, short form', () => {
  it('300 calls with random faults and 100 webhook deliveries leave no handle open, no rejection unhandled, the heap within 10%', async function () {
    this.timeout(60_000);
    const r = await runSoak({ calls: 300, deliveries: 100, concurrency: 8, deadlineMs: 30_000, ignoreHandles: ['Timeout'] });
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
    // No socket, server or file handle left open (others' may still be closing: fewer is fine, more is
    // not). Timers are counted by `npm run soak`, alone in its process; here mocha's own come and go.
    assert.ok(r.closedInMs >= 0, `still open after the run: ${r.resourcesAfter.join(', ')} (before: ${r.resourcesBefore.join(', ') || 'none'})`);
    assert.ok(noMoreThan(r.resourcesAfter, r.resourcesBefore));
    const growth = (r.heapEndBytes - r.heapStartBytes) / r.heapStartBytes;
    assert.ok(growth <= 0.1, `heap after GC grew ${(growth * 100).toFixed(1)}%`);
  });
});
