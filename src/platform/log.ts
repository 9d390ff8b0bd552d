// The "Web Data" log: one line per request, never the key (the client never hands it to us), and
// the proxy it went through, by host and port only. A net under that rule: every line is cleaned
// of the secrets this window knows (the API keys and the webhook secret, in every form
// src/core/redact.ts knows) before it reaches the channel, whose file lives on disk.
import * as vscode from 'vscode';
import type { RequestInfo } from '../core/api';
import type { SecretRedactor } from '../core/redact';

const WRITERS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'append', 'appendLine', 'replace']);

export function createLog(redactor: SecretRedactor): vscode.LogOutputChannel {
  const channel = vscode.window.createOutputChannel('Web Data', { log: true });
  const clean = (value: unknown): unknown => {
    if (typeof value === 'string') return redactor.redact(value);
    // An Error would be logged with its stack and cause, which the redactor cannot reach: its first line only.
    if (value instanceof Error) return redactor.redact(`${value.name}: ${value.message}`);
    return value;
  };
  return new Proxy(channel, {
    get(target, property): unknown {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (typeof property === 'string' && WRITERS.has(property)) return (...args: unknown[]): unknown => value.apply(target, args.map(clean));
      return value.bind(target);
    },
  });
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
