// The credit estimate on the review step, from the prices the spec gives and nothing else: zero
// data retention costs 2 (anon) or 10 (zdr) credits per 10 results (2.2 rule 4), and `limit`
// counts per source (4.2 rule 4), so the most a search can cost is known for those modes. The spec
// gives no price for a plain search or for scraping: those are reported by the search
// (creditsUsed), not guessed here.
import type { SearchRequestBody } from '../api/request-types';

const RETENTION_CREDITS_PER_TEN = { anon: 2, zdr: 10 } as const;

export type CreditEstimate =
  | { priced: false }
  | { priced: true; mode: 'anon' | 'zdr'; creditsPerTen: number; sources: number; limit: number; maxCredits: number; scraped: boolean };

export function estimateCredits(body: Partial<SearchRequestBody>): CreditEstimate {
  const modes = body.enterprise ?? [];
  // Both given: the dearer mode prices it, as the emulator and the spec's table read.
  const mode = modes.includes('zdr') ? 'zdr' : modes.includes('anon') ? 'anon' : undefined;
  if (mode === undefined) return { priced: false };
  const sources = Math.max(1, body.sources?.length ?? 1);
  const limit = body.limit ?? 10;
  const creditsPerTen = RETENTION_CREDITS_PER_TEN[mode];
  return {
    priced: true, mode, creditsPerTen, sources, limit,
    maxCredits: sources * Math.ceil(limit / 10) * creditsPerTen,
    scraped: (body.scrapeOptions?.formats?.length ?? 0) > 0,
  };
}
