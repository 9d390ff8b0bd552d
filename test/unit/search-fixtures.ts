// Search records for the search unit tests: small, with hostile text where it matters.
import type { SearchResponse } from '../../src/core/api/schemas';
import type { SearchRequestBody } from '../../src/core/api/request-types';
import { RECORD_VERSION, type SearchRecord } from '../../src/core/search/record';

export function makeRecord(overrides: { id?: string; createdAt?: string; request?: Partial<SearchRequestBody>; data?: SearchResponse['data']; warning?: string | null; creditsUsed?: number | null } = {}): SearchRecord {
  return {
    version: RECORD_VERSION,
    id: overrides.id ?? 'lq1x2y3-abc123',
    createdAt: overrides.createdAt ?? '2026-11-21T14:02:00.000Z',
    request: { query: 'tideflow backpressure', ...overrides.request },
    response: {
      success: true,
      id: 'job-1',
      warning: overrides.warning ?? null,
      creditsUsed: overrides.creditsUsed === undefined ? 3 : overrides.creditsUsed,
      data: overrides.data ?? {
        web: [
          { url: 'https://docs.tideflow.dev/guide/backpressure', title: 'Backpressure - Tideflow', description: 'How Tideflow slows producers.', markdown: '# Backpressure\n\nBody.' },
          { url: 'https://www.example.com/a.pdf', title: '', description: 'A PDF', category: 'pdf' },
        ],
      },
    },
  };
}
