// The one place the chat tools run a search. Today that is the search command in quiet mode: it
// merges the settings, checks the request, sends it, stores it in the Search Results view (so the
// person sees what the agent saw) and resolves to the record or to a failure as data. When the
// search feature offers a service with the same contract, only this function changes.
import * as vscode from 'vscode';
import type { SearchRecord } from '../../core/search/record';
import type { ToolFailure } from '../../core/chat/failure-text';
import type { SearchCommandOptions, SearchFailure } from '../search/command';

export type SearchOutcome = { ok: true; record: SearchRecord } | { ok: false; failure: ToolFailure };

export type RunSearch = (request: Record<string, unknown>, token: vscode.CancellationToken) => Promise<SearchOutcome>;

export const runSearch: RunSearch = async (request, token) => {
  const options: SearchCommandOptions = { token, quiet: true };
  const answer = await vscode.commands.executeCommand<SearchRecord | SearchFailure | undefined>('webData.search', request, options);
  if (answer === undefined) return { ok: false, failure: { kind: 'cancelled' } };
  if ('failure' in answer) return { ok: false, failure: answer.failure };
  return { ok: true, record: answer };
};
