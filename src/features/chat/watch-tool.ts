// webData_watch: a watch on the service (a monitor) for a chat agent: addresses or a search query,
// how often, and an optional goal. prepareInvocation asks the person to confirm with what is watched,
// how often and the monthly bound (src/core/monitor/month.ts, the estimate Watch for Changes… shows:
// pages × checks a month × the dearest of their own scrapes, at least a credit a page); a bound that could pass
// webData.chat.maxWatchCreditsPerMonth (user settings only) is refused without asking or sending, and
// again at invoke. Should the service's own estimate pass it, the watch is deleted before its first
// check. Creating costs nothing; each check's credits count in today's spend when it runs.
import type * as vscode from 'vscode';
import { agentWatchOf, agentWatchRequest, watchCapRefusedText, watchCreatedText, watchWithinCap, type AgentWatch } from '../../core/monitor/agent-watch';
import { watchMonth, type WatchMonth } from '../../core/monitor/month';
import type { MonitorCreateRequest } from '../../core/monitor/request';
import type { Monitor } from '../../core/monitor/schemas';
import { Tool } from '../../core/ids';
import { notConfirmedText } from '../../core/chat/failure-text';
import type { ToolCall, ToolOutcome } from '../../core/chat/tool';
import { inertMarkdown } from '../../core/text/inert';
import { loadCore } from '../../platform/core';
import { chatMaxWatchCredits } from '../../platform/feature-settings';
import type { Services } from '../../platform/services';
import type { WatchAgentApi } from '../watch';
import type { ChatToolDefinition } from './tool';
import { Unconfirmed } from './unconfirmed';
import { watchCheckingWords, watchConfirmationTitle, watchConfirmationWords, watchInvocationWords } from './words';

export const WATCH_TOOL = Tool.watch;

interface Asked { input: unknown; watch: AgentWatch; body: MonitorCreateRequest; timezone: string }
interface Made { monitor: Monitor; bound: WatchMonth; watch: AgentWatch }

/** The person's time zone, as this runtime knows it: the watch's schedule is read in it. */
function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export class WatchTool implements ChatToolDefinition<Asked, Made> {
  readonly name = WATCH_TOOL;
  readonly what = 'The watch';
  readonly spends = true;
  private readonly unconfirmed = new Unconfirmed();

  constructor(private readonly services: Services, private readonly watches: () => WatchAgentApi) {}

  async prepare(input: unknown): Promise<vscode.PreparedToolInvocation> {
    const asked = this.decode(input);
    // invoke says what is wrong; nothing to confirm.
    if (!asked.ok) return { invocationMessage: watchCheckingWords() };
    if (!this.services.connection.isConnected) {
      this.unconfirmed.mark(input, 'not-connected');
      return { invocationMessage: watchInvocationWords() };
    }
    const bound = await this.bound(asked.value);
    const cap = chatMaxWatchCredits();
    if (!watchWithinCap(bound.credits, cap)) {
      this.unconfirmed.mark(input, 'nothing-to-send');
      return { invocationMessage: watchInvocationWords({ refused: true }) };
    }
    this.unconfirmed.confirmed(input);
    const { watch, timezone } = asked.value;
    const what = watch.what.kind === 'urls' ? watch.what.urls.map((u) => inertMarkdown(u, 200)) : [inertMarkdown(watch.what.queries.join(' '), 300)];
    return {
      invocationMessage: watchInvocationWords(),
      confirmationMessages: {
        title: watchConfirmationTitle(),
        message: watchConfirmationWords({ kind: watch.what.kind, what, schedule: inertMarkdown(watch.scheduleText, 200), timezone, ...(watch.goal !== undefined ? { goal: inertMarkdown(watch.goal, 500) } : {}) }, bound, cap),
      },
    };
  }

  decode(input: unknown): ToolOutcome<Asked> {
    const read = loadCore().readWatchToolInput(input);
    if (!read.ok) return { ok: false, failure: { kind: 'invalid-request', problems: read.problems } };
    const checked = agentWatchOf(read.input);
    if (!checked.ok) return checked;
    const timezone = localZone();
    const request = agentWatchRequest(checked.watch, timezone);
    if (!request.ok) return request;
    return { ok: true, value: { input, watch: checked.watch, body: request.body, timezone } };
  }

  async run(asked: Asked, call: ToolCall<vscode.CancellationToken>): Promise<ToolOutcome<Made>> {
    const unconfirmed = this.unconfirmed.take(asked.input);
    if (!this.services.connection.isConnected) return { ok: false, failure: { kind: 'not-connected' } };
    // Refused even when the person allowed the tool for the whole session.
    const bound = await this.bound(asked);
    const cap = chatMaxWatchCredits();
    if (!watchWithinCap(bound.credits, cap)) return { ok: false, text: watchCapRefusedText(bound, cap) };
    if (unconfirmed) return { ok: false, text: notConfirmedText(unconfirmed, this.what) };
    const watches = this.watches();
    const monitor = await watches.create(asked.body, call.signal);
    if (!monitor) return { ok: false, failure: { kind: 'not-connected' } };
    const estimated = monitor.estimatedCreditsPerMonth;
    if (typeof estimated === 'number' && !watchWithinCap(estimated, cap)) {
      await watches.remove(monitor.id, call.signal);
      return { ok: false, text: watchCapRefusedText(bound, cap, estimated) };
    }
    return { ok: true, value: { monitor, bound, watch: asked.watch } };
  }

  render({ monitor, bound, watch }: Made): string {
    return watchCreatedText(monitor, bound, watch.removed);
  }

  private async bound(asked: Pick<Asked, 'watch' | 'timezone'>): Promise<WatchMonth> {
    const kept = await this.watches().keptPages().catch(() => []);
    return watchMonth(asked.watch, asked.timezone, new Date(), kept);
  }
}
