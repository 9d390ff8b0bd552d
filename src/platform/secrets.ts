// The API key and the webhook secret live in VS Code's SecretStorage and nowhere else. SecretStorage
// is shared by every window, and its onDidChange fires in all of them, so a key set in one window
// reaches the others. One key per service address: the name comes from the one ServiceAddress,
// so `HTTPS://Api.Example.com/V2/` and `https://api.example.com` share a key.
import * as vscode from 'vscode';
import { apiKeyName, isApiKeyName } from '../core/service-address';
import type { SecretRedactor } from '../core/redact';
import { ContextKey } from '../core/ids';
import { ContextFlag } from './context-flag';
import { Disposable } from './disposable';

const WEBHOOK_SECRET = 'webData.webhookSecret';

export class Secrets extends Disposable {
  private readonly apiKeyEmitter = this._register(new vscode.EventEmitter<void>());
  private readonly webhookSecretEmitter = this._register(new vscode.EventEmitter<void>());
  /** Fires when any stored API key changes, in this window or another. */
  readonly onDidChangeApiKey = this.apiKeyEmitter.event;
  readonly onDidChangeWebhookSecret = this.webhookSecretEmitter.event;
  private readonly hasWebhookSecret = new ContextFlag(ContextKey.hasWebhookSecret);

  constructor(
    private readonly storage: vscode.SecretStorage,
    /** Told every secret read or stored here, so the log can leave them out. */
    private readonly redactor?: SecretRedactor,
  ) {
    super();
    this._register(
      storage.onDidChange((e) => {
        if (isApiKeyName(e.key)) this.apiKeyEmitter.fire();
        else if (e.key === WEBHOOK_SECRET) this.webhookSecretEmitter.fire();
      }),
    );
    this._register(this.onDidChangeWebhookSecret(() => void this.flagWebhookSecret()));
    // One local read, not awaited, as the connection reads the key: no network.
    void this.flagWebhookSecret();
  }

  /** webData.hasWebhookSecret: Clear Webhook Secret shows in the palette only when there is one. */
  private async flagWebhookSecret(): Promise<void> {
    this.hasWebhookSecret.set((await this.getWebhookSecret().catch(() => undefined)) !== undefined);
  }

  async getApiKey(baseUrl: string): Promise<string | undefined> {
    return this.seen((await this.storage.get(apiKeyName(baseUrl))) || undefined);
  }

  private seen(secret: string | undefined): string | undefined {
    this.redactor?.add(secret);
    return secret;
  }

  async setApiKey(baseUrl: string, apiKey: string): Promise<void> {
    this.seen(apiKey);
    await this.storage.store(apiKeyName(baseUrl), apiKey);
  }

  async deleteApiKey(baseUrl: string): Promise<void> {
    await this.storage.delete(apiKeyName(baseUrl));
  }

  async getWebhookSecret(): Promise<string | undefined> {
    return this.seen((await this.storage.get(WEBHOOK_SECRET)) || undefined);
  }

  async setWebhookSecret(secret: string): Promise<void> {
    this.seen(secret);
    await this.storage.store(WEBHOOK_SECRET, secret);
  }

  async deleteWebhookSecret(): Promise<void> {
    await this.storage.delete(WEBHOOK_SECRET);
  }
}
