// Web Data for VS Code. activate() is a table of contents: one line per feature, each of which
// registers its own commands, views and listeners on the extension's subscriptions. Nothing here
// touches the network or loads the API client; that happens on first use.
import type * as vscode from 'vscode';
import { registerChatTools } from './features/chat';
import { registerConnect } from './features/connect';
import { registerCrawls } from './features/crawls';
import { registerSearch } from './features/search';
import { registerUsage } from './features/usage';
import { registerWebhooks } from './features/webhooks';
import { createServices } from './platform/services';

/** What activate() returns: handles the host tests (and the webhook feature) use. */
export interface WebDataApi {
  usage: ReturnType<typeof registerUsage>;
  crawls: ReturnType<typeof registerCrawls>;
  search: ReturnType<typeof registerSearch>;
  webhooks: ReturnType<typeof registerWebhooks>;
  chat: ReturnType<typeof registerChatTools>;
  /** The extension's log folder; the "Web Data" channel's file is under its parent (host tests read it). */
  logUri: vscode.Uri;
  /** Where the extension keeps files and state (host tests search them for secrets). */
  storage: { global: vscode.Uri; workspace: vscode.Uri | undefined; globalState: vscode.Memento; workspaceState: vscode.Memento };
}

export function activate(context: vscode.ExtensionContext): WebDataApi {
  const services = createServices(context);
  registerConnect(services);
  const usage = registerUsage(services);
  const search = registerSearch(services);
  // Each search spends credits: the status bar follows the search feature's event.
  context.subscriptions.push(search.onDidSearch(() => void usage.refreshNow()));
  const crawls = registerCrawls(services);
  const webhooks = registerWebhooks(services, { crawls });
  const chat = registerChatTools(services, { searches: search });
  return { usage, crawls, search, webhooks, chat, logUri: context.logUri, storage: {
    global: context.globalStorageUri, workspace: context.storageUri, globalState: context.globalState, workspaceState: context.workspaceState,
  } };
}

export function deactivate(): void {
  // Everything is owned by context.subscriptions, which VS Code disposes.
}
