// dist/extension.js, what VS Code loads first: it requires the features' bundle (dist/features.js,
// whose activate() in src/extension.ts is the table of contents) through V8's code cache in the
// extension's global storage (src/platform/bundles.ts), so a start after the first compiles next
// to nothing. It imports no `vscode` value and nothing else: it is the one file every start
// compiles in full. Under the Extension Development Host the bundles are required plainly, so a
// debugger sees them as it always does.
import { join } from 'node:path';
import type * as vscode from 'vscode';
import { requireBundle } from './platform/bundles';
import type * as Features from './extension';

// vscode.ExtensionMode.Development, typed so that the compiler checks the number: a value import of
// 'vscode' would put the API bindings into this file, which every start compiles in full.
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
const DEVELOPMENT: vscode.ExtensionMode.Development = 2;

export function activate(context: vscode.ExtensionContext): Features.WebDataApi {
  const cacheDir = context.extensionMode === DEVELOPMENT ? undefined : join(context.globalStorageUri.fsPath, 'code-cache');
  const features = requireBundle(join(__dirname, 'features.js'), cacheDir, require) as typeof Features;
  return features.activate(context, cacheDir);
}

export function deactivate(): void {
  // Everything is owned by context.subscriptions, which VS Code disposes.
}
