// Web Data: Check Connection (issue 21): runs the doctor's hops (src/core/doctor) with the
// settings the client uses, shows the report as a read-only markdown document and the verdict as a
// notification, and copies the report for a bug report. The key, the webhook secret and proxy
// passwords never reach the report: the core's facts hold none, and the text is redacted of the
// stored secrets once more before it is shown or copied.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import * as vscode from 'vscode';
import type { DoctorReport } from '../../core/doctor/types';
import type { WebhookCheck } from '../../core/doctor/run';
import { decodeCheckConnection } from '../../core/commands/connect';
import { Command } from '../../core/ids';
import { redact } from '../../core/redact';
import { copyText } from '../../platform/clipboard';
import { noArgument, registerCommand } from '../../platform/commands';
import { loadCore } from '../../platform/core';
import { Disposable } from '../../platform/disposable';
import { networkSettings } from '../../platform/network-settings';
import type { Services } from '../../platform/services';
import { baseUrlSetting } from '../../platform/settings';
import { ConnectionReportDocument } from './report-document';
import { reportMarkdown, verdict } from './words';

export interface DoctorLinks {
  /** The webhook feature's running receiver, when it runs. */
  webhooks: { readonly receiver: { localUrl: string; externalUrl: string } | undefined };
}

/** What the command returns (host tests read it): the structure and the text shown. */
export interface CheckConnectionResult {
  report: DoctorReport;
  markdown: string;
}

class DoctorFeature extends Disposable {
  private markdown = '';
  private readonly report = this._register(new ConnectionReportDocument());

  constructor(private readonly services: Services, private readonly links: DoctorLinks) {
    super();
    this._register(registerCommand(Command.checkConnection, decodeCheckConnection, (options) => this.check(options)));
    this._register(registerCommand(Command.copyConnectionReport, noArgument, () => this.copy()));
  }

  /** `{ quiet: true }` (tests): no notification is awaited. */
  async check({ quiet }: { quiet: boolean }): Promise<CheckConnectionResult> {
    const report = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking the connection to the service…') },
      () => this.run(),
    );
    const versions = `VS Code ${vscode.version}, Node.js ${process.versions.node}, ${process.platform}`;
    this.markdown = await this.scrub(reportMarkdown(report.hops, report.failed, report.at, versions));
    this.services.log.info(`Check Connection: ${report.hops.map((h) => `${h.id} ${h.status} ${h.ms} ms`).join(', ')}`);
    await this.report.open(this.markdown);
    const message = verdict(report.hops, report.failed);
    const copy = vscode.l10n.t('Copy Report');
    const shown = report.failed === undefined ? vscode.window.showInformationMessage(message, copy) : vscode.window.showErrorMessage(message, copy);
    const answer = shown.then(async (choice) => {
      if (choice === copy) await this.copy();
    });
    if (!quiet) await answer;
    return { report, markdown: this.markdown };
  }

  private async run(): Promise<DoctorReport> {
    const core = loadCore();
    const baseUrl = baseUrlSetting();
    const network = networkSettings();
    const apiKey = baseUrl ? await this.services.secrets.getApiKey(baseUrl) : undefined;
    return core.runDoctor({
      baseUrl,
      network,
      tokenUsage: baseUrl && apiKey ? () => core.askKey({ baseUrl, apiKey, network }) : undefined,
      webhook: await this.webhookCheck(),
    }, core.realProbes);
  }

  private async webhookCheck(): Promise<WebhookCheck | undefined> {
    const running = this.links.webhooks.receiver;
    if (!running) return undefined;
    const secret = await this.services.secrets.getWebhookSecret();
    const { signBody, SIGNATURE_HEADER } = loadCore();
    return {
      address: running.localUrl,
      forwarded: running.externalUrl,
      secretSet: secret !== undefined && secret !== '',
      deliver: async () => {
        // A type of its own, so the Webhook Events view lists it for what it is and nothing acts on it.
        const body = JSON.stringify({ success: true, type: 'connection.check', id: 'web-data-check-connection', webhookId: randomUUID(), data: [], metadata: { from: 'Web Data: Check Connection' } });
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (secret) headers[SIGNATURE_HEADER] = signBody(body, secret);
        return post(running.externalUrl, body, headers);
      },
    };
  }

  /** The stored key and secret, should any have slipped in, never leave in the report. */
  private async scrub(text: string): Promise<string> {
    const baseUrl = baseUrlSetting();
    const secrets = [baseUrl ? await this.services.secrets.getApiKey(baseUrl) : undefined, await this.services.secrets.getWebhookSecret()];
    return redact(text, secrets.filter((s): s is string => typeof s === 'string' && s !== ''));
  }

  private async copy(): Promise<void> {
    if (this.markdown === '') {
      await vscode.window.showInformationMessage(vscode.l10n.t('Run Web Data: Check Connection first; then its report can be copied.'));
      return;
    }
    await copyText(this.markdown, vscode.l10n.t('the connection report'));
  }
}

/** A plain node:http(s) POST (not fetch, which VS Code may route through a proxy); its status. */
function post(url: string, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    const req = send(url, { method: 'POST', headers, timeout: 10_000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

export function registerDoctor(services: Services, links: DoctorLinks): void {
  services.context.subscriptions.push(new DoctorFeature(services, links));
}
