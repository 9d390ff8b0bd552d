// webData_addDocs: a docs set made for a chat agent (issue 48): the site crawled under its path,
// within a bound in pages, its pages kept and indexed here as they arrive, then searched for free
// with webData_docs. prepareInvocation asks the person to confirm with the site, the bound and what
// it may cost (this person's finished crawls of the shape); a bound over webData.chat.maxDocsPages,
// or one that could pass the agents' daily credit limit, is refused without asking or sending, and
// again at invoke. The crawl counts in today's spend by agents when it ends (the jobs feature).
import type * as vscode from 'vscode';
import { notConfirmedText } from '../../core/chat/failure-text';
import { capRefusedText } from '../../core/chat/scrape-spend';
import type { ToolCall, ToolOutcome } from '../../core/chat/tool';
import { Tool } from '../../core/ids';
import { checkUrl } from '../../core/scrape/url-check';
import type { JobBound } from '../../core/spend/job-bound';
import { loadCore } from '../../platform/core';
import { chatMaxDocsPages } from '../../platform/feature-settings';
import type { Services } from '../../platform/services';
import type { SpendApi } from '../spend';
import type { ChatToolDefinition } from './tool';
import { PaidTool } from './paid-tool';
import { today, type Today } from './web-spend';
import { addDocsCheckingWords, addDocsConfirmationTitle, addDocsConfirmationWords, addDocsInvocationWords } from './words';

export const ADD_DOCS_TOOL = Tool.addDocs;

/** What the tool needs of the docs feature: the bound of a set's crawl, and its start. */
export interface DocsAdder {
  bound(url: string, maxPages: number): JobBound;
  addForAgent(url: string, maxPages: number, signal?: AbortSignal): Promise<{ setId: string; jobId: string }>;
}

interface Asked { input: unknown; url: string; pages: number; cap: number }
interface Added { url: string; pages: number; setId: string; jobId: string; bound: JobBound }

export class AddDocsTool extends PaidTool implements ChatToolDefinition<Asked, Added> {
  readonly name = ADD_DOCS_TOOL;
  readonly what = 'The docs crawl';

  constructor(services: Services, private readonly docs: () => DocsAdder, spend: SpendApi) {
    super(services, spend);
  }

  private assess(asked: Asked): { bound: JobBound; today: Today } {
    const bound = this.docs().bound(asked.url, asked.pages);
    return { bound, today: today(this.spend, bound.credits.kind === 'history' ? bound.credits.atMost : undefined) };
  }

  prepare(input: unknown): vscode.PreparedToolInvocation {
    const asked = this.decode(input);
    if (!asked.ok) return { invocationMessage: addDocsCheckingWords() };
    const { url, pages, cap } = asked.value;
    if (!this.services.connection.isConnected) {
      this.unconfirmed.mark(input, 'not-connected');
      return { invocationMessage: addDocsInvocationWords(url, pages) };
    }
    const { bound, today: spend } = this.assess(asked.value);
    if (pages > cap || spend.cap.kind !== 'ok') {
      this.unconfirmed.mark(input, 'nothing-to-send');
      return { invocationMessage: addDocsInvocationWords(url, pages, { refused: true }) };
    }
    this.unconfirmed.confirmed(input);
    return { invocationMessage: addDocsInvocationWords(url, pages), confirmationMessages: { title: addDocsConfirmationTitle(), message: addDocsConfirmationWords(url, pages, bound, spend) } };
  }

  decode(input: unknown): ToolOutcome<Asked> {
    const read = loadCore().readAddDocsToolInput(input);
    if (!read.ok) return { ok: false, failure: { kind: 'invalid-request', problems: read.problems } };
    const check = checkUrl(read.input.url);
    if (!check.ok) return { ok: false, failure: { kind: 'invalid-request', problems: [{ field: 'url', message: 'Give the documentation site\'s http or https address.' }] } };
    const cap = chatMaxDocsPages();
    return { ok: true, value: { input, url: check.cleaned, pages: read.input.maxPages ?? cap, cap } };
  }

  async run(asked: Asked, call: ToolCall<vscode.CancellationToken>): Promise<ToolOutcome<Added>> {
    const unconfirmed = this.unconfirmed.take(asked.input);
    if (!this.services.connection.isConnected) return { ok: false, failure: { kind: 'not-connected' } };
    if (asked.pages > asked.cap) {
      return { ok: false, text: `A docs set made for an agent is at most ${asked.cap} pages (webData.chat.maxDocsPages); ${asked.pages} were asked. Nothing was sent, so nothing was spent. Ask again with maxPages of ${asked.cap} or fewer, or ask the person to add it with Web Data: Add Docs….` };
    }
    // The bound again: crawls may have finished, or other windows spent, since the confirmation.
    const { bound, today: spend } = this.assess(asked);
    if (spend.cap.kind !== 'ok') return { ok: false, text: capRefusedText(spend.cap, 'crawl') };
    if (unconfirmed) return { ok: false, text: notConfirmedText(unconfirmed, this.what) };
    const crawl = await this.docs().addForAgent(asked.url, asked.pages, call.signal);
    return { ok: true, value: { url: asked.url, pages: asked.pages, setId: crawl.setId, jobId: crawl.jobId, bound } };
  }

  render(added: Added): string {
    const credits = added.bound.credits.kind === 'history' ? `at most ${added.bound.credits.atMost} credits` : 'credits unknown until it ends';
    return `Crawling ${added.url} into the docs set "${added.setId}" (crawl ${added.jobId}): at most ${added.pages} pages, ${credits}. Its pages are indexed here as they arrive: call webData_docs with set "${added.setId}" to search them, free; the set is complete when the crawl ends.`;
  }
}
