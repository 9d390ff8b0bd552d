// @webData's answer to one request. A question: the pages of earlier turns when the chat has
// some (free), else a search with the person's settings (its query shown as sent) and the first
// results read, each from the markdown the search brought or a scrape of its own. Before
// anything is sent the bound is said, the daily limit checked and, over
// webData.chat.confirmAboveCredits, the person asked with a button. /search lists results with
// no model call, /read answers about one page, /research hands the question to the service's
// agent (./research.ts), /cost says today's spend and the next bound, /docs answers from the kept
// docs sets only, free.
import * as vscode from 'vscode';
import { stopped } from './stopped';
import type { WebDataClient } from '../../core/api';
import { agentUrl } from '../../core/chat/agent-url';
import { reusablePage, scrapePrice } from '../../core/chat/scrape-spend';
import { Command } from '../../core/ids';
import { answerBound, type AnswerPlan } from '../../core/participant/bound';
import { turnOf } from '../../core/participant/followups';
import { earlierSources, SOURCES_KEY } from '../../core/participant/sources';
import type { ScrapedRecord } from '../../core/scrape/page';
import type { SearchRecord } from '../../core/search/record';
import { QUERY_MAX_LENGTH } from '../../core/search/query-input';
import { chatDailyCreditLimit, chatReuseMinutes } from '../../platform/settings';
import { agentSettings, chatConfirmAboveCredits } from '../../platform/feature-settings';
import type { Services } from '../../platform/services';
import type { PageFetcher } from '../chat/scrape-tool';
import type { SearchRunner } from '../chat/run-search';
import { SearchSpend } from '../chat/search-spend';
import type { PreparedSearch } from '../search';
import type { SpendApi } from '../spend';
import { questionKey, type Confirmations } from './confirmations';
import { docsPassage, hasMarkdown, keptPage, readAgain, resultPage, type DocsSource, type PageTabs, type ReadPage } from './pages';
import { writeQuery } from './query';
import { research, type ResearchAgent } from './research';
import { listSources, referencePages, respond } from './respond';
import * as words from './words';

/** Pages read for one answer. */
const READ_PAGES = 3;
/** Passages of the kept docs a /docs answer reads (the model's window fits them as it fits pages). */
const DOCS_PASSAGES = 6;

export interface ParticipantDeps {
  searches: SearchRunner;
  scrape: PageFetcher;
  spend: SpendApi;
  tabs: PageTabs;
  /** The agent feature, loaded on the first /research: the run is started, followed, kept and counted through it. */
  agent: () => ResearchAgent;
  /** The docs feature, loaded on the first /docs (or a follow-up of one): the kept sets, searched here. */
  docs: () => DocsSource;
}

interface Spent { search: number | undefined; scrapes: number; scrapeCredits: number; reused: number }

type Request = Pick<vscode.ChatRequest, 'prompt' | 'command' | 'model'>;

export class ParticipantAnswers {
  private readonly searchSpend: SearchSpend;

  constructor(private readonly services: Services, private readonly deps: ParticipantDeps, private readonly confirmations: Confirmations) {
    this.searchSpend = new SearchSpend(deps.searches, deps.spend);
  }

  async handle(request: Request, context: vscode.ChatContext, stream: vscode.ChatResponseStream, token: vscode.CancellationToken): Promise<vscode.ChatResult> {
    const result = await this.answer(request, context, stream, token);
    // An answer that cited pages keeps its turn beside them: its follow-ups are made from both.
    return result.metadata ? { ...result, metadata: { ...result.metadata, ...turnOf(request.command, request.prompt) } } : result;
  }

  private async answer(request: Request, context: vscode.ChatContext, stream: vscode.ChatResponseStream, token: vscode.CancellationToken): Promise<vscode.ChatResult> {
    try {
      switch (request.command) {
        case 'cost': return await this.cost(stream);
        case 'search': return await this.search(request, stream, token);
        case 'read': return await this.read(request, stream, token);
        case 'research': return await this.research(request, stream, token);
        case 'docs': return await this.docs(request, stream, token);
        default: return await this.question(request, context, stream, token);
      }
    } catch (error) {
      if (stopped(token)) return {};
      this.services.log.error(`@webData failed: ${String(error)}`);
      stream.markdown(words.failedWords(error instanceof Error ? error.message : String(error)));
      return {};
    }
  }

  /** A question: earlier turns' pages, else search and read; then the cited answer. */
  private async question(request: Request, context: vscode.ChatContext, stream: vscode.ChatResponseStream, token: vscode.CancellationToken): Promise<vscode.ChatResult> {
    const question = request.prompt.trim();
    if (question === '') return this.say(stream, words.noQuestionWords());
    const earlier = earlierSources(context.history.flatMap((turn) => (turn instanceof vscode.ChatResponseTurn ? [turn.result.metadata] : [])), READ_PAGES * 2);
    if (earlier.length > 0) {
      const pages = (await Promise.all(earlier.map((source, i) => readAgain(source, i + 1, this.deps)))).filter((p): p is ReadPage => p !== undefined);
      if (pages.length > 0) {
        stream.markdown(`${words.reusedWords(pages.length)}\n\n`);
        return this.answerFrom(question, pages, request.model, stream, token, { search: undefined, scrapes: 0, scrapeCredits: 0, reused: pages.length });
      }
    }
    const client = await this.client(stream);
    if (!client) return {};
    // The question checked with today's settings gives the search's shape, and so its price.
    const shape = this.prepare(question);
    if (!shape.ok) return this.say(stream, words.failedWords(shape.message));
    const bringsMarkdown = (shape.search.body.scrapeOptions?.formats ?? []).some((f) => f.type === 'markdown');
    const plan: AnswerPlan = {
      search: true, searchPrice: (await this.searchSpend.assess(shape.search.body, { fresh: true })).price,
      scrapes: bringsMarkdown ? 0 : READ_PAGES, scrapePrice: scrapePrice(await this.deps.scrape.pages.list()), reused: 0,
    };
    if (!this.mayAnswer(request, plan, stream)) return {};
    if (stopped(token)) return this.cancelled(stream);
    stream.progress(words.writingQueryWords());
    const query = await writeQuery(request.model, question, token);
    if (query === undefined) return this.cancelled(stream);
    const prepared = this.prepare(query);
    if (!prepared.ok) return this.say(stream, words.failedWords(prepared.message));
    const assessment = await this.searchSpend.assess(prepared.search.body, { fresh: false });
    let record: SearchRecord;
    const spent: Spent = { search: undefined, scrapes: 0, scrapeCredits: 0, reused: 0 };
    if (assessment.reuse) {
      record = assessment.reuse.record;
      spent.reused++;
      stream.markdown(`${words.reusedSearchWords(record.request.query, assessment.reuse.minutesAgo)}\n\n`);
    } else {
      stream.progress(words.searchingWords(prepared.search.body.query));
      const found = await this.send(prepared.search, stream, token);
      if (!found) return {};
      record = found;
      spent.search = found.response.creditsUsed ?? undefined;
    }
    const pages = await this.readResults(record, plan.scrapes > 0 ? client : undefined, stream, token, spent);
    if (stopped(token)) return this.cancelled(stream);
    if (pages.length === 0) return this.say(stream, words.noResultsWords());
    return this.answerFrom(question, pages, request.model, stream, token, spent);
  }

  /**
   * /docs: the question answered from the kept docs sets only: their best passages, each a numbered
   * citation opening its kept page. Free: nothing is sent to the service (the model is the person's).
   */
  private async docs(request: Request, stream: vscode.ChatResponseStream, token: vscode.CancellationToken): Promise<vscode.ChatResult> {
    const question = request.prompt.trim();
    if (question === '') return this.say(stream, words.noDocsQuestionWords());
    const docs = this.deps.docs();
    const sets = await docs.sets();
    if (sets.length === 0) return this.say(stream, words.noDocsSetsWords());
    const hits = sets.flatMap((set) => set.search(question, DOCS_PASSAGES)).sort((a, b) => b.score - a.score).slice(0, DOCS_PASSAGES);
    if (hits.length === 0) return this.say(stream, words.noDocsPassageWords(sets.length));
    const pages = hits.map((hit, i) => docsPassage(docs, i + 1, hit));
    stream.markdown(`${words.fromDocsWords(sets.map((set) => set.meta.siteUrl.replace(/^https?:\/\//, '')))}\n\n`);
    referencePages(pages, stream);
    const responded = await respond(question, pages, request.model, stream, token);
    if (responded === 'cancelled') return { metadata: metadataOf(pages) };
    listSources(pages, stream);
    stream.markdown(`\n\n${words.docsFreeWords()}`);
    return { metadata: metadataOf(pages) };
  }

  /** /search: the results as references and rows, no model call. */
  private async search(request: Request, stream: vscode.ChatResponseStream, token: vscode.CancellationToken): Promise<vscode.ChatResult> {
    const query = request.prompt.trim();
    if (query === '') return this.say(stream, words.noQuestionWords());
    if (!(await this.client(stream))) return {};
    const prepared = this.prepare(query);
    if (!prepared.ok) return this.say(stream, words.failedWords(prepared.message));
    const assessment = await this.searchSpend.assess(prepared.search.body, { fresh: false });
    const plan: AnswerPlan = { search: !assessment.reuse, searchPrice: assessment.price, scrapes: 0, scrapePrice: { kind: 'unknown' }, reused: assessment.reuse ? 1 : 0 };
    if (!(this.mayAnswer(request, plan, stream))) return {};
    if (stopped(token)) return this.cancelled(stream);
    stream.progress(words.searchingWords(prepared.search.body.query));
    const record = assessment.reuse?.record ?? await this.send(prepared.search, stream, token);
    if (!record) return {};
    const count = record.response.data.web?.length ?? 0;
    const pages = Array.from({ length: count }, (_, i) => resultPage(this.deps.tabs, i + 1, record, i)).filter((p): p is ReadPage => p !== undefined);
    referencePages(pages, stream);
    stream.markdown(`**${words.resultsHeading(pages.length, record.request.query)}**`);
    listSources(pages, stream);
    return { metadata: metadataOf(pages) };
  }

  /** /read <url> [question]: one page, kept or scraped, answered about. */
  private async read(request: Request, stream: vscode.ChatResponseStream, token: vscode.CancellationToken): Promise<vscode.ChatResult> {
    const [address = '', ...rest] = request.prompt.trim().split(/\s+/);
    if (address === '') return this.say(stream, words.noUrlWords());
    const checked = agentUrl(address);
    if (!checked.ok) return this.say(stream, words.failedWords(checked.text));
    const question = rest.join(' ').trim() || vscode.l10n.t('What does this page say? Summarise it.');
    const kept = await this.deps.scrape.pages.list();
    const reuse = reusablePage(kept, checked.url, new Date(), chatReuseMinutes());
    let page: ScrapedRecord;
    const spent: Spent = { search: undefined, scrapes: 0, scrapeCredits: 0, reused: 0 };
    if (reuse) {
      page = reuse.page;
      spent.reused = 1;
      stream.markdown(`${words.boundWords({ search: false, searchPrice: { kind: 'unknown' }, scrapes: 0, scrapePrice: { kind: 'unknown' }, reused: 1 }, { most: 0, cap: { kind: 'ok' }, confirm: false })}\n\n`);
    } else {
      const client = await this.client(stream);
      if (!client) return {};
      const plan: AnswerPlan = { search: false, searchPrice: { kind: 'unknown' }, scrapes: 1, scrapePrice: scrapePrice(kept), reused: 0 };
      if (!(this.mayAnswer(request, plan, stream))) return {};
      if (stopped(token)) return this.cancelled(stream);
      stream.progress(words.readingWords(checked.url));
      const fetched = await this.scrapeOne(client, checked.url, token);
      if (!fetched) return stopped(token) ? this.cancelled(stream) : {};
      page = fetched;
      spent.scrapes = 1;
      spent.scrapeCredits = fetched.creditsUsed ?? 0;
    }
    return this.answerFrom(question, [keptPage(this.deps.tabs, 1, page)], request.model, stream, token, spent);
  }

  /** /research <question>: the service's agent, bounded; its progress, then its data and sources. */
  private async research(request: Request, stream: vscode.ChatResponseStream, token: vscode.CancellationToken): Promise<vscode.ChatResult> {
    const question = request.prompt.trim();
    if (question === '') return this.say(stream, words.noResearchQuestionWords());
    if (!(await this.client(stream))) return {};
    return research(question, {
      agent: () => this.deps.agent(),
      today: () => this.today(),
      most: () => agentSettings().chatMaxResearchCredits,
      mayStart: (most, said) => {
        const key = questionKey(request.command, request.prompt);
        if (this.confirmations.take(key, most)) return true;
        const id = this.confirmations.ask(key, most);
        said.markdown(words.researchConfirmWords());
        said.button({ command: Command.answerInChat, title: words.researchConfirmButton(most), arguments: [id] });
        return false;
      },
    }, stream, token);
  }

  /** /cost: today's spend, and what a question would spend now. */
  private async cost(stream: vscode.ChatResponseStream): Promise<vscode.ChatResult> {
    const today = this.deps.spend.today();
    const prepared = this.prepare('cost');
    let next = words.notConnectedWords();
    if (prepared.ok && this.services.connection.isConnected) {
      const assessment = await this.searchSpend.assess(prepared.search.body, { fresh: true });
      const bringsMarkdown = (prepared.search.body.scrapeOptions?.formats ?? []).some((f) => f.type === 'markdown');
      const plan: AnswerPlan = { search: true, searchPrice: assessment.price, scrapes: bringsMarkdown ? 0 : READ_PAGES, scrapePrice: scrapePrice(await this.deps.scrape.pages.list()), reused: 0 };
      next = words.boundWords(plan, answerBound(plan, this.today()));
    }
    return this.say(stream, words.costWords({ spent: today.agent, limit: chatDailyCreditLimit(), person: today.person }, next));
  }

  private today(): { spent: number; limit: number; confirmAbove: number } {
    return { spent: this.deps.spend.today().agent, limit: chatDailyCreditLimit(), confirmAbove: chatConfirmAboveCredits() };
  }

  /** Says the bound; false (and says why) when the daily limit refuses or the person has not said yes yet. */
  private mayAnswer(request: Request, plan: AnswerPlan, stream: vscode.ChatResponseStream): boolean {
    const bound = answerBound(plan, this.today());
    stream.markdown(`${words.boundWords(plan, bound)}\n\n`);
    if (bound.cap.kind !== 'ok') {
      stream.markdown(words.capWords(bound.cap));
      return false;
    }
    const key = questionKey(request.command, request.prompt);
    if (!bound.confirm || this.confirmations.take(key, bound.most)) return true;
    const id = this.confirmations.ask(key, bound.most);
    stream.markdown(words.confirmWords(bound));
    stream.button({ command: Command.answerInChat, title: words.confirmButton(bound.most), arguments: [id] });
    return false;
  }

  /** The results read: their markdown, else a scrape of each (when planned, and free when kept within minutes), else their description. */
  private async readResults(record: SearchRecord, client: WebDataClient | undefined, stream: vscode.ChatResponseStream, token: vscode.CancellationToken, spent: Spent): Promise<ReadPage[]> {
    const pages: ReadPage[] = [];
    const count = Math.min(READ_PAGES, record.response.data.web?.length ?? 0);
    for (let index = 0; index < count; index++) {
      if (stopped(token)) return pages;
      const n = pages.length + 1;
      const result = resultPage(this.deps.tabs, n, record, index);
      if (!result) continue;
      const checked = client && !hasMarkdown(record, index) ? agentUrl(result.url) : undefined;
      if (!client || !checked?.ok) {
        pages.push(result);
        continue;
      }
      const kept = reusablePage(await this.deps.scrape.pages.list(), checked.url, new Date(), chatReuseMinutes());
      if (kept) {
        spent.reused++;
        pages.push(keptPage(this.deps.tabs, n, kept.page));
        continue;
      }
      stream.progress(words.readingWords(result.title));
      const page = await this.scrapeOne(client, checked.url, token);
      if (page) {
        spent.scrapes++;
        spent.scrapeCredits += page.creditsUsed ?? 0;
      }
      pages.push(page ? keptPage(this.deps.tabs, n, page) : result);
    }
    return pages;
  }

  private async answerFrom(question: string, pages: readonly ReadPage[], model: vscode.LanguageModelChat, stream: vscode.ChatResponseStream, token: vscode.CancellationToken, spent: Spent): Promise<vscode.ChatResult> {
    referencePages(pages, stream);
    const responded = await respond(question, pages, model, stream, token);
    if (responded === 'cancelled') return { metadata: metadataOf(pages) };
    listSources(pages, stream);
    const today = this.today();
    stream.markdown(`\n\n${words.spentWords(spent, { spent: today.spent, limit: today.limit })}`);
    return { metadata: metadataOf(pages) };
  }

  private prepare(query: string): { ok: true; search: PreparedSearch } | { ok: false; message: string } {
    const prepared = this.deps.searches.prepare({ query: Array.from(query).slice(0, QUERY_MAX_LENGTH).join('') }, { withSettings: true });
    return prepared.ok ? prepared : { ok: false, message: prepared.failure.message };
  }

  private async send(search: PreparedSearch, stream: vscode.ChatResponseStream, token: vscode.CancellationToken): Promise<SearchRecord | undefined> {
    const run = await this.deps.searches.send(search, { token, askedBy: 'agent' });
    if (run.ok) return run.record;
    if (run.failure.kind === 'not-stored') return run.failure.record;
    if (run.failure.kind === 'cancelled') this.cancelled(stream);
    else stream.markdown(words.failedWords(run.failure.message));
    return undefined;
  }

  /** One page fetched and kept (its credits land in today's spend); undefined when it failed or was cancelled. */
  private async scrapeOne(client: WebDataClient, url: string, token: vscode.CancellationToken): Promise<ScrapedRecord | undefined> {
    const abort = new AbortController();
    const subscription = token.onCancellationRequested(() => abort.abort());
    try {
      if (stopped(token)) return undefined;
      return await this.deps.scrape.fetchPage(client, url, {}, { askedBy: 'agent', signal: abort.signal });
    } catch (error) {
      if (!stopped(token)) this.services.log.warn(`@webData could not read a page: ${String(error)}`);
      return undefined;
    } finally {
      subscription.dispose();
    }
  }

  private async client(stream: vscode.ChatResponseStream): Promise<WebDataClient | undefined> {
    const client = this.services.connection.isConnected ? await this.services.connection.getClient() : undefined;
    if (client) return client;
    stream.markdown(words.notConnectedWords());
    stream.button({ command: Command.connect, title: words.connectButton() });
    return undefined;
  }

  private say(stream: vscode.ChatResponseStream, text: string): vscode.ChatResult {
    stream.markdown(text);
    return {};
  }

  private cancelled(stream: vscode.ChatResponseStream): vscode.ChatResult {
    stream.markdown(words.cancelledWords());
    return {};
  }
}

/** The pages as the response's metadata, for follow-ups. */
function metadataOf(pages: readonly ReadPage[]): Record<string, unknown> {
  return { [SOURCES_KEY]: pages.map(({ n, title, url, page }) => ({ n, title, url, page })) };
}
