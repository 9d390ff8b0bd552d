// The last step of advanced search: the request as it will be sent (the body the client makes of
// it with today's settings under it), field by field in JSON, with the credit estimate where the
// spec gives prices and the query's warnings now that the sources are known. Enter on the first
// item searches; picking a field goes back to the step that sets it.
import * as vscode from 'vscode';
import type { AdvancedChoices } from '../../../core/search/advanced/choices';
import { review } from '../../../core/search/advanced/checks';
import type { AskedStep } from '../../../core/search/advanced/flow';
import type { SearchDefaults } from '../../../core/search/request';
import { inertQuickPick } from '../../../core/text/inert';
import { showPick, type Outcome, type PickItem, type StepFrame } from '../../../platform/step-inputs';
import { estimateText, warningText } from './words';
import { priceOf } from '../../../core/spend/price';
import type { SearchSummary } from '../../../core/search/record';
import { priceWords } from '../../spend/words';

export type ReviewAnswer = { action: 'search'; request: Record<string, unknown> } | { action: 'edit'; step: AskedStep };

/** Each step, and the request fields it sets (in the order of the steps). */
const FIELDS: ReadonlyArray<[AskedStep, readonly string[]]> = [
  ['query', ['query']], ['sources', ['sources']], ['limit', ['limit']], ['categories', ['categories']], ['time', ['tbs']],
  ['domains', ['includeDomains', 'excludeDomains']], ['location', ['location']], ['country', ['country']],
  ['content', ['scrapeOptions']], ['retention', ['enterprise']], ['invalidUrls', ['ignoreInvalidURLs']],
];

export async function showReview(choices: AdvancedChoices, settings: SearchDefaults, frame: StepFrame, history: readonly SearchSummary[] = []): Promise<Outcome<ReviewAnswer>> {
  const { request, checked, estimate, warnings } = review(choices, settings);
  // The spec's price where it gives one; otherwise what searches of this shape cost before, as the chat tool says it.
  const price = checked.ok && !estimate?.priced ? vscode.l10n.t('Price: {0}', priceWords(priceOf(checked.body, history))) : estimateText(estimate);
  const items: Array<PickItem<ReviewAnswer | undefined>> = [];
  if (checked.ok) {
    items.push({
      value: { action: 'search', request }, label: `$(search) ${vscode.l10n.t('Search')}`, description: price,
      detail: inertQuickPick(JSON.stringify(checked.body), 1000),
    });
  } else {
    for (const problem of checked.problems) {
      const step = FIELDS.find(([, fields]) => fields.some((f) => problem.field === f || problem.field.startsWith(`${f}[`) || problem.field.startsWith(`${f}.`)))?.[0];
      items.push({ value: step ? { action: 'edit', step } : undefined, label: `$(error) ${inertQuickPick(problem.field, 60)}`, detail: inertQuickPick(problem.message, 300) });
    }
  }
  for (const warning of warnings) {
    items.push({ value: { action: 'edit', step: warning.kind === 'imagesWithoutSource' ? 'sources' : 'query' }, label: `$(warning) ${vscode.l10n.t('Warning')}`, detail: warningText(warning) });
  }
  items.push({ value: undefined, label: vscode.l10n.t('The request, as it will be sent · pick a field to change it'), kind: vscode.QuickPickItemKind.Separator });
  const body: Record<string, unknown> = checked.ok ? { ...checked.body } : request;
  for (const [step, fields] of FIELDS) {
    const present = fields.filter((f) => body[f] !== undefined);
    const description = present.length > 0
      ? present.map((f) => `"${f}": ${inertQuickPick(JSON.stringify(body[f]), 300)}`).join(', ')
      : vscode.l10n.t('not sent (the service\'s default)');
    items.push({ value: { action: 'edit', step }, label: present[0] ?? fields[0] ?? step, description });
  }
  // Fields no step sets (the timeout from Settings) are shown but not editable here.
  for (const [field, value] of Object.entries(body)) {
    if (FIELDS.some(([, fields]) => fields.includes(field))) continue;
    items.push({ value: undefined, label: field, description: `${inertQuickPick(JSON.stringify(value), 100)} · ${vscode.l10n.t('from Settings')}` });
  }
  const placeholder = checked.ok ? vscode.l10n.t('Press Enter to search · pick a field to change it') : vscode.l10n.t('The request has problems: pick one to fix it');
  const outcome = await showPick(frame, { placeholder, items, active: items[0]?.value, refuse: (values) => (values[0] === undefined ? '' : undefined) });
  if (outcome.kind !== 'answer') return outcome;
  const [answer] = outcome.value;
  return answer ? { kind: 'answer', value: answer } : { kind: 'dismissed' };
}
