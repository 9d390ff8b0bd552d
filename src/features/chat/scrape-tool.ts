// webData_scrape: one page as markdown for chat agents. prepareInvocation checks the address as an
// agent's (refused ones refused with why; credentials and secret-looking parameters removed and
// named) and asks the person to confirm with the address, the price from their own scrapes and
// today's spend against the daily limit; the same address fetched within minutes is answered from
// the kept page instead, and a call that could pass the limit is refused, both without asking or
// sending. invoke fetches and keeps the page through the scrape feature (fetchPage: no prompt, no
// tab; its credits land in today's spend) and gives the model the page fitted to the budget, with
// the webData_read call that reads the whole page. Every failure is a text result.
import { Tool } from '../../core/ids';
import type * as vscode from 'vscode';
import type { ScrapeRequest, WebDataClient } from '../../core/api';
import { agentUrl, removedText, type RemovedPart } from '../../core/chat/agent-url';
import { scrapedPageText } from '../../core/chat/page-text';
import type { ToolCall, ToolOutcome } from '../../core/chat/tool';
import type { ScrapedRecord } from '../../core/scrape/page';
import { inertMarkdown } from '../../core/text/inert';
import { loadCore } from '../../platform/core';
import type { Services } from '../../platform/services';
import type { SpendApi } from '../spend';
import type { ChatToolDefinition } from './tool';
import { PaidTool, type InvocationWords } from './paid-tool';
import { assessScrape, clientToSpend } from './web-spend';
import { scrapeCheckingWords, scrapeConfirmationTitle, scrapeConfirmationWords, scrapeInvocationWords } from './words';

export const SCRAPE_TOOL = Tool.scrape;

/** The part of the scrape feature the tools use: a page fetched and kept with no UI, and the kept pages. */
export interface PageFetcher {
  fetchPage(client: WebDataClient, url: string, options: Omit<ScrapeRequest, 'url'>, asked: { askedBy: ScrapedRecord['askedBy']; signal?: AbortSignal }): Promise<ScrapedRecord>;
  readonly pages: {
    /** Newest first. */
    list(): Promise<ScrapedRecord[]>;
    read(id: string): Promise<ScrapedRecord | undefined>;
  };
}

interface Asked {
  input: unknown;
  /** The address to send: checked, credentials and secrets removed. */
  url: string;
  removed: RemovedPart[];
  fresh: boolean;
  onlyMainContent?: boolean;
}

interface Found { record: ScrapedRecord; reusedMinutesAgo?: number; removed: readonly RemovedPart[] }

export class ScrapeTool extends PaidTool implements ChatToolDefinition<Asked, Found> {
  readonly name = SCRAPE_TOOL;
  readonly what = 'The scrape';

  constructor(services: Services, private readonly fetcher: PageFetcher, spend: SpendApi) {
    super(services, spend);
  }

  async prepare(input: unknown): Promise<vscode.PreparedToolInvocation> {
    const asked = this.decode(input);
    // invoke says what is wrong; nothing to confirm.
    if (!asked.ok) return { invocationMessage: scrapeCheckingWords() };
    const { url, removed, fresh } = asked.value;
    const shown = inertMarkdown(url, 200);
    const invocation: InvocationWords = (state) => scrapeInvocationWords(shown, state);
    if (!this.services.connection.isConnected) return this.preparedNotConnected(input, invocation);
    const assessment = await assessScrape(this.fetcher.pages, this.spend, url, fresh);
    return this.prepared(input, assessment, invocation, () => ({ title: scrapeConfirmationTitle(), message: scrapeConfirmationWords(url, removed, fresh, assessment) }));
  }

  decode(input: unknown): ToolOutcome<Asked> {
    const read = loadCore().readScrapeToolInput(input);
    if (!read.ok) return { ok: false, failure: { kind: 'invalid-request', problems: read.problems } };
    const checked = agentUrl(read.input.url);
    if (!checked.ok) return checked;
    const { fresh, onlyMainContent } = read.input;
    return { ok: true, value: { input, url: checked.url, removed: checked.removed, fresh: fresh === true, ...(onlyMainContent !== undefined ? { onlyMainContent } : {}) } };
  }

  async run(asked: Asked, call: ToolCall<vscode.CancellationToken>): Promise<ToolOutcome<Found>> {
    const unconfirmed = this.unconfirmed.take(asked.input);
    if (!this.services.connection.isConnected) return { ok: false, failure: { kind: 'not-connected' } };
    const assessment = await assessScrape(this.fetcher.pages, this.spend, asked.url, asked.fresh);
    // The same address within minutes: the kept page, and nothing sent.
    if (assessment.reuse) return { ok: true, value: { record: assessment.reuse.page, reusedMinutesAgo: assessment.reuse.minutesAgo, removed: asked.removed } };
    const client = await clientToSpend(this.services.connection, { cap: assessment.cap, call: 'scrape', unconfirmed, what: this.what });
    if (!client.ok) return client;
    const options: Omit<ScrapeRequest, 'url'> = {
      // Fresh: not the kept page, and not the service's cache either.
      ...(asked.fresh ? { maxAge: 0 } : {}),
      ...(asked.onlyMainContent !== undefined ? { onlyMainContent: asked.onlyMainContent } : {}),
    };
    const record = await this.fetcher.fetchPage(client.value, asked.url, options, { askedBy: 'agent', signal: call.signal });
    return { ok: true, value: { record, removed: asked.removed } };
  }

  render({ record, reusedMinutesAgo, removed }: Found, call: ToolCall<vscode.CancellationToken>): Promise<string> {
    const said = removedText(removed);
    return scrapedPageText(record, call.budget, { ...(reusedMinutesAgo !== undefined ? { reusedMinutesAgo } : {}), ...(said ? { removed: said } : {}) });
  }
}
