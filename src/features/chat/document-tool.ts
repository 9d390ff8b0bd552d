// webData_readDocument: a document of the workspace as markdown for chat agents (issue 35).
// prepareInvocation checks the path as an agent's (a file inside the open workspace folders, also
// once its links are followed, of a kind the service takes, not hidden by files.exclude, not named
// like a secret; each refusal says why), refuses in a workspace that is not trusted, and asks the
// person to confirm with the file, its size, that it leaves the machine for the service's host,
// the price from their own parses and today's agent spend; the same content read within
// webData.chat.reuseMinutes is answered from the kept document instead, and a call that could
// pass the daily limit is refused, both without asking or sending. invoke uploads and keeps the
// document through the parse feature (fetchDocument: no prompt, no tab; its credits land in today's
// spend) and gives the model the document fitted to the budget, with the webData_read call
// that reads on. Every failure is a text result.
import { promises as fs } from 'node:fs';
import * as vscode from 'vscode';
import type { WebDataClient } from '../../core/api';
import { documentModelText, pathRefusalText } from '../../core/chat/document-text';
import { mostOf } from '../../core/chat/scrape-spend';
import type { ToolCall, ToolOutcome } from '../../core/chat/tool';
import { Tool } from '../../core/ids';
import type { ParsedRecord } from '../../core/parse/document';
import { checkSize } from '../../core/parse/files';
import { contentHash } from '../../core/parse/local-file';
import { defaultParseChoices, parseOptionsFor, parseShape, type ParseChoices } from '../../core/parse/options';
import { checkDocumentPath } from '../../core/parse/paths';
import { reusable, type DocumentSummary } from '../../core/parse/store';
import { scrapePriceOf, type ScrapePrice } from '../../core/scrape/options';
import { minutesAgo } from '../../core/spend/price';
import { inertMarkdown } from '../../core/text/inert';
import { formatBytes, safeLocale } from '../../core/intl';
import { loadCore } from '../../platform/core';
import type { Services } from '../../platform/services';
import { chatReuseMinutes } from '../../platform/settings';
import { parseSettings } from '../../platform/feature-settings';
import type { SpendApi } from '../spend';
import type { ChatToolDefinition } from './tool';
import { PaidTool } from './paid-tool';
import { clientToSpend, today, type Today } from './web-spend';
import { documentCheckingWords, documentConfirmationTitle, documentConfirmationWords, documentInvocationWords } from './words';

export const READ_DOCUMENT_TOOL = Tool.readDocument;

/** The part of the parse feature the tool uses: a document parsed and kept with no UI, and the kept ones. */
export interface DocumentReader {
  fetchDocument(client: WebDataClient, file: { path: string; relativePath: string; bytes: number }, hash: string, choices: ParseChoices, asked: { askedBy: ParsedRecord['askedBy']; signal?: AbortSignal }): Promise<ParsedRecord>;
  readonly documents: {
    /** Newest first. */
    summaries(): Promise<DocumentSummary[] | undefined>;
    read(id: string): Promise<ParsedRecord | undefined>;
  };
  /** Whether the workspace is trusted (the feature's view of it: host tests stand in for it). */
  readonly workspaceTrusted: boolean;
}

interface Asked {
  input: unknown;
  path: string;
  fresh: boolean;
  pages?: number;
}

/** What a call will do once its file is checked: the file, its options, and what is kept or spent. */
interface Assessment extends Today {
  file: { path: string; relativePath: string; bytes: number };
  hash: string;
  choices: ParseChoices;
  reuse?: { record: ParsedRecord; minutesAgo: number };
  price: ScrapePrice;
}

interface Found { record: ParsedRecord; reusedMinutesAgo?: number }

export class DocumentTool extends PaidTool implements ChatToolDefinition<Asked, Found> {
  readonly name = READ_DOCUMENT_TOOL;
  readonly what = 'The document\'s upload';

  constructor(services: Services, private readonly reader: DocumentReader, spend: SpendApi) {
    super(services, spend);
  }

  async prepare(input: unknown): Promise<vscode.PreparedToolInvocation> {
    const asked = this.decode(input);
    if (!asked.ok) return { invocationMessage: documentCheckingWords() };
    const shown = inertMarkdown(asked.value.path, 200);
    const assessed = await this.assess(asked.value);
    if (!assessed.ok || !this.services.connection.isConnected) {
      // invoke says what is wrong; nothing to confirm.
      this.unconfirmed.mark(input, assessed.ok ? 'not-connected' : 'nothing-to-send');
      return { invocationMessage: documentInvocationWords(shown, { refused: true }) };
    }
    const assessment = assessed.value;
    const client = assessment.reuse === undefined ? await this.services.connection.getClient() : undefined;
    const host = client ? new URL(client.origin).host : '';
    return this.prepared(input, assessment, (state) => documentInvocationWords(shown, state), () => ({
      title: documentConfirmationTitle(),
      message: documentConfirmationWords({
        path: inertMarkdown(assessment.file.relativePath, 300), size: formatBytes(assessment.file.bytes, safeLocale(vscode.env.language)),
        host: inertMarkdown(host, 200), fresh: asked.value.fresh,
      }, assessment.price, assessment),
    }));
  }

  decode(input: unknown): ToolOutcome<Asked> {
    const read = loadCore().readDocumentToolInput(input);
    if (!read.ok) return { ok: false, failure: { kind: 'invalid-request', problems: read.problems } };
    const { path, fresh, pages } = read.input;
    return { ok: true, value: { input, path, fresh: fresh === true, ...(pages !== undefined ? { pages } : {}) } };
  }

  async run(asked: Asked, call: ToolCall<vscode.CancellationToken>): Promise<ToolOutcome<Found>> {
    const unconfirmed = this.unconfirmed.take(asked.input);
    const assessed = await this.assess(asked);
    if (!assessed.ok) return { ok: false, text: assessed.text };
    const assessment = assessed.value;
    // The same content within minutes: the kept document, and nothing sent.
    if (assessment.reuse) return { ok: true, value: { record: assessment.reuse.record, reusedMinutesAgo: assessment.reuse.minutesAgo } };
    if (!this.services.connection.isConnected) return { ok: false, failure: { kind: 'not-connected' } };
    const client = await clientToSpend(this.services.connection, { cap: assessment.cap, call: 'parse', unconfirmed, what: this.what });
    if (!client.ok) return client;
    const record = await this.reader.fetchDocument(client.value, assessment.file, assessment.hash, assessment.choices, { askedBy: 'agent', signal: call.signal });
    return { ok: true, value: { record } };
  }

  render({ record, reusedMinutesAgo }: Found, call: ToolCall<vscode.CancellationToken>): Promise<string> {
    return documentModelText(record, call.budget, reusedMinutesAgo);
  }

  /** The checks before anything leaves: trust, the path rules, the size; then the hash, what is kept and the price. */
  private async assess(asked: Asked): Promise<{ ok: true; value: Assessment } | { ok: false; text: string }> {
    if (!this.reader.workspaceTrusted) return { ok: false, text: 'This workspace is not trusted, so no file of it is uploaded. The person can trust the workspace (Manage Workspace Trust). Nothing was uploaded or spent.' };
    const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
    const checked = await checkDocumentPath(asked.path, { folders: folders.map((f) => f.uri.fsPath), isExcluded: excludedBySettings }, fs);
    if (!checked.ok) return { ok: false, text: pathRefusalText(checked.refusal, asked.path) };
    const settings = parseSettings();
    const size = checkSize(checked.bytes, settings.maxFileSizeMB);
    if (!size.ok) {
      return { ok: false, text: size.kind === 'empty' ? 'The file is empty: there is nothing to convert. Nothing was uploaded.' : `The file is ${checked.bytes} bytes, over the person's limit of ${size.maxBytes} bytes (webData.parse.maxFileSizeMB). Nothing was uploaded or spent.` };
    }
    const base = defaultParseChoices(settings);
    const choices: ParseChoices = asked.pages !== undefined ? { ...base, maxPages: asked.pages } : base;
    const shape = parseShape(checked.path, parseOptionsFor(checked.path, choices));
    const hash = await contentHash(checked.path);
    const rows = (await this.reader.documents.summaries()) ?? [];
    const minutes = chatReuseMinutes();
    const now = new Date();
    const kept = asked.fresh || !(minutes > 0) ? undefined : reusable(rows, hash, shape, now.getTime() - minutes * 60_000);
    const record = kept ? await this.reader.documents.read(kept.id) : undefined;
    const price = scrapePriceOf(shape, rows);
    return {
      ok: true,
      value: {
        file: { path: checked.path, relativePath: checked.relativePath, bytes: checked.bytes }, hash, choices, price,
        ...(record ? { reuse: { record, minutesAgo: minutesAgo(record.parsedAt, now) } } : {}),
        ...today(this.spend, mostOf(price)),
      },
    };
  }
}

/** Whether the person's files.exclude hides a file: VS Code's own file search, with its default excludes, does not find it. */
async function excludedBySettings(path: string): Promise<boolean> {
  const uri = vscode.Uri.file(path);
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) return false;
  const relative = vscode.workspace.asRelativePath(uri, false).replace(/[[\]{}*?]/g, '?');
  const found = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, relative), undefined, 5);
  return !found.some((f) => f.fsPath === uri.fsPath);
}
