// webData_startCrawl and webData_batchScrape: a job started for a chat agent (issue 28) through the
// jobs feature. prepareInvocation checks the input as an agent's (job-plan.ts: addresses checked
// and cleaned, the page limit at most webData.chat.maxCrawlPages) and asks the person to confirm
// with the address(es), the page limit and the bound (at most so many pages and, from this
// person's finished jobs, credits); the bound counts against the daily limit before the job
// starts, and a job that could pass it is refused, asking nothing. invoke starts it and names the
// job id and the webData_read call that reads it. Every failure is a text result.
import { Tool } from '../../core/ids';
import type * as vscode from 'vscode';
import { notConfirmedText } from '../../core/chat/failure-text';
import { agentBatch, agentCrawl, jobStartedText, type AgentJob, type AgentJobPlan } from '../../core/chat/job-plan';
import type { JobToStart } from '../../core/jobs/bound';
import { capRefusedText } from '../../core/chat/scrape-spend';
import type { ToolCall, ToolOutcome } from '../../core/chat/tool';
import type { JobBound } from '../../core/spend/job-bound';
import { loadCore } from '../../platform/core';
import type { Services } from '../../platform/services';
import { chatMaxCrawlPages } from '../../platform/settings';
import type { SpendApi } from '../spend';
import type { ChatToolDefinition } from './tool';
import { PaidTool } from './paid-tool';
import { today, type Today } from './web-spend';
import { jobCheckingWords, jobConfirmationTitle, jobConfirmationWords, jobInvocationWords } from './words';

export const START_CRAWL_TOOL = Tool.startCrawl;
export const BATCH_SCRAPE_TOOL = Tool.batchScrape;

/** A job as the service answered its start. */
interface StartedJob {
  id: string;
  /** The addresses a batch scrape's start left out. */
  invalidURLs?: readonly string[] | null;
}

/**
 * What the tools need of the jobs feature (registerJobs's API): the bound of a job before it
 * starts, from this person's finished jobs, and the start itself (the webhook wired where it can
 * be, the job shown and followed), which rejects with the client's errors as they are (402, 429,
 * an invalid request) and starts nothing twice.
 */
export interface JobStarter {
  bound(job: JobToStart): JobBound | Promise<JobBound>;
  start(job: JobToStart, options: { askedBy: 'agent'; signal?: AbortSignal }): Promise<StartedJob>;
}

interface Asked { input: unknown; plan: AgentJob }
interface Started { plan: AgentJob; started: StartedJob; bound: JobBound }

/** The bound against today's limit: the credits' most when known (refused when the job could pass it), else only a reached limit refuses. */
async function assess(jobs: JobStarter, spend: SpendApi, job: JobToStart): Promise<{ bound: JobBound; today: Today }> {
  const bound = await jobs.bound(job);
  return { bound, today: today(spend, bound.credits.kind === 'history' ? bound.credits.atMost : undefined) };
}

export class JobTool extends PaidTool implements ChatToolDefinition<Asked, Started> {
  readonly name: string;
  readonly what: string;

  constructor(private readonly kind: JobToStart['kind'], services: Services, private readonly jobs: JobStarter, spend: SpendApi) {
    super(services, spend);
    this.name = kind === 'crawl' ? START_CRAWL_TOOL : BATCH_SCRAPE_TOOL;
    this.what = kind === 'crawl' ? 'The crawl' : 'The batch scrape';
  }

  async prepare(input: unknown): Promise<vscode.PreparedToolInvocation> {
    const asked = this.decode(input);
    if (!asked.ok) return { invocationMessage: jobCheckingWords(this.kind) };
    const { plan } = asked.value;
    if (!this.services.connection.isConnected) {
      this.unconfirmed.mark(input, 'not-connected');
      return { invocationMessage: jobInvocationWords(plan) };
    }
    const { bound, today: spend } = await assess(this.jobs, this.spend, plan.job);
    if (spend.cap.kind !== 'ok') {
      this.unconfirmed.mark(input, 'nothing-to-send');
      return { invocationMessage: jobInvocationWords(plan, { refused: true }) };
    }
    this.unconfirmed.confirmed(input);
    return { invocationMessage: jobInvocationWords(plan), confirmationMessages: { title: jobConfirmationTitle(this.kind), message: jobConfirmationWords(plan, bound, spend) } };
  }

  decode(input: unknown): ToolOutcome<Asked> {
    const core = loadCore();
    let planned: AgentJobPlan;
    if (this.kind === 'crawl') {
      const read = core.readCrawlToolInput(input);
      if (!read.ok) return { ok: false, failure: { kind: 'invalid-request', problems: read.problems } };
      planned = agentCrawl(read.input, chatMaxCrawlPages());
    } else {
      const read = core.readBatchToolInput(input);
      if (!read.ok) return { ok: false, failure: { kind: 'invalid-request', problems: read.problems } };
      planned = agentBatch(read.input, chatMaxCrawlPages());
    }
    if (!planned.ok) return 'text' in planned ? planned : { ok: false, failure: { kind: 'invalid-request', problems: planned.problems } };
    return { ok: true, value: { input, plan: planned.plan } };
  }

  async run({ input, plan }: Asked, call: ToolCall<vscode.CancellationToken>): Promise<ToolOutcome<Started>> {
    const unconfirmed = this.unconfirmed.take(input);
    if (!this.services.connection.isConnected) return { ok: false, failure: { kind: 'not-connected' } };
    // The bound again: jobs may have finished, or other windows spent, since the confirmation.
    const { bound, today: spend } = await assess(this.jobs, this.spend, plan.job);
    if (spend.cap.kind !== 'ok') return { ok: false, text: capRefusedText(spend.cap, this.kind) };
    if (unconfirmed) return { ok: false, text: notConfirmedText(unconfirmed, this.what) };
    const started = await this.jobs.start(plan.job, { askedBy: 'agent', signal: call.signal });
    return { ok: true, value: { plan, started, bound } };
  }

  render({ plan, started, bound }: Started): string {
    return jobStartedText(plan, started, bound);
  }
}
