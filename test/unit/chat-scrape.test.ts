// The core of webData_scrape and webData_map: an agent's URL (refusals and unreachable hosts
// refused with why, credentials and secret-looking parameters removed and named), the price from
// this person's own scrapes (never made up), the daily limit (refused when it could pass), the
// kept page reused within minutes, the inputs, and the answers fitted to budgets of 64 and 200
// tokens and none, with the webData_read call that reads the whole page exactly.
import assert from 'node:assert/strict';
import { agentUrl, removedText } from '../../src/core/chat/agent-url';
import { characterBudget, tokenBudget } from '../../src/core/chat/fit';
import { mapText } from '../../src/core/chat/map-text';
import { scrapedPageLookup, scrapedPageText } from '../../src/core/chat/page-text';
import { readReadInput } from '../../src/core/chat/read-input';
import { readPart, splitPage } from '../../src/core/chat/read-result';
import { capRefusedText, mostOf, reusablePage, scrapePrice } from '../../src/core/chat/scrape-spend';
import { readMapToolInput, readScrapeToolInput } from '../../src/core/chat/web-input';
import { failureText } from '../../src/core/chat/failure-text';
import type { ScrapedRecord } from '../../src/core/scrape/page';
import { checkCap } from '../../src/core/spend/ledger';

const quarter = (text: string): Promise<number> => Promise.resolve(Math.ceil(text.length / 4));
const ID = '3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01';
const long = Array.from({ length: 30 }, (_, i) => `## Section ${i + 1}\n\n${'Streams carry records between operators. '.repeat(8)}`).join('\n\n');

function page(fields: Partial<ScrapedRecord> = {}): ScrapedRecord {
  return { id: ID, url: 'https://docs.tideflow.dev/guide', finalUrl: 'https://docs.tideflow.dev/guide', title: 'Guide', markdown: long, scrapedAt: '2026-03-01T10:00:00.000Z', askedBy: 'agent', creditsUsed: 1, ...fields };
}

describe('chat: an agent\'s URL', () => {
  it('refuses what is not a web address, with the field, and sends nothing', () => {
    const refused = (input: string): string => { const r = agentUrl(input); return r.ok ? 'ok' : r.text; };
    assert.match(refused(''), /^url was not accepted: A URL is required/);
    assert.match(refused('ftp://files.example.com/a'), /^url was not accepted: Only http: and https: .* ftp:\. Nothing was sent\.$/);
    assert.match(refused(`https://example.com/${'a'.repeat(2100)}`), /is \d+ characters long; at most 2048 are sent/);
    assert.match(agentUrl('javascript:alert(1)', 'urls[2]').ok ? '' : (agentUrl('javascript:alert(1)', 'urls[2]') as { text: string }).text, /^urls\[2\] was not accepted/);
  });

  it('refuses a host the service cannot reach, saying why', () => {
    const cases: Array<[string, RegExp]> = [
      ['http://localhost:3000/admin', /cannot reach localhost:3000, because it is the person's own machine/],
      ['http://127.0.0.1/', /because it is the person's own machine/],
      ['https://10.1.2.3/wiki', /because it is a private network address/],
      ['http://printer.local/status', /because \.local names exist only on the person's network/],
      ['https://wiki.corp/page', /internal name/],
      ['http://intranet/home', /a name without a dot/],
      ['http://[::1]:8080/', /own machine/],
    ];
    for (const [url, why] of cases) {
      const checked = agentUrl(url);
      assert.ok(!checked.ok, url);
      assert.match(checked.text, /^url was not sent: the Web Data Service fetches pages from the internet/);
      assert.match(checked.text, why, url);
      assert.match(checked.text, /Nothing was sent, so no credits were spent\./);
    }
  });

  it('removes credentials and secret-looking parameters (and an OAuth fragment), naming them; keeps the rest', () => {
    const checked = agentUrl('https://bob:hunter2@docs.example.com/a?page=2&token=abc&X-Amz-Signature=deadbeef#access_token=xyz');
    assert.ok(checked.ok);
    assert.equal(checked.url, 'https://docs.example.com/a?page=2');
    assert.deepEqual(checked.removed.map((r) => (r.kind === 'credentials' ? 'credentials' : r.name)), ['credentials', 'token', 'X-Amz-Signature', '#access_token']);
    assert.equal(removedText(checked.removed), 'Removed from the address before sending, as they look private: the user name and password, the parameter "token", the parameter "X-Amz-Signature", the parameter "#access_token".');
    const plain = agentUrl('docs.example.com/guide?q=streams');
    assert.ok(plain.ok);
    assert.equal(plain.url, 'https://docs.example.com/guide?q=streams');
    assert.deepEqual(plain.removed, []);
    assert.equal(removedText([]), undefined);
  });
});

describe('chat: what an agent\'s scrape or map spends', () => {
  it('the price is this person\'s own scrapes (the last five with a figure), else unknown', () => {
    assert.deepEqual(scrapePrice([]), { kind: 'unknown' });
    assert.deepEqual(scrapePrice([page({ creditsUsed: undefined })]), { kind: 'unknown' });
    assert.deepEqual(scrapePrice([page(), page(), page({ creditsUsed: undefined }), page(), page()]), { kind: 'history', min: 1, max: 1, times: 4 });
    assert.deepEqual(scrapePrice([page({ creditsUsed: 5 }), page(), page(), page(), page(), page({ creditsUsed: 9 })]), { kind: 'history', min: 1, max: 5, times: 5 });
    assert.equal(mostOf({ kind: 'unknown' }), undefined);
    assert.equal(mostOf({ kind: 'history', min: 1, max: 5, times: 5 }), 5);
  });

  it('the daily limit: refused when reached, or when a known price could pass it; said with the setting first', () => {
    assert.deepEqual(checkCap(24, 25, 1), { kind: 'ok' });
    const pass = checkCap(24, 25, 2);
    assert.ok(pass.kind === 'would-pass');
    assert.equal(capRefusedText(pass, 'scrape'), 'The scrape could pass the daily agent credit limit (24 of 25 spent today, and it may cost up to 2); the person can raise webData.chat.dailyCreditLimit. The scrape was not sent, so nothing was spent. Tell the person; pages already fetched can still be read with webData_read.');
    const reached = checkCap(25, 25, undefined);
    assert.ok(reached.kind === 'reached');
    assert.match(capRefusedText(reached, 'map'), /^Daily agent credit limit reached \(25 of 25 today\); the person can raise webData\.chat\.dailyCreditLimit\. The map was not sent/);
  });

  it('reuses the newest page kept from the same address within the minutes, whoever fetched it; never at 0 minutes', () => {
    const now = new Date('2026-03-01T10:05:30.000Z');
    const pages = [page({ id: 'new', scrapedAt: '2026-03-01T10:04:00.000Z', askedBy: 'person' }), page({ id: 'old', scrapedAt: '2026-03-01T10:00:00.000Z' }), page({ id: 'other', url: 'https://docs.tideflow.dev/other', scrapedAt: '2026-03-01T10:05:00.000Z' })];
    assert.deepEqual(reusablePage(pages, 'https://docs.tideflow.dev/guide', now, 10), { page: pages[0], minutesAgo: 1 });
    assert.equal(reusablePage(pages, 'https://docs.tideflow.dev/guide', now, 1), undefined);
    assert.equal(reusablePage([page({ scrapedAt: now.toISOString() })], 'https://docs.tideflow.dev/guide', now, 0), undefined, 'never at 0 minutes, even a page of this very moment');
    assert.equal(reusablePage(pages, 'https://docs.tideflow.dev/guide?x=1', now, 10), undefined);
  });
});

describe('chat: the scrape and map tools\' inputs', () => {
  it('reads a scrape input; refuses bad fields by name; ignores unknown ones', () => {
    assert.deepEqual(readScrapeToolInput({ url: 'https://a.example', fresh: true, extra: 1 }), { ok: true, input: { url: 'https://a.example', fresh: true, extra: 1 } });
    const bad = readScrapeToolInput({ fresh: 'yes' });
    assert.ok(!bad.ok);
    assert.deepEqual(bad.problems.map((p) => p.field).sort(), ['fresh', 'url']);
    assert.match(bad.problems.find((p) => p.field === 'url')?.message ?? '', /^url is required/);
    assert.ok(!readScrapeToolInput('https://a.example').ok);
  });

  it('reads a map input: limit 1 to 5000, from 1 on', () => {
    assert.ok(readMapToolInput({ url: 'https://a.example', search: 'streams', limit: 50, from: 21 }).ok);
    const bad = readMapToolInput({ url: 'https://a.example', limit: 6000, from: 0 });
    assert.ok(!bad.ok);
    assert.deepEqual(bad.problems.map((p) => p.field).sort(), ['from', 'limit']);
    assert.match(bad.problems.find((p) => p.field === 'limit')?.message ?? '', /a whole number from 1 to 5000; got the number 6000/);
  });

  it('webData_read reads a kept page by its pageId (alone)', () => {
    assert.deepEqual(readReadInput({ pageId: ID.toUpperCase(), part: 2 }), { ok: true, request: { source: 'scrape', id: ID, page: { number: 1 }, part: 2 } });
    assert.ok(!readReadInput({ pageId: 'nope' }).ok);
    assert.ok(!readReadInput({ pageId: ID, searchId: 's' }).ok);
  });
});

describe('chat: a scraped page and a map as answers', () => {
  for (const tokens of [64, 200, undefined]) {
    it(`a page at ${tokens ?? 'no'} token budget: fits, keeps the title, address and page id, and names the read call when cut`, async () => {
      const budget = tokens === undefined ? characterBudget() : tokenBudget(tokens, quarter);
      const text = await scrapedPageText(page({ title: 'Guide\n[2] Fake entry' }), budget);
      assert.ok(await budget.count(text) <= budget.limit, `${text.length} characters`);
      assert.match(text, /Guide \[2\] Fake entry/, 'one line');
      assert.ok(text.includes('https://docs.tideflow.dev/guide'));
      assert.ok(text.includes(`{"what":{"source":"scraped","pageId":"${ID}","part":1}}`) && /webData_read\b/.test(text), text);
      if (tokens === 200) {
        assert.match(text, /^Page "Guide \[2\] Fake entry" at https:\/\/docs\.tideflow\.dev\/guide \(page id [\w-]+\)\. 1 credit used\./);
        assert.match(text, /Left out to fit the size budget \(200 tokens\): (paragraphs \d+-\d+ of \d+|the page's markdown)/);
      }
    });
  }

  it('says a reuse, a redirect, a status, the cache\'s age and what was removed; a short page comes whole with no note', async () => {
    const text = await scrapedPageText(page({ markdown: '# Short\n\nOne paragraph.', url: 'http://docs.tideflow.dev/guide', statusCode: 404, cacheState: 'hit', cachedAt: '2026-03-01T07:00:00.000Z' }), characterBudget(), { reusedMinutesAgo: 3, removed: 'Removed from the address before sending, as they look private: the parameter "token".' });
    assert.match(text, /From the page kept 3 minutes ago, so nothing was spent now \(fresh: true scrapes it again\)\./);
    assert.match(text, /Asked for http:\/\/docs\.tideflow\.dev\/guide; it landed at the address above\./);
    assert.match(text, /the parameter "token"/);
    assert.match(text, /status 404/);
    assert.match(text, /From the service's cache, 3 hours old/);
    assert.match(text, /~~~markdown\n# Short\n\nOne paragraph\.\n~~~$/);
    assert.doesNotMatch(text, /Left out/);
  });

  it('the whole page read by its pageId in parts at 100 tokens gives it back exactly; a missing page is said', async () => {
    const found = scrapedPageLookup(page(), ID);
    assert.ok(found.ok);
    const budget = tokenBudget(100, quarter);
    const parts = await splitPage(found.page, budget);
    assert.ok(parts && parts.length > 5);
    let joined = '';
    for (let n = 1; n <= parts.length; n++) {
      const read = await readPart(found.page, parts, { part: n }, budget);
      assert.ok(read.ok);
      assert.ok(read.text.startsWith(`Part ${n} of ${parts.length} of the page markdown of scraped page ${ID}`), read.text.slice(0, 100));
      if (n < parts.length) assert.ok(read.text.includes(`Next: {"what":{"source":"scraped","pageId":"${ID}","part":${n + 1}}}`), read.text.slice(0, 200));
      joined += /\n(~{3,})markdown\n([\s\S]*)\n\1$/.exec(read.text)?.[2] ?? '<no fence>';
    }
    assert.equal(joined, long);
    const gone = scrapedPageLookup(undefined, 'x');
    assert.ok(!gone.ok && /No page with id "x" is kept/.test(gone.problem));
  });

  const links = Array.from({ length: 60 }, (_, i) => ({ url: `https://docs.tideflow.dev/p${i + 1}`, title: i === 0 ? 'Home\nInjected' : `Page ${i + 1}` }));
  for (const tokens of [64, 200, undefined]) {
    it(`a map at ${tokens ?? 'no'} token budget: fits, lists from the first, and says how to read on free`, async () => {
      const budget = tokens === undefined ? characterBudget() : tokenBudget(tokens, quarter);
      const text = await mapText({ url: 'https://docs.tideflow.dev/', search: 'streams', links, keptForPaging: true }, 1, budget);
      assert.ok(await budget.count(text) <= budget.limit, `${text.length} characters`);
      assert.match(text, /\[1\] https:\/\/docs\.tideflow\.dev\/p1/);
      if (tokens === undefined) assert.match(text, /\[60\] https:\/\/docs\.tideflow\.dev\/p60 Page 60/);
      else assert.match(text, /webData_map \{"url":"https:\/\/docs\.tideflow\.dev\/","search":"streams","from":\d+\}/);
      if (tokens === 200) assert.match(text, /^Map of https:\/\/docs\.tideflow\.dev\/ for "streams": 60 addresses\. The service does not say what a map costs/);
    });
  }

  it('a map read on from an address, reused, empty, or not kept for paging', async () => {
    const budget = characterBudget(600);
    const on = await mapText({ url: 'https://s.example/', links, keptForPaging: true, reusedMinutesAgo: 2 }, 41, budget);
    assert.match(on, /listed from 41\. From the map made 2 minutes ago, so nothing was spent now\./);
    assert.match(on, /^\[41\] https:\/\/docs\.tideflow\.dev\/p41 Page 41$/m);
    assert.doesNotMatch(on, /\[40\]/);
    const unkept = await mapText({ url: 'https://s.example/', links, keptForPaging: false }, 1, budget);
    assert.match(unkept, /Narrow the map with search/);
    assert.doesNotMatch(unkept, /"from"/);
    assert.match(await mapText({ url: 'https://s.example/', links: [], keptForPaging: true }, 1, budget), /The service found no addresses/);
    assert.match(await mapText({ url: 'https://s.example/', links, keptForPaging: true }, 99, budget), /There is no address 99; the map has 60 addresses\./);
  });

  it('a 408 is said as the service giving up, not as an unreachable network', () => {
    const text = failureText('The scrape', { kind: 'timeout', status: 408, message: 'The service gave up waiting for the scrape (408). Try again.' }, true);
    assert.match(text, /^The scrape timed out at the service \(408\)/);
    assert.doesNotMatch(text, /could not be reached/);
    assert.match(failureText('The scrape', { kind: 'timeout' }, true), /could not be reached/);
  });
});
