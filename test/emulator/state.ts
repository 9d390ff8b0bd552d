// What the emulator remembers between requests: teams by key, the rate-limit windows, the faults,
// the request log. Shared by the API routes, the admin endpoint and the in-process control API.
import { createHash, randomUUID } from 'node:crypto';
import type { ActiveCrawl, TokenUsage } from '../../src/core/api/schemas';
import { TOKENS_PER_CREDIT } from '../../src/core/billing';
import type { Corpus } from './corpus';
import { jobStatus, makeJob, type CrawlJob, type CrawlJobInit } from './jobs';
import { FaultBook } from './faults';
import type { ActivityEndpoint, UsageRecord } from './usage-history';
import type { EmulatorTeam, RateLimit, RecordedRequest } from './types';

/** A fake demo key: printed by `npm run emulator` and used by the sandbox. */
export const DEMO_API_KEY = 'wd-demo-key-0000';

export interface TeamState {
  apiKey: string;
  teamId: string;
  usage: TokenUsage | null;
  crawls: ActiveCrawl[];
  enterprise: Array<'anon' | 'zdr'>;
  /** Every charge with what spent it, oldest first (./usage-history.ts). */
  history: UsageRecord[];
}

export function teamIdFor(apiKey: string): string {
  return 'team_' + createHash('sha256').update(apiKey).digest('hex').slice(0, 12);
}

export function toTeamState(team: EmulatorTeam): TeamState {
  return {
    apiKey: team.apiKey,
    teamId: team.teamId ?? teamIdFor(team.apiKey),
    usage: team.usage === undefined || team.usage === null ? null : { ...team.usage },
    crawls: team.crawls ?? [],
    enterprise: team.enterprise ?? [],
    history: [...(team.history ?? [])],
  };
}

/** Fixed windows per key: cheap, and exact enough for tests that count requests. */
export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(public limit: RateLimit | null) {}

  set(limit: RateLimit | null): void {
    this.limit = limit;
    this.windows.clear();
  }

  /** undefined when the request may pass; otherwise whole seconds until the window ends. */
  check(key: string, now: number): number | undefined {
    const limit = this.limit;
    if (limit === null) return undefined;
    let w = this.windows.get(key);
    if (w === undefined || now - w.start >= limit.windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    if (w.count <= limit.requests) return undefined;
    return Math.max(1, Math.ceil((w.start + limit.windowMs - now) / 1000));
  }
}

export class EmulatorState {
  readonly teams = new Map<string, TeamState>();
  readonly faults = new FaultBook();
  readonly requests: RecordedRequest[] = [];
  readonly rateLimiter: RateLimiter;
  /** Crawls and batch scrapes with results, by id (lower case). */
  readonly jobs = new Map<string, CrawlJob>();
  /** Timers of slow faults, cleared on close. */
  readonly timers = new Set<NodeJS.Timeout>();
  /** The sandbox's web: unknown https addresses answer plausible pages, crawls the pages Map Site lists (./demo-pages.ts). */
  demoPages = false;
  /** Search fields accepted but not acted on that the log has named already. */
  private readonly noted = new Set<string>();

  constructor(
    readonly corpus: Corpus,
    readonly now: () => Date,
    teams: EmulatorTeam[],
    rateLimit: RateLimit | null,
    private readonly log: (line: string) => void = () => undefined,
  ) {
    for (const team of teams) this.addTeam(team);
    this.rateLimiter = new RateLimiter(rateLimit);
  }

  addTeam(team: EmulatorTeam): void {
    this.teams.set(team.apiKey, toTeamState(team));
    for (const job of team.jobs ?? []) this.addJob(team.apiKey, job);
  }

  team(apiKey: string): TeamState {
    const team = this.teams.get(apiKey);
    if (team === undefined) throw new Error('No emulated team has that API key; add it with addTeam() first.');
    return team;
  }

  /** Adds a job with results; a running crawl is also listed as active (unless told otherwise). */
  addJob(apiKey: string, init: CrawlJobInit): CrawlJob {
    const team = this.team(apiKey);
    const job = makeJob(apiKey, init, this.now().getTime());
    this.jobs.set(job.id, job);
    if (job.kind === 'crawl' && init.listed !== false && !team.crawls.some((c) => c.id === job.id)) {
      team.crawls = [...team.crawls, { id: job.id, teamId: team.teamId, url: job.url, options: { scrapeOptions: { formats: ['markdown'] } } }];
    }
    return job;
  }

  /** The team's listing, less the crawls whose job has finished (as the service's list moves on). */
  activeCrawls(team: TeamState): ActiveCrawl[] {
    const now = this.now().getTime();
    return team.crawls.filter((crawl) => {
      const job = this.jobs.get(crawl.id.toLowerCase());
      return job === undefined || jobStatus(job, now) === 'scraping';
    });
  }

  /**
   * Lowers the team's remainingTokens by what a request cost (1 credit = 15 tokens) and, when told
   * what spent it, keeps it in the team's history (its activity and its billing periods).
   */
  charge(team: TeamState, creditsUsed: number, what?: { endpoint: ActivityEndpoint; id?: string; target?: string | null }): void {
    if (team.usage !== null) team.usage.remainingTokens -= creditsUsed * TOKENS_PER_CREDIT;
    if (what) team.history.push({ at: this.now().getTime(), endpoint: what.endpoint, credits: creditsUsed, id: what.id ?? randomUUID(), apiKey: team.apiKey, target: what.target ?? null });
  }

  /** Names each accepted-but-ignored field once, so a client's extras are visible, not noisy. */
  noteUnused(fields: readonly string[]): void {
    for (const field of fields) {
      if (this.noted.has(field)) continue;
      this.noted.add(field);
      this.log(`search: accepted "${field}", a field of the service's request schema this emulator does not act on`);
    }
  }

  /** A slow fault's delay: the slowness is what the fault emulates, so no condition can stand in for it. */
  delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }
}
