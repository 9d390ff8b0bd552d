// The stand-ins of every feature's entries (src/core/feature-table.ts), registered at activation so
// that each entry exists before its feature's code is read: a command, a view's data provider, a
// chat tool, a chat participant, a file system whose tabs a reload restores. The first use of one loads its feature,
// which registers its own handler, provider or tool through the seams below (`registerCommand` of
// ./commands.ts, `createTreeView`, `registerTool`, `answerParticipant`, `registerFileSystem`); from then on the stand-in
// passes everything straight through. VS Code takes one registration per command, view, tool and
// scheme, so the seams hand the feature's part to the stand-in instead of registering it again.
import * as vscode from 'vscode';
import { entryOwners, fileSystemOwners, VIEW_DRAWS, type LazyFeature } from '../core/feature-table';
import type { CommandId, ParticipantId, ToolName, ViewId } from '../core/ids';
import { readonlyNote } from './readonly-notes';

type Handler = (...args: unknown[]) => unknown;

/** The commands that have a stand-in, and the features' handlers of them, by id. */
const stoodIn = new Set<string>();
const handlers = new Map<string, Handler>();
const trees = new Map<string, StandInTree>();
const tools = new Map<string, StandInTool>();
const fileSystems = new Map<string, StandInFileSystem>();
/** What a participant's feature gives its stand-in: the handler, and the follow-ups of its answers. */
export interface ParticipantParts {
  readonly handler: vscode.ChatRequestHandler;
  readonly followups: NonNullable<vscode.ChatFollowupProvider['provideFollowups']>;
}

const participants = new Map<string, Target<ParticipantParts>>();

/**
 * Registers every stand-in; `load` makes a feature (src/platform/features.ts), `used` hears each
 * entry used (a command run, a view drawn, a tool called, a tab read).
 */
export function registerStandIns(load: (feature: LazyFeature) => unknown, used: () => void): vscode.Disposable {
  const owners = entryOwners();
  const loadAndUse = (feature: LazyFeature): void => {
    used();
    load(feature);
  };
  const registered: Array<{ dispose(): unknown }> = [];
  for (const [id, owner] of owners.commands) {
    stoodIn.add(id);
    registered.push(vscode.commands.registerCommand(id, (...args: unknown[]) => {
      used();
      return dispatch(id, owner, load, args);
    }));
  }
  for (const [id, owner] of owners.views) {
    // The features whose groups the view shows load with its first draw, whoever loaded its owner
    // first: a scraped page's tab restored after a reload loads the scrape feature before the view
    // is drawn, and the kept documents and results must still be listed (issue 47).
    const tree = new StandInTree(() => { loadAndUse(owner); }, () => { for (const other of VIEW_DRAWS[id] ?? []) load(other); });
    trees.set(id, tree);
    const view = vscode.window.createTreeView(id, { treeDataProvider: tree, showCollapseAll: true });
    tree.madeView(view);
    registered.push(tree, view);
  }
  // A VS Code without language model tools (none before 1.95) has no chat to offer them to.
  if (typeof vscode.lm.registerTool === 'function') {
    for (const [name, owner] of owners.tools) {
      const tool = new StandInTool(() => { loadAndUse(owner); });
      tools.set(name, tool);
      registered.push(vscode.lm.registerTool(name, tool));
    }
  }
  // VS Code routes `@name` only to a participant that exists when the request comes, so it is
  // made now, with a handler that loads its feature on the first question.
  if (typeof vscode.chat.createChatParticipant === 'function') {
    for (const [id, owner] of owners.participants) {
      const target = new Target<ParticipantParts>(() => { loadAndUse(owner); }, 'a chat participant');
      participants.set(id, target);
      const participant = vscode.chat.createChatParticipant(id, (request, context, stream, token) => target.get().handler(request, context, stream, token));
      participant.iconPath = new vscode.ThemeIcon('globe');
      // Asked only after an answer, when the feature is loaded.
      participant.followupProvider = { provideFollowups: (result, context, token) => target.get().followups(result, context, token) };
      registered.push(participant);
    }
  }
  for (const [scheme, owner] of fileSystemOwners()) {
    const fileSystem = new StandInFileSystem(() => { loadAndUse(owner); });
    fileSystems.set(scheme, fileSystem);
    registered.push(fileSystem, vscode.workspace.registerFileSystemProvider(scheme, fileSystem, { isReadonly: new vscode.MarkdownString(readonlyNote(scheme)), isCaseSensitive: true }));
  }
  return new vscode.Disposable(() => {
    for (const d of registered) d.dispose();
    stoodIn.clear();
    handlers.clear();
    trees.clear();
    tools.clear();
    fileSystems.clear();
    participants.clear();
  });
}

function dispatch(id: CommandId, owner: LazyFeature, load: (feature: LazyFeature) => unknown, args: unknown[]): unknown {
  let handler = handlers.get(id);
  if (!handler) {
    load(owner);
    handler = handlers.get(id);
  }
  if (!handler) throw new Error(`The ${owner} feature did not register ${id}`);
  return handler(...args);
}

/** ./commands.ts's registerCommand: the stand-in's handler when there is one, else VS Code's. */
export function registerHandler(id: string, handler: Handler): vscode.Disposable {
  if (!stoodIn.has(id)) return vscode.commands.registerCommand(id, handler);
  handlers.set(id, handler);
  return new vscode.Disposable(() => {
    if (handlers.get(id) === handler) handlers.delete(id);
  });
}

/** A feature's tree view: the stand-in's, now drawing through `treeDataProvider`, or a new one. */
export function createTreeView<T>(id: ViewId, options: vscode.TreeViewOptions<T>): vscode.TreeView<T> {
  const tree = trees.get(id);
  if (!tree) return vscode.window.createTreeView(id, options);
  return tree.drawWith(options.treeDataProvider);
}

/** A feature's chat tool, behind its stand-in when there is one. */
export function registerTool<T>(name: ToolName, tool: vscode.LanguageModelTool<T>): vscode.Disposable {
  const standIn = tools.get(name);
  if (!standIn) return vscode.lm.registerTool(name, tool);
  return standIn.answerWith(tool);
}

/** A feature's answer to its chat participant, behind the participant made at activation. */
export function answerParticipant(id: ParticipantId, parts: ParticipantParts): vscode.Disposable {
  const target = participants.get(id);
  if (!target) throw new Error(`No chat participant ${id} was made at activation`);
  return target.set(parts);
}

/** A feature's read-only file system, behind its stand-in when there is one. */
export function registerFileSystem(scheme: string, provider: vscode.FileSystemProvider, note: string): vscode.Disposable {
  const standIn = fileSystems.get(scheme);
  if (!standIn) return vscode.workspace.registerFileSystemProvider(scheme, provider, { isReadonly: new vscode.MarkdownString(note), isCaseSensitive: true });
  return standIn.serveWith(provider);
}

/** The part a feature hands a stand-in: used until the feature is disposed. */
class Target<T> {
  private current: T | undefined;
  constructor(private readonly load: () => void, private readonly what: string) {}

  set(target: T): vscode.Disposable {
    this.current = target;
    return new vscode.Disposable(() => {
      if (this.current === target) this.current = undefined;
    });
  }

  /** The feature's part, loading the feature first when it is not there yet. */
  get(): T {
    if (!this.current) this.load();
    if (!this.current) throw new Error(`Nothing serves ${this.what} after its feature loaded`);
    return this.current;
  }
}

class StandInTree implements vscode.TreeDataProvider<unknown>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<unknown>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly target: Target<vscode.TreeDataProvider<unknown>>;
  private view: vscode.TreeView<unknown> | undefined;
  private forwarding: vscode.Disposable | undefined;
  private drewOthers = false;

  /** `load`: the view's owner; `loadOthers`: the features that draw groups in it, loaded at its first draw. */
  constructor(load: () => void, private readonly loadOthers: () => void) {
    this.target = new Target(load, 'a view');
  }

  /** The view VS Code made for this stand-in, now drawn by `provider`. */
  drawWith<T>(provider: vscode.TreeDataProvider<T>): vscode.TreeView<T> {
    const view = this.view;
    if (!view) throw new Error('The view was asked for before it was made');
    this.forwarding?.dispose();
    this.forwarding = provider.onDidChangeTreeData?.((rows) => { this.changed.fire(rows); });
    this.target.set(provider);
    return view as vscode.TreeView<T>;
  }

  madeView(view: vscode.TreeView<unknown>): void {
    this.view = view;
  }

  getChildren(row?: unknown): vscode.ProviderResult<unknown[]> {
    const provider = this.target.get();
    if (!this.drewOthers) {
      this.drewOthers = true;
      this.loadOthers();
    }
    return provider.getChildren(row);
  }

  getTreeItem(row: unknown): vscode.TreeItem | Thenable<vscode.TreeItem> {
    return this.target.get().getTreeItem(row);
  }

  getParent(row: unknown): vscode.ProviderResult<unknown> {
    return this.target.get().getParent?.(row);
  }

  resolveTreeItem(item: vscode.TreeItem, row: unknown, token: vscode.CancellationToken): vscode.ProviderResult<vscode.TreeItem> {
    const provider = this.target.get();
    return provider.resolveTreeItem ? provider.resolveTreeItem(item, row, token) : item;
  }

  dispose(): void {
    this.forwarding?.dispose();
    this.changed.dispose();
  }
}

class StandInTool implements vscode.LanguageModelTool<unknown> {
  private readonly target: Target<vscode.LanguageModelTool<unknown>>;

  constructor(load: () => void) {
    this.target = new Target(load, 'a chat tool');
  }

  answerWith<T>(tool: vscode.LanguageModelTool<T>): vscode.Disposable {
    return this.target.set(tool);
  }

  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>, token: vscode.CancellationToken): vscode.ProviderResult<vscode.PreparedToolInvocation> {
    return this.target.get().prepareInvocation?.(options, token);
  }

  invoke(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken): vscode.ProviderResult<vscode.LanguageModelToolResult> {
    return this.target.get().invoke(options, token);
  }
}

class StandInFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  private readonly target: Target<vscode.FileSystemProvider>;
  private forwarding: vscode.Disposable | undefined;

  constructor(load: () => void) {
    this.target = new Target(load, 'a document');
  }

  serveWith(provider: vscode.FileSystemProvider): vscode.Disposable {
    this.forwarding?.dispose();
    this.forwarding = provider.onDidChangeFile((events) => { this.changed.fire(events); });
    return this.target.set(provider);
  }

  watch(uri: vscode.Uri, options: { readonly recursive: boolean; readonly excludes: readonly string[] }): vscode.Disposable {
    return this.target.get().watch(uri, options);
  }

  stat(uri: vscode.Uri): vscode.FileStat | Thenable<vscode.FileStat> {
    return this.target.get().stat(uri);
  }

  readDirectory(uri: vscode.Uri): Array<[string, vscode.FileType]> | Thenable<Array<[string, vscode.FileType]>> {
    return this.target.get().readDirectory(uri);
  }

  createDirectory(uri: vscode.Uri): void | Thenable<void> {
    return this.target.get().createDirectory(uri);
  }

  readFile(uri: vscode.Uri): Uint8Array | Thenable<Uint8Array> {
    return this.target.get().readFile(uri);
  }

  writeFile(uri: vscode.Uri, content: Uint8Array, options: { readonly create: boolean; readonly overwrite: boolean }): void | Thenable<void> {
    return this.target.get().writeFile(uri, content, options);
  }

  delete(uri: vscode.Uri, options: { readonly recursive: boolean }): void | Thenable<void> {
    return this.target.get().delete(uri, options);
  }

  rename(oldUri: vscode.Uri, newUri: vscode.Uri, options: { readonly overwrite: boolean }): void | Thenable<void> {
    return this.target.get().rename(oldUri, newUri, options);
  }

  dispose(): void {
    this.forwarding?.dispose();
    this.changed.dispose();
  }
}
