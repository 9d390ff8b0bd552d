// Research… (issue 36): the service's agent, bounded. Steps (research-steps.ts) or the argument,
// a review, a modal above `webData.agent.confirmAboveCredits`, then one start: `maxCredits` is
// always sent (the service's own, without one, is 2,500). A start that fails is said once and never
// sent again by a click (the service may have taken it). The run is then followed (runs.ts).
import * as vscode from 'vscode';
import type { AgentRequest, AgentWebhookEvent } from '../../core/api';
import { needsConfirmation, startingBound } from '../../core/agent/bound';
import type { ResearchArgument } from '../../core/commands/agent';
import { inertNotification } from '../../core/text/inert';
import { showError } from '../../platform/notify';
import { agentSettings } from '../../platform/feature-settings';
import type { StepFrame } from '../../platform/step-inputs';
import type { PreparedWebhook } from '../../platform/webhook-wiring';
import type { ExtractPlace } from './extract';
import { ResearchFlow, showResearchReview, showResearchStep, type ResearchChoices } from './research-steps';
import type { ResearchRun, ResearchRuns } from './runs';
import { words } from './words';

export interface ResearchPlace extends Pick<ExtractPlace, 'client' | 'own' | 'answerConfirmation' | 'log'> {
  runs: ResearchRuns;
  /** The run's webhook when the receiver is wired (its actions and end then come by it). */
  webhook(): Promise<PreparedWebhook<AgentWebhookEvent>>;
}

/** The choices a run starts from: the argument's, the setting's bound, Spark 1 Mini (the cheapest). */
function startingChoices(argument: ResearchArgument): ResearchChoices {
  return {
    prompt: argument.prompt ?? '',
    urls: argument.urls ?? [],
    schema: argument.schema ? { schema: argument.schema, from: vscode.l10n.t('the command\'s argument') } : {},
    model: argument.model ?? 'spark-1-mini',
    bound: startingBound(argument.maxCredits, agentSettings().maxCredits),
  };
}

async function ask(place: ResearchPlace, argument: ResearchArgument): Promise<ResearchChoices | undefined> {
  let choices = startingChoices(argument);
  const flow = new ResearchFlow(argument.prompt !== undefined && argument.prompt.trim() !== '');
  for (let turns = 0; turns < 200; turns++) {
    const step = flow.current;
    const frame: StepFrame = { title: words.researchTitle(), step: step === 'review' ? 6 : ['prompt', 'urls', 'schema', 'model', 'bound'].indexOf(step) + 1, totalSteps: 6, back: flow.canGoBack, own: (d) => place.own(d) };
    if (step === 'review') {
      const picked = await showResearchReview(choices, frame);
      if (picked.kind === 'dismissed') return undefined;
      if (picked.kind === 'back') flow.back();
      else if (picked.value === 'start') return choices;
      else flow.edit(picked.value);
      continue;
    }
    const outcome = await showResearchStep(step, choices, frame, agentSettings().maxCredits);
    if (outcome.kind === 'dismissed') return undefined;
    if (outcome.kind === 'back') flow.back();
    else {
      choices = outcome.value;
      flow.next();
    }
  }
  return undefined;
}

/** The whole command. Resolves with the run started, or undefined when none was. */
export async function research(place: ResearchPlace, argument: ResearchArgument): Promise<ResearchRun | undefined> {
  const choices = await ask(place, argument);
  if (!choices) return undefined;
  const { confirmAboveCredits } = agentSettings();
  if (needsConfirmation(choices.bound, confirmAboveCredits)) {
    const yes = words.start();
    const question = words.confirmBound(choices.bound);
    const detail = words.confirmBoundDetail(confirmAboveCredits);
    const answer = place.answerConfirmation();
    const choice = answer ? answer(`${question} ${detail}`, yes) : await vscode.window.showWarningMessage(question, { modal: true, detail }, yes);
    if (choice !== yes) return undefined;
  }
  const client = await place.client();
  if (!client) return undefined;
  const hook = await place.webhook();
  const request: AgentRequest = {
    prompt: choices.prompt, maxCredits: choices.bound, model: choices.model,
    ...(choices.urls.length > 0 ? { urls: choices.urls } : {}),
    ...(choices.schema.schema ? { schema: choices.schema.schema } : {}),
    ...(hook.webhook ? { webhook: hook.webhook } : {}),
  };
  let id: string;
  try {
    id = (await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: words.researchTitle() }, () => client.startAgent(request))).id.toLowerCase();
  } catch (error) {
    // No Retry: a start the service may have taken (a timeout) must not be sent twice by a click.
    void showError(place.log, words.startFailed(), error);
    return undefined;
  }
  await hook.keep(id);
  const run: ResearchRun = {
    id, prompt: choices.prompt, model: choices.model, bound: choices.bound, urls: choices.urls,
    ...(choices.schema.schema ? { schema: choices.schema.schema } : {}), startedAt: Date.now(), askedBy: 'person', status: 'processing', creditsUsed: 0,
    wired: hook.webhook !== undefined,
  };
  place.runs.follow(run);
  void vscode.window.setStatusBarMessage(words.started(inertNotification(choices.prompt, 60)), 5000);
  return run;
}
