// webData_search: a web search for chat agents. prepareInvocation checks the input and asks the
// person to confirm with the query, its price and today's spend against the daily limit (it
// spends credits); the same search made within minutes is answered from the history instead, and
// a reached limit refuses, both without asking or sending. invoke runs it through the search
// feature (so it lands in the Search Results view) and gives the model the results fitted to the
// invocation's budget. Every failure is a text result, never a throw.
import { Tool } from '../../core/ids';
import type * as vscode from 'vscode';
import type { RequestProblem } from '../../core/api';
import { notConfirmedText } from '../../core/chat/failure-text';
import { capRefusedText } from '../../core/chat/scrape-spend';
import type { SearchToolInputCheck } from '../../core/chat/input';
import { searchText } from '../../core/chat/search-text';
import { fits } from '../../core/chat/fit';
import type { ToolCall, ToolOutcome } from '../../core/chat/tool';
import type { SearchRecord } from '../../core/search/record';
import { inertMarkdown } from '../../core/text/inert';
import { loadCore } from '../../platform/core';
import type { Services } from '../../platform/services';
import type { SearchSpend } from './search-spend';
import type { PreparedSearch } from '../search';
import type { RunSearch } from './run-search';
import type { ChatToolDefinition } from './tool';
import { keyOf } from './unconfirmed';
import { searchCheckingWords, searchConfirmationTitle, searchConfirmationWords, searchInvocationWords } from './words';

export const SEARCH_TOOL = Tool.search;

type Plan =
  | { ok: true; search: PreparedSearch; ignored: string[]; fresh: boolean }
  | { ok: false; problems: readonly RequestProblem[] };

/** The model's input as read, and the key its confirmation was kept under. */
interface Asked { key: string; read: Extract<SearchToolInputCheck, { ok: true }> }

/** A search's record to give the model: sent now, or an earlier one reused. */
interface Found { record: SearchRecord; reusedMinutesAgo?: number; ignored: readonly string[] }

export class SearchTool implements ChatToolDefinition<Asked, Found> {
  readonly name = SEARCH_TOOL;
  readonly what = 'The search';
  readonly spends = true;

  /** Inputs prepared without a confirmation because nothing was to be sent then (not connected, a reuse, the limit reached). */
  private readonly unconfirmed = new Map<string, 'not-connected' | 'nothing-to-send'>();

  constructor(private readonly services: Services, private readonly searches: RunSearch, private readonly spend: SearchSpend) {}

  async prepare(input: unknown): Promise<vscode.PreparedToolInvocation> {
    const plan = this.plan(input);
    if (!plan.ok) return { invocationMessage: searchCheckingWords() };
    const query = inertMarkdown(plan.search.body.query, 120);
    // Nothing can be sent, so nothing to confirm; invoke says how to connect. Should a key arrive
    // before invoke, that call still sends nothing (see run): no credits without a confirmation.
    if (!this.services.connection.isConnected) {
      this.unconfirmed.set(keyOf(input), 'not-connected');
      return { invocationMessage: searchInvocationWords(query) };
    }
    const assessment = await this.spend.assess(plan.search.body, { fresh: plan.fresh });
    if (assessment.reuse || assessment.cap.kind !== 'ok') {
      this.unconfirmed.set(keyOf(input), 'nothing-to-send');
      return { invocationMessage: searchInvocationWords(query, assessment) };
    }
    this.unconfirmed.delete(keyOf(input));
    return { invocationMessage: searchInvocationWords(query), confirmationMessages: { title: searchConfirmationTitle(), message: searchConfirmationWords(plan.search.body, assessment) } };
  }

  decode(input: unknown): ToolOutcome<Asked> {
    const read = loadCore().readSearchToolInput(input);
    return read.ok ? { ok: true, value: { key: keyOf(input), read } } : { ok: false, failure: { kind: 'invalid-request', problems: read.problems } };
  }

  async run({ key, read }: Asked, call: ToolCall<vscode.CancellationToken>): Promise<ToolOutcome<Found>> {
    const unconfirmed = this.unconfirmed.get(key);
    this.unconfirmed.delete(key);
    const prepared = this.searches.prepare(read.request);
    if (!prepared.ok) return { ok: false, failure: { kind: 'invalid-request', problems: prepared.problems } };
    if (!this.services.connection.isConnected) return { ok: false, failure: { kind: 'not-connected' } };
    const assessment = await this.spend.assess(prepared.search.body, { fresh: read.input.fresh === true });
    // The same search within minutes: its stored answer, and nothing sent.
    if (assessment.reuse) return { ok: true, value: { record: assessment.reuse.record, reusedMinutesAgo: assessment.reuse.minutesAgo, ignored: [] } };
    // Refused even when the person allowed the tool for the whole session.
    if (assessment.cap.kind !== 'ok') return { ok: false, text: capRefusedText(assessment.cap, 'search') };
    if (unconfirmed === 'not-connected') return { ok: false, text: notConfirmedText('connected-later') };
    if (unconfirmed === 'nothing-to-send') return { ok: false, text: notConfirmedText('nothing-to-send') };
    const outcome = await this.searches.send(prepared.search, call.token);
    return outcome.ok ? { ok: true, value: { record: outcome.value, ignored: read.ignored } } : outcome;
  }

  async render({ record, reusedMinutesAgo, ignored }: Found, call: ToolCall<vscode.CancellationToken>): Promise<string> {
    if (reusedMinutesAgo !== undefined) return searchText(record, call.budget, { reusedMinutesAgo });
    const body = await searchText(record, call.budget);
    const line = ignored.length > 0 ? `\n\nIgnored inputs this tool does not have: ${ignored.map((name) => JSON.stringify(name.slice(0, 40))).join(', ')}.` : '';
    // The line about ignored inputs only where it still fits the budget.
    return line !== '' && (await fits(body + line, call.budget)) ? body + line : body;
  }

  /** The input checked as the tool sees it, then as the request (with today's settings) will be sent. */
  private plan(input: unknown): Plan {
    const read = loadCore().readSearchToolInput(input);
    if (!read.ok) return read;
    const prepared = this.searches.prepare(read.request);
    return prepared.ok ? { ok: true, search: prepared.search, ignored: read.ignored, fresh: read.input.fresh === true } : prepared;
  }
}

