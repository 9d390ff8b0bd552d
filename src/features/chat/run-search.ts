// The one place the chat tools run a search: through the search service, which merges the
// settings and checks the request once (prepare, for the confirmation and again at invoke, as the
// settings may have changed between), sends the very body it checked, stores it in the Search Results view (so the person
// sees what the agent saw) and answers with the record or a failure as data, never a prompt or a
// notification: the model gets the failure as text instead.
import type * as vscode from 'vscode';
import type { ToolOutcome } from '../../core/chat/tool';
import type { SearchRecord, SearchSummary } from '../../core/search/record';
import type { SearchFailure } from '../../core/search/service';
import type { RequestProblem } from '../../core/api';
import type { Prepared, PreparedSearch, SearchRun, SearchRunOptions } from '../search';

type SearchOutcome = ToolOutcome<SearchRecord>;

/** A tool's request with today's settings under it, checked once; send() takes it as it is. */
type PreparedToolSearch = { ok: true; search: PreparedSearch } | { ok: false; problems: readonly RequestProblem[] };

export interface RunSearch {
  prepare(request: Record<string, unknown>): PreparedToolSearch;
  send(search: PreparedSearch, token: vscode.CancellationToken): Promise<SearchOutcome>;
}

/** The part of the search feature's API the tools use. */
export interface SearchRunner {
  prepare(request: Readonly<Record<string, unknown>>, options?: Pick<SearchRunOptions, 'withSettings'>): Prepared;
  send(search: PreparedSearch, options?: Pick<SearchRunOptions, 'token' | 'askedBy'>): Promise<SearchRun>;
  list(): Promise<readonly SearchSummary[]>;
  get(id: string): Promise<SearchRecord | undefined>;
}

export function searchThrough(searches: SearchRunner): RunSearch {
  return {
    prepare: (request) => {
      const prepared = searches.prepare(request, { withSettings: true });
      return prepared.ok ? prepared : { ok: false, problems: prepared.failure.problems };
    },
    send: async (search, token) => {
      const run = await searches.send(search, { token, askedBy: 'agent' });
      if (run.ok) return { ok: true, value: run.record };
      return run.failure.kind === 'not-stored' ? { ok: true, value: run.failure.record } : failed(run.failure);
    },
  };
}

/** A search's failure as the tool's outcome; the client's errors are worded by the base, as a throw's are. */
function failed(failure: Exclude<SearchFailure, { kind: 'not-stored' }>): ToolOutcome<never> {
  switch (failure.kind) {
    case 'invalid':
      return { ok: false, failure: { kind: 'invalid-request', problems: failure.problems } };
    case 'not-connected':
      return { ok: false, failure: { kind: 'not-connected' } };
    case 'cancelled':
      // Said as before it was sent or not: what was spent is not known here.
      return { ok: false, failure: { kind: 'cancelled' }, spends: false };
    case 'failed':
      return { ok: false, error: failure.error, spends: false };
  }
}
