// What the rows' actions work on, read from a command's argument: a row of the view or a plain
// object, so keybindings and other extensions can use the commands too.
import * as vscode from 'vscode';
import { isSearchId } from '../../core/search/record';
import { inertNotification, inertStatusBar } from '../../core/text/inert';
import type { SearchTreeNode } from './tree';

/** The search a row action is about: a search row, any row below it, `{ searchId }` or the id. */
export function readSearchId(arg: unknown): string | undefined {
  if (isSearchId(arg)) return arg;
  if (typeof arg !== 'object' || arg === null) return undefined;
  const node = arg as Partial<SearchTreeNode> & { searchId?: unknown };
  if (node.type === 'search' && node.summary) return node.summary.id;
  return isSearchId(node.searchId) ? node.searchId : undefined;
}

/**
 * The web address in an argument: a result row, a Uri, a string, or any object with a `url`
 * (such as a row of another view; `crawl.url` is read too).
 */
function readUrl(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  if (arg instanceof vscode.Uri) return arg.toString(true);
  if (typeof arg !== 'object' || arg === null) return undefined;
  const value = arg as { url?: unknown; typed?: { result?: { url?: unknown } }; crawl?: { url?: unknown } };
  const url = value.typed?.result?.url ?? value.url ?? value.crawl?.url;
  return typeof url === 'string' ? url : undefined;
}

/**
 * Only web pages open in the browser: a result's URL is web content and could name anything
 * (command:, vscode:, file:, javascript:, data:), and openExternal would act on each.
 */
function webUri(url: string): vscode.Uri | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? vscode.Uri.parse(parsed.href, true) : undefined;
  } catch {
    return undefined;
  }
}

/** A result row (or a result-shaped argument) whose result came without a page address. */
function isResultWithoutUrl(arg: unknown): boolean {
  if (typeof arg !== 'object' || arg === null) return false;
  const typed = (arg as { typed?: { result?: { url?: unknown } | null } }).typed;
  return typeof typed?.result === 'object' && typed.result !== null && (typeof typed.result.url !== 'string' || typed.result.url.trim() === '');
}

const NO_ADDRESS = (): string => vscode.l10n.t('This result came without a page address, so there is nothing to open or copy.');

export async function openInBrowser(arg: unknown): Promise<boolean> {
  const url = readUrl(arg);
  const uri = url !== undefined ? webUri(url) : undefined;
  if (!uri) {
    void vscode.window.showErrorMessage(url === undefined
      ? (isResultWithoutUrl(arg) ? NO_ADDRESS() : vscode.l10n.t('Nothing to open: pick a result in the Search Results view.'))
      : vscode.l10n.t('Only http and https addresses open in the browser; this one is "{0}".', inertNotification(url, 100)));
    return false;
  }
  return vscode.env.openExternal(uri);
}

export async function copyUrl(arg: unknown, flash: (text: string) => void): Promise<boolean> {
  const url = readUrl(arg);
  if (url === undefined) {
    void vscode.window.showErrorMessage(isResultWithoutUrl(arg) ? NO_ADDRESS() : vscode.l10n.t('Nothing to copy: pick a result in the Search Results view.'));
    return false;
  }
  await vscode.env.clipboard.writeText(url);
  // The URL is copied as it is; the status bar line shows it inert (a URL can hold `$(icon)`).
  flash(`$(copy) ${vscode.l10n.t('Copied {0}', inertStatusBar(url, 80))}`);
  return true;
}
