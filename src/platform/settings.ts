// Typed access to the extension's settings (contributes.configuration in package.json).
import * as vscode from 'vscode';
import type { SourceType } from '../core/api/request-types';
import { parseServiceAddress } from '../core/service-address';

export type ScrapeFormatsSetting = 'none' | 'markdown' | 'summary' | 'markdown+summary';

export interface SearchSettings {
  limit: number;
  sources: SourceType[];
  scrapeFormats: ScrapeFormatsSetting;
  country: string;
  location: string;
  timeout: number;
  historySize: number;
}

export interface WebhookSettings {
  port: number;
  path: string;
  bindAddress: string;
  requireSignature: boolean;
  autoStart: boolean;
  notifications: Record<string, boolean>;
  maxEvents: number;
}

function section(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('webData');
}

/**
 * The service address in its saved form (no trailing slash or /v2), or undefined when unset. A
 * text that is not a usable address is returned trimmed, for the client to refuse in words.
 */
export function baseUrlSetting(): string | undefined {
  const value = section().get<string>('baseUrl', '').trim().replace(/\/+$/, '');
  if (value === '') return undefined;
  const check = parseServiceAddress(value);
  return check.ok ? check.address.baseUrl : value;
}

export function searchSettings(): SearchSettings {
  const s = section();
  return {
    limit: s.get<number>('search.limit', 10),
    sources: s.get<SourceType[]>('search.sources', ['web']),
    scrapeFormats: s.get<ScrapeFormatsSetting>('search.scrapeFormats', 'none'),
    country: s.get<string>('search.country', 'US').trim(),
    location: s.get<string>('search.location', '').trim(),
    timeout: s.get<number>('search.timeout', 60000),
    historySize: s.get<number>('search.historySize', 50),
  };
}

export function lowCreditsThreshold(): number {
  return section().get<number>('lowCreditsThreshold', 100);
}

/** Seconds; 0 means no automatic refresh. */
export function usageRefreshInterval(): number {
  return section().get<number>('usage.refreshInterval', 300);
}

/** Seconds; 0 means no automatic refresh. */
export function crawlsRefreshInterval(): number {
  return section().get<number>('activeCrawls.refreshInterval', 30);
}

export function webhookSettings(): WebhookSettings {
  const s = section();
  return {
    port: s.get<number>('webhooks.port', 8787),
    path: s.get<string>('webhooks.path', '/webhooks/web-data'),
    bindAddress: s.get<string>('webhooks.bindAddress', '127.0.0.1').trim(),
    requireSignature: s.get<boolean>('webhooks.requireSignature', false),
    autoStart: s.get<boolean>('webhooks.autoStart', false),
    notifications: s.get<Record<string, boolean>>('webhooks.notifications', {}),
    maxEvents: s.get<number>('webhooks.maxEvents', 200),
  };
}

/** Fires when any setting under `webData.<name>` changes. */
export function onDidChangeSetting(name: string, listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration(`webData.${name}`)) listener();
  });
}

/** Whether image results' tooltips show the picture, which the hover fetches from the web. */
export function previewImagesSetting(): boolean {
  return section().get<boolean>('previewImages', true);
}
