// Structured data and research (issue 36): Extract Data from Page… (a page's data as JSON in the
// shape of a schema from the editor) and Research… (the service's agent, bounded). Results open
// in read-only JSON tabs checked against their schema, are kept in global storage with the schema
// they were asked with, and their cost counts in today's spend through `onDidSpend`.
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { pickOne } from '../../platform/quick-inputs';
import { checkAgainstSchema, type SchemaCheck } from '../../core/agent/validate';
import type { AgentRequest, WebDataClient } from '../../core/api';
import { StructuredResults, type StructuredResult } from '../../core/agent/store';
import { decodeExtractArgument, decodeResearchArgument, decodeResearchRunId, decodeResultId, type ExtractArgument, type ResearchArgument } from '../../core/commands/agent';
import { inertNotification, inertQuickPick } from '../../core/text/inert';
import { Command } from '../../core/ids';
import { Disposable } from '../../platform/disposable';
import { registerCommand } from '../../platform/commands';
import type { Services } from '../../platform/services';
import { offerConnect, showError } from '../../platform/notify';
import type { ViewGroup } from '../../platform/group-tree';
import { WebhookWirer, type ReceiverLink } from '../../platform/webhook-wiring';
import { RESEARCH_TOKENS_PREFIX } from '../../core/jobs/tokens';
import { AGENT_WEBHOOK_EVENTS } from '../../core/agent/fields';
import { StructuredDocuments } from './documents';
import { extractData, keepAndOpen, send, type Extracted, type ExtractPlace } from './extract';
import { research } from './research';
import { ResultsGroup } from './results-view';
import { ResearchRuns, type ResearchRun, type RunEnd } from './runs';
import { words } from './words';

export type { Extracted, ResearchRun, RunEnd };

/** Where the research runs' rows go (the Jobs view), and the kept results' (Pages, Documents and Data). */
export interface AgentLinks {
  showRuns(source: { runs(): readonly ResearchRun[]; onDidChange: vscode.Event<void> }): vscode.Disposable;
  kept: { addGroup(group: ViewGroup): vscode.Disposable };
  /** This window's webhook receiver: a run started while it is wired hears its actions and end by webhook. */
  webhooks: ReceiverLink;
}

export class AgentFeature extends Disposable {
  readonly results: StructuredResults;
  readonly documents: StructuredDocuments;
  /** The kept results' group in Pages, Documents and Data. */
  readonly group: ResultsGroup;
  private readonly spentEmitter = this._register(new vscode.EventEmitter<StructuredResult>());
  /** After each result with its cost: today's spend and the credits item follow it. */
  readonly onDidSpend = this.spentEmitter.event;
  /**
   * Answers the modal confirmations instead of a person, when set: only host tests do (a modal
   * dialog cannot be clicked there). Returns the button chosen.
   */
  answerConfirmation?: (message: string, yes: string) => string | undefined;

  readonly runs: ResearchRuns;
  private readonly wirer: WebhookWirer;

  constructor(private readonly services: Services, receiver: ReceiverLink) {
    super();
    this.wirer = new WebhookWirer(services, receiver, RESEARCH_TOKENS_PREFIX);
    this.results = new StructuredResults(services.context.globalStorageUri.fsPath, services.log);
    this.documents = this._register(new StructuredDocuments(this.results));
    this.group = this._register(new ResultsGroup(this.results, this.documents));
    this.runs = this._register(new ResearchRuns({ client: () => this.client(), log: services.log, ended: (end) => this.runEnded(end) }));
  }

  /** webData.research. Resolves with the run started, or undefined when none was. */
  research(argument: ResearchArgument = {}): Promise<ResearchRun | undefined> {
    return research({ ...this.place, runs: this.runs, webhook: () => this.wirer.prepare(AGENT_WEBHOOK_EVENTS) }, argument);
  }

  /**
   * A chat agent's run, confirmed already (webData_research): sent as asked, followed as a
   * person's is (its row, its end kept and opened, its cost in today's spend as the agent's).
   * Rejects with the client's errors as they are; a start is never sent twice.
   */
  async startForAgent(request: AgentRequest, signal?: AbortSignal): Promise<ResearchRun> {
    const client = await this.services.connection.getClient();
    if (!client) throw new Error('Not connected.');
    // A webhook the caller gave is its own; else the run's is wired as a person's is.
    const hook = request.webhook === undefined ? await this.wirer.prepare(AGENT_WEBHOOK_EVENTS) : undefined;
    const started = await client.startAgent(hook?.webhook ? { ...request, webhook: hook.webhook } : request, signal ? { signal } : {});
    const id = started.id.toLowerCase();
    await hook?.keep(id);
    const run: ResearchRun = {
      id, prompt: request.prompt, model: request.model ?? 'spark-1-pro', bound: request.maxCredits, urls: request.urls ?? [],
      ...(request.schema ? { schema: request.schema } : {}), startedAt: Date.now(), askedBy: 'agent', status: 'processing', creditsUsed: 0,
      wired: hook?.webhook !== undefined,
    };
    this.runs.follow(run);
    return run;
  }

  /**
   * A chat agent's extraction, confirmed already (webData_extract): the JSON scrape sent, the
   * result kept (no tab), checked against its schema, its cost the agents'. Rejects with the
   * client's errors as they are.
   */
  async extractForAgent(request: { url: string; schema?: Record<string, unknown>; prompt?: string }, signal?: AbortSignal): Promise<{ result: StructuredResult; check: SchemaCheck | undefined }> {
    const client = await this.services.connection.getClient();
    if (!client) throw new Error('Not connected.');
    const format = { type: 'json', ...(request.schema ? { schema: request.schema } : {}), ...(request.prompt ? { prompt: request.prompt } : {}) };
    const page = await client.scrape({ url: request.url, formats: [format], onlyMainContent: true }, signal ? { signal } : {});
    const credits = page.metadata?.creditsUsed;
    const result: StructuredResult = {
      id: randomUUID(), kind: 'extract', createdAt: new Date().toISOString(), askedBy: 'agent', url: request.url,
      ...(request.schema ? { schema: request.schema } : {}), ...(request.prompt ? { prompt: request.prompt } : {}),
      ...(typeof credits === 'number' ? { creditsUsed: credits } : {}), data: page.json ?? null,
    };
    this.spentEmitter.fire(result);
    await this.results.save(result).catch((error: unknown) => { this.documents.keepUnsaved(result); this.services.log.warn(`An extraction could not be kept: ${String(error)}`); });
    return { result, check: result.schema ? checkAgainstSchema(result.schema, result.data) : undefined };
  }

  /** The most the last extractions cost (the chat tool's price), or undefined before the first. */
  async extractPrice(): Promise<number | undefined> {
    const costs = (await this.results.list()).filter((r) => r.kind === 'extract' && typeof r.creditsUsed === 'number').slice(0, 5).map((r) => r.creditsUsed ?? 0);
    return costs.length === 0 ? undefined : Math.max(...costs);
  }

  /** webData.cancelResearch: a run's row, or one picked when several go. */
  async cancelResearch(given: string | undefined): Promise<boolean> {
    let id = given;
    if (id === undefined) {
      const runs = this.runs.list;
      if (runs.length === 0) {
        void vscode.window.showInformationMessage(words.noRuns());
        return false;
      }
      const picked = runs.length === 1 ? runs[0] : (await pickOne(runs.map((run) => ({ label: inertQuickPick(run.prompt, 120), description: words.runStatus(run.status, run.creditsUsed), run })), { title: words.researchTitle(), placeHolder: words.pickRun() }))?.run;
      id = picked?.id;
    }
    return id === undefined ? false : this.runs.cancel(id);
  }

  private async runEnded(end: RunEnd): Promise<void> {
    const { run } = end;
    const spent: StructuredResult = end.result ?? { id: run.id, kind: 'research', createdAt: new Date().toISOString(), askedBy: run.askedBy, prompt: run.prompt, creditsUsed: run.creditsUsed, data: null };
    this.spentEmitter.fire(spent);
    const cost = words.creditsUsed(run.creditsUsed);
    if (run.askedBy === 'agent') {
      // A chat agent's run: kept for webData_read and Open Result, no tab or notification of its own.
      if (end.result) await this.results.save(end.result).catch((error: unknown) => { this.documents.keepUnsaved(end.result ?? spent); this.services.log.warn(`A research result could not be kept: ${String(error)}`); });
      return;
    }
    switch (end.outcome) {
      case 'completed':
        if (end.result) await keepAndOpen(this.place, end.result);
        void vscode.window.showInformationMessage(words.runDone(cost));
        return;
      case 'cancelled':
        void vscode.window.showInformationMessage(`${words.runCancelled()} (${cost})`);
        return;
      case 'failed':
      case 'lost':
        void vscode.window.showErrorMessage(`${words.runFailed(inertNotification(end.error ?? '', 400))} (${cost})`);
        return;
    }
  }

  /** What the flows are given: the store, the tabs, the client, the test hook and the spend. */
  get place(): ExtractPlace {
    return {
      results: this.results, documents: this.documents, log: this.services.log,
      client: () => this.client(),
      own: (d) => this._register(d),
      answerConfirmation: () => (this.services.context.extensionMode === vscode.ExtensionMode.Test ? this.answerConfirmation : undefined),
      spent: (result) => { this.spentEmitter.fire(result); },
    };
  }

  /** webData.extractData. Resolves with the result, or undefined when nothing was sent or it failed. */
  extractData(argument: ExtractArgument = { kind: 'none' }): Promise<Extracted | undefined> {
    return extractData(this.place, argument);
  }

  /** webData.extractAgain: a kept extraction asked again, with the schema and prompt it was asked with. */
  async extractAgain(id: string | undefined): Promise<Extracted | undefined> {
    const result = id === undefined ? undefined : await this.results.read(id);
    if (result?.kind !== 'extract' || result.url === undefined) {
      void vscode.window.showErrorMessage(words.notAResult());
      return undefined;
    }
    return extractData(this.place, { kind: 'request', url: result.url, ...(result.schema ? { schema: result.schema } : {}), ...(result.prompt ? { prompt: result.prompt } : {}) });
  }

  /** webData.openStructuredResult: a kept result's tab(s) again. */
  async openResult(id: string | undefined): Promise<Extracted | undefined> {
    const result = id === undefined ? undefined : await this.results.read(id);
    if (!result) {
      void vscode.window.showErrorMessage(words.notAResult());
      return undefined;
    }
    const check = await this.documents.open(result);
    return { result, check, uri: this.documents.address(result, 'json') };
  }

  /** Remove Result: the kept result deleted from this machine; an open tab says it is no longer kept. */
  async removeResult(id: string | undefined): Promise<boolean> {
    if (id === undefined) {
      void vscode.window.showErrorMessage(words.pickResultRow());
      return false;
    }
    try {
      const removed = await this.results.remove(id);
      await this.group.refresh();
      if (removed) void vscode.window.setStatusBarMessage(words.removed(), 5000);
      return removed;
    } catch (error) {
      void showError(this.services.log, words.removeFailed(), error);
      return false;
    }
  }

  /** Copy Result: the kept result's JSON on the clipboard, as its tab shows it. */
  async copyResult(id: string | undefined): Promise<boolean> {
    const result = id === undefined ? undefined : await this.results.read(id);
    if (!result) {
      void vscode.window.showErrorMessage(words.notAResult());
      return false;
    }
    await vscode.env.clipboard.writeText(`${JSON.stringify(result.data, null, 2)}\n`);
    void vscode.window.setStatusBarMessage(words.copied(), 5000);
    return true;
  }

  /** A made result kept and opened (a research run's end). */
  keepAndOpen(result: StructuredResult): Promise<Extracted> {
    return keepAndOpen(this.place, result);
  }

  /** Sends a JSON scrape without steps or confirmation: the chat tool's way in (it confirmed already). */
  sendChecked(client: WebDataClient, url: string, schema: Record<string, unknown> | undefined, prompt: string): Promise<Extracted | undefined> {
    return send(this.place, client, url, schema ? { schema, from: words.chatRequest() } : {}, prompt);
  }

  async client(): Promise<WebDataClient | undefined> {
    const client = await this.services.connection.getClient();
    if (client) return client;
    offerConnect(words.notConnected(), words.connect());
    return undefined;
  }
}

export function registerAgent(services: Services, links: AgentLinks): AgentFeature {
  const feature = new AgentFeature(services, links.webhooks);
  services.context.subscriptions.push(
    feature,
    links.showRuns({ runs: () => feature.runs.list, onDidChange: feature.runs.onDidChange }),
    registerCommand(Command.research, decodeResearchArgument, (argument) => feature.research(argument)),
    registerCommand(Command.cancelResearch, decodeResearchRunId, (id) => feature.cancelResearch(id)),
    registerCommand(Command.extractData, decodeExtractArgument, (argument) => feature.extractData(argument)),
    registerCommand(Command.extractAgain, decodeResultId, (id) => feature.extractAgain(id)),
    registerCommand(Command.openStructuredResult, decodeResultId, (id) => feature.openResult(id)),
    registerCommand(Command.removeStructuredResult, decodeResultId, (id) => feature.removeResult(id)),
    registerCommand(Command.copyStructuredResult, decodeResultId, (id) => feature.copyResult(id)),
    links.kept.addGroup(feature.group),
  );
  return feature;
}
