// The "Web Data" log: one line per request, never the key (the client never hands it to us), and
// the proxy it went through, by host and port only.
import * as vscode from 'vscode';
import type { RequestInfo } from '../core/api';

export function createLog(): vscode.LogOutputChannel {
  return vscode.window.createOutputChannel('Web Data', { log: true });
}

export function logRequest(log: vscode.LogOutputChannel, info: RequestInfo): void {
  const retries = info.retries > 0 ? ` (${info.retries} ${info.retries === 1 ? 'retry' : 'retries'})` : '';
  const outcome = info.status !== undefined ? String(info.status) : (info.error ?? 'no answer');
  const via = info.proxy !== undefined ? ` via proxy ${info.proxy}` : '';
  const line = `${info.method} ${info.path} ${outcome} ${Math.round(info.ms)} ms${retries}${via}`;
  if (info.error || (info.status !== undefined && info.status >= 400)) log.warn(line);
  else log.info(line);
  // A result list the service added after this version (the announced data.research): noted, not shown.
  if (info.unknownData && info.unknownData.length > 0) log.info(`${info.method} ${info.path}: left out result lists this version does not show: ${info.unknownData.join(', ')}`);
}
