// The team the emulator starts with when no teams are given: the demo key, a paid plan part used,
// two active crawls whose options fill every field of spec 2.6, and 60 days of usage across kinds.
import type { ActiveCrawl, TokenUsage } from '../../src/core/api/schemas';
import { jobIdFor, type CrawlJobInit } from './jobs';
import { DEMO_API_KEY, teamIdFor } from './state';
import type { EmulatorTeam } from './types';
import { demoHistory } from './usage-history';

/** A billing period from the first of this month to the first of the next (UTC). */
export function demoUsage(now: Date): TokenUsage {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { remainingTokens: 1_123_455, planTokens: 1_500_000, billingPeriodStart: start.toISOString(), billingPeriodEnd: end.toISOString() };
}

export function demoCrawls(teamId: string): ActiveCrawl[] {
  return [
    {
      id: '3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01',
      teamId,
      url: 'https://docs.tideflow.dev',
      options: {
        scrapeOptions: {
          formats: ['markdown', 'links'],
          onlyMainContent: true,
          onlyCleanContent: false,
          includeTags: ['article', 'main'],
          excludeTags: ['nav', 'footer', '.cookie-banner'],
          maxAge: 172_800_000,
          minAge: 0,
          headers: { 'Accept-Language': 'en-GB' },
          waitFor: 500,
          mobile: false,
          skipTlsVerification: false,
          timeout: 30_000,
          parsers: ['pdf'],
          actions: [{ type: 'wait', milliseconds: 1000 }],
          location: { country: 'GB', languages: ['en-GB', 'en'] },
          removeBase64Images: true,
          blockAds: true,
          proxy: 'auto',
          storeInCache: true,
          lockdown: false,
          profile: { name: 'docs-reader', saveChanges: false },
        },
      },
    },
    {
      id: '8b2d4c7e-1f5a-4e3b-a6d9-0c7e5f2b9a42',
      teamId,
      url: 'https://www.gardenjournal.example/tomatoes',
      options: {
        scrapeOptions: {
          formats: ['markdown'],
          onlyMainContent: false,
          includeTags: [],
          excludeTags: ['aside'],
          maxAge: 0,
          waitFor: 0,
          mobile: true,
          timeout: 60_000,
          parsers: [],
          actions: [{ type: 'wait', milliseconds: 2500 }],
          location: { country: 'US', languages: ['en-US'] },
          blockAds: false,
          proxy: 'auto',
          storeInCache: false,
        },
      },
    },
  ];
}

/** The demo's jobs with results: the two active crawls, and finished ones of every outcome. */
export const DEMO_JOBS = {
  large: jobIdFor('demo: a 10,000-page crawl'),
  failed: jobIdFor('demo: a crawl that failed at its start'),
  cancelled: jobIdFor('demo: a cancelled crawl'),
  batch: jobIdFor('demo: a batch scrape'),
  hostile: jobIdFor('demo: a crawl of hostile pages'),
} as const;

export function demoJobs(): CrawlJobInit[] {
  const [first, second] = demoCrawls('');
  return [
    // The active ones move on with the clock, slowly enough to stay active through a session.
    { id: first?.id, url: first?.url, total: 40, completed: 12, msPerPage: 60_000, errors: 1, robotsBlocked: 2 },
    { id: second?.id, url: second?.url, total: 25, completed: 3, msPerPage: 120_000 },
    { id: DEMO_JOBS.large, url: 'https://handbook.tideflow.dev', total: 10_000, completed: 10_000, listed: false, errors: 12, robotsBlocked: 30 },
    { id: DEMO_JOBS.failed, url: 'https://unreachable.tideflow.dev', total: 0, outcome: 'failed', listed: false },
    { id: DEMO_JOBS.cancelled, url: 'https://blog.tideflow.dev', total: 30, completed: 7, outcome: 'cancelled', listed: false },
    { id: DEMO_JOBS.batch, kind: 'batch', url: 'https://status.tideflow.dev', total: 5, completed: 5 },
    { id: DEMO_JOBS.hostile, url: 'https://hostile.example', total: 3, completed: 3, listed: false, hostile: true, errors: 1 },
  ];
}

export function demoTeam(now: Date): EmulatorTeam {
  return { apiKey: DEMO_API_KEY, usage: demoUsage(now), crawls: demoCrawls(teamIdFor(DEMO_API_KEY)), enterprise: ['anon', 'zdr'], jobs: demoJobs(), history: demoHistory(now, DEMO_API_KEY) };
}
