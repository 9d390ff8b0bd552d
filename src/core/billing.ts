// Billing arithmetic (spec 1 and 8): one credit is worth 15 tokens. No dependencies, so the
// status bar can use it without loading the API client.

export const TOKENS_PER_CREDIT = 15;

/**
 * Whole credits a token balance is worth. A partial credit is not spendable, so a positive
 * balance rounds down; an overdrawn (negative) balance rounds toward zero, never overstating it.
 */
export function tokensToCredits(tokens: number): number {
  if (!Number.isFinite(tokens)) return 0;
  return Math.trunc(tokens / TOKENS_PER_CREDIT);
}
