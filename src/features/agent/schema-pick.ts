// The schema of an extraction or a research run, from the editor (issue 36): the selection (a JSON
// Schema, or a JSON sample whose shape becomes one), the active `*.schema.json` or JSON file, a
// `*.schema.json` file of the workspace, or none (the prompt alone says what to find). A step of
// the flows, with Back; what it answers is shown again in the confirmation before anything is sent.
import * as vscode from 'vscode';
import { schemaFromText, type JsonObject, type SchemaSource } from '../../core/agent/schema-source';
import { inertQuickPick } from '../../core/text/inert';
import { mapOutcome, onlyOutcome, showPick, type Outcome, type PickItem, type StepFrame } from '../../platform/step-inputs';
import { words } from './words';

/** The schema chosen and where it came from (its words in the review). */
export interface ChosenSchema {
  schema?: JsonObject;
  /** Where it came from, in words: a file's name, "the selection", "a JSON sample in …". */
  from?: string;
  /** A sample's shape was made into the schema. */
  madeFromSample?: boolean;
}

type Choice = ChosenSchema | 'browse';

const MAX_FILE_BYTES = 1024 * 1024;

function fileName(uri: vscode.Uri): string {
  return uri.path.split('/').pop() ?? uri.path;
}

function itemFor(source: SchemaSource, label: string, from: string): PickItem<Choice> | undefined {
  switch (source.kind) {
    case 'schema': return { label, description: words.schemaDescription(), detail: inertQuickPick(JSON.stringify(source.schema), 200), value: { schema: source.schema, from } };
    case 'sample': return { label, description: words.sampleDescription(), detail: inertQuickPick(JSON.stringify(source.schema), 200), value: { schema: source.schema, from, madeFromSample: true } };
    case 'not-json': return { label, description: words.notJson(), detail: inertQuickPick(source.message, 200), value: { from } };
    case 'empty': return undefined;
  }
}

/** What the active editor offers: its selection, else the whole file when it is JSON. */
function editorItems(): Array<PickItem<Choice>> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return [];
  const { document } = editor;
  const name = fileName(document.uri);
  const items: Array<PickItem<Choice>> = [];
  if (!editor.selection.isEmpty) {
    const item = itemFor(schemaFromText(document.getText(editor.selection).slice(0, MAX_FILE_BYTES)), words.fromSelection(), words.selectionIn(name));
    // Selected text that is not JSON is not offered: it was selected for something else.
    if (item && item.value !== 'browse' && item.value.schema) items.push(item);
  }
  const isJson = document.languageId === 'json' || document.languageId === 'jsonc' || /\.json$/i.test(name);
  if (isJson && document.getText().length <= MAX_FILE_BYTES) {
    const item = itemFor(schemaFromText(document.getText(), name), words.fromFile(inertQuickPick(name, 80)), name);
    if (item && item.value !== 'browse' && item.value.schema) items.push(item);
  }
  return items;
}

/** A `*.schema.json` file of the workspace, picked; undefined when none was. */
async function browse(frame: StepFrame): Promise<Outcome<ChosenSchema>> {
  const found = await vscode.workspace.findFiles('**/*.schema.json', '**/node_modules/**', 100);
  if (found.length === 0) {
    void vscode.window.showInformationMessage(words.noSchemaFiles());
    return { kind: 'back' };
  }
  const items: Array<PickItem<vscode.Uri>> = found.map((uri) => ({ label: inertQuickPick(fileName(uri), 80), description: inertQuickPick(vscode.workspace.asRelativePath(uri), 200), value: uri }));
  const picked = onlyOutcome(await showPick(frame, { placeholder: words.browsePlaceholder(), items }));
  if (picked.kind !== 'answer') return picked;
  const bytes = await vscode.workspace.fs.readFile(picked.value);
  if (bytes.byteLength > MAX_FILE_BYTES) {
    void vscode.window.showErrorMessage(words.schemaTooLarge(fileName(picked.value)));
    return { kind: 'back' };
  }
  const source = schemaFromText(new TextDecoder().decode(bytes), fileName(picked.value));
  if (source.kind !== 'schema' && source.kind !== 'sample') {
    void vscode.window.showErrorMessage(words.schemaNotJson(fileName(picked.value), source.kind === 'not-json' ? source.message : ''));
    return { kind: 'back' };
  }
  return { kind: 'answer', value: { schema: source.schema, from: fileName(picked.value), ...(source.kind === 'sample' ? { madeFromSample: true } : {}) } };
}

/** A JSON Schema or sample typed in the step's filter, as an item (issue 46: Enter did nothing with one). */
function typedItem(text: string): PickItem<Choice> | undefined {
  const source = schemaFromText(text.slice(0, MAX_FILE_BYTES));
  return source.kind === 'schema' || source.kind === 'sample' ? itemFor(source, words.fromTyped(), words.typedFrom()) : undefined;
}

/** The schema step: one pick (or a schema typed in it), then (for Browse) the files. */
export async function showSchemaStep(frame: StepFrame, current: ChosenSchema): Promise<Outcome<ChosenSchema>> {
  const fromEditor = editorItems();
  const noSchema: PickItem<Choice> = { label: words.noSchema(), description: words.noSchemaDescription(), value: {} };
  const items: Array<PickItem<Choice>> = [
    ...fromEditor,
    { label: words.browseSchema(), description: '*.schema.json', value: 'browse' },
    noSchema,
  ];
  // Enter goes on without a dialog: the schema asked before, else the selection (chosen by the
  // person for this), else No Schema. A whole JSON file in the active tab is offered, not chosen:
  // it is often the last result's own tab (issue 46: Research took it as its schema).
  const selection = words.fromSelection();
  const active = items.find((item) => item.value !== 'browse' && current.from !== undefined && item.value.from === current.from)?.value
    ?? fromEditor.find((item) => item.label === selection)?.value
    ?? noSchema.value;
  const picked = onlyOutcome(await showPick(frame, { placeholder: words.schemaPlaceholder(), items, active, typed: typedItem }));
  if (picked.kind !== 'answer') return picked;
  if (picked.value === 'browse') {
    const browsed = await browse(frame);
    return browsed.kind === 'back' ? showSchemaStep(frame, current) : browsed;
  }
  return mapOutcome(picked, (value) => (value === 'browse' ? current : value));
}
