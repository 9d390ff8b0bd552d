// The keys every window adds to under its own name (a prefix and its session id), kept in the shared
// folder of global storage (./shared-folder.ts), not in VS Code's global state: today's spend, the
// webhook tokens of jobs, research runs and watches started here, and finished jobs' costs.
export const SPEND_KEY_PREFIX = 'webData.spend:';
export const JOB_TOKENS_PREFIX = 'webData.jobTokens:';
export const RESEARCH_TOKENS_PREFIX = 'webData.researchTokens:';
export const WATCH_TOKENS_PREFIX = 'webData.watchTokens:';
export const JOB_COSTS_PREFIX = 'webData.jobCosts:';

export const SHARED_PREFIXES: readonly string[] = [SPEND_KEY_PREFIX, JOB_TOKENS_PREFIX, RESEARCH_TOKENS_PREFIX, WATCH_TOKENS_PREFIX, JOB_COSTS_PREFIX];
