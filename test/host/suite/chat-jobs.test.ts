// The chat tools that fetch and start things (issues 27 and 28), in a real VS Code against the
// emulator: webData_scrape and webData_map confirmed with what they send and what they cost,
// answered from what is kept within minutes with no request sent (counted at the emulator), fitted
// to budgets of 64 and 200 tokens and none, refused at the daily limit, and a 408 and a 402 in
// words; webData_startCrawl and webData_batchScrape confirmed with the address(es), the page limit
// and the bound, the limit never above webData.chat.maxCrawlPages, refused when the bound could
// pass the daily limit, and the answer naming the job id and the webData_read call. A call that will be sent is confirmed in a modal dialog no test can answer, so those
// calls go through the tool's prepareInvocation and invoke; every call that sends nothing (a
// reuse, a refusal, webData_read) goes through vscode.lm.invokeTool as an agent's would.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import type { ChatTool } from '../../../src/features/chat/tool';
import { FINISHED } from '../../../src/core/crawls/results';
import { JOB_COSTS_PREFIX } from '../../../src/core/jobs/costs';
import { activate, emulator, restoreDemoKey, storageOf, useKey, usageFor, waitFor } from './helpers-account';
import { invokeTool as invoke, messageOf, none, textOf } from './helpers-tools';

const KEY = 'wd-test-chat-jobs-0123456789abcdef';
const quarter = (text: string): Promise<number> => Promise.resolve(Math.ceil(text.length / 4));
const budget = (tokenBudget: number): vscode.LanguageModelToolTokenizationOptions => ({ tokenBudget, countTokens: quarter });
const BUDGETS = [64, 200, undefined] as const;

const invokeTool = (name: string, input: object, tokens?: number): Promise<string> => invoke(name, input, tokens === undefined ? undefined : budget(tokens));
/** Markdown back to its text (the confirmation escapes every value). */
const plain = (markdown: string): string => markdown.replace(/\\(.)/g, '$1');
const sentTo = async (path: string, since: number): Promise<number> => (await emulator.requestsSince(since)).filter((r) => r.path === path).length;
/** What a tool sent since `since`: its POSTs (the credits and a followed job's status are read in the background). */
const postsSince = async (since: number): Promise<string[]> => (await emulator.requestsSince(since)).filter((r) => r.method === 'POST').map((r) => r.path);
const setting = (name: string, value: number | undefined): Thenable<void> => vscode.workspace.getConfiguration('webData').update(name, value, vscode.ConfigurationTarget.Global);

function assertFits(text: string, tokens: number | undefined): void {
  if (tokens === undefined) assert.ok(text.length < 8000, `${text.length} characters`);
  else assert.ok(Math.ceil(text.length / 4) <= tokens, `${Math.ceil(text.length / 4)} tokens for ${tokens}: ${text}`);
}

describe('chat: tools that fetch pages and map sites', function () {
  this.timeout(60_000);
  let api: WebDataApi;
  /** The jobs this suite started, and the finished jobs' costs before it: put back after, so the
   * bound a later suite sees is the one it would have seen without this suite. */
  const startedJobs: Array<{ id: string; kind: 'crawl' | 'batch' }> = [];
  let costsBefore = new Map<string, unknown>();

  /** A call that will be sent: prepared (it asks to confirm), then invoked as chat does once confirmed. */
  async function confirmed(tool: ChatTool, input: object, path: string, tokens?: number): Promise<{ text: string; confirmation: string }> {
    const prepared = await tool.prepareInvocation({ input }, none);
    const confirmation = plain(messageOf(prepared));
    assert.ok(confirmation, 'no confirmation asked for a call that will be sent');
    const before = await emulator.requestCount();
    const text = textOf(await tool.invoke({ input, toolInvocationToken: undefined, tokenizationOptions: tokens === undefined ? undefined : budget(tokens) }, none));
    assert.equal(await sentTo(path, before), 1, `one request to ${path}: ${text.slice(0, 300)}`);
    return { text, confirmation };
  }

  before(async () => {
    api = await activate();
    await emulator.addTeam({ apiKey: KEY, usage: usageFor(60_000, 150_000) });
    await useKey(KEY);
    // Agents' spend of other suites counts toward today's limit: these tests set it themselves.
    await setting('chat.dailyCreditLimit', 1000);
    const state = storageOf(api).globalState;
    costsBefore = new Map(state.keys().filter((key) => key.startsWith(JOB_COSTS_PREFIX)).map((key) => [key, state.get(key)]));
  });
  afterEach(() => emulator.clearFaults());
  after(async () => {
    const state = storageOf(api).globalState;
    // The jobs finish within seconds at the emulator: each is followed until it ends (later suites
    // pick rows by status), and its cost, if it has one, is kept as it ends. A job that ends with no
    // page keeps no cost, so the wait is for every job's end, not for a cost of each.
    await waitFor('this suite\'s jobs to end', () => api.jobs.followed === 0 && startedJobs.every((ref) => {
      const status = api.crawlResults.service.get(ref)?.status;
      return status !== undefined && FINISHED.has(status);
    }), 60_000);
    for (const key of state.keys().filter((k) => k.startsWith(JOB_COSTS_PREFIX))) await state.update(key, costsBefore.get(key));
    await setting('chat.dailyCreditLimit', undefined);
    await restoreDemoKey();
  });

  describe('webData_scrape', () => {
    const URL = 'https://docs.tideflow.dev/guide/streams';
    let pageId = '';

    it('asks first with the address, the price from this person\'s scrapes and today\'s spend; the page is kept and its credits counted', async () => {
      const earlier = (await api.scrape.pages.list()).filter((p) => p.creditsUsed !== undefined).length;
      const agentBefore = api.spend.today().agent;
      // fresh: an earlier suite's page of this address is not reused.
      const { text, confirmation } = await confirmed(api.chat.scrape, { url: URL, fresh: true }, '/v2/scrape');
      assert.match(confirmation, new RegExp(`\\*\\*Address:\\*\\* ${URL.replace(/[./]/g, '\\$&')}`));
      assert.match(confirmation, /\*\*Fresh:\*\* fetched again/);
      const price = earlier === 0 ? /\*\*Price:\*\* unknown until the first scrape/
        : earlier === 1 ? /\*\*Price:\*\* a scrape like this cost 1 credit last time/
          : new RegExp(`\\*\\*Price:\\*\\* scrapes like this cost 1 credit the last ${Math.min(5, earlier)} times`);
      assert.match(confirmation, price);
      assert.match(confirmation, new RegExp(`Chat agents have spent ${agentBefore} of their 1000 credits today \\(webData\\.chat\\.dailyCreditLimit\\)`));
      assert.match(text, /^Page "Streams guide - Tideflow" at https:\/\/docs\.tideflow\.dev\/guide\/streams \(page id [0-9a-f-]{36}\)\. 1 credit used\./);
      pageId = /\(page id ([0-9a-f-]{36})\)/.exec(text)?.[1] ?? '';
      const kept = await api.scrape.pages.read(pageId);
      assert.equal(kept?.askedBy, 'agent');
      await waitFor('the agent\'s scrape counted in today\'s spend', () => api.spend.today().agent === agentBefore + 1);
      // Now there is a price to say.
      const again = plain(messageOf(await api.chat.scrape.prepareInvocation({ input: { url: 'https://docs.tideflow.dev/faq', fresh: true } }, none)));
      assert.match(again, /\*\*Price:\*\* (a scrape like this cost 1 credit last time|scrapes like this cost 1 credit the last [2-5] times)/);
    });

    for (const tokens of BUDGETS) {
      it(`the same address again, budget ${tokens ?? 'none'}: through lm.invokeTool, from the kept page, nothing sent, and it fits`, async () => {
        assert.equal((await api.chat.scrape.prepareInvocation({ input: { url: URL } }, none))?.confirmationMessages, undefined, 'a reuse asks nothing');
        const before = await emulator.requestCount();
        const text = await invokeTool('webData_scrape', { url: URL }, tokens);
        assert.equal(await sentTo('/v2/scrape', before), 0, 'a reused page sent a request');
        assertFits(text, tokens);
        assert.ok(text.includes('https://docs.tideflow.dev/guide/streams'), text);
        assert.ok(text.includes(pageId), 'the kept page is named');
        if (tokens !== undefined) assert.ok(text.includes(`{"source":"scraped","pageId":"${pageId}","part":1}`), 'the read call names the kept page');
        else assert.doesNotMatch(text, /Left out/, 'the whole page fits 8,000 characters');
        assert.match(text, tokens === 64 ? /kept earlier: nothing spent now|nothing was spent now/ : /From the page kept (less than a minute|\d+ minutes?) ago, so nothing was spent now/);
        if (tokens === undefined) assert.match(text, /~~~markdown\n# Streams guide/);
      });
    }

    it('webData_read reads the kept page by its pageId in parts that give it back exactly, nothing sent', async () => {
      const record = await api.scrape.pages.read(pageId);
      assert.ok(record);
      const before = await emulator.requestCount();
      let joined = '';
      let total = 0;
      for (let part = 1; part <= 100; part++) {
        const text = await invokeTool('webData_read', { what: { source: 'scraped', pageId, part } }, 64);
        assertFits(text, 64);
        const head = new RegExp(`^Part (\\d+) of (\\d+) of the page markdown of scraped page ${pageId}`).exec(text);
        assert.ok(head, text.slice(0, 200));
        total = Number(head[2]);
        joined += /\n(~{3,})markdown\n([\s\S]*)\n\1$/.exec(text)?.[2] ?? '<no fence>';
        if (part === total) break;
      }
      assert.ok(total > 2, `${total} parts`);
      assert.equal(joined, record.markdown);
      assert.deepEqual(await postsSince(before), []);
    });

    it('credentials and a secret-looking parameter are removed before sending, and both the confirmation and the answer say so', async () => {
      const { text, confirmation } = await confirmed(api.chat.scrape, { url: 'https://bob:hunter2@docs.tideflow.dev/faq?token=abc123&lang=en', fresh: true }, '/v2/scrape');
      assert.match(confirmation, /\*\*Address:\*\* https:\/\/docs\.tideflow\.dev\/faq\?lang=en/);
      assert.match(confirmation, /\*\*Removed before sending\*\* \(they look private\): the user name and password, the parameter “token”/);
      assert.match(text, /Removed from the address before sending, as they look private: the user name and password, the parameter "token"\./);
      const id = /\(page id ([0-9a-f-]{36})\)/.exec(text)?.[1] ?? '';
      assert.equal((await api.scrape.pages.read(id))?.url, 'https://docs.tideflow.dev/faq?lang=en', 'the address sent and kept is the cleaned one');
      assert.doesNotMatch(text + confirmation, /hunter2|abc123/);
    });

    it('an address the service cannot reach, or not a web address, is refused in words: nothing asked, nothing sent', async () => {
      const before = await emulator.requestCount();
      assert.equal((await api.chat.scrape.prepareInvocation({ input: { url: 'http://localhost:3000/admin' } }, none))?.confirmationMessages, undefined);
      assert.match(await invokeTool('webData_scrape', { url: 'http://localhost:3000/admin' }), /^url was not sent: the Web Data Service fetches pages from the internet and cannot reach localhost:3000, because it is the person's own machine\./);
      assert.match(await invokeTool('webData_scrape', { url: 'file:///etc/passwd' }), /^url was not accepted: Only http: and https: addresses can be fetched; this one is file:/);
      assert.match(await invokeTool('webData_scrape', { fresh: 'yes' }), /^The scrape was not accepted: fix these inputs and call the tool again\.\n- (url|fresh): /);
      assert.deepEqual(await postsSince(before), []);
    });

    it('a 408 and a 402 come back in words', async () => {
      const slow = await confirmed(api.chat.scrape, { url: 'https://slow.example/report' }, '/v2/scrape');
      assert.match(slow.text, /^The scrape timed out at the service \(408\): the site may be slow, very large, or blocking it/);
      await emulator.injectFault({ fault: { kind: 'payment-required' }, path: '/v2/scrape', times: 1 });
      const broke = await confirmed(api.chat.scrape, { url: 'https://docs.tideflow.dev/reference/config', fresh: true }, '/v2/scrape');
      assert.match(broke.text, /^The scrape failed: the team has no credits left \(402\)\. The person can add credits/);
    });

    it('the daily limit reached: refused through lm.invokeTool, even for a reuse\'s neighbour, with the setting, nothing sent', async () => {
      const spent = api.spend.today().agent;
      await setting('chat.dailyCreditLimit', spent);
      try {
        const input = { url: 'https://docs.tideflow.dev/guide/backpressure', fresh: true };
        assert.equal((await api.chat.scrape.prepareInvocation({ input }, none))?.confirmationMessages, undefined, 'nothing to confirm: nothing will be sent');
        const before = await emulator.requestCount();
        const text = await invokeTool('webData_scrape', input, 64);
        assertFits(text, 64);
        assert.match(text, new RegExp(`^Daily agent credit limit reached \\(${spent} of ${spent} today\\); the person can raise webData\\.chat\\.dailyCreditLimit\\.`));
        // Allowed for the session or not, invoke itself refuses.
        assert.match(textOf(await api.chat.scrape.invoke({ input, toolInvocationToken: undefined }, none)), /^Daily agent credit limit reached/);
        assert.equal(await sentTo('/v2/scrape', before), 0);
      } finally {
        await setting('chat.dailyCreditLimit', 1000);
      }
    });
  });

  describe('webData_map', () => {
    const SITE = { url: 'https://docs.tideflow.dev', search: 'guide' };

    it('asks first with the site and the price said as it is; the answer lists the addresses', async () => {
      const { text, confirmation } = await confirmed(api.chat.map, { ...SITE, fresh: true }, '/v2/map');
      assert.match(confirmation, /\*\*Site:\*\* https:\/\/docs\.tideflow\.dev\//);
      assert.match(confirmation, /\*\*Search:\*\* guide/);
      assert.match(confirmation, /\*\*Price:\*\* not reported by the service/);
      assert.match(confirmation, /Chat agents have spent \d+ of their 1000 credits today/);
      assert.match(text, /^Map of https:\/\/docs\.tideflow\.dev\/ for "guide": \d+ addresses\. The service does not say what a map costs/);
      assert.match(text, /^\[1\] https:\/\/\S*tideflow\.dev\/\S*/m);
    });

    for (const tokens of BUDGETS) {
      it(`the same map again, budget ${tokens ?? 'none'}: through lm.invokeTool, from the window's copy, nothing sent, and it fits`, async () => {
        const before = await emulator.requestCount();
        const text = await invokeTool('webData_map', SITE, tokens);
        assert.equal(await sentTo('/v2/map', before), 0, 'a reused map sent a request');
        assertFits(text, tokens);
        assert.match(text, /\[1\] https:\/\/\S*tideflow\.dev/);
        if (tokens === 64) assert.match(text, /webData_map \{"url":"https:\/\/docs\.tideflow\.dev\/","search":"guide","from":2\}/);
        if (tokens === undefined) assert.match(text, /From the map made (less than a minute|\d+ minutes?) ago, so nothing was spent now\./);
      });
    }

    it('from: the addresses left out are listed on, free', async () => {
      const whole = await invokeTool('webData_map', SITE);
      const count = Number(/: (\d+) addresses/.exec(whole)?.[1]);
      assert.ok(count >= 3, whole);
      const before = await emulator.requestCount();
      const on = await invokeTool('webData_map', { ...SITE, from: 3 }, 200);
      assert.match(on, /listed from 3/);
      assert.match(on, /^\[3\] /m);
      assert.doesNotMatch(on, /^\[2\] /m);
      assert.equal(await sentTo('/v2/map', before), 0);
    });

    it('a 408 and a 402 come back in words', async () => {
      const slow = await confirmed(api.chat.map, { url: 'https://slow.example' }, '/v2/map');
      assert.match(slow.text, /^The map timed out at the service \(408\)/);
      await emulator.injectFault({ fault: { kind: 'payment-required' }, path: '/v2/map', times: 1 });
      const broke = await confirmed(api.chat.map, { url: 'https://blog.tideflow.dev' }, '/v2/map');
      assert.match(broke.text, /^The map failed: the team has no credits left \(402\)/);
    });

    it('the daily limit reached: refused through lm.invokeTool, nothing sent', async () => {
      const spent = api.spend.today().agent;
      await setting('chat.dailyCreditLimit', spent);
      try {
        const before = await emulator.requestCount();
        const text = await invokeTool('webData_map', { url: 'https://blog.tideflow.dev', fresh: true }, 64);
        assertFits(text, 64);
        assert.match(text, /^Daily agent credit limit reached/);
        assert.equal(await sentTo('/v2/map', before), 0);
      } finally {
        await setting('chat.dailyCreditLimit', 1000);
      }
    });
  });

  describe('webData_startCrawl and webData_batchScrape', () => {
    const CRAWL = { url: 'https://docs.tideflow.dev/', limit: 2 };
    const BATCH = { urls: ['https://docs.tideflow.dev/faq', 'https://docs.tideflow.dev/reference/config'] };
    // The demo team's key: the jobs stay in the Crawl Results view after this suite, and later
    // suites read that view with the demo key.
    let agentBeforeJobs = 0;
    before(async () => {
      await restoreDemoKey();
      agentBeforeJobs = api.spend.today().agent;
    });

    const jobIdOf = (text: string): string => {
      const id = /job id ([0-9a-f-]{36})/.exec(text)?.[1] ?? '';
      const kind = /"kind":"(crawl|batch)"/.exec(text)?.[1] === 'batch' ? 'batch' : 'crawl';
      if (id) startedJobs.push({ id, kind });
      return id;
    };

    for (const tokens of BUDGETS) {
      it(`a crawl, budget ${tokens ?? 'none'}: asks with the address, the page limit and the bound; the answer fits and names the job id and the call that reads it`, async () => {
        const { text, confirmation } = await confirmed(api.chat.startCrawl, CRAWL, '/v2/crawl', tokens);
        assert.match(confirmation, /\*\*Start:\*\* https:\/\/docs\.tideflow\.dev\//);
        assert.match(confirmation, /\*\*Page limit:\*\* 2 \(an agent’s crawl asks for at most 10, webData\.chat\.maxCrawlPages\)/);
        assert.match(confirmation, /\*\*Bound:\*\* at most 2 pages(; credits unknown until the first crawl of this kind finishes|, so at most 2 credits \(1 a page at most in your last \d+ jobs of this kind\))/);
        assert.match(confirmation, /Chat agents have spent \d+ of their 1000 credits today/);
        assertFits(text, tokens);
        const id = jobIdOf(text);
        assert.ok(id, text);
        assert.ok(text.includes(`webData_read {"what":{"source":"job","jobId":"${id}","kind":"crawl"}}`), text);
        if (tokens === undefined) assert.match(text, /From https:\/\/docs\.tideflow\.dev\/: at most 2 pages/);
        // The call it names reads the job, free.
        assert.match(await invokeTool('webData_read', { what: { source: 'job', jobId: id } }), new RegExp(id));
      });
    }

    for (const tokens of BUDGETS) {
      it(`a batch scrape, budget ${tokens ?? 'none'}: asks with the addresses and the bound; the answer fits and names the job id and the call that reads it`, async () => {
        const { text, confirmation } = await confirmed(api.chat.batchScrape, BATCH, '/v2/batch/scrape', tokens);
        assert.match(confirmation, /\*\*Addresses \(2\):\*\*\n- https:\/\/docs\.tideflow\.dev\/faq\n- https:\/\/docs\.tideflow\.dev\/reference\/config/);
        assert.match(confirmation, /\*\*Bound:\*\* at most 2 pages/);
        assertFits(text, tokens);
        const id = jobIdOf(text);
        assert.ok(text.includes(`webData_read {"what":{"source":"job","jobId":"${id}","kind":"batch"}}`), text);
      });
    }

    it('an agent\'s crawl never asks for more pages than webData.chat.maxCrawlPages: lowered, said, and sent so', async () => {
      await setting('chat.maxCrawlPages', 3);
      try {
        const { text, confirmation } = await confirmed(api.chat.startCrawl, { url: 'https://docs.tideflow.dev/', limit: 500 }, '/v2/crawl');
        assert.match(confirmation, /\*\*Page limit:\*\* 3 \(the agent asked for 500; an agent’s crawl asks for at most 3, webData\.chat\.maxCrawlPages\)/);
        assert.match(text, /The page limit asked for \(500\) was lowered to 3/);
        // The emulator's crawl finds 12 pages unless the limit sent says fewer.
        const id = jobIdOf(text);
        await waitFor('the crawl\'s total', async () => /of 3\b/.test(await invokeTool('webData_read', { what: { source: 'job', jobId: id } })), 10_000);
      } finally {
        await setting('chat.maxCrawlPages', undefined);
      }
    });

    it('refused in words, nothing asked and nothing sent: a batch longer than the setting, an unreachable address, a bad path pattern', async () => {
      const before = await emulator.requestCount();
      const many = { urls: Array.from({ length: 11 }, (_, i) => `https://docs.tideflow.dev/p${i}`) };
      assert.equal((await api.chat.batchScrape.prepareInvocation({ input: many }, none))?.confirmationMessages, undefined);
      assert.match(await invokeTool('webData_batchScrape', many), /^The batch scrape was not sent: it lists 11 different addresses, and a chat agent's batch scrape may list at most 10/);
      assert.match(await invokeTool('webData_startCrawl', { url: 'http://wiki.internal/' }), /^url was not sent: .*cannot reach wiki\.internal, because it is an internal name/);
      assert.match(await invokeTool('webData_startCrawl', { url: 'https://docs.tideflow.dev/', includePaths: ['(docs'] }), /^The crawl was not accepted: fix these inputs and call the tool again\.\n- includePaths\[0\]: "\(docs" is not a regular expression/);
      assert.deepEqual(await postsSince(before), []);
    });

    it('the bound counts against the daily limit before the job starts: refused when it could pass it, and once the limit is reached', async () => {
      // The crawls above finished: the bound now has this person's price of a page.
      const job = { kind: 'crawl' as const, request: { url: 'https://docs.tideflow.dev/', limit: 10, scrapeOptions: { formats: ['markdown'] } } };
      await waitFor('a finished crawl\'s cost kept for the bound', () => api.jobs.bound(job).credits.kind === 'history', 30_000);
      const bound = api.jobs.bound(job);
      assert.ok(bound.credits.kind === 'history' && bound.credits.atMost >= 2, JSON.stringify(bound));
      // Every job above ended; each one's credits counted once in today's agent spend.
      await waitFor('the jobs above ended', () => api.jobs.followed === 0, 30_000);
      const jobCredits = startedJobs.map((ref) => api.crawlResults.service.get(ref)?.creditsUsed ?? 0).reduce((a, b) => a + b, 0);
      assert.ok(jobCredits > 0, 'the jobs reported no credits');
      await waitFor('the jobs\' credits counted in today\'s agent spend', () => api.spend.today().agent >= agentBeforeJobs + jobCredits);
      const spent = api.spend.today().agent;
      await setting('chat.dailyCreditLimit', spent + bound.credits.atMost - 1);
      try {
        const input = { url: 'https://docs.tideflow.dev/', limit: 10 };
        assert.equal((await api.chat.startCrawl.prepareInvocation({ input }, none))?.confirmationMessages, undefined, 'nothing to confirm: nothing will be sent');
        const before = await emulator.requestCount();
        const text = await invokeTool('webData_startCrawl', input, 64);
        assertFits(text, 64);
        assert.match(text, new RegExp(`^The crawl could pass the daily agent credit limit \\(${spent} of ${spent + bound.credits.atMost - 1} spent today, and it may cost up to ${bound.credits.atMost}\\); the person can raise webData\\.chat\\.dailyCreditLimit\\.`));
        // Allowed for the session or not, invoke itself refuses.
        assert.match(textOf(await api.chat.startCrawl.invoke({ input, toolInvocationToken: undefined }, none)), /^The crawl could pass the daily agent credit limit/);
        // A smaller crawl fits under the same limit: it asks.
        assert.ok((await api.chat.startCrawl.prepareInvocation({ input: { ...input, limit: 1 } }, none))?.confirmationMessages, 'a crawl within the limit asks');
        await setting('chat.dailyCreditLimit', spent);
        assert.match(await invokeTool('webData_batchScrape', BATCH), /^Daily agent credit limit reached/);
        assert.equal(await sentTo('/v2/crawl', before) + await sentTo('/v2/batch/scrape', before), 0);
      } finally {
        await setting('chat.dailyCreditLimit', 1000);
      }
    });

    it('a 402 and a 429 at the start come back in words, and nothing is started', async () => {
      await emulator.injectFault({ fault: { kind: 'payment-required' }, path: '/v2/crawl', times: 1 });
      const broke = await confirmed(api.chat.startCrawl, CRAWL, '/v2/crawl');
      assert.match(broke.text, /^The crawl failed: the team has no credits left \(402\)/);
      await emulator.injectFault({ fault: { kind: 'rate-limit', retryAfter: '90' }, path: '/v2/batch/scrape', times: 'Infinity' });
      const before = await emulator.requestCount();
      assert.ok((await api.chat.batchScrape.prepareInvocation({ input: BATCH }, none))?.confirmationMessages);
      const text = textOf(await api.chat.batchScrape.invoke({ input: BATCH, toolInvocationToken: undefined }, none));
      assert.match(text, /^The batch scrape was refused because of the service's rate limit \(429\)\. Wait 90 seconds before trying again\./);
      // A 429 is the service not taking the start: the client may try again after the wait it names, and nothing is started.
      const starts = (await emulator.requestsSince(before)).filter((r) => r.path === '/v2/batch/scrape');
      assert.ok(starts.length >= 1 && starts.every((r) => r.status === 429), JSON.stringify(starts));
    });
  });
});
