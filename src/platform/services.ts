// What every feature receives: the shared, long-lived pieces, created once in activate().
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { SecretRedactor } from '../core/redact';
import { SharedFolder } from '../core/shared-folder';
import { SHARED_PREFIXES } from '../core/shared-keys';
import { SharedState } from '../core/shared-state';
import { Connection } from './connection';
import { createLog } from './log';
import { Secrets } from './secrets';

export interface Services {
  readonly context: vscode.ExtensionContext;
  /** The profile's global state, shared by every window: read and write it here, never through `context` (see SharedState). */
  readonly globalState: SharedState;
  /**
   * What every window adds to and reads merged, one key per window (today's spend, the webhook
   * tokens and costs of jobs started here): a file per key in global storage, where no window's
   * flush can drop another's write, as one can in global state (see SharedFolder).
   */
  readonly shared: SharedFolder;
  /**
   * This window's name in the files windows share, one per extension host. Not vscode.env.sessionId:
   * with telemetry off (and in builds and served instances without telemetry) it is the constant
   * "someValue.sessionId" in every window, so every window would write the same files.
   */
  readonly windowId: string;
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
  const globalState = new SharedState(context.globalState);
  const shared = new SharedFolder(join(context.globalStorageUri.fsPath, 'shared'));
  context.subscriptions.push(log, secrets, connection, shared);
  // What an earlier version kept in global state under these keys moves to the folder once.
  void shared.adopt(globalState, SHARED_PREFIXES).then(() => shared.refresh()).catch((err: unknown) => { log.warn(`Could not read what the windows share: ${String(err)}`); });
  const windowId = `${Date.now().toString(36)}-${randomUUID()}`;
  return { context, globalState, shared, windowId, log, secrets, connection };
}
