// Open in Browser and Copy URL, shared by the rows of every view that have a web address. What
// they are given is decoded in src/core/commands/search.ts (decodeUrl).
import * as vscode from 'vscode';
import { decodeUrl, type UrlArgument } from '../../core/commands/search';
import { inertNotification, inertStatusBar } from '../../core/text/inert';

/** The address in an argument (src/core/commands/search.ts), or a Uri's (another extension may pass one). */
export function decodeUrlOrUri(argument: unknown): UrlArgument {
  return argument instanceof vscode.Uri ? { kind: 'url', url: argument.toString(true) } : decodeUrl(argument);
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

const NO_ADDRESS = (): string => vscode.l10n.t('This result came without a page address, so there is nothing to open or copy.');

export async function openInBrowser(argument: UrlArgument): Promise<boolean> {
  const url = argument.kind === 'url' ? argument.url : undefined;
  const uri = url !== undefined ? webUri(url) : undefined;
  if (!uri) {
    void vscode.window.showErrorMessage(url === undefined
      ? (argument.kind === 'no-address' ? NO_ADDRESS() : vscode.l10n.t('Nothing to open: pick a result in the Searches view.'))
      : vscode.l10n.t('Only http and https addresses open in the browser; this one is "{0}".', inertNotification(url, 100)));
    return false;
  }
  return vscode.env.openExternal(uri);
}

export async function copyUrl(argument: UrlArgument, flash: (text: string) => void): Promise<boolean> {
  if (argument.kind !== 'url') {
    void vscode.window.showErrorMessage(argument.kind === 'no-address' ? NO_ADDRESS() : vscode.l10n.t('Nothing to copy: pick a result in the Searches view.'));
    return false;
  }
  const url = argument.url;
  await vscode.env.clipboard.writeText(url);
  // The URL is copied as it is; the status bar line shows it inert (a URL can hold `$(icon)`).
  flash(`$(copy) ${vscode.l10n.t('Copied {0}', inertStatusBar(url, 80))}`);
  return true;
}
