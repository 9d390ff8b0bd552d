// Typed access to the extension's settings (contributes.configuration in package.json).
import * as vscode from 'vscode';
import type { SourceType } from '../core/api/request-types';
import { fullSettingKey, keyToRead, RenamedSetting, Setting, SETTINGS_SECTION, type SettingKey } from '../core/ids';
import { parseServiceAddress } from '../core/service-address';

type ScrapeFormatsSetting = 'none' | 'markdown' | 'summary' | 'markdown+summary';

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

/** The extension's section of the settings; ./feature-settings.ts reads through it too. */
export function section(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(SETTINGS_SECTION);
}

/**
 * The service address in its saved form (no trailing slash or /v2), or undefined when unset. A
 * text that is not a usable address is returned trimmed, for the client to refuse in words.
 */
export function baseUrlSetting(): string | undefined {
  const value = section().get<string>(Setting.baseUrl, '').trim().replace(/\/+$/, '');
  if (value === '') return undefined;
  const check = parseServiceAddress(value);
  return check.ok ? check.address.baseUrl : value;
}

/**
 * The folder whose settings chose the service address in use (its name), or undefined when the
 * person's own settings did. In Restricted Mode VS Code ignores a folder's address (a restricted
 * setting), so only a trusted folder can have chosen it.
 */
export function folderThatChoseBaseUrl(): string | undefined {
  const inspected = section().inspect<string>(Setting.baseUrl);
  const fromFolder = [inspected?.workspaceFolderValue, inspected?.workspaceValue].some((value) => typeof value === 'string' && value.trim() !== '');
  if (!fromFolder || !vscode.workspace.isTrusted) return undefined;
  return vscode.workspace.name ?? vscode.workspace.workspaceFolders?.[0]?.name ?? '';
}

export function searchSettings(): SearchSettings {
  const s = section();
  return {
    limit: s.get<number>(Setting.searchLimit, 10),
    sources: s.get<SourceType[]>(Setting.searchSources, ['web']),
    scrapeFormats: s.get<ScrapeFormatsSetting>(Setting.searchScrapeFormats, 'none'),
    country: s.get<string>(Setting.searchCountry, 'US').trim(),
    location: s.get<string>(Setting.searchLocation, '').trim(),
    timeout: s.get<number>(Setting.searchTimeout, 60000),
    historySize: s.get<number>(Setting.searchHistorySize, 50),
  };
}

function isSet(inspected: { globalValue?: unknown; workspaceValue?: unknown; workspaceFolderValue?: unknown } | undefined): boolean {
  return inspected !== undefined && (inspected.globalValue !== undefined || inspected.workspaceValue !== undefined || inspected.workspaceFolderValue !== undefined);
}

/** A renamed setting's value: read from its old key while only that one is set (RenamedSetting). */
function getRenamed<T>(key: SettingKey, fallback: T): T {
  const s = section();
  return s.get<T>(keyToRead(key, (name) => isSet(s.inspect(name))), fallback);
}

export function lowCreditsThreshold(): number {
  return getRenamed(Setting.creditsLowThreshold, 100);
}

/** Warning colours on the credits item when the forecast ends before the billing period (issue 49). */
export function creditsForecastWarning(): boolean {
  return section().get<boolean>(Setting.creditsForecastWarning, true);
}

/** Seconds; 0 means no automatic refresh. */
export function creditsRefreshInterval(): number {
  return getRenamed(Setting.creditsRefreshInterval, 300);
}

/** Seconds; 0 means no automatic refresh. */
export function crawlsRefreshInterval(): number {
  return section().get<number>(Setting.activeCrawlsRefreshInterval, 30);
}

export function webhookSettings(): WebhookSettings {
  const s = section();
  return {
    port: s.get<number>(Setting.webhooksPort, 8787),
    path: s.get<string>(Setting.webhooksPath, '/webhooks/web-data'),
    bindAddress: s.get<string>(Setting.webhooksBindAddress, '127.0.0.1').trim(),
    requireSignature: s.get<boolean>(Setting.webhooksRequireSignature, false),
    autoStart: s.get<boolean>(Setting.webhooksAutoStart, false),
    notifications: s.get<Record<string, boolean>>(Setting.webhooksNotifications, {}),
    maxEvents: s.get<number>(Setting.webhooksMaxEvents, 200),
  };
}

/** Fires when any setting under `webData.<name>` changes, or under its old name (RenamedSetting). */
export function onDidChangeSetting(name: SettingKey, listener: () => void): vscode.Disposable {
  const old = RenamedSetting[name];
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration(fullSettingKey(name)) || (old !== undefined && e.affectsConfiguration(`${SETTINGS_SECTION}.${old}`))) listener();
  });
}

/** Whether image results' tooltips show the picture, which the hover fetches from the web. */
export function previewImagesSetting(): boolean {
  return getRenamed(Setting.searchPreviewImages, true);
}

/** Whether problems offer "Search the Web for This Problem" as a Code Action. */
export function problemActionsSetting(): boolean {
  return section().get<boolean>(Setting.searchProblemActions, true);
}

const SEVERITIES: Readonly<Record<string, vscode.DiagnosticSeverity>> = {
  error: vscode.DiagnosticSeverity.Error, warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information, hint: vscode.DiagnosticSeverity.Hint,
};

/**
 * The least severe problem that offers it: errors only by default, since a warning or a hint is
 * rarely worth a web search (issue 46).
 */
export function problemActionSeverity(): vscode.DiagnosticSeverity {
  return SEVERITIES[section().get<string>(Setting.searchProblemActionSeverity, 'error')] ?? vscode.DiagnosticSeverity.Error;
}

/** Minutes within which an agent's repeat of a search is answered from the history (0: never). */
export function chatReuseMinutes(): number {
  return Math.max(0, section().get<number>(Setting.chatReuseMinutes, 10));
}

/** Credits chat agents may spend per local day. */
export function chatDailyCreditLimit(): number {
  return Math.max(0, section().get<number>(Setting.chatDailyCreditLimit, 25));
}

/** The most pages a chat agent's crawl may ask for, and the most addresses in its batch scrape. */
export function chatMaxCrawlPages(): number {
  const value = section().get<number>(Setting.chatMaxCrawlPages, 10);
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(1000, Math.max(1, Math.floor(value))) : 10;
}

export interface ScrapeSettings {
  formats: string[];
  onlyMainContent: boolean;
  /** The oldest cached copy taken, in minutes; 0 scrapes fresh every time. */
  maxAgeMinutes: number;
}

/** How a page is scraped: the scrape settings. */
/** How many pages opened as markdown are kept (pinned ones always stay). */
export function scrapeHistorySize(): number {
  const size = section().get<number>(Setting.scrapeHistorySize, 50);
  return typeof size === 'number' && Number.isFinite(size) && size >= 1 ? Math.floor(size) : 50;
}

export function scrapeSettings(): ScrapeSettings {
  const config = section();
  const formats = config.get<string>(Setting.scrapeFormats, 'markdown');
  const age = config.get<number>(Setting.scrapeMaxAgeMinutes, 2880);
  return {
    formats: formats === 'markdown+links' ? ['markdown', 'links'] : formats === 'markdown+summary' ? ['markdown', 'summary'] : ['markdown'],
    onlyMainContent: config.get<boolean>(Setting.scrapeOnlyMainContent, true),
    maxAgeMinutes: typeof age === 'number' && Number.isFinite(age) && age >= 0 ? Math.floor(age) : 2880,
  };
}

export interface JobSettings {
  /** The page limit Start Crawl starts from. */
  defaultLimit: number;
  /** Over this many pages, a modal names the bound before the job starts. */
  confirmAbovePages: number;
  /** An https address forwarding to the receiver ('' for none). */
  publicUrl: string;
}

/**
 * Starting crawls and batch scrapes. Each of these is application-scoped in the manifest, so VS
 * Code reads it from user settings only: a folder cannot raise a limit or redirect the webhook.
 */
export function jobSettings(): JobSettings {
  const s = section();
  const limit = s.get<number>(Setting.crawlDefaultLimit, 10);
  const confirm = s.get<number>(Setting.crawlConfirmAbovePages, 100);
  return {
    defaultLimit: Number.isInteger(limit) && limit >= 1 ? limit : 10,
    confirmAbovePages: Number.isFinite(confirm) && confirm >= 0 ? confirm : 100,
    publicUrl: s.get<string>(Setting.webhooksPublicUrl, '').trim(),
  };
}
