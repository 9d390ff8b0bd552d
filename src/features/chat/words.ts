// The chat tools in words for the person (vscode.l10n): what the chat shows while a tool runs,
// and the search's confirmation. What the model reads is English made by the core
// (src/core/chat), not here; every value from the model is made inert before it is shown.
import * as vscode from 'vscode';
import type { SearchRequestBody } from '../../core/api';
import { inertMarkdown } from '../../core/text/inert';
import { capWords, priceWords } from '../spend/words';
import type { Assessment } from './search-spend';

export const creditsInvocationWords = (): string => vscode.l10n.t('Reading the team’s Web Data credits');
export const activeCrawlsInvocationWords = (): string => vscode.l10n.t('Listing the team’s active crawls');
export const readResultInvocationWords = (): string => vscode.l10n.t('Reading a page from the Web Data history');
export const crawlResultsInvocationWords = (): string => vscode.l10n.t('Reading crawl results');
export const searchCheckingWords = (): string => vscode.l10n.t('Checking the web search request');

/** `query` is inert markdown already. */
export function searchInvocationWords(query: string, assessment?: Pick<Assessment, 'reuse' | 'cap'>): vscode.MarkdownString {
  if (assessment?.reuse) return new vscode.MarkdownString(vscode.l10n.t('Reading the search for “{0}” made {1} minutes ago (free)', query, assessment.reuse.minutesAgo));
  if (assessment?.cap.kind === 'reached') return new vscode.MarkdownString(vscode.l10n.t('Not searching for “{0}”: chat agents reached today’s credit limit', query));
  return new vscode.MarkdownString(vscode.l10n.t('Searching the web for “{0}”', query));
}

export const searchConfirmationTitle = (): string => vscode.l10n.t('Search the web with Web Data?');

/** The request and its price, for the person (markdown; every value from the model made inert). */
export function searchConfirmationWords(body: SearchRequestBody, assessment: Assessment): vscode.MarkdownString {
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
