// @webData /research (issue 38): the question handed to the service's agent (POST /v2/agent)
// through the agent feature, as a chat agent's run: bound to webData.chat.maxResearchCredits, that
// bound said first, counted whole against the daily limit and, above
// webData.chat.confirmAboveCredits, started only after the person's yes. Its progress streams as
// it runs (its status, its last action, its credits so far); its end shows the data as a JSON
// block and the addresses in it as the answer's references and sources. Stopping the answer
// cancels the run at the service (DELETE). The run is kept and counted in today's spend by the
// agent feature, as webData_research's runs are.
import * as vscode from 'vscode';
import type { AgentRequest } from '../../core/api';
import { agentUrl } from '../../core/chat/agent-url';
import { Command } from '../../core/ids';
import { dataBlock, researchBound, sourcesOf } from '../../core/participant/research';
import { inertMarkdown } from '../../core/text/inert';
import { stopped } from './stopped';
import * as words from './words';

/** How often the run's progress is said while it goes. */
const PROGRESS_EVERY_MS = 1500;
/** How long the answer follows a run; after that the run goes on and its result is kept. */
const FOLLOW_MS = 15 * 60_000;

interface FollowedRun { id: string; status: string; creditsUsed: number; bound: number; lastAction?: string }
interface RunEnded { outcome: 'completed' | 'failed' | 'cancelled' | 'lost'; run: FollowedRun; result?: { data: unknown }; error?: string }

/** What /research needs of the agent feature (loaded on the first /research). */
export interface ResearchAgent {
  startForAgent(request: AgentRequest, signal?: AbortSignal): Promise<FollowedRun>;
  readonly runs: {
    get(id: string): FollowedRun | undefined;
    waitForEnd(id: string, ms: number, signal?: AbortSignal): Promise<RunEnded | undefined>;
    cancel(id: string): Promise<boolean>;
  };
}

export interface ResearchPlace {
  agent(): ResearchAgent;
  /** Chat's spend today, the daily limit and the confirmation threshold. */
  today(): { spent: number; limit: number; confirmAbove: number };
  /** webData.chat.maxResearchCredits. */
  most(): number;
  /** A yes for this bound, used up as it is taken; else asks with a button (said in the stream). */
  mayStart(most: number, stream: vscode.ChatResponseStream): boolean;
}

/** Hands the question to the agent and follows the run to its end. */
export async function research(question: string, place: ResearchPlace, stream: vscode.ChatResponseStream, token: vscode.CancellationToken): Promise<vscode.ChatResult> {
  const bound = researchBound(place.most(), place.today());
  stream.markdown(`${words.researchBoundWords(bound.most)}\n\n`);
  if (bound.cap.kind !== 'ok') {
    stream.markdown(words.capWords(bound.cap));
    return {};
  }
  if (bound.confirm && !place.mayStart(bound.most, stream)) return {};
  if (stopped(token)) {
    stream.markdown(words.cancelledWords());
    return {};
  }
  const agent = place.agent();
  const abort = new AbortController();
  const stopping = token.onCancellationRequested(() => abort.abort());
  try {
    stream.progress(words.researchStartingWords());
    let run: FollowedRun;
    try {
      run = await agent.startForAgent({ prompt: question, maxCredits: bound.most, model: 'spark-1-mini' }, abort.signal);
    } catch (error) {
      if (stopped(token)) {
        stream.markdown(words.cancelledWords());
        return {};
      }
      stream.markdown(words.researchStartFailedWords(error instanceof Error ? error.message : String(error)));
      return {};
    }
    const end = await follow(run.id, agent, stream, token, abort.signal);
    if (!end) {
      if (stopped(token)) {
        // The stop cancels the run at the service; what it spent until then counts when it ends.
        const cancelled = await agent.runs.cancel(run.id).catch(() => false);
        stream.markdown(`\n\n${cancelled ? words.researchCancelledWords() : words.cancelledWords()}`);
        return {};
      }
      stream.markdown(words.researchStillRunningWords(run.id));
      return {};
    }
    return answer(end, place, stream);
  } finally {
    stopping.dispose();
  }
}

/** Waits for the run's end, saying its progress as it changes; undefined when stopped or past FOLLOW_MS. */
async function follow(id: string, agent: ResearchAgent, stream: vscode.ChatResponseStream, token: vscode.CancellationToken, signal: AbortSignal): Promise<RunEnded | undefined> {
  const until = Date.now() + FOLLOW_MS;
  let said = '';
  while (!stopped(token) && Date.now() < until) {
    const end = await agent.runs.waitForEnd(id, PROGRESS_EVERY_MS, signal);
    if (end) return end;
    const run = agent.runs.get(id);
    if (!run) return agent.runs.waitForEnd(id, 0, signal);
    const progress = words.researchProgressWords(run.status, run.creditsUsed, run.bound, run.lastAction);
    if (progress !== said && !stopped(token)) {
      stream.progress(progress);
      said = progress;
    }
  }
  return undefined;
}

function answer(end: RunEnded, place: ResearchPlace, stream: vscode.ChatResponseStream): vscode.ChatResult {
  const spent = end.run.creditsUsed;
  if (end.outcome !== 'completed') {
    stream.markdown(end.outcome === 'cancelled' ? words.researchCancelledWords() : words.researchFailedWords(end.error ?? '', spent));
    return {};
  }
  const data = end.result?.data ?? null;
  const sources = sourcesOf(data).map((url) => agentUrl(url)).flatMap((checked) => (checked.ok ? [checked.url] : []));
  for (const url of sources) stream.reference(vscode.Uri.parse(url));
  stream.markdown(`${words.researchDoneWords(spent)}\n\n`);
  const block = dataBlock(data);
  stream.markdown(block.markdown);
  if (block.cut) stream.markdown(`\n${words.researchCutWords()}\n`);
  if (sources.length > 0) {
    stream.markdown(`\n**${words.sourcesHeading()}**\n\n`);
    sources.forEach((url, i) => { stream.markdown(`${i + 1}\\. ${inertMarkdown(url, 300)}\n\n`); });
  }
  stream.button({ command: Command.openStructuredResult, title: words.openResultButton(), arguments: [end.run.id] });
  const today = place.today();
  stream.markdown(`\n\n${words.researchSpentWords(spent, { spent: today.spent, limit: today.limit })}`);
  return {};
}
