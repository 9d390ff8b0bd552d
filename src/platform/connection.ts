// Which service we talk to and with which key. Owns the one API client (and so the one keep-alive
// connection pool) and replaces it when the address or key changes, in this window or another.
import * as vscode from 'vscode';
import type { WebDataClient } from '../core/api';
import { ContextKey, Setting } from '../core/ids';
import { loadCore } from './core';
import { Disposable, toDisposable } from './disposable';
import { logRequest } from './log';
import type { Secrets } from './secrets';
import { NETWORK_SETTINGS, networkSettings } from './network-settings';
import { baseUrlSetting, onDidChangeSetting } from './settings';

export interface ConnectionState {
  baseUrl?: string;
  hasApiKey: boolean;
}

export class Connection extends Disposable {
  private cached?: { baseUrl: string; apiKey: string; network: string; client: WebDataClient };
  private readonly changeEmitter = this._register(new vscode.EventEmitter<ConnectionState>());
  /** Fires after the address or key changed (and once after activation), with the new state. */
  readonly onDidChange = this.changeEmitter.event;
  private current: ConnectionState = { hasApiKey: false };
  private updateSeq = 0;
  /** The address and key the last event was fired for; undefined until the first one. */
  private announced?: { baseUrl?: string; apiKey?: string };
  private latest: Promise<ConnectionState> = Promise.resolve(this.current);

  constructor(
    readonly secrets: Secrets,
    readonly log: vscode.LogOutputChannel,
    private readonly userAgent: string,
  ) {
    super();
    this._register(onDidChangeSetting(Setting.baseUrl, () => void this.update()));
    this._register(secrets.onDidChangeApiKey(() => void this.update()));
    // A changed proxy or certificate setting closes the old connections; the next request builds
    // a client with the new settings (getClient compares them too, so no event can be missed).
    this._register(vscode.workspace.onDidChangeConfiguration((e) => {
      if (NETWORK_SETTINGS.some((name) => e.affectsConfiguration(name))) this.dropClient();
    }));
    this._register(toDisposable(() => this.dropClient()));
    // Trust is granted within a window (taking it back reloads the window): the trusted key follows.
    this._register(vscode.workspace.onDidGrantWorkspaceTrust(() => void this.setContextKeys()));
    // Reads one secret, no network: cheap enough to start at activation, and never awaited there.
    void this.update();
  }

  get state(): ConnectionState {
    return this.current;
  }

  get isConnected(): boolean {
    return this.current.baseUrl !== undefined && this.current.hasApiKey;
  }

  /** The client for the configured address and key, or undefined when either is missing. */
  async getClient(): Promise<WebDataClient | undefined> {
    const baseUrl = baseUrlSetting();
    if (!baseUrl) return undefined;
    const apiKey = await this.secrets.getApiKey(baseUrl);
    if (!apiKey) return undefined;
    const settings = networkSettings();
    const network = JSON.stringify(settings);
    if (this.cached && this.cached.baseUrl === baseUrl && this.cached.apiKey === apiKey && this.cached.network === network) return this.cached.client;
    this.dropClient();
    const client = this.createClient(baseUrl, apiKey, settings);
    this.cached = { baseUrl, apiKey, network, client };
    return client;
  }

  /** A client that is not cached: for checking a key before it is saved. Close it after use. */
  createClient(baseUrl: string, apiKey: string, network = networkSettings()): WebDataClient {
    const { WebDataClient } = loadCore();
    const client = new WebDataClient({ baseUrl, apiKey, userAgent: this.userAgent, network, onRequest: (info) => logRequest(this.log, info) });
    if (network.strictSSL === false) this.log.warn('http.proxyStrictSSL is off: the certificates of the proxy and of the service are not checked, so anyone on the network path could read and change the requests, the API key included.');
    if (client.proxyHost !== undefined) this.log.info(`Requests to ${baseUrl} go through the proxy ${client.proxyHost}.`);
    return client;
  }

  private dropClient(): void {
    const old = this.cached;
    this.cached = undefined;
    void old?.client.close().catch(() => undefined);
  }

  /**
   * Re-reads the address and key now and resolves once the state (and the webData.connected
   * context key) is current. For callers that just stored a key and must not race the event.
   */
  refresh(): Promise<ConnectionState> {
    return this.update();
  }

  /**
   * webData.connected, and webData.connectedAndTrusted for the chat tools that read local files or
   * run code. One key rather than `webData.connected && isWorkspaceTrusted` in their `when`: VS Code
   * 1.100 sends each tool's parsed `when` to the extension hosts, and an && expression holds cyclic
   * references once parsed (each term caches its negation, which points back), so the tool list
   * fails to serialize and vscode.lm.tools breaks for every extension.
   */
  private async setContextKeys(): Promise<void> {
    await Promise.all([
      vscode.commands.executeCommand('setContext', ContextKey.connected, this.isConnected),
      vscode.commands.executeCommand('setContext', ContextKey.connectedAndTrusted, this.isConnected && vscode.workspace.isTrusted),
    ]);
  }

  private update(): Promise<ConnectionState> {
    this.latest = this.read(++this.updateSeq);
    return this.latest;
  }

  private async read(seq: number): Promise<ConnectionState> {
    // Updates can overlap (a setting and a secret change at once): only the latest one applies,
    // and an overtaken one resolves with the latest one's result.
    const baseUrl = baseUrlSetting();
    const apiKey = baseUrl ? await this.secrets.getApiKey(baseUrl).catch(() => undefined) : undefined;
    const hasApiKey = apiKey !== undefined;
    if (this.isDisposed) return this.current;
    if (seq !== this.updateSeq) return this.latest;
    this.current = { baseUrl, hasApiKey };
    // A removed key or a new address: close the old client's connections now, not at next use.
    if (this.cached && (!this.isConnected || this.cached.baseUrl !== baseUrl)) this.dropClient();
    await this.setContextKeys();
    // dispose() may have run during the await, which TS's narrowing cannot see.
    if (this.isDisposed as boolean) return this.current;
    if (seq !== this.updateSeq) return this.latest;
    // SecretStorage reports a change we made ourselves a moment after refresh() saw it: announce
    // only a real change of address or key, so views do not reload (and blank) for nothing.
    const same = this.announced !== undefined && this.announced.baseUrl === baseUrl && this.announced.apiKey === apiKey;
    this.announced = { baseUrl, apiKey };
    if (!same) this.changeEmitter.fire(this.current);
    return this.current;
  }
}
