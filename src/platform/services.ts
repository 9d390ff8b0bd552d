// What every feature receives: the shared, long-lived pieces, created once in activate().
import * as vscode from 'vscode';
import { SecretRedactor } from '../core/redact';
import { SharedState } from '../core/shared-state';
import { Connection } from './connection';
import { createLog } from './log';
import { Secrets } from './secrets';

export interface Services {
  readonly context: vscode.ExtensionContext;
  /** The profile's global state, shared by every window: read and write it here, never through `context` (see SharedState). */
  readonly globalState: SharedState;
  readonly log: vscode.LogOutputChannel;
  readonly secrets: Secrets;
  readonly connection: Connection;
}

export function createServices(context: vscode.ExtensionContext): Services {
  // The secrets met by this window, so the log can clean every line of them.
  const redactor = new SecretRedactor();
  const log = createLog(redactor);
  const secrets = new Secrets(context.secrets, redactor);
  const declared = (context.extension.packageJSON as { version?: unknown }).version;
  const version = typeof declared === 'string' ? declared : '0';
  const connection = new Connection(secrets, log, `web-data-vscode/${version}`);
  // Disposed in reverse: the connection (and its client) before the secrets and the log.
  context.subscriptions.push(log, secrets, connection);
  return { context, globalState: new SharedState(context.globalState), log, secrets, connection };
}
