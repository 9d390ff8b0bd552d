// Documents as markdown (issue 35): Open as Markdown on a supported file in the Explorer, Open a
// Document as Markdown… in the palette (a pick of the workspace's documents, or any file), and
// Parse with Options… with a review. Before a file leaves the machine: the workspace is trusted,
// the file is of a kind the service takes and within webData.parse.maxFileSizeMB, and the person
// agreed (./consent.ts). The upload streams the file with its percentage and can be cancelled. The
// markdown opens in a read-only tab named after the file and is kept like a scraped page (the
// Documents group of Search Results); the same content parsed the same way opens from what is
// kept, free, unless the person asks fresh.
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as vscode from 'vscode';
import type { WebDataClient } from '../../core/api';
import { decodeDocumentId, decodeDocumentPath } from '../../core/commands/parse';
import { writeFailureOf } from '../../core/fs-retry';
import { Command, Setting, fullSettingKey } from '../../core/ids';
import { abortOn } from '../../core/chat/tool';
import { parsedRecord, type ParsedRecord } from '../../core/parse/document';
import { baseName, checkSize, isParseable, PARSE_EXTENSIONS } from '../../core/parse/files';
import { contentHash, localFile } from '../../core/parse/local-file';
import { defaultParseChoices, parseOptionsFor, parseShape, type ParseChoices } from '../../core/parse/options';
import { ParsedDocuments, reusable } from '../../core/parse/store';
import { scrapePriceOf } from '../../core/scrape/options';
import { formatAgo, safeLocale } from '../../core/intl';
import { inertNotification, inertQuickPick } from '../../core/text/inert';
import { registerCommand } from '../../platform/commands';
import { isWebDataError } from '../../platform/core';
import { Disposable } from '../../platform/disposable';
import { offerConnect, showError, writeFailureWords } from '../../platform/notify';
import { showQuickInput } from '../../platform/quick-inputs';
import { keptRecordsAt } from '../../platform/kept-records';
import type { Services } from '../../platform/services';
import { parseSettings } from '../../platform/feature-settings';
import type { ViewGroup } from '../../platform/group-tree';
import { askBeforeSpending } from '../spend/confirm';
import { UploadConsent } from './consent';
import { ParsedDocumentTabs } from './documents';
import { DocumentsView } from './documents-view';
import { runParseWithOptions } from './options';
import { priceWords, sizeWords, words } from './words';

/** A file on this machine about to be parsed: where it is, what the workspace calls it, its size. */
export interface DocumentFile {
  path: string;
  relativePath: string;
  bytes: number;
}

export interface ParsePlace {
  /** The Pages, Documents and Data view, where the documents have their group after the pages. */
  kept: { addGroup(group: ViewGroup): vscode.Disposable };
}

export class ParseFeature extends Disposable {
  readonly documents: ParsedDocuments;
  readonly tabs: ParsedDocumentTabs;
  readonly consent: UploadConsent;
  readonly view: DocumentsView;
  private readonly parsed = this._register(new vscode.EventEmitter<ParsedRecord>());
  /** After each document parsed and kept (not one reopened from what is kept): the spend ledger follows it. */
  readonly onDidParse = this.parsed.event;
  /** The uploads under way, so a window closing (or a host test) can cancel them. */
  private readonly uploads = new Set<AbortController>();
  /**
   * Host tests stand in for the workspace's trust here (a test window's trust cannot be changed);
   * read only under ExtensionMode.Test, as the consent's answer is.
   */
  trustedForTests: boolean | undefined;

  constructor(private readonly services: Services) {
    super();
    this.documents = new ParsedDocuments(...keptRecordsAt(services));
    this.tabs = this._register(new ParsedDocumentTabs(this.documents));
    this.consent = new UploadConsent(services.context.workspaceState, services.context.extensionMode === vscode.ExtensionMode.Test);
    this.view = this._register(new DocumentsView(this.documents, this.tabs));
    this._register({ dispose: () => { this.cancelUploads(); } });
  }

  /** Cancels every upload under way: nothing more of their files is sent. */
  cancelUploads(): number {
    const count = this.uploads.size;
    for (const upload of this.uploads) upload.abort();
    this.uploads.clear();
    return count;
  }

  /** Whether files of this workspace may be uploaded: it is trusted (host tests stand in for that). */
  get workspaceTrusted(): boolean {
    const underTest = this.services.context.extensionMode === vscode.ExtensionMode.Test;
    return underTest && this.trustedForTests !== undefined ? this.trustedForTests : vscode.workspace.isTrusted;
  }

  /** Open as Markdown (the Explorer) and the palette's entry once a file is picked. */
  async openUri(uri: vscode.Uri | undefined, fresh = false, choices?: ParseChoices): Promise<ParsedRecord | undefined> {
    if (!uri) return this.pickAndOpen();
    if (uri.scheme !== 'file') {
      void vscode.window.showErrorMessage(words.notAFile());
      return undefined;
    }
    const name = inertNotification(baseName(uri.fsPath), 120);
    if (!this.workspaceTrusted) {
      const manage = words.manageTrust();
      void vscode.window.showErrorMessage(words.untrusted(), manage).then((c) => (c === manage ? vscode.commands.executeCommand('workbench.trust.manage') : undefined));
      return undefined;
    }
    if (!isParseable(uri.fsPath)) {
      void vscode.window.showErrorMessage(words.unsupported(name, PARSE_EXTENSIONS.map((e) => `.${e}`).join(' ')));
      return undefined;
    }
    let bytes: number;
    try {
      const stat = await fs.stat(uri.fsPath);
      if (!stat.isFile()) throw new Error('not a file');
      bytes = stat.size;
    } catch {
      void vscode.window.showErrorMessage(words.unreadable(name));
      return undefined;
    }
    const settings = parseSettings();
    const size = checkSize(bytes, settings.maxFileSizeMB);
    if (!size.ok) {
      if (size.kind === 'empty') void vscode.window.showErrorMessage(words.empty(name));
      else {
        const open = words.openSettings();
        void vscode.window.showErrorMessage(words.tooLarge(name, sizeWords(size.bytes), sizeWords(size.maxBytes)), open)
          .then((c) => (c === open ? vscode.commands.executeCommand('workbench.action.openSettings', fullSettingKey(Setting.parseMaxFileSizeMB)) : undefined));
      }
      return undefined;
    }
    const file: DocumentFile = { path: uri.fsPath, relativePath: vscode.workspace.asRelativePath(uri, false), bytes };
    return this.openFile(file, fresh, choices ?? defaultParseChoices(settings));
  }

  /** The person's path once the file is known good: reuse what is kept, else ask, upload, keep and open. */
  private async openFile(file: DocumentFile, fresh: boolean, choices: ParseChoices): Promise<ParsedRecord | undefined> {
    const name = inertNotification(baseName(file.path), 120);
    const options = parseOptionsFor(file.path, choices);
    const shape = parseShape(file.path, options);
    let hash: string;
    try {
      hash = await contentHash(file.path);
    } catch {
      void vscode.window.showErrorMessage(words.unreadable(name));
      return undefined;
    }
    const rows = (await this.documents.summaries()) ?? [];
    const kept = fresh ? undefined : reusable(rows, hash, shape);
    const keptRecord = kept ? await this.documents.read(kept.id) : undefined;
    if (keptRecord) {
      await this.tabs.open(keptRecord);
      const again = words.parseAgain();
      const when = formatAgo(new Date(keptRecord.parsedAt), new Date(), safeLocale(vscode.env.language));
      // Its Parse Again uploads and spends again: asked with the price first, as the row's is.
      void vscode.window.showInformationMessage(words.reused(name, when), again)
        .then(async (c) => (c === again && await this.askPrice(vscode.Uri.file(file.path), choices) ? this.openFile(file, true, choices) : undefined));
      return keptRecord;
    }
    const client = await this.client();
    if (!client) return undefined;
    const host = inertNotification(new URL(client.origin).host, 200);
    const agreed = await this.consent.ask(file.relativePath, {
      message: words.consentQuestion(name, sizeWords(file.bytes), host),
      detail: words.consentDetail(priceWords(scrapePriceOf(shape, rows))),
      upload: words.upload(),
      uploadAlways: words.uploadAlways(),
    });
    if (!agreed) return undefined;
    try {
      const record = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: words.uploading(name), cancellable: true }, async (progress, token) => {
        const abort = abortOn(token);
        const upload = new AbortController();
        this.uploads.add(upload);
        const signal = AbortSignal.any([abort.signal, upload.signal]);
        let shown = 0;
        try {
          return await this.fetchDocument(client, file, hash, choices, {
            askedBy: 'person', signal,
            onProgress: (sent, total) => {
              const percent = Math.floor((sent / total) * 100);
              if (percent <= shown) return;
              progress.report({ increment: percent - shown, message: percent >= 100 ? words.converting() : words.percent(percent) });
              shown = percent;
            },
          });
        } finally {
          this.uploads.delete(upload);
          abort.dispose();
        }
      });
      await this.tabs.open(record);
      // What the service could not read matters: said where it is seen, as data (never a link or a command).
      if (record.warning !== undefined) void vscode.window.showWarningMessage(inertNotification(words.convertedWithWarning(name, inertNotification(record.warning, 500))));
      return record;
    } catch (error) {
      // A cancelled upload is the person's own doing: nothing to say.
      if (isCancelled(error)) return undefined;
      void showError(this.services.log, words.parseFailed(name), error, { retry: () => this.openFile(file, fresh, choices) });
      return undefined;
    }
  }

  /**
   * A document uploaded, parsed and kept, with no prompt, progress or tab: the chat tool's way in,
   * and the person's once they agreed. Throws what the client throws (WebDataError, an abort).
   */
  async fetchDocument(client: WebDataClient, file: DocumentFile, hash: string, choices: ParseChoices, asked: { askedBy: ParsedRecord['askedBy']; signal?: AbortSignal; onProgress?: (sent: number, total: number) => void }): Promise<ParsedRecord> {
    const options = parseOptionsFor(file.path, choices);
    const document = await client.parse(localFile(file.path, file.bytes), options, { ...(asked.signal ? { signal: asked.signal } : {}), ...(asked.onProgress ? { onProgress: asked.onProgress } : {}) });
    const record = parsedRecord(randomUUID(), { fileName: baseName(file.path), relativePath: file.relativePath, contentHash: hash, fileBytes: file.bytes }, document,
      { options: { ...options }, shape: parseShape(file.path, options) }, new Date(), asked.askedBy);
    try {
      await this.documents.save(record);
    } catch (error) {
      this.services.log.warn(`The document could not be kept in global storage; its tab lasts this session: ${String(error)}`);
      if (asked.askedBy === 'person') void vscode.window.showWarningMessage(`${words.notKept(inertNotification(record.fileName, 120))} ${writeFailureWords(writeFailureOf(error))}`);
    }
    this.parsed.fire(record);
    void this.view.refresh();
    return record;
  }

  /**
   * Convert a Document to Markdown…: the workspace's documents in a pick, or Browse… for any file;
   * a document's Convert with Options… button goes on to its options instead.
   */
  private async pickAndOpen(choices?: ParseChoices): Promise<ParsedRecord | undefined> {
    const picked = await pickDocument();
    if (!picked) return undefined;
    return picked.withOptions ? this.parseWithOptions(picked.uri) : this.openUri(picked.uri, false, choices);
  }

  /** Convert with Options…: a file, then its options and a review; then as Convert to Markdown. */
  async parseWithOptions(uri: vscode.Uri | undefined): Promise<ParsedRecord | undefined> {
    const file = uri ?? (await pickDocument())?.uri;
    if (!file) return undefined;
    const choices = await runParseWithOptions({
      fileName: baseName(file.fsPath),
      defaults: defaultParseChoices(parseSettings()),
      price: async (shape) => priceWords(scrapePriceOf(shape, (await this.documents.summaries()) ?? [])),
      own: (d) => this._register(d),
    });
    return choices ? this.openUri(file, true, choices) : undefined;
  }

  /** Parse Again (Fresh) on a kept document's row: the file at its path, uploaded again. */
  async parseAgain(id: string | undefined): Promise<ParsedRecord | undefined> {
    const record = id === undefined ? undefined : await this.documents.read(id);
    if (!record) {
      void vscode.window.showErrorMessage(words.pickDocumentRow());
      return undefined;
    }
    // The path as the workspace names it: under one of the open folders (several in a multi-root
    // workspace), or the path itself for a file opened from outside them.
    const candidates = [
      ...(vscode.workspace.workspaceFolders ?? []).map((folder) => vscode.Uri.joinPath(folder.uri, record.relativePath)),
      ...(record.relativePath.startsWith('/') || /^[A-Za-z]:[\\/]/.test(record.relativePath) ? [vscode.Uri.file(record.relativePath)] : []),
    ];
    let uri: vscode.Uri | undefined;
    for (const candidate of candidates) {
      if (await fs.stat(candidate.fsPath).then((s) => s.isFile(), () => false)) { uri = candidate; break; }
    }
    if (!uri) {
      void vscode.window.showErrorMessage(words.fileGone(inertNotification(record.relativePath, 200)));
      return undefined;
    }
    // A file not agreed to yet is asked about by the upload's own modal, which says the price too.
    if (this.consent.given(vscode.workspace.asRelativePath(uri, false)) && !(await this.askPrice(uri))) return undefined;
    return this.openUri(uri, true);
  }

  /** Parse Again's question, with the price the consent and the review say: this person's parses of the same kind. */
  private async askPrice(uri: vscode.Uri, choices: ParseChoices = defaultParseChoices(parseSettings())): Promise<boolean> {
    const shape = parseShape(uri.fsPath, parseOptionsFor(uri.fsPath, choices));
    const price = priceWords(scrapePriceOf(shape, (await this.documents.summaries().catch(() => undefined)) ?? []));
    return askBeforeSpending('parseAgain', inertNotification(vscode.workspace.asRelativePath(uri, false), 200), price);
  }

  /** Pin Document / Unpin Document: true when done, false when the document is no longer kept. */
  async setPinned(id: string | undefined, pinned: boolean): Promise<boolean> {
    if (id === undefined) {
      void vscode.window.showErrorMessage(words.pickDocumentRow());
      return false;
    }
    const done = await this.documents.setPinned(id, pinned);
    await this.view.refresh();
    return done;
  }

  /** Remove Document: its markdown deleted from this machine; an open tab says it is no longer kept. */
  async remove(id: string | undefined): Promise<boolean> {
    if (id === undefined) {
      void vscode.window.showErrorMessage(words.pickDocumentRow());
      return false;
    }
    await this.documents.remove(id);
    await this.view.refresh();
    return true;
  }

  private async client(): Promise<WebDataClient | undefined> {
    const client = await this.services.connection.getClient();
    if (client) return client;
    offerConnect(words.notConnected(), words.connect());
    return undefined;
  }
}

function isCancelled(error: unknown): boolean {
  return isWebDataError(error) && error.kind === 'cancelled';
}

/**
 * The documents of the open folders (files.exclude and search.exclude applied), and Browse… for any
 * other file. Each document's button (Convert with Options…) picks it with `withOptions`.
 */
async function pickDocument(): Promise<{ uri: vscode.Uri; withOptions: boolean } | undefined> {
  const found = vscode.workspace.workspaceFolders ? await vscode.workspace.findFiles(`**/*.{${PARSE_EXTENSIONS.join(',')}}`, undefined, 2000) : [];
  const browse = { label: `$(folder-opened) ${words.pickLabel()}…`, uri: undefined };
  const withOptions: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('settings'), tooltip: words.withOptionsButton() };
  const items = [
    ...found.sort((a, b) => a.fsPath.localeCompare(b.fsPath)).map((uri) => ({ label: inertQuickPick(baseName(uri.fsPath)), description: inertQuickPick(vscode.workspace.asRelativePath(uri, false)), uri, buttons: [withOptions] })),
    browse,
  ];
  const picked = await new Promise<{ item: (typeof items)[number]; withOptions: boolean } | undefined>((resolve) => {
    const list = vscode.window.createQuickPick<(typeof items)[number]>();
    list.title = words.pickTitle();
    list.matchOnDescription = true;
    list.items = items;
    let accepted: { item: (typeof items)[number]; withOptions: boolean } | undefined;
    list.onDidAccept(() => {
      const item = list.activeItems[0];
      accepted = item ? { item, withOptions: false } : undefined;
      list.hide();
    });
    list.onDidTriggerItemButton(({ item }) => { accepted = { item, withOptions: true }; list.hide(); });
    list.onDidHide(() => { resolve(accepted); list.dispose(); });
    showQuickInput(list);
  });
  if (!picked) return undefined;
  if (picked.item.uri) return { uri: picked.item.uri, withOptions: picked.withOptions };
  const chosen = await vscode.window.showOpenDialog({
    canSelectMany: false, openLabel: words.pickLabel(), title: words.pickTitle(),
    ...(vscode.workspace.workspaceFolders?.[0] ? { defaultUri: vscode.workspace.workspaceFolders[0].uri } : {}),
    filters: { [words.documentsFilter()]: [...PARSE_EXTENSIONS] },
  });
  return chosen?.[0] ? { uri: chosen[0], withOptions: false } : undefined;
}

/** Open as Markdown's argument: the Explorer's Uri, or `{ path, fresh? }` as data. */
function decodeOpen(argument: unknown): { uri: vscode.Uri | undefined; fresh: boolean } {
  if (argument instanceof vscode.Uri) return { uri: argument, fresh: false };
  const data = decodeDocumentPath(argument);
  return data ? { uri: vscode.Uri.file(data.path), fresh: data.fresh } : { uri: undefined, fresh: false };
}

export function registerParse(services: Services, place: ParsePlace): ParseFeature {
  const feature = new ParseFeature(services);
  services.context.subscriptions.push(
    feature,
    place.kept.addGroup(feature.view),
    registerCommand(Command.openAsMarkdown, decodeOpen, ({ uri, fresh }) => feature.openUri(uri, fresh)),
    registerCommand(Command.openDocumentAsMarkdown, decodeOpen, ({ uri, fresh }) => feature.openUri(uri, fresh)),
    registerCommand(Command.parseWithOptions, decodeOpen, ({ uri }) => feature.parseWithOptions(uri)),
    registerCommand(Command.parseAgain, decodeDocumentId, (id) => feature.parseAgain(id)),
    registerCommand(Command.pinDocument, decodeDocumentId, (id) => feature.setPinned(id, true)),
    registerCommand(Command.unpinDocument, decodeDocumentId, (id) => feature.setPinned(id, false)),
    registerCommand(Command.removeDocument, decodeDocumentId, (id) => feature.remove(id)),
  );
  return feature;
}
