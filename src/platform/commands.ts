// The one way a command is registered: its id, the decoder of what it is given, and what it does
// with the decoded value. VS Code passes a command whatever the place it was called from holds (a
// row of a view, the focused row to a title button, a document's Uri, a keybinding's args, another
// extension's values): the decoder reads only what the command takes, by what the value is, and
// the body never sees `unknown`. Decoders live in src/core/commands where they need no VS Code.
// A command of a feature loaded on first use already has its stand-in (./stand-ins.ts), which
// takes the body from here.
import type * as vscode from 'vscode';
import type { CommandId } from '../core/ids';
import { registerHandler } from './stand-ins';

export { noArgument } from '../core/commands/decode';

export function registerCommand<A>(id: CommandId, decode: (...args: unknown[]) => A, run: (argument: A) => unknown): vscode.Disposable {
  return registerHandler(id, (...args: unknown[]) => run(decode(...args)));
}
