// Research…'s steps (issue 36): the prompt, optional addresses, an optional schema from the editor,
// the model with its relative price, the bound; then a review where any field can be changed and
// the run starts. Back on every step after the first; the order is the core's StepFlow.
import { AGENT_MODELS, MAX_AGENT_PROMPT, type AgentModel } from '../../core/agent/fields';
import { readBound } from '../../core/agent/bound';
import { checkUrl } from '../../core/scrape/url-check';
import { StepFlow } from '../../core/step-flow';
import { inertQuickPick } from '../../core/text/inert';
import { inputError, onlyOutcome, showInput, showPick, type Outcome, type PickItem, type StepFrame } from '../../platform/step-inputs';
import { showSchemaStep, type ChosenSchema } from './schema-pick';
import { modelWords, words } from './words';

export type ResearchStep = 'prompt' | 'urls' | 'schema' | 'model' | 'bound';

export interface ResearchChoices {
  prompt: string;
  urls: string[];
  schema: ChosenSchema;
  model: AgentModel;
  bound: number;
}

const STEPS: readonly ResearchStep[] = ['prompt', 'urls', 'schema', 'model', 'bound'];

export class ResearchFlow extends StepFlow<ResearchStep> {
  /** `atReview`: the argument answered the steps; the flow opens on the review. */
  constructor(private readonly atReview: boolean) {
    super(STEPS);
  }

  protected opens(): boolean {
    return !this.atReview;
  }
}

function urlsOf(text: string): string[] {
  return text.split(/\s+/).map((u) => u.trim()).filter((u) => u !== '');
}

/** One asked step, answering the choices with it changed. */
export async function showResearchStep(step: ResearchStep, c: ResearchChoices, frame: StepFrame, settingBound: number): Promise<Outcome<ResearchChoices>> {
  const answer = <T>(outcome: Outcome<T>, apply: (value: T) => ResearchChoices): Outcome<ResearchChoices> => (outcome.kind === 'answer' ? { kind: 'answer', value: apply(outcome.value) } : outcome);
  switch (step) {
    case 'prompt':
      return answer(await showInput(frame, {
        value: c.prompt, prompt: words.researchPrompt(),
        check: (value, accepting) => {
          if (value.trim() === '') return { ok: false, message: accepting ? inputError(words.promptRequired()) : undefined };
          return value.length > MAX_AGENT_PROMPT ? { ok: false, message: inputError(words.promptTooLong(MAX_AGENT_PROMPT)) } : { ok: true };
        },
      }), (prompt) => ({ ...c, prompt: prompt.trim() }));
    case 'urls':
      return answer(await showInput(frame, {
        value: c.urls.join(' '), prompt: words.urlsPrompt(), placeholder: 'https://docs.example.com/limits',
        check: (value) => {
          const refused = urlsOf(value).find((url) => !checkUrl(url).ok);
          return refused === undefined ? { ok: true } : { ok: false, message: inputError(words.urlRefused(refused)) };
        },
      }), (value) => ({ ...c, urls: urlsOf(value).map((url) => { const check = checkUrl(url); return check.ok ? check.url : url; }) }));
    case 'schema':
      return answer(await showSchemaStep(frame, c.schema), (schema) => ({ ...c, schema }));
    case 'model': {
      const items: Array<PickItem<AgentModel>> = AGENT_MODELS.map((model) => ({ label: modelWords(model).label, description: model, detail: modelWords(model).detail, value: model }));
      return answer(onlyOutcome(await showPick(frame, { placeholder: words.modelPlaceholder(), items, active: c.model })), (model) => ({ ...c, model }));
    }
    case 'bound':
      return answer(await showInput(frame, {
        value: String(c.bound), prompt: words.boundPrompt(String(settingBound)),
        check: (value) => (readBound(value).ok ? { ok: true } : { ok: false, message: inputError(words.boundRefused()) }),
      }), (value) => {
        const read = readBound(value);
        return read.ok ? { ...c, bound: read.credits } : c;
      });
  }
}

/** The review: Start, then each field with its value; picking a field answers it to be changed. */
export async function showResearchReview(c: ResearchChoices, frame: StepFrame): Promise<Outcome<'start' | ResearchStep>> {
  const schema = c.schema.schema ? `${inertQuickPick(c.schema.from ?? '', 60)} · ${inertQuickPick(JSON.stringify(c.schema.schema), 120)}` : words.schemaNone();
  const items: Array<PickItem<'start' | ResearchStep>> = [
    { label: `$(play) ${words.startRow(c.bound)}`, detail: words.startDetail(), value: 'start' },
    { label: words.promptRow(), description: inertQuickPick(c.prompt, 200), value: 'prompt' },
    { label: words.urlsRow(), description: c.urls.length > 0 ? inertQuickPick(c.urls.join(' '), 200) : words.urlsNone(), value: 'urls' },
    { label: words.schemaRow(), description: schema, value: 'schema' },
    { label: words.modelRow(), description: `${modelWords(c.model).label} (${c.model})`, value: 'model' },
    { label: words.boundRow(), description: words.boundValue(c.bound), detail: words.boundDetail(), value: 'bound' },
  ];
  return onlyOutcome(await showPick(frame, { placeholder: words.reviewPlaceholder(), items, active: 'start' }));
}
