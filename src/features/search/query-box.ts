// The query input box: checks the query as it is typed (length with its count, operators through
// the client's own validation) and lists the operators one can use. Operator problems are
// warnings while the query is typed and errors only when Enter is refused: a query being typed
// has half-written operators. A button (and webData.insertOperator) inserts an operator.
import * as vscode from 'vscode';
import type { SourceType } from '../../core/api/request-types';
import { queryWarnings } from '../../core/search/advanced/operators';
import { QUERY_MAX_LENGTH, queryInputState, type QueryInputState } from '../../core/search/query-input';
import type { SearchSummary } from '../../core/search/record';
import { settingsShape } from '../../core/search/request';
import { priceOf } from '../../core/spend/price';
import { priceWords } from '../spend/words';
import { loadCore } from '../../platform/core';
import { toDisposable } from '../../platform/disposable';
import { searchSettings } from '../../platform/settings';
import { operatorButton, runInsertOperator, trackQueryBox } from './advanced/operator-picker';
import { warningsText } from './advanced/words';
import { showQuickInput } from '../../platform/quick-inputs';

function check(query: string): QueryInputState {
  // The client's check for the query alone; loading it on the first keystroke is fine.
  const within = query.trim() !== '' && query.length <= QUERY_MAX_LENGTH;
  const checked = within ? loadCore().validateSearchRequest({ query }) : undefined;
  const problems = checked && !checked.ok ? checked.problems.filter((p) => p.field === 'query').map((p) => p.message) : [];
  return queryInputState(query, problems);
}

/**
 * What the box says under the query: an over-long query is an error at once; the client's other
 * problems are errors once Enter was refused; otherwise the warnings for these sources.
 */
export function queryValidation(query: string, sources: readonly SourceType[], refused: boolean): { state: QueryInputState; message: vscode.InputBoxValidationMessage | undefined } {
  const state = check(query);
  const error = (message: string): vscode.InputBoxValidationMessage => ({ message, severity: vscode.InputBoxValidationSeverity.Error });
  if (state.error && (refused || query.length > QUERY_MAX_LENGTH)) return { state, message: error(state.error) };
  const warnings = warningsText(queryWarnings(query, sources));
  return { state, message: warnings ? { message: warnings, severity: vscode.InputBoxValidationSeverity.Warning } : undefined };
}

export interface QueryPromptOptions {
  /** Selected in the initial value (an inserted operator's value); all of it when not given. */
  selection?: [number, number];
  /** The sources the search will ask for, for the image operators' warning; the setting's by default. */
  sources?: readonly SourceType[];
  /** Said in front of the count under the box, such as that an entry's text was cut. */
  note?: string;
  /**
   * The price of the search Enter sends ("Price: …", searchPriceLine), under the box after the note: it is
   * there before a word is typed, since the query itself prices nothing (issue 46).
   */
  price?: string;
  /**
   * The box's Search with Options… button: the box closes (answering undefined) and this runs with
   * what was typed. One command per operation: the options are a button inside it (issue 46).
   */
  withOptions?: (typed: string) => void;
}

/**
 * The price line of a search typed in the box, in the words of Search with Options' review: the
 * shape the settings give it (results per source, sources, scraped formats), priced by the
 * history's searches of that shape (newest first), else unknown until the first.
 */
export function searchPriceLine(history: readonly SearchSummary[]): string {
  return vscode.l10n.t('Price: {0}', priceWords(priceOf(settingsShape(searchSettings()), history)));
}

/** The query box's button that goes on with Search with Options…. */
function optionsButton(): vscode.QuickInputButton {
  return { iconPath: new vscode.ThemeIcon('settings'), tooltip: vscode.l10n.t('Search with Options… (sources, filters, time, place, scraping)') };
}


/**
 * Asks for a query; undefined when the box is dismissed. `own` receives the box so that it is
 * disposed with the feature if the window closes while it is open.
 */
export function promptForQuery(initial: string | undefined, own: (d: vscode.Disposable) => vscode.Disposable, options: QueryPromptOptions = {}): Promise<string | undefined> {
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    const moreOptions = options.withOptions ? optionsButton() : undefined;
    const sources = options.sources ?? searchSettings().sources;
    let answer: string | undefined;
    let suspended = false;
    const update = (refused = false): QueryInputState => {
      const { state, message } = queryValidation(box.value, sources, refused);
      box.prompt = [options.note, options.price, state.prompt].filter((part) => part !== undefined).join(' · ');
      box.validationMessage = message;
      return state;
    };
    const tracking = trackQueryBox({
      get value() { return box.value; },
      suspend: () => { suspended = true; },
      resume: (change) => {
        suspended = false;
        if (change) {
          box.value = change.value;
          box.valueSelection = change.selection;
        }
        update();
        showQuickInput(box);
      },
    });
    const listeners = [
      box.onDidChangeValue(() => void update()),
      box.onDidTriggerButton((button) => {
        if (button !== moreOptions) { void runInsertOperator(undefined, () => Promise.resolve(undefined)); return; }
        const typed = box.value;
        box.hide();
        options.withOptions?.(typed);
      }),
      box.onDidAccept(() => {
        if (!update(true).acceptable) return;
        answer = box.value;
        box.hide();
      }),
      box.onDidHide(() => {
        if (suspended) return;
        ownership.dispose();
        resolve(answer);
      }),
    ];
    const ownership = own(toDisposable(() => {
      tracking.dispose();
      listeners.forEach((listener) => { listener.dispose(); });
      box.dispose();
    }));
    // A click elsewhere, or the walkthrough taking the focus back as it lays out a step, would
    // close the box and lose what was typed (issue 46): Escape closes it.
    box.ignoreFocusOut = true;
    box.title = vscode.l10n.t('Web Data: Search the Web');
    box.placeholder = vscode.l10n.t('What to search for, e.g. stream processing "backpressure" site:example.com -beta');
    box.buttons = moreOptions ? [operatorButton(), moreOptions] : [operatorButton()];
    if (initial) {
      box.value = initial;
      box.valueSelection = options.selection ?? [0, initial.length];
    }
    update();
    showQuickInput(box);
  });
}
