// Extract Data from Page… (issue 36): a page's data as JSON in the shape of a schema from the
// editor. Steps with Back (the page, the schema, an optional prompt), then a confirmation that
// shows the schema as it will be sent (a sample's made one too) and the price before anything is
// sent. The answer opens as a JSON tab checked against the schema (documents.ts), is kept with the
// schema it was asked with, and its cost counts in today's spend.
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { WebDataClient } from '../../core/api';
import type { ExtractArgument } from '../../core/commands/agent';
import { abortOn } from '../../core/chat/tool';
import type { JsonObject } from '../../core/agent/schema-source';
import type { StructuredResult, StructuredResults } from '../../core/agent/store';
import type { SchemaCheck } from '../../core/agent/validate';
import { writeFailureOf } from '../../core/fs-retry';
import { checkUrl } from '../../core/scrape/url-check';
import { inertNotification } from '../../core/text/inert';
import { showError, writeFailureWords } from '../../platform/notify';
import { showInput, type Outcome, type StepFrame } from '../../platform/step-inputs';
import { confirmUrl, urlCheck, urlNearby } from '../scrape/url-input';
import type { StructuredDocuments } from './documents';
import { showSchemaStep, type ChosenSchema } from './schema-pick';
import { words } from './words';

/** How many earlier extractions the price reads. */
const PRICE_HISTORY = 5;
/** The schema shown in the confirmation: beyond this many characters it is cut. */
const SHOWN_SCHEMA_CHARS = 1500;

export interface Extracted {
  result: StructuredResult;
  check: SchemaCheck | undefined;
  uri: vscode.Uri;
}

interface ExtractChoices {
  url: string;
  schema: ChosenSchema;
  prompt: string;
}

export interface ExtractPlace {
  results: StructuredResults;
  documents: StructuredDocuments;
  client(): Promise<WebDataClient | undefined>;
  own(d: vscode.Disposable): vscode.Disposable;
  /** The confirmation answered by a host test, when set (a modal cannot be clicked there). */
  answerConfirmation(): ((message: string, yes: string) => string | undefined) | undefined;
  /** After a result was made, with its cost: today's spend follows it. */
  spent(result: StructuredResult): void;
  log: vscode.LogOutputChannel;
}

type Step = 'url' | 'schema' | 'prompt';

/** The price of the next extraction, from what the last ones cost (never a number made up). */
function priceWords(results: readonly StructuredResult[]): string {
  const costs = results.filter((r) => r.kind === 'extract' && typeof r.creditsUsed === 'number').slice(0, PRICE_HISTORY).map((r) => r.creditsUsed ?? 0);
  return costs.length === 0 ? words.priceUnknown() : words.priceKnown(Math.min(...costs), Math.max(...costs), costs.length);
}

async function askSteps(place: ExtractPlace, start: ExtractChoices, steps: readonly Step[]): Promise<ExtractChoices | undefined> {
  let choices = start;
  let index = 0;
  while (index < steps.length) {
    const step = steps[index];
    const frame: StepFrame = { title: words.extractTitle(), step: index + 1, totalSteps: steps.length, back: index > 0, own: (d) => place.own(d) };
    let outcome: Outcome<ExtractChoices>;
    switch (step) {
      case 'url': {
        const typed = await showInput(frame, { value: choices.url, prompt: words.urlPrompt(), placeholder: 'https://example.com/pricing', check: urlCheck });
        outcome = typed.kind === 'answer' ? { kind: 'answer', value: { ...choices, url: typed.value.trim() } } : typed;
        break;
      }
      case 'schema': {
        const picked = await showSchemaStep(frame, choices.schema);
        outcome = picked.kind === 'answer' ? { kind: 'answer', value: { ...choices, schema: picked.value } } : picked;
        break;
      }
      default: {
        const hasSchema = choices.schema.schema !== undefined;
        const typed = await showInput(frame, {
          value: choices.prompt, prompt: words.promptPrompt(),
          check: (value, accepting) => (hasSchema || value.trim() !== '' ? { ok: true } : { ok: false, message: accepting ? words.promptNeeded() : undefined }),
        });
        outcome = typed.kind === 'answer' ? { kind: 'answer', value: { ...choices, prompt: typed.value.trim() } } : typed;
      }
    }
    if (outcome.kind === 'dismissed') return undefined;
    if (outcome.kind === 'back') index = Math.max(0, index - 1);
    else {
      choices = outcome.value;
      index++;
    }
  }
  return choices;
}

function schemaDetail(schema: ChosenSchema): string {
  if (!schema.schema) return words.confirmDetailNoSchema();
  const text = JSON.stringify(schema.schema, null, 2);
  const shown = text.length > SHOWN_SCHEMA_CHARS ? `${text.slice(0, SHOWN_SCHEMA_CHARS)}\n…` : text;
  const from = inertNotification(schema.from ?? '', 80);
  return schema.madeFromSample ? words.confirmDetailSample(from, shown) : words.confirmDetailSchema(from, shown);
}

/** The whole command: steps (or the argument), the confirmation with the price, the call, the tab. */
export async function extractData(place: ExtractPlace, argument: ExtractArgument): Promise<Extracted | undefined> {
  let choices: ExtractChoices | undefined;
  if (argument.kind === 'request') {
    choices = { url: argument.url, schema: argument.schema ? { schema: argument.schema, from: vscode.l10n.t('the command\'s argument') } : {}, prompt: argument.prompt ?? '' };
  } else {
    const url = argument.kind === 'prefill' ? argument.url : (await urlNearby()) ?? '';
    choices = await askSteps(place, { url, schema: {}, prompt: '' }, ['url', 'schema', 'prompt']);
  }
  if (!choices) return undefined;
  const url = await confirmUrl(checkUrl(choices.url));
  if (url === undefined) return undefined;
  const client = await place.client();
  if (!client) return undefined;
  if (!(await askToExtract(place, url, choices.schema, choices.prompt))) return undefined;
  return send(place, client, url, choices.schema, choices.prompt);
}

/** The confirmation with the schema as sent and the price; true when the person chose to extract. */
async function askToExtract(place: ExtractPlace, url: string, schema: ChosenSchema, prompt: string): Promise<boolean> {
  const shown = inertNotification(url, 80);
  const yes = words.extract();
  const detail = [schemaDetail(schema), ...(prompt ? [words.confirmDetailPrompt(inertNotification(prompt, 300))] : []), priceWords(await place.results.list())].join('\n\n');
  const answer = place.answerConfirmation();
  const choice = answer ? answer(`${words.confirmExtract(shown)} ${detail}`, yes) : await vscode.window.showInformationMessage(words.confirmExtract(shown), { modal: true, detail }, yes);
  return choice === yes;
}

/**
 * Sends the JSON scrape, keeps the answer and opens it. Undefined when it failed (said once, with a
 * Retry that asks with the price again before it spends again).
 */
export async function send(place: ExtractPlace, client: WebDataClient, url: string, chosen: ChosenSchema, prompt: string): Promise<Extracted | undefined> {
  const schema: JsonObject | undefined = chosen.schema;
  const shown = inertNotification(url, 80);
  const format = { type: 'json', ...(schema ? { schema } : {}), ...(prompt ? { prompt } : {}) };
  let result: StructuredResult;
  try {
    result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: words.extracting(shown), cancellable: true }, async (_p, token) => {
      const abort = abortOn(token);
      try {
        const page = await client.scrape({ url, formats: [format], onlyMainContent: true }, { signal: abort.signal });
        const credits = page.metadata?.creditsUsed;
        return {
          id: randomUUID(), kind: 'extract', createdAt: new Date().toISOString(), askedBy: 'person', url,
          ...(schema ? { schema } : {}), ...(prompt ? { prompt } : {}),
          ...(typeof credits === 'number' ? { creditsUsed: credits } : {}),
          data: page.json ?? null,
        } satisfies StructuredResult;
      } finally {
        abort.dispose();
      }
    });
  } catch (error) {
    void showError(place.log, words.extractFailed(shown), error, { retry: async () => (await askToExtract(place, url, chosen, prompt) ? send(place, client, url, chosen, prompt) : undefined) });
    return undefined;
  }
  place.spent(result);
  return keepAndOpen(place, result);
}

/** Keeps a result (or, when global storage refuses it, holds it for this session) and opens its tab. */
export async function keepAndOpen(place: Pick<ExtractPlace, 'results' | 'documents' | 'log'>, result: StructuredResult): Promise<Extracted> {
  try {
    await place.results.save(result);
  } catch (error) {
    place.documents.keepUnsaved(result);
    place.log.warn(`A result could not be kept in global storage: ${String(error)}`);
    void vscode.window.showWarningMessage(words.notKept(writeFailureWords(writeFailureOf(error))));
  }
  const check = await place.documents.open(result);
  const cost = typeof result.creditsUsed === 'number' ? words.creditsUsed(result.creditsUsed) : words.costUnknown();
  if (result.data === null) void vscode.window.showWarningMessage(words.noJson());
  else if (check?.kind === 'mismatches') void vscode.window.showWarningMessage(`${words.extracted(cost)} ${words.mismatched(check.mismatches.length)}`);
  else if (result.kind === 'extract') void vscode.window.setStatusBarMessage(words.extracted(cost), 5000);
  return { result, check, uri: place.documents.address(result, 'json') };
}
