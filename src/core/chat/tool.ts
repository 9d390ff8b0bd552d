// One base for every language-model tool, without VS Code: a tool is a decoder of the model's
// input plus a function that returns structure or a failure, and a renderer of that structure
// within the budget. The base does what every tool must and none should do again: nothing is sent
// when the call was cancelled before it began, the cancellation token aborts what runs, any throw
// becomes failure text (the client's errors by their kind, anything else "unexpected" and logged,
// never a stack), and every answer, failures too, is fitted to the budget last.
import { failureText, unexpectedText, type ToolFailure } from './failure-text';
import { characterBudget, DEFAULT_MAX_CHARS, fitPlainText, tokenBudget, type CountTokens, type TextBudget } from './fit';

/** A cancellation token as VS Code gives one (structurally). */
export interface Cancellation {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => void): { dispose(): void };
}

/** The invocation's token budget and the model's own counter, as VS Code gives them; absent without one. */
export interface TokenCounting {
  readonly tokenBudget: number | undefined;
  readonly countTokens: CountTokens;
}

/**
 * What a tool's step gives: its value, or what stops the answer there. A failure is worded by
 * failureText; `text` is one the core made already (a refusal, a problem the model can act on);
 * `error` is a caught error, said as a throw would be.
 */
export type ToolOutcome<T> =
  | { ok: true; value: T }
  /**
   * `spends` overrides the tool's own for this failure (a search that may have reached the service);
   * `what` names the call instead of the tool's own `what` (one read of the read-back tool's several).
   */
  | { ok: false; failure: ToolFailure; spends?: boolean; what?: string }
  | { ok: false; text: string }
  | { ok: false; error: unknown; spends?: boolean; what?: string };

export interface ToolCall<Token extends Cancellation> {
  /** For calls that take the token itself (a search through the search feature). */
  readonly token: Token;
  /** Aborted when the token is cancelled; give it to every request. */
  readonly signal: AbortSignal;
  readonly budget: TextBudget;
  /** A text rendered to a number of characters, fitted to the budget by the model's own counter. */
  fitCharacters(render: RenderCharacters): Promise<string>;
}

/** Renders the text within `maxChars` characters; `label` names the budget in the cut note. */
export type RenderCharacters = (maxChars: number, label: string) => string;

export interface ToolDefinition<Input, Value, Token extends Cancellation = Cancellation> {
  /** Names the call in failure text: "The credits request", "The search"… */
  readonly what: string;
  /** Whether a call can spend credits: its failure text then says when nothing was spent (false when absent). */
  readonly spends?: boolean;
  /** The model's input, checked (`noInput` for a tool that takes none). */
  decode(input: unknown): ToolOutcome<Input>;
  /** Reads or sends; it need not catch (a throw becomes failure text). */
  run(input: Input, call: ToolCall<Token>): Promise<ToolOutcome<Value>>;
  /** The value as text for the model, within call.budget. */
  render(value: Value, call: ToolCall<Token>): string | Promise<string>;
}

/** What the base needs from the editor: the client's errors as failures, and a log for the rest. */
export interface ToolHost {
  /** A client error as a failure; undefined for anything else (a bug, not the service's). */
  clientFailure(err: unknown): ToolFailure | undefined;
  unexpected(err: unknown): void;
}

export interface ToolInvocation<Token extends Cancellation> {
  readonly input: unknown;
  readonly token: Token;
  readonly tokenization: TokenCounting | undefined;
}

/** The tool's answer to one invocation: always text within the budget, never a throw. */
export async function answerTool<Input, Value, Token extends Cancellation>(tool: ToolDefinition<Input, Value, Token>, invocation: ToolInvocation<Token>, host: ToolHost): Promise<string> {
  const budget = textBudget(invocation.tokenization);
  const spends = tool.spends ?? false;
  const cancelled = (): string => failureText(tool.what, { kind: 'cancelled' }, spends);
  // Cancelled before it began: nothing is read or sent.
  if (invocation.token.isCancellationRequested) return fitPlainText(cancelled(), budget);
  const abort = abortOn(invocation.token);
  const call: ToolCall<Token> = {
    token: invocation.token, signal: abort.signal, budget,
    fitCharacters: (render) => fitCharacters(render, invocation.tokenization),
  };
  const said = (outcome: Exclude<ToolOutcome<unknown>, { ok: true }>): string => {
    if ('text' in outcome) return outcome.text;
    const what = outcome.what ?? tool.what;
    if ('failure' in outcome) return failureText(what, outcome.failure, outcome.spends ?? spends);
    if (abort.signal.aborted) return failureText(what, { kind: 'cancelled' }, spends);
    const failure = host.clientFailure(outcome.error);
    if (failure) return failureText(what, failure, outcome.spends ?? spends);
    host.unexpected(outcome.error);
    return unexpectedText(what);
  };
  let text: string;
  try {
    const decoded = tool.decode(invocation.input);
    if (!decoded.ok) {
      text = said(decoded);
    } else {
      const outcome = await tool.run(decoded.value, call);
      text = outcome.ok ? await tool.render(outcome.value, call) : said(outcome);
    }
  } catch (err) {
    text = said({ ok: false, error: err });
  } finally {
    abort.dispose();
  }
  return fitPlainText(text, budget);
}

/** A definition's run and render bound to one decoded input: how one tool routes a call to another's steps. */
export interface BoundCall<Token extends Cancellation> {
  run(call: ToolCall<Token>): Promise<ToolOutcome<BoundRender<Token>>>;
}

export type BoundRender<Token extends Cancellation> = (call: ToolCall<Token>) => string | Promise<string>;

/**
 * Decodes `input` with `tool` and binds its run and render to the result, its failures still named
 * by its own `what` ("The crawl results request failed…") when another tool answers through it.
 */
export function bindCall<Input, Value, Token extends Cancellation>(tool: ToolDefinition<Input, Value, Token>, input: unknown): ToolOutcome<BoundCall<Token>> {
  const named = <T>(outcome: Exclude<ToolOutcome<T>, { ok: true }>): Exclude<ToolOutcome<never>, { ok: true }> => ('text' in outcome ? outcome : { ...outcome, what: outcome.what ?? tool.what });
  const decoded = tool.decode(input);
  if (!decoded.ok) return named(decoded);
  return { ok: true, value: { run: async (call) => {
    try {
      const outcome = await tool.run(decoded.value, call);
      return outcome.ok ? { ok: true, value: (rendering) => tool.render(outcome.value, rendering) } : named(outcome);
    } catch (error) {
      return { ok: false, error, what: tool.what };
    }
  } } };
}

/** The decoder of a tool that takes no input: whatever the model sent is ignored. */
export const noInput = (): ToolOutcome<undefined> => ({ ok: true, value: undefined });

/** An AbortSignal that follows the token, aborted already when the token is; dispose it after the call. */
export function abortOn(token: Cancellation): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  const subscription = token.onCancellationRequested(() => controller.abort());
  return { signal: controller.signal, dispose: () => subscription.dispose() };
}

/** The invocation's usable token budget, if it has one. */
function tokensOf(tokenization: TokenCounting | undefined): number | undefined {
  const budget = tokenization?.tokenBudget;
  return budget === undefined || !Number.isFinite(budget) || budget <= 0 ? undefined : budget;
}

/** The invocation's token budget counted by the model's own counter, else characters (fit.ts). */
function textBudget(tokenization: TokenCounting | undefined): TextBudget {
  const budget = tokensOf(tokenization);
  return tokenization === undefined || budget === undefined ? characterBudget() : tokenBudget(budget, tokenization.countTokens);
}

const MAX_ROUNDS = 4;
/** Aim a little under the budget: token counts do not scale exactly with characters. */
const MARGIN = 0.9;

/**
 * A text made to a number of characters, fitted to a token budget with the model's own counter:
 * the whole text is counted once, and when it is too long, cut to the characters its own ratio
 * allows, then counted again and narrowed until it fits (a few counts at most). Without a budget,
 * the core's character budget applies.
 */
export async function fitCharacters(render: RenderCharacters, tokenization: TokenCounting | undefined): Promise<string> {
  const budget = tokensOf(tokenization);
  if (tokenization === undefined || budget === undefined) return render(DEFAULT_MAX_CHARS, `under ${DEFAULT_MAX_CHARS} characters`);
  const label = `${Math.floor(budget)} tokens`;
  const count = async (text: string): Promise<number | undefined> => {
    try {
      return await tokenization.countTokens(text);
    } catch {
      return undefined;
    }
  };
  const whole = render(Number.MAX_SAFE_INTEGER, label);
  const wholeTokens = await count(whole);
  if (wholeTokens === undefined) return render(budget * 3, label);
  if (wholeTokens <= budget) return whole;
  let maxChars = Math.floor(budget * (whole.length / Math.max(1, wholeTokens)) * MARGIN);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const text = render(maxChars, label);
    const tokens = await count(text);
    if (tokens === undefined || tokens <= budget) return text;
    maxChars = Math.floor(maxChars * (budget / tokens) * MARGIN);
  }
  // A tokenizer that counts more than one token per character is not met in practice; one character per token is safe.
  return render(Math.floor(budget), label);
}
