// webData_search: a web search for chat agents. prepareInvocation checks the input and asks the
// person to confirm with the query, its price and today's spend against the daily limit (it
// spends credits); the same search made within minutes is answered from the history instead, and
// a reached limit refuses, both without asking or sending. invoke runs it through the search
// feature (so it lands in the Search Results view) and gives the model the results fitted to the
// invocation's budget. Every failure is a text result, never a throw.
import * as vscode from 'vscode';
import type { RequestProblem, SearchRequestBody } from '../../core/api';
import { capReachedText, failureText, notConfirmedText, unexpectedText } from '../../core/chat/failure-text';
import { searchText } from '../../core/chat/search-text';
import { inertMarkdown } from '../../core/text/inert';
import { loadCore } from '../../platform/core';
import type { Services } from '../../platform/services';
import { budgetOf, fitAnswer } from './budget';
import { fits } from '../../core/chat/fit';
import { capWords, priceWords } from '../spend/words';
import type { Assessment, SearchSpend } from './search-spend';
import type { PreparedSearch } from '../search';
import type { RunSearch } from './run-search';
import { markToolUsed } from './used';

export const SEARCH_TOOL = 'webData_search';

type Plan =
  | { ok: true; search: PreparedSearch; ignored: string[]; fresh: boolean }
  | { ok: false; problems: readonly RequestProblem[] };

const text = (value: string): vscode.LanguageModelToolResult => new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(value)]);

export class SearchTool implements vscode.LanguageModelTool<unknown> {
  /** Inputs prepared without a confirmation because nothing was to be sent then (not connected, a reuse, the limit reached). */
  private readonly unconfirmed = new Map<string, 'not-connected' | 'nothing-to-send'>();

  constructor(private readonly services: Services, private readonly run: RunSearch, private readonly spend: SearchSpend) {}

  async prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>): Promise<vscode.PreparedToolInvocation> {
    const plan = this.plan(options.input);
    if (!plan.ok) return { invocationMessage: vscode.l10n.t('Checking the web search request') };
    const query = inertMarkdown(plan.search.body.query, 120);
    const invocationMessage = new vscode.MarkdownString(vscode.l10n.t('Searching the web for “{0}”', query));
    // Nothing can be sent, so nothing to confirm; invoke says how to connect. Should a key arrive
    // before invoke, that call still sends nothing (see invoke): no credits without a confirmation.
    if (!this.services.connection.isConnected) {
      this.unconfirmed.set(keyOf(options.input), 'not-connected');
      return { invocationMessage };
    }
    const assessment = await this.spend.assess(plan.search.body, { fresh: plan.fresh });
    if (assessment.reuse || assessment.cap.kind === 'reached') {
      this.unconfirmed.set(keyOf(options.input), 'nothing-to-send');
      const message = assessment.reuse
        ? vscode.l10n.t('Reading the search for “{0}” made {1} minutes ago (free)', query, assessment.reuse.minutesAgo)
        : vscode.l10n.t('Not searching for “{0}”: chat agents reached today’s credit limit', query);
      return { invocationMessage: new vscode.MarkdownString(message) };
    }
    this.unconfirmed.delete(keyOf(options.input));
    return { invocationMessage, confirmationMessages: { title: vscode.l10n.t('Search the web with Web Data?'), message: confirmation(plan.search.body, assessment) } };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    markToolUsed();
    // Failures and refusals are fitted too: the model's budget holds for every answer.
    return text(await fitAnswer(await this.answer(options, token), options.tokenizationOptions, token));
  }

  private async answer(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken): Promise<string> {
    try {
      const unconfirmed = this.unconfirmed.get(keyOf(options.input));
      this.unconfirmed.delete(keyOf(options.input));
      const plan = this.plan(options.input);
      if (!plan.ok) return failureText('The search', { kind: 'invalid-request', problems: plan.problems }, true);
      if (!this.services.connection.isConnected) return failureText('The search', { kind: 'not-connected' }, true);
      const budget = budgetOf(options.tokenizationOptions, token);
      const assessment = await this.spend.assess(plan.search.body, { fresh: plan.fresh });
      // The same search within minutes: its stored answer, and nothing sent.
      if (assessment.reuse) return await searchText(assessment.reuse.record, budget, { reusedMinutesAgo: assessment.reuse.minutesAgo });
      // Refused even when the person allowed the tool for the whole session.
      if (assessment.cap.kind === 'reached') return capReachedText(assessment.cap.spent, assessment.cap.limit);
      if (unconfirmed === 'not-connected') return notConfirmedText('connected-later');
      if (unconfirmed === 'nothing-to-send') return notConfirmedText('nothing-to-send');
      const outcome = await this.run.send(plan.search, token);
      if (!outcome.ok) return failureText('The search', outcome.failure, outcome.failure.kind === 'not-connected');
      const body = await searchText(outcome.record, budget);
      const ignored = plan.ignored.length > 0 ? `\n\nIgnored inputs this tool does not have: ${plan.ignored.map((name) => JSON.stringify(name.slice(0, 40))).join(', ')}.` : '';
      // The line about ignored inputs only where it still fits the budget.
      return ignored !== '' && (await fits(body + ignored, budget)) ? body + ignored : body;
    } catch (err) {
      this.services.log.error(`Chat tool ${SEARCH_TOOL} failed unexpectedly: ${String(err)}`);
      return unexpectedText('The search');
    }
  }

  /** The input checked as the tool sees it, then as the request (with today's settings) will be sent. */
  private plan(input: unknown): Plan {
    const read = loadCore().readSearchToolInput(input);
    if (!read.ok) return read;
    const prepared = this.run.prepare(read.request);
    return prepared.ok ? { ok: true, search: prepared.search, ignored: read.ignored, fresh: read.input.fresh === true } : prepared;
  }
}

function keyOf(input: unknown): string {
  try {
    // undefined for an undefined input, whatever the declared type says.
    const json = JSON.stringify(input) as string | undefined;
    return json ?? '';
  } catch {
    return '';
  }
}

/** The request and its price, for the person (markdown; every value from the model made inert). */
function confirmation(body: SearchRequestBody, assessment: Assessment): vscode.MarkdownString {
  const sources = body.sources?.length ? [...new Set(body.sources.map((s) => s.type))] : ['web'];
  const list = (values: readonly string[]): string => values.map((v) => inertMarkdown(v, 100)).join(', ');
  const lines = [
    vscode.l10n.t('**Query:** {0}', inertMarkdown(body.query, 500)),
    vscode.l10n.t('**Sources:** {0} · up to {1} results each', list(sources), body.limit ?? 10),
  ];
  const formats = (body.scrapeOptions?.formats ?? []).map((f) => f.type);
  if (formats.length > 0) lines.push(vscode.l10n.t('**Page content:** {0}', list(formats)));
  if (body.includeDomains?.length) lines.push(vscode.l10n.t('**Only from:** {0}', list(body.includeDomains)));
  if (body.excludeDomains?.length) lines.push(vscode.l10n.t('**Not from:** {0}', list(body.excludeDomains)));
  if (body.categories?.length) lines.push(vscode.l10n.t('**Categories:** {0}', list(body.categories.map((c) => c.type))));
  if (body.tbs) lines.push(vscode.l10n.t('**Time:** {0}', inertMarkdown(body.tbs, 100)));
  if (body.country || body.location) lines.push(vscode.l10n.t('**Where:** {0}', list([body.location, body.country].filter((v): v is string => !!v))));
  // The spec's price, else what searches of this shape cost before; never a guess.
  lines.push(vscode.l10n.t('**Price:** {0}', priceWords(assessment.price)));
  lines.push(`**${vscode.l10n.t('Today:')}** ${capWords(assessment.cap, assessment.spent, assessment.limit)}`);
  lines.push(vscode.l10n.t('The results also appear in the Search Results view.'));
  return new vscode.MarkdownString(lines.join('\n\n'));
}
