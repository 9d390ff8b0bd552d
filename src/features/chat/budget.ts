// Fitting a tool's text to the invocation's token budget. The core cuts by characters (it knows
// nothing of tokenizers); this turns a token budget into characters with the model's own counter:
// the whole text is counted once, and when it is too long, cut to the characters its own ratio
// allows, then counted again and narrowed until it fits (a few calls at most). Without a budget,
// the core's character budget applies.
import type * as vscode from 'vscode';
import { characterBudget, DEFAULT_MAX_CHARS, fitPlainText, tokenBudget, type TextBudget } from '../../core/chat/fit';

/** Renders the text within `maxChars` characters; `label` names the budget in the cut note. */
export type Render = (maxChars: number, label: string) => string;

const MAX_ROUNDS = 4;
/** Aim a little under the budget: token counts do not scale exactly with characters. */
const MARGIN = 0.9;

export async function fitToBudget(render: Render, tokenization: vscode.LanguageModelToolTokenizationOptions | undefined, token: vscode.CancellationToken): Promise<string> {
  const budget = tokenization?.tokenBudget;
  if (tokenization === undefined || budget === undefined || !Number.isFinite(budget) || budget <= 0) {
    return render(DEFAULT_MAX_CHARS, `under ${DEFAULT_MAX_CHARS} characters`);
  }
  const label = `${Math.floor(budget)} tokens`;
  const count = async (text: string): Promise<number | undefined> => {
    try {
      return await tokenization.countTokens(text, token);
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

/** The invocation's token budget counted by the model's own counter, else characters (fit.ts). */
export function budgetOf(tokenization: vscode.LanguageModelToolTokenizationOptions | undefined, token: vscode.CancellationToken): TextBudget {
  const budget = tokenization?.tokenBudget;
  if (tokenization === undefined || budget === undefined || !Number.isFinite(budget) || budget <= 0) return characterBudget();
  return tokenBudget(budget, (text) => tokenization.countTokens(text, token));
}

/** Every tool's last step: the answer, whatever made it (a renderer, a failure, a refusal), within the budget. */
export function fitAnswer(text: string, tokenization: vscode.LanguageModelToolTokenizationOptions | undefined, token: vscode.CancellationToken): Promise<string> {
  return fitPlainText(text, budgetOf(tokenization, token));
}
