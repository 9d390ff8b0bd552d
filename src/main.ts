// dist/extension.js, what VS Code loads first: it makes the loader of our other bundles
// (src/platform/bundles.ts: V8's code cache in the extension's global storage, so a start after the
// first compiles next to nothing) and requires the shell through it (dist/shell.js, whose activate()
// in src/extension.ts is the table of contents); every feature's bundle is read later, through the
// same loader, on its first use. It imports no `vscode` value: it is the one file every start
// compiles in full. Under the Extension Development Host the bundles are required plainly, so a
// debugger sees them as it always does.
import { join } from 'node:path';
import type * as vscode from 'vscode';
import { Bundles } from './platform/bundles';
import type * as Shell from './extension';

// vscode.ExtensionMode.Development, typed so that the compiler checks the number: a value import of
// 'vscode' would put the API bindings into this file, which every start compiles in full.
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
const DEVELOPMENT: vscode.ExtensionMode.Development = 2;

export function activate(context: vscode.ExtensionContext): Shell.WebDataApi {
  const cacheDir = context.extensionMode === DEVELOPMENT ? undefined : join(context.globalStorageUri.fsPath, 'code-cache');
  const bundles = new Bundles(__dirname, cacheDir, require);
  const shell = bundles.require('shell.js') as typeof Shell;
  return shell.activate(context, bundles);
}

export function deactivate(): void {
  // Everything is owned by context.subscriptions, which VS Code disposes.
}
