// webData_map: a site's addresses for chat agents (POST /v2/map). It spends credits, so the person
// confirms it, with the site, the search and the limit, and the price said as it is: the
// service's map answer carries no credits figure. The daily limit applies (a reached limit
// refuses it, asking nothing). The answer is kept in this window for webData.chat.reuseMinutes,
// so the same map again is free and the addresses that did not fit the budget are read on with
// `from`, free; `fresh: true` maps again.
import { Tool } from '../../core/ids';
import type * as vscode from 'vscode';
import type { MapLink, MapRequest } from '../../core/api';
import { agentUrl, removedText, type RemovedPart } from '../../core/chat/agent-url';
import { mapText } from '../../core/chat/map-text';
import type { ToolCall, ToolOutcome } from '../../core/chat/tool';
import { canonicalJson, minutesAgo } from '../../core/spend/price';
import { inertMarkdown } from '../../core/text/inert';
import { loadCore } from '../../platform/core';
import { chatReuseMinutes } from '../../platform/settings';
import type { ChatToolDefinition } from './tool';
import { PaidTool, type InvocationWords } from './paid-tool';
import { clientToSpend, today } from './web-spend';
import { mapCheckingWords, mapConfirmationTitle, mapConfirmationWords, mapInvocationWords } from './words';

export const MAP_TOOL = Tool.map;

/** Maps kept in this window at most (each up to 5,000 addresses). */
const KEPT_MAPS = 8;

interface Asked {
  input: unknown;
  /** The request as sent: the address checked, credentials and secrets removed. */
  request: MapRequest;
  removed: RemovedPart[];
  from: number;
  fresh: boolean;
}

interface Found { request: MapRequest; links: readonly MapLink[]; reusedMinutesAgo?: number; removed: readonly RemovedPart[]; from: number }

interface Kept { links: readonly MapLink[]; at: Date }

export class MapTool extends PaidTool implements ChatToolDefinition<Asked, Found> {
  readonly name = MAP_TOOL;
  readonly what = 'The map';
  private readonly kept = new Map<string, Kept>();

  prepare(input: unknown): vscode.PreparedToolInvocation {
    const asked = this.decode(input);
    if (!asked.ok) return { invocationMessage: mapCheckingWords() };
    const { request, removed, fresh } = asked.value;
    const shown = inertMarkdown(request.url, 200);
    const invocation: InvocationWords = (state) => mapInvocationWords(shown, state);
    if (!this.services.connection.isConnected) return this.preparedNotConnected(input, invocation);
    const reuse = fresh ? undefined : this.reusable(request);
    const spend = today(this.spend, undefined);
    return this.prepared(input, { reuse, cap: spend.cap }, invocation, () => ({ title: mapConfirmationTitle(), message: mapConfirmationWords(request, removed, spend) }));
  }

  decode(input: unknown): ToolOutcome<Asked> {
    const read = loadCore().readMapToolInput(input);
    if (!read.ok) return { ok: false, failure: { kind: 'invalid-request', problems: read.problems } };
    const checked = agentUrl(read.input.url);
    if (!checked.ok) return checked;
    const { search, limit, from, fresh } = read.input;
    const words = search?.trim();
    const request: MapRequest = { url: checked.url, ...(words ? { search: words } : {}), ...(limit !== undefined ? { limit } : {}) };
    return { ok: true, value: { input, request, removed: checked.removed, from: from ?? 1, fresh: fresh === true } };
  }

  async run(asked: Asked, call: ToolCall<vscode.CancellationToken>): Promise<ToolOutcome<Found>> {
    const unconfirmed = this.unconfirmed.take(asked.input);
    if (!this.services.connection.isConnected) return { ok: false, failure: { kind: 'not-connected' } };
    const found = { request: asked.request, removed: asked.removed, from: asked.from };
    const reuse = asked.fresh ? undefined : this.reusable(asked.request);
    if (reuse) return { ok: true, value: { ...found, links: reuse.links, reusedMinutesAgo: reuse.minutesAgo } };
    // The map's price is unknown: only a reached limit refuses it, even when allowed for the session.
    const spend = today(this.spend, undefined);
    const client = await clientToSpend(this.services.connection, { cap: spend.cap, call: 'map', unconfirmed, what: this.what });
    if (!client.ok) return client;
    const links = await client.value.map(asked.request, { signal: call.signal });
    this.keep(asked.request, links);
    return { ok: true, value: { ...found, links } };
  }

  render({ request, links, reusedMinutesAgo, removed, from }: Found, call: ToolCall<vscode.CancellationToken>): Promise<string> {
    const said = removedText(removed);
    return mapText({
      url: request.url, links, keptForPaging: chatReuseMinutes() > 0,
      ...(request.search !== undefined ? { search: request.search } : {}),
      ...(request.limit !== undefined ? { limit: request.limit } : {}),
      ...(reusedMinutesAgo !== undefined ? { reusedMinutesAgo } : {}),
      ...(said ? { removed: said } : {}),
    }, from, call.budget);
  }

  private reusable(request: MapRequest): { links: readonly MapLink[]; minutesAgo: number } | undefined {
    const kept = this.kept.get(canonicalJson(request));
    const minutes = chatReuseMinutes();
    const now = new Date();
    if (!kept || !(minutes > 0) || now.getTime() - kept.at.getTime() > minutes * 60_000) return undefined;
    return { links: kept.links, minutesAgo: minutesAgo(kept.at.toISOString(), now) };
  }

  private keep(request: MapRequest, links: readonly MapLink[]): void {
    const key = canonicalJson(request);
    this.kept.delete(key);
    this.kept.set(key, { links, at: new Date() });
    for (const old of this.kept.keys()) if (this.kept.size > KEPT_MAPS) this.kept.delete(old);
  }
}
