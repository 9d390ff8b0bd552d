// The team the emulator starts with when no teams are given: the demo key, a paid plan part used,
// and two active crawls whose options fill every field of spec 2.6.
import type { ActiveCrawl, TokenUsage } from '../../src/core/api/schemas';
import { DEMO_API_KEY, teamIdFor } from './state';
import type { EmulatorTeam } from './types';

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

export function demoTeam(now: Date): EmulatorTeam {
  return { apiKey: DEMO_API_KEY, usage: demoUsage(now), crawls: demoCrawls(teamIdFor(DEMO_API_KEY)), enterprise: ['anon', 'zdr'] };
}
