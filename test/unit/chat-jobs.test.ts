// The core of webData_startCrawl and webData_batchScrape: an agent's crawl never asks for more
// pages than webData.chat.maxCrawlPages (lowered, and said), a longer batch is refused (the model
// picks), each address is checked as an agent's (unreachable refused, secrets removed), a bad path
// pattern is refused by its field before sending, the bound counts against the daily limit (a job
// that could pass it is refused), and the answer names the job id and the call that reads it first.
import assert from 'node:assert/strict';
import { fitPlainText, tokenBudget } from '../../src/core/chat/fit';
import { agentBatch, agentCrawl, jobStartedText, type AgentJob } from '../../src/core/chat/job-plan';
import { capRefusedText } from '../../src/core/chat/scrape-spend';
import { readBatchToolInput, readCrawlToolInput } from '../../src/core/chat/web-input';
import { jobBound, jobShape } from '../../src/core/spend/job-bound';
import { checkCap } from '../../src/core/spend/ledger';

const ID = '3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01';
const quarter = (text: string): Promise<number> => Promise.resolve(Math.ceil(text.length / 4));

function planned(result: ReturnType<typeof agentCrawl>): AgentJob {
  assert.ok(result.ok, JSON.stringify(result));
  return result.plan;
}

describe('chat: an agent\'s crawl or batch scrape', () => {
  it('a crawl: the limit is the setting when left out, the agent\'s when smaller, lowered (and said) when larger', () => {
    const left = planned(agentCrawl({ url: 'https://docs.example.com' }, 10));
    assert.equal(left.pages, 10);
    assert.deepEqual(left.job, { kind: 'crawl', request: { url: 'https://docs.example.com/', limit: 10, scrapeOptions: { formats: [{ type: 'markdown' }] } } });
    assert.equal(left.lowered, undefined);
    assert.equal(planned(agentCrawl({ url: 'https://docs.example.com', limit: 3 }, 10)).pages, 3);
    const lowered = planned(agentCrawl({ url: 'https://docs.example.com', limit: 500, includePaths: ['^/docs/'], maxDiscoveryDepth: 2, onlyMainContent: false }, 10));
    assert.equal(lowered.pages, 10);
    assert.deepEqual(lowered.lowered, { asked: 500 });
    assert.deepEqual(lowered.job.request, { url: 'https://docs.example.com/', limit: 10, includePaths: ['^/docs/'], maxDiscoveryDepth: 2, scrapeOptions: { formats: [{ type: 'markdown' }], onlyMainContent: false } });
  });

  it('a crawl\'s address is checked as an agent\'s, and a bad path pattern is refused by its field before sending', () => {
    const local = agentCrawl({ url: 'http://192.168.1.20/wiki' }, 10);
    assert.ok(!local.ok && 'text' in local && /cannot reach 192\.168\.1\.20, because it is a private network address/.test(local.text));
    const bad = agentCrawl({ url: 'https://docs.example.com', excludePaths: ['(unclosed'] }, 10);
    assert.ok(!bad.ok && 'problems' in bad);
    assert.equal(bad.problems.at(0)?.field, 'excludePaths[0]');
    assert.match(bad.problems.at(0)?.message ?? '', /is not a regular expression/);
    const secret = planned(agentCrawl({ url: 'https://docs.example.com/?api_key=sk-0123456789abcdefghij' }, 10));
    assert.equal(secret.urls[0], 'https://docs.example.com/');
    assert.deepEqual(secret.removed, [{ at: 1, parts: [{ kind: 'secret-parameter', name: 'api_key' }] }]);
  });

  it('a batch: addresses checked and cleaned, duplicates once, more than the setting refused with words, a bad one by its number', () => {
    const batch = planned(agentBatch({ urls: ['https://a.example/1', 'a.example/1', 'https://u:p@b.example/2'] }, 10));
    assert.deepEqual(batch.urls, ['https://a.example/1', 'https://b.example/2']);
    assert.equal(batch.pages, 2);
    assert.deepEqual(batch.removed, [{ at: 3, parts: [{ kind: 'credentials' }] }]);
    assert.deepEqual(batch.job, { kind: 'batch', request: { urls: ['https://a.example/1', 'https://b.example/2'], formats: [{ type: 'markdown' }] } });
    const many = agentBatch({ urls: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`) }, 10);
    assert.ok(!many.ok && 'text' in many);
    assert.match(many.text, /^The batch scrape was not sent: it lists 11 different addresses, and a chat agent's batch scrape may list at most 10 \(webData\.chat\.maxCrawlPages/);
    const local = agentBatch({ urls: ['https://a.example/', 'http://localhost/x'] }, 10);
    assert.ok(!local.ok && 'text' in local && local.text.startsWith('urls[1] was not sent'));
  });

  it('reads the inputs: an empty list, a negative depth, a limit of 0 refused by field', () => {
    const batch = readBatchToolInput({ urls: [] });
    assert.ok(!batch.ok && batch.problems[0]?.field === 'urls');
    const crawl = readCrawlToolInput({ url: 'https://a.example', limit: 0, maxDiscoveryDepth: -1 });
    assert.ok(!crawl.ok);
    assert.deepEqual(crawl.problems.map((p) => p.field).sort(), ['limit', 'maxDiscoveryDepth']);
    assert.match(crawl.problems.find((p) => p.field === 'limit')?.message ?? '', /a whole number of pages from 1/);
  });

  it('the bound counts against the daily limit: refused when its credits could pass it, or the limit is reached; unknown credits only by a reached limit', () => {
    const shape = jobShape({ formats: ['markdown'] });
    const known = jobBound(10, shape, [{ shape, pages: 4, creditsUsed: 4, finishedAt: '2026-03-01T10:00:00Z' }]);
    assert.deepEqual(known.credits, { kind: 'history', perPage: 1, atMost: 10, samples: 1 });
    const pass = checkCap(20, 25, 10);
    assert.ok(pass.kind === 'would-pass');
    assert.match(capRefusedText(pass, 'crawl'), /^The crawl could pass the daily agent credit limit \(20 of 25 spent today, and it may cost up to 10\); the person can raise webData\.chat\.dailyCreditLimit\. The crawl was not sent/);
    assert.deepEqual(checkCap(15, 25, 10), { kind: 'ok' });
    assert.deepEqual(checkCap(20, 25, undefined), { kind: 'ok' });
    assert.equal(checkCap(25, 25, undefined).kind, 'reached');
  });

  it('the answer names the job id and the webData_read call first, then the bound, the lowered limit, what was removed, invalid addresses', async () => {
    const crawl = planned(agentCrawl({ url: 'https://docs.example.com/?token=abc', limit: 50 }, 10));
    const unknown = jobBound(10, jobShape({ formats: ['markdown'] }), []);
    const text = jobStartedText(crawl, { id: ID }, unknown);
    assert.ok(text.startsWith(`Crawl started: job id ${ID}. Read its pages with webData_read {"what":{"source":"job","jobId":"${ID}","kind":"crawl"}}, free, once they arrive`), text);
    assert.match(text, /From https:\/\/docs\.example\.com\/: at most 10 pages; credits unknown until the first crawl of this kind finishes\./);
    assert.match(text, /The page limit asked for \(50\) was lowered to 10, the most a chat agent's crawl may ask for \(webData\.chat\.maxCrawlPages\)\./);
    assert.match(text, /Removed from the address before sending, as they look private: the parameter "token"\./);
    const small = await fitPlainText(text, tokenBudget(64, quarter));
    assert.ok(small.includes(`{"what":{"source":"job","jobId":"${ID}","kind":"crawl"}}`), small);

    const batch = planned(agentBatch({ urls: ['https://a.example/1', 'https://a.example/2'] }, 10));
    const shape = jobShape({ formats: ['markdown'] });
    const known = jobBound(2, shape, [{ shape, pages: 2, creditsUsed: 3, finishedAt: '2026-03-01T10:00:00Z' }]);
    const said = jobStartedText(batch, { id: ID, invalidURLs: ['https://a.example/2'] }, known);
    assert.match(said, new RegExp(`^Batch scrape started: job id ${ID}\\. Read its pages with webData_read \\{"what":\\{"source":"job","jobId":"${ID}","kind":"batch"\\}\\}`));
    assert.match(said, /2 addresses: at most 2 pages, so at most 3 credits \(1\.5 a page at most in the person's last batch scrape of this kind\)\./);
    assert.match(said, /The service left out 1 address it found invalid: https:\/\/a\.example\/2\./);
    assert.doesNotMatch(said, /Active Crawls/);
  });
});
