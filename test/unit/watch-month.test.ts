// A watch's month before it exists (issue 47): the one estimate Watch for Changes… and the chat tool
// webData_watch both show, pages × checks in 30 days × credits a page, the page priced at the
// dearest of the person's own scrapes and never under a credit, so it is never "unknown"; and
// whether the person is asked first (above webData.watch.confirmAboveCreditsPerMonth).
import assert from 'node:assert/strict';
import { asksBeforeCreating, watchMonth } from '../../src/core/monitor/month';
import { parseSchedule, type Schedule } from '../../src/core/monitor/schedule';

function schedule(typed: string): Schedule {
  const checked = parseSchedule(typed);
  assert.ok(checked.ok, typed);
  return checked.schedule;
}

describe('a watch\'s month', () => {
  const now = new Date('2026-11-02T00:00:00Z');
  const page = { kind: 'urls', urls: ['https://docs.tideflow.dev/getting-started'] } as const;

  it('every 15 minutes, with no scrape to price a page by: 2,880 checks at a credit a page, not unknown', () => {
    assert.deepEqual(watchMonth({ what: page, schedule: schedule('every 15 minutes') }, 'UTC', now, []),
      { pages: 1, checksPerMonth: 2880, creditsPerPage: 1, pricedBy: 'least', credits: 2880 });
  });

  it('prices a page at the dearest of the person\'s own scrapes, never under a credit', () => {
    const daily = { what: { kind: 'urls', urls: ['https://a.example/1', 'https://a.example/2'] } as const, schedule: schedule('daily at 9am') };
    const dear = watchMonth(daily, 'UTC', now, [{ creditsUsed: 1 }, { creditsUsed: 5 }, {}]);
    assert.deepEqual([dear.creditsPerPage, dear.pricedBy, dear.credits], [5, 'own-scrapes', 300]);
    const cheap = watchMonth(daily, 'UTC', now, [{ creditsUsed: 0 }, { creditsUsed: Number.NaN }, { creditsUsed: -3 }]);
    assert.deepEqual([cheap.creditsPerPage, cheap.pricedBy, cheap.credits], [1, 'least', 60]);
    // A fraction of a credit a page is rounded up over the month, never down.
    assert.equal(watchMonth(daily, 'UTC', now, [{ creditsUsed: 1.25 }]).credits, 75);
  });

  it('reads a watched search as its ten results a check', () => {
    const search = watchMonth({ what: { kind: 'query', queries: ['tideflow advisory'] }, schedule: schedule('weekly') }, 'UTC', now, []);
    assert.equal(search.pages, 10);
    assert.equal(search.credits, search.checksPerMonth * 10);
  });

  it('asks above the threshold, not at it', () => {
    assert.equal(asksBeforeCreating({ credits: 2880 }, 300), true);
    assert.equal(asksBeforeCreating({ credits: 300 }, 300), false);
    assert.equal(asksBeforeCreating({ credits: 30 }, 300), false);
  });
});
