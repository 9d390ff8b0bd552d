// Web Data: Show Credits Usage (issue 49): a webview panel with this machine's credits per day by
// kind (the usage ledger, src/core/usage-ledger), the team's billing periods and balance, the
// forecast and the biggest spenders, the same figures as a table, and Export CSV. Its own bundle,
// loaded on the command; the page's script (dist/webview/credits-usage.js, with Chart.js) is read
// by the webview only when the panel opens.
import * as vscode from 'vscode';
import { StructuredResults, type StructuredResult } from '../../core/agent/store';
import type { JobRef } from '../../core/crawls/job';
import { Command, focusViewCommand, View, WebviewPanel } from '../../core/ids';
import type { UsageState } from '../../core/usage/state';
import { buildPanelData, usageCsv, type PanelData, type PanelPeriod, type PanelWatch } from '../../core/usage-ledger/panel-data';
import { decodeShowCreditsUsage } from '../../core/commands/credits-usage';
import { decodeFromPage, type FromPage, type PanelWords, type ToPage } from '../../core/usage-ledger/panel-messages';
import type { UsageHistory } from '../../core/usage-ledger/ledger';
import { registerCommand } from '../../platform/commands';
import { loadCore } from '../../platform/core';
import { Disposable } from '../../platform/disposable';
import type { Services } from '../../platform/services';
import { newNonce, pageHtml } from './page';
import { kindNames, panelWords, spenderOpens } from './words';

export interface CreditsUsageLinks {
  /** The usage ledger (read when the panel first asks). */
  usage: { history(days: number): Promise<UsageHistory> };
  /** The credits item's state: the balance and the billing period. */
  credits: () => UsageState;
  revealJob: (ref: JobRef) => Promise<void>;
  /** Opens a kept research result's tabs (the agent feature's, loaded on the click). */
  openResult: (result: StructuredResult) => Promise<void>;
  /** Where a job started, when this window knows it (no feature is loaded to ask). */
  jobAddress: (id: string) => string | undefined;
}

/** What host tests read and do: the panel's last data and words sent, the HTML, a message as from the page. */
export interface CreditsUsageApi {
  show(range?: 30 | 90): Promise<void>;
  readonly panel: vscode.WebviewPanel | undefined;
  readonly lastSent: ToPage | undefined;
  readonly html: string | undefined;
  /** Handles a message as if the page sent it (decoded as the page's are); resolves once acted on. */
  receive(message: unknown): Promise<void>;
  /** Fires after each data message is posted. */
  readonly onDidSend: vscode.Event<ToPage>;
}

class CreditsUsagePanel extends Disposable implements CreditsUsageApi {
  panel: vscode.WebviewPanel | undefined;
  lastSent: ToPage | undefined;
  private asks = 0;
  html: string | undefined;
  private range: 30 | 90 = 30;
  private results: StructuredResults | undefined;
  private readonly sent = this._register(new vscode.EventEmitter<ToPage>());
  readonly onDidSend = this.sent.event;

  constructor(private readonly services: Services, private readonly links: CreditsUsageLinks) {
    super();
  }

  async show(range: 30 | 90 = 30): Promise<void> {
    this.range = range;
    if (this.panel) {
      this.panel.reveal();
      await this.send();
      return;
    }
    const root = this.services.context.extensionUri;
    const panel = vscode.window.createWebviewPanel(WebviewPanel.creditsUsage, vscode.l10n.t('Credits Usage'), vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(root, 'dist', 'webview'), vscode.Uri.joinPath(root, 'media')],
    });
    this.panel = panel;
    const listening = panel.webview.onDidReceiveMessage((message: unknown) => { void this.receive(message); });
    this._register(panel.onDidDispose(() => { this.panel = undefined; listening.dispose(); }));
    this._register(panel);
    this.html = pageHtml({
      cspSource: panel.webview.cspSource,
      scriptUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(root, 'dist', 'webview', 'credits-usage.js')).toString(),
      styleUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(root, 'media', 'credits-usage.css')).toString(),
    }, newNonce());
    panel.webview.html = this.html;
    // The page asks with 'ready' once its script runs; the data is built meanwhile.
    await this.send();
  }

  async receive(message: unknown): Promise<void> {
    const decoded = decodeFromPage(message);
    if (!decoded) {
      this.services.log.warn('Credits Usage: a message from the page that is not one of its own was left alone.');
      return;
    }
    await this.act(decoded);
  }

  private async act(message: FromPage): Promise<void> {
    switch (message.type) {
      case 'ready': await this.send(); return;
      case 'range': this.range = message.range; await this.send(); return;
      case 'export': await this.exportCsv(); return;
      case 'open': await this.open(message.index); return;
    }
  }

  private async send(): Promise<void> {
    // A build started before a newer ask (the page's 'ready' still reading when 90 days is picked) must not
    // land after it: only the latest ask is posted, so the page never falls back to an older range.
    const asked = ++this.asks;
    const data = await this.build();
    if (asked !== this.asks) return;
    const words: PanelWords = panelWords(data);
    const message: ToPage = { type: 'data', data, words };
    this.lastSent = message;
    await this.panel?.webview.postMessage(message);
    this.sent.fire(message);
  }

  /** The panel's figures now: the ledger's days, and what the service says (none when it cannot be asked). */
  private async build(): Promise<PanelData> {
    // Read over the range shown: the chart, the table and the spenders are of those days.
    const [history, team] = await Promise.all([this.links.usage.history(this.range), this.teamFigures()]);
    const state = this.links.credits();
    const usage = state.kind === 'ok' || state.kind === 'low' ? state : undefined;
    const data = buildPanelData({
      now: new Date(), range: this.range, history, periods: team.periods, watches: team.watches,
      remainingCredits: usage?.credits, periodStart: usage?.usage.billingPeriodStart ?? null, periodEnd: usage?.usage.billingPeriodEnd ?? null,
    });
    // A job is named by where it started when this window knows it, as its row in Jobs is; a research
    // run by its prompt, from its kept result (one small file each); never by an id alone.
    const spenders = await Promise.all(data.spenders.map(async (s) => {
      if (s.subject === undefined) return s;
      const name = s.kind === 'crawl' || s.kind === 'docs' ? this.links.jobAddress(s.subject)
        : s.kind === 'research' ? (await this.research(s.subject))?.prompt : undefined;
      return name ? { ...s, name } : s;
    }));
    return { ...data, spenders };
  }

  /** A research run's kept result (its id is the run's), when this machine keeps it. */
  private research(id: string): Promise<StructuredResult | undefined> {
    this.results ??= new StructuredResults(this.services.context.globalStorageUri.fsPath, this.services.log);
    return this.results.read(id);
  }

  private async teamFigures(): Promise<{ periods: PanelPeriod[]; watches: PanelWatch[] }> {
    const client = await this.services.connection.getClient().catch(() => undefined);
    if (!client) return { periods: [], watches: [] };
    const core = loadCore();
    const [periods, watches] = await Promise.all([
      core.teamUsageClient(client).creditHistory(true).then((list) => list.map((p) => ({ startDate: p.startDate, endDate: p.endDate, apiKey: p.apiKey ?? null, totalCredits: p.totalCredits })), (err: unknown) => {
        this.services.log.warn(`Credits Usage: the billing periods could not be read: ${String(err)}`);
        return [];
      }),
      core.monitorClient(client).listMonitors().then((list) => list.map((m) => ({ id: m.id, name: m.name, status: m.status, estimatedCreditsPerMonth: m.estimatedCreditsPerMonth })), (err: unknown) => {
        this.services.log.warn(`Credits Usage: the watches could not be read: ${String(err)}`);
        return [];
      }),
    ]);
    return { periods, watches };
  }

  private async exportCsv(): Promise<void> {
    const data = this.lastSent?.data ?? await this.build();
    const csv = usageCsv(data, kindNames(), vscode.l10n.t('Day'), vscode.l10n.t('Total'));
    const target = await vscode.window.showSaveDialog({ defaultUri: vscode.Uri.file(`credits-usage-${data.range}-days.csv`), filters: { CSV: ['csv'] } });
    if (!target) return;
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(csv));
  }

  private async open(index: number): Promise<void> {
    const spender = this.lastSent?.data.spenders[index];
    if (!spender?.subject || !spenderOpens(spender)) return;
    if (spender.kind === 'crawl' || spender.kind === 'docs') await this.links.revealJob({ kind: 'crawl', id: spender.subject });
    else if (spender.kind === 'research') {
      // Its JSON tab with its markdown beside, as at the run's end.
      const result = await this.research(spender.subject);
      if (result) await this.links.openResult(result);
    } else await vscode.commands.executeCommand(focusViewCommand(View.watches));
  }
}

export function registerCreditsUsage(services: Services, links: CreditsUsageLinks): CreditsUsageApi {
  const panel = new CreditsUsagePanel(services, links);
  services.context.subscriptions.push(panel, registerCommand(Command.showCreditsUsage, decodeShowCreditsUsage, ({ range }) => panel.show(range)));
  return panel;
}
