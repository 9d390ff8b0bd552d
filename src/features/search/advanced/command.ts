// webData.searchAdvanced ("Search with Options…"): the steps of the core's flow in quick inputs,
// then the review; Enter there runs the search through webData.search. The argument is a partial
// request: the steps it answers are skipped. The last request run is remembered (globalState,
// shared by the windows) and is where the next one starts.
import * as vscode from 'vscode';
import { Command } from '../../../core/ids';
import { isPlainObject } from '../../../core/plain-object';
import { applyRequest, choicesToRequest, defaultChoices, type AdvancedChoices } from '../../../core/search/advanced/choices';
import { AdvancedFlow, STEP_COUNT, stepNumber } from '../../../core/search/advanced/flow';
import type { OperatorId } from '../../../core/search/advanced/operators';
import type { SearchArgument } from '../../../core/search/request';
import type { SearchSummary } from '../../../core/search/record';
import { inertNotification } from '../../../core/text/inert';
import { searchSettings } from '../../../platform/settings';
import { promptForQuery, searchPriceLine } from '../query-box';
import type { StepFrame } from '../../../platform/step-inputs';
import { runInsertOperator } from './operator-picker';
import { showReview } from './review';
import { showStep } from './steps';

const LAST_REQUEST_KEY = 'webData.advancedSearch.lastRequest';

export interface AdvancedContext {
  readonly globalState: vscode.Memento;
  /** The stored searches, newest first: the review prices a search from those of its shape. */
  history(): Promise<readonly SearchSummary[]>;
  /** Holds the open quick input, so that it is disposed with the feature. */
  own(d: vscode.Disposable): vscode.Disposable;
}

/**
 * The one way out to the search: another engineer's search service will take the request
 * here instead (the lead re-points this function). Resolves to what webData.search resolves to.
 */
function runSearch(request: Record<string, unknown>): Thenable<unknown> {
  return vscode.commands.executeCommand(Command.search, request);
}

/** The remembered request over the settings; anything stored that is not a request is ignored. */
function startingChoices(globalState: vscode.Memento): AdvancedChoices {
  const base = defaultChoices(searchSettings());
  const stored: unknown = globalState.get(LAST_REQUEST_KEY);
  return isPlainObject(stored) ? applyRequest(base, stored).choices : base;
}

export async function runAdvancedSearch(context: AdvancedContext, read: SearchArgument): Promise<unknown> {
  if (read.kind === 'invalid') {
    void vscode.window.showErrorMessage(inertNotification(read.message));
    return undefined;
  }
  const start = startingChoices(context.globalState);
  const { choices, answered } = read.kind === 'request' ? applyRequest(start, read.request) : { choices: start, answered: new Set<never>() };
  const flow = new AdvancedFlow(choices, answered);
  const title = vscode.l10n.t('Web Data: Search with Options');
  for (let shown = 0; shown < 1000; shown++) {
    const step = flow.current;
    const frame: StepFrame = { title, step: stepNumber(step), totalSteps: STEP_COUNT, back: flow.canGoBack, own: (d) => context.own(d) };
    if (step === 'review') {
      const outcome = await showReview(flow.choices, searchSettings(), frame, await context.history());
      if (outcome.kind === 'dismissed') return undefined;
      if (outcome.kind === 'back') { flow.back(); continue; }
      if (outcome.value.action === 'edit') { flow.edit(outcome.value.step); continue; }
      await context.globalState.update(LAST_REQUEST_KEY, choicesToRequest(flow.choices));
      return runSearch(outcome.value.request);
    }
    const outcome = await showStep(step, flow.choices, frame);
    if (outcome.kind === 'dismissed') return undefined;
    if (outcome.kind === 'back') { flow.back(); continue; }
    flow.choices = outcome.value;
    flow.next();
  }
  return undefined;
}

/** webData.insertOperator; with no query box open, a new one whose Enter searches. */
export function runInsertOperatorCommand(context: AdvancedContext, operator: OperatorId | undefined): Promise<unknown> {
  return runInsertOperator(operator, async (initial) => {
    const query = await promptForQuery(initial.value, (d) => context.own(d), { selection: initial.selection, sources: searchSettings().sources, price: searchPriceLine(await context.history().catch(() => [])) });
    return query === undefined ? undefined : runSearch({ query });
  });
}
