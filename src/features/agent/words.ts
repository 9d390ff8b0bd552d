// The agent feature's words: every sentence a person reads about extracting data from a page and
// running research, made here from the core's structure, localized.
import * as vscode from 'vscode';
import { formatAgo, formatDateTime, formatNumber, safeLocale } from '../../core/intl';
import { fullSettingKey, Setting } from '../../core/ids';
import type { StructuredResult } from '../../core/agent/store';
import { inertLabel, type TooltipWords } from '../../core/text/inert';
import type { AgentModel } from '../../core/agent/fields';

const n = (value: number): string => formatNumber(value, safeLocale(vscode.env.language));
const credits = (count: number): string => (count === 1 ? vscode.l10n.t('1 credit') : vscode.l10n.t('{0} credits', n(count)));

/** What the service says of each model's price (its docs: Spark 1 Mini is the cheaper one). */
export function modelWords(model: AgentModel): { label: string; detail: string } {
  switch (model) {
    case 'spark-1-mini': return { label: vscode.l10n.t('Spark 1 Mini'), detail: vscode.l10n.t('Cheaper per step than Spark 1 Pro. For plain lookups.') };
    case 'spark-1-pro': return { label: vscode.l10n.t('Spark 1 Pro'), detail: vscode.l10n.t('The service\'s default; dearer per step than Spark 1 Mini. For harder research.') };
    case 'spark-2': return { label: vscode.l10n.t('Spark 2'), detail: vscode.l10n.t('The newest model; see the service\'s pricing for its price per step.') };
  }
}

export const words = {
  extractTitle: () => vscode.l10n.t('Web Data: Extract Data from Page'),
  researchTitle: () => vscode.l10n.t('Web Data: Research'),
  notConnected: () => vscode.l10n.t('Connect to the Web Data service first: set your API key.'),
  connect: () => vscode.l10n.t('Connect'),
  urlPrompt: () => vscode.l10n.t('The page to read the data from'),
  promptPrompt: () => vscode.l10n.t('What to find on the page, in your words (optional with a schema), e.g. "the plans and their monthly prices"'),
  promptNeeded: () => vscode.l10n.t('Without a schema, say what to find.'),
  schemaPlaceholder: () => vscode.l10n.t('The shape of the data: a JSON Schema, or a JSON sample whose shape becomes one'),
  schemaDescription: () => vscode.l10n.t('JSON Schema'),
  sampleDescription: () => vscode.l10n.t('a JSON sample: its shape becomes the schema'),
  notJson: () => vscode.l10n.t('not JSON'),
  fromSelection: () => vscode.l10n.t('The Selection'),
  fromTyped: () => vscode.l10n.t('What You Typed'),
  typedFrom: () => vscode.l10n.t('the JSON you typed'),
  chatRequest: () => vscode.l10n.t('a chat agent\'s request'),
  selectionIn: (file: string) => vscode.l10n.t('the selection in {0}', file),
  fromFile: (file: string) => vscode.l10n.t('The File {0}', file),
  browseSchema: () => vscode.l10n.t('Choose a Schema File…'),
  browsePlaceholder: () => vscode.l10n.t('A *.schema.json file of the workspace'),
  noSchemaFiles: () => vscode.l10n.t('The workspace has no *.schema.json file.'),
  schemaTooLarge: (file: string) => vscode.l10n.t('{0} is larger than 1 MB; a schema that large is not sent.', inertLabel(file, 80)),
  schemaNotJson: (file: string, why: string) => vscode.l10n.t('{0} is not JSON: {1}', inertLabel(file, 80), inertLabel(why, 200)),
  noSchema: () => vscode.l10n.t('No Schema'),
  noSchemaDescription: () => vscode.l10n.t('the prompt alone says what to find'),
  confirmExtract: (url: string) => vscode.l10n.t('Extract data from {0}?', url),
  confirmDetailSchema: (from: string, schema: string) => vscode.l10n.t('Schema ({0}):\n{1}', from, schema),
  confirmDetailSample: (from: string, schema: string) => vscode.l10n.t('Schema made from the JSON sample ({0}):\n{1}', from, schema),
  confirmDetailNoSchema: () => vscode.l10n.t('No schema: the service chooses the shape.'),
  confirmDetailPrompt: (prompt: string) => vscode.l10n.t('Prompt: {0}', prompt),
  priceKnown: (min: number, max: number, times: number) => (min === max
    ? vscode.l10n.t('Price: {0}, as your last {1} extractions cost.', credits(max), n(times))
    : vscode.l10n.t('Price: from {0} to {1}, as your last {2} extractions cost.', n(min), credits(max), n(times))),
  priceUnknown: () => vscode.l10n.t('Price: not known before your first extraction (the service charges a page read with its model); its cost is shown after and counts in today\'s spend.'),
  extract: () => vscode.l10n.t('Extract'),
  extracting: (url: string) => vscode.l10n.t('Extracting data from {0}…', url),
  extractFailed: (url: string) => vscode.l10n.t('Could not extract data from {0}', url),
  noJson: () => vscode.l10n.t('The service answered without JSON data for this page.'),
  extracted: (cost: string) => vscode.l10n.t('Data extracted ({0}).', cost),
  creditsUsed: (count: number) => credits(count),
  costUnknown: () => vscode.l10n.t('its cost not reported'),
  mismatched: (count: number) => (count === 1
    ? vscode.l10n.t('The data does not match its schema in 1 place: see the Problems panel.')
    : vscode.l10n.t('The data does not match its schema in {0} places: see the Problems panel.', n(count))),
  badSchema: (why: string) => vscode.l10n.t('The schema could not be checked: {0}', inertLabel(why, 300)),
  mismatch: (pointer: string, message: string) => vscode.l10n.t('{0}: {1} (the schema asked for it)', inertLabel(pointer, 200), inertLabel(message, 300)),
  problemSource: () => vscode.l10n.t('Web Data schema'),
  notKept: (why: string) => vscode.l10n.t('The result could not be kept in global storage ({0}); its tab lasts this session.', why),
  gone: () => vscode.l10n.t('This result is no longer kept: results beyond the last 50 are removed.'),
  notAResult: () => vscode.l10n.t('That result is no longer kept.'),
  // Research.
  researchPrompt: () => vscode.l10n.t('What the research should find, e.g. "the rate limits of the GitHub, Stripe and Slack APIs"'),
  promptRequired: () => vscode.l10n.t('Say what to find.'),
  promptTooLong: (max: number) => vscode.l10n.t('At most {0} characters.', n(max)),
  urlsPrompt: () => vscode.l10n.t('Addresses to start from, spaces between (optional: empty lets the agent search)'),
  urlRefused: (url: string) => vscode.l10n.t('Not a web address: {0}', inertLabel(url, 80)),
  modelPlaceholder: () => vscode.l10n.t('The model: its price per step differs'),
  boundPrompt: (setting: string) => vscode.l10n.t('The most the run may spend, in credits (1 to 2,500; your default is {0}). The service stops the run before it passes it.', setting),
  boundRefused: () => vscode.l10n.t('A whole number of credits from 1 to 2,500.'),
  reviewPlaceholder: () => vscode.l10n.t('Press Enter to start · pick a field to change it'),
  startRow: (bound: number) => vscode.l10n.t('Start Research, spending at most {0}', credits(bound)),
  startDetail: () => vscode.l10n.t('The service spends up to this bound, and today\'s spend counts what it did spend.'),
  promptRow: () => vscode.l10n.t('Prompt'),
  urlsRow: () => vscode.l10n.t('Addresses'),
  urlsNone: () => vscode.l10n.t('none: the agent searches'),
  schemaRow: () => vscode.l10n.t('Schema'),
  schemaNone: () => vscode.l10n.t('none'),
  modelRow: () => vscode.l10n.t('Model'),
  boundRow: () => vscode.l10n.t('Bound'),
  boundDetail: () => vscode.l10n.t('The run stops before it would spend more than this.'),
  boundValue: (bound: number) => credits(bound),
  webhookRow: () => vscode.l10n.t('Progress'),
  webhookWired: () => vscode.l10n.t('each action arrives by webhook'),
  webhookNotWired: () => vscode.l10n.t('read every few seconds'),
  confirmBound: (bound: number) => vscode.l10n.t('Start a research run that may spend up to {0}?', credits(bound)),
  confirmBoundDetail: (threshold: number) => vscode.l10n.t('You are asked above {0} ({1}).', credits(threshold), fullSettingKey(Setting.agentConfirmAboveCredits)),
  start: () => vscode.l10n.t('Start'),
  startFailed: () => vscode.l10n.t('Could not start the research run'),
  started: (prompt: string) => vscode.l10n.t('Research “{0}” started: it runs in the Jobs view.', prompt),
  running: (prompt: string) => vscode.l10n.t('Researching: {0}', prompt),
  runAction: (action: string, spent: number) => vscode.l10n.t('{0} · {1} so far', inertLabel(action, 80), credits(spent)),
  runStatus: (status: string, spent: number) => vscode.l10n.t('{0} · {1} so far', inertLabel(status, 40), credits(spent)),
  runDone: (spent: string) => vscode.l10n.t('Research done ({0}).', spent),
  runFailed: (why: string) => vscode.l10n.t('The research run failed: {0}', inertLabel(why, 400)),
  runCancelled: () => vscode.l10n.t('The research run was cancelled.'),
  cancelFailed: () => vscode.l10n.t('Could not cancel the research run'),
  runLost: () => vscode.l10n.t('The research run\'s status could not be read'),
  noRuns: () => vscode.l10n.t('No research run is going.'),
  pickRun: () => vscode.l10n.t('Which research run?'),
  runsGroup: () => vscode.l10n.t('Research Runs'),
  // Kept results' rows (Search Results).
  resultsGroup: () => vscode.l10n.t('Extracted Data and Research'),
  resultsGroupTooltip: () => vscode.l10n.t('The JSON of your extractions and research runs, and of chat agents\' ones, kept on this machine (the last 50). Opening one sends nothing.'),
  openResult: () => vscode.l10n.t('Open Result'),
  removed: () => vscode.l10n.t('The result was removed from this machine.'),
  removeFailed: () => vscode.l10n.t('Could not remove the result'),
  copied: () => vscode.l10n.t('The result\'s JSON was copied.'),
  pickResultRow: () => vscode.l10n.t('Pick a kept result\'s row in the Pages, Documents and Data view.'),
};

const asker = (askedBy: StructuredResult['askedBy']): string => (askedBy === 'agent' ? vscode.l10n.t('a chat agent') : vscode.l10n.t('you'));

/** A kept result's row description: its schema's fields (or its kind), who asked, its cost, when. */
export function resultDescriptionWords(result: StructuredResult, fields: readonly string[]): string {
  const parts = [result.kind === 'research' ? vscode.l10n.t('research') : fields.length > 0 ? fields.slice(0, 4).join(', ') + (fields.length > 4 ? ', …' : '') : vscode.l10n.t('no schema')];
  if (result.askedBy === 'agent') parts.push(vscode.l10n.t('by a chat agent'));
  if (result.creditsUsed !== undefined) parts.push(credits(result.creditsUsed));
  const at = new Date(result.createdAt);
  if (!Number.isNaN(at.getTime())) parts.push(formatAgo(at, new Date(), safeLocale(vscode.env.language)));
  return parts.join(' · ');
}

/** A kept result's tooltip: the page or the prompt, the schema's fields, who asked, when, the cost. */
export function resultTooltipWords(result: StructuredResult, fields: readonly string[]): TooltipWords {
  const lines: string[] = [];
  if (result.url !== undefined) lines.push(vscode.l10n.t('Page: {0}', result.url));
  if (result.prompt !== undefined) lines.push(vscode.l10n.t('Prompt: {0}', result.prompt.slice(0, 500)));
  if (result.urls && result.urls.length > 0) lines.push(vscode.l10n.t('Addresses: {0}', result.urls.slice(0, 5).join(' ')));
  lines.push(fields.length > 0 ? vscode.l10n.t('Schema fields: {0}', fields.slice(0, 20).join(', ')) : result.schema ? vscode.l10n.t('Schema: without top-level fields') : vscode.l10n.t('Schema: none'));
  if (result.model !== undefined) lines.push(vscode.l10n.t('Model: {0}', result.model));
  const at = new Date(result.createdAt);
  if (!Number.isNaN(at.getTime())) lines.push(vscode.l10n.t('Kept: {0}', formatDateTime(at, { locale: safeLocale(vscode.env.language) })));
  lines.push(vscode.l10n.t('Asked by: {0}', asker(result.askedBy)));
  lines.push(result.creditsUsed !== undefined ? vscode.l10n.t('Credits used: {0}', credits(result.creditsUsed)) : vscode.l10n.t('Credits used: not said by the service'));
  return { heading: result.kind === 'research' ? vscode.l10n.t('Research result') : vscode.l10n.t('Extracted data'), paragraphs: [lines] };
}
