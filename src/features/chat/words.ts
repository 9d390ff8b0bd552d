// The chat tools in words for the person (vscode.l10n): what the chat shows while a tool runs,
// and the confirmations of the tools that spend (search, scrape, map, crawl, batch scrape). What the model reads is English made by the core
// (src/core/chat), not here; every value from the model is made inert before it is shown.
import * as vscode from 'vscode';
import type { SearchRequestBody } from '../../core/api';
import { inertMarkdown } from '../../core/text/inert';
import { capWords, priceWords } from '../spend/words';
import type { Assessment } from './search-spend';
import type { RemovedPart } from '../../core/chat/agent-url';
import type { ScrapePrice } from '../../core/chat/scrape-spend';
import type { ScrapeAssessment, Today } from './web-spend';
import type { AgentJob } from '../../core/chat/job-plan';
import type { JobToStart } from '../../core/jobs/bound';
import type { JobBound } from '../../core/spend/job-bound';
import { fullSettingKey, Setting } from '../../core/ids';
import { agentSettings, chatMaxDocsPages as chatMaxDocsPagesShown } from '../../platform/feature-settings';

export const creditsInvocationWords = (): string => vscode.l10n.t('Reading the team’s Web Data credits');
export const activeCrawlsInvocationWords = (): string => vscode.l10n.t('Listing the team’s active crawls');
export const readResultInvocationWords = (): string => vscode.l10n.t('Reading a page from the Web Data history');
export const crawlResultsInvocationWords = (): string => vscode.l10n.t('Reading crawl results');
export const readBackInvocationWords = (): string => vscode.l10n.t('Reading back from Web Data');
export const searchCheckingWords = (): string => vscode.l10n.t('Checking the web search request');

/** `query` is inert markdown already. */
export function searchInvocationWords(query: string, assessment?: Pick<Assessment, 'reuse' | 'cap'>): vscode.MarkdownString {
  if (assessment?.reuse) return new vscode.MarkdownString(vscode.l10n.t('Reading the search for “{0}” made {1} minutes ago (free)', query, assessment.reuse.minutesAgo));
  if (assessment?.cap.kind === 'reached') return new vscode.MarkdownString(vscode.l10n.t('Not searching for “{0}”: chat agents reached today’s credit limit', query));
  if (assessment?.cap.kind === 'would-pass') return new vscode.MarkdownString(vscode.l10n.t('Not searching for “{0}”: it could pass the chat agents’ daily credit limit', query));
  return new vscode.MarkdownString(vscode.l10n.t('Searching the web for “{0}”', query));
}

export const searchConfirmationTitle = (): string => vscode.l10n.t('Search the web with Web Data?');

/** The request and its price, for the person (markdown; every value from the model made inert). */
export function searchConfirmationWords(body: SearchRequestBody, assessment: Assessment): vscode.MarkdownString {
  const sources = body.sources?.length ? [...new Set(body.sources.map((s) => s.type))] : ['web'];
  const list = (values: readonly string[]): string => values.map((v) => inertMarkdown(v, 100)).join(', ');
  const lines = [
    vscode.l10n.t('**Query:** {0}', inertMarkdown(body.query, 500)),
    vscode.l10n.t('**Sources:** {0} · up to {1} results each', list(sources), body.limit ?? 10),
  ];
  const formats = (body.scrapeOptions?.formats ?? []).map((f) => f.type);
  if (formats.length > 0) lines.push(vscode.l10n.t('**Page content:** {0}', list(formats)));
  if (body.includeDomains?.length) lines.push(vscode.l10n.t('**Only from:** {0}', list(body.includeDomains)));
  if (body.excludeDomains?.length) lines.push(vscode.l10n.t('**Not from:** {0}', list(body.excludeDomains)));
  if (body.categories?.length) lines.push(vscode.l10n.t('**Categories:** {0}', list(body.categories.map((c) => c.type))));
  if (body.tbs) lines.push(vscode.l10n.t('**Time:** {0}', inertMarkdown(body.tbs, 100)));
  if (body.country || body.location) lines.push(vscode.l10n.t('**Where:** {0}', list([body.location, body.country].filter((v): v is string => !!v))));
  // The spec's price, else what searches of this shape cost before; never a guess.
  lines.push(vscode.l10n.t('**Price:** {0}', priceWords(assessment.price)));
  lines.push(`**${vscode.l10n.t('Today:')}** ${capWords(assessment.cap, assessment.spent, assessment.limit)}`);
  lines.push(vscode.l10n.t('The results also appear in the Searches view.'));
  return new vscode.MarkdownString(lines.join('\n\n'));
}

// webData_scrape and webData_map (issue 27), webData_startCrawl and webData_batchScrape (issue 28).

export const scrapeCheckingWords = (): string => vscode.l10n.t('Checking the address to fetch');
export const mapCheckingWords = (): string => vscode.l10n.t('Checking the site to map');

/** `url` is inert markdown already. */
export function scrapeInvocationWords(url: string, state?: { reusedMinutesAgo?: number; refused?: boolean }): vscode.MarkdownString {
  if (state?.reusedMinutesAgo !== undefined) return new vscode.MarkdownString(vscode.l10n.t('Reading the page of {0} fetched {1} minutes ago (free)', url, state.reusedMinutesAgo));
  if (state?.refused) return new vscode.MarkdownString(vscode.l10n.t('Not fetching {0}: it could pass the chat agents’ daily credit limit', url));
  return new vscode.MarkdownString(vscode.l10n.t('Fetching {0} as markdown', url));
}

/** `url` is inert markdown already. */
export function mapInvocationWords(url: string, state?: { reusedMinutesAgo?: number; refused?: boolean }): vscode.MarkdownString {
  if (state?.reusedMinutesAgo !== undefined) return new vscode.MarkdownString(vscode.l10n.t('Reading the map of {0} made {1} minutes ago (free)', url, state.reusedMinutesAgo));
  if (state?.refused) return new vscode.MarkdownString(vscode.l10n.t('Not mapping {0}: chat agents reached today’s credit limit', url));
  return new vscode.MarkdownString(vscode.l10n.t('Mapping {0}', url));
}

export const scrapeConfirmationTitle = (): string => vscode.l10n.t('Fetch a page with Web Data?');
export const mapConfirmationTitle = (): string => vscode.l10n.t('Map a site with Web Data?');

/** A scrape's price: what this person's scrapes cost before, or unknown; never a guess. */
function scrapePriceWords(price: ScrapePrice): string {
  if (price.kind === 'unknown') return vscode.l10n.t('unknown until the first scrape (the service reports it once it has run)');
  if (price.times === 1) return price.max === 1 ? vscode.l10n.t('a scrape like this cost 1 credit last time') : vscode.l10n.t('a scrape like this cost {0} credits last time', price.max);
  if (price.min !== price.max) return vscode.l10n.t('scrapes like this cost {0} to {1} credits the last {2} times', price.min, price.max, price.times);
  return price.max === 1 ? vscode.l10n.t('scrapes like this cost 1 credit the last {0} times', price.times) : vscode.l10n.t('scrapes like this cost {0} credits the last {1} times', price.max, price.times);
}

/** The parts of an agent's address removed before sending, for the confirmation. */
function removedWords(removed: readonly RemovedPart[]): string | undefined {
  if (removed.length === 0) return undefined;
  const parts = removed.map((part) => (part.kind === 'credentials' ? vscode.l10n.t('the user name and password') : vscode.l10n.t('the parameter “{0}”', inertMarkdown(part.name, 60))));
  return vscode.l10n.t('**Removed before sending** (they look private): {0}', parts.join(', '));
}

export function scrapeConfirmationWords(url: string, removed: readonly RemovedPart[], fresh: boolean, assessment: ScrapeAssessment): vscode.MarkdownString {
  const lines = [vscode.l10n.t('**Address:** {0}', inertMarkdown(url, 500))];
  const cut = removedWords(removed);
  if (cut) lines.push(cut);
  if (fresh) lines.push(vscode.l10n.t('**Fresh:** fetched again, not from the service’s cache'));
  lines.push(vscode.l10n.t('**Price:** {0}', scrapePriceWords(assessment.price)));
  lines.push(`**${vscode.l10n.t('Today:')}** ${capWords(assessment.cap, assessment.spent, assessment.limit)}`);
  lines.push(vscode.l10n.t('The page is kept with your scraped pages.'));
  return new vscode.MarkdownString(lines.join('\n\n'));
}

export function mapConfirmationWords(request: { url: string; search?: string; limit?: number }, removed: readonly RemovedPart[], today: Today): vscode.MarkdownString {
  const lines = [vscode.l10n.t('**Site:** {0}', inertMarkdown(request.url, 500))];
  const cut = removedWords(removed);
  if (cut) lines.push(cut);
  if (request.search !== undefined) lines.push(vscode.l10n.t('**Search:** {0}', inertMarkdown(request.search, 200)));
  if (request.limit !== undefined) lines.push(vscode.l10n.t('**At most:** {0} addresses', request.limit));
  // The map's answer carries no credits figure: said as it is, never a guess.
  lines.push(vscode.l10n.t('**Price:** not reported by the service (its map answer says nothing of credits), so this map is not counted in today’s spend by agents'));
  lines.push(`**${vscode.l10n.t('Today:')}** ${capWords(today.cap, today.spent, today.limit)}`);
  return new vscode.MarkdownString(lines.join('\n\n'));
}

export const jobCheckingWords = (kind: JobToStart['kind']): string => (kind === 'crawl' ? vscode.l10n.t('Checking the crawl to start') : vscode.l10n.t('Checking the batch scrape to start'));

export function jobInvocationWords(plan: AgentJob, state?: { refused: boolean }): vscode.MarkdownString {
  const first = inertMarkdown(plan.urls[0] ?? '', 200);
  if (plan.job.kind === 'crawl') {
    return new vscode.MarkdownString(state?.refused
      ? vscode.l10n.t('Not crawling {0}: it could pass the chat agents’ daily credit limit', first)
      : vscode.l10n.t('Starting a crawl of {0} (at most {1} pages)', first, plan.pages));
  }
  return new vscode.MarkdownString(state?.refused
    ? vscode.l10n.t('Not starting a batch scrape of {0} addresses: it could pass the chat agents’ daily credit limit', plan.pages)
    : vscode.l10n.t('Starting a batch scrape of {0} addresses', plan.pages));
}

export const jobConfirmationTitle = (kind: JobToStart['kind']): string => (kind === 'crawl' ? vscode.l10n.t('Start a crawl with Web Data?') : vscode.l10n.t('Start a batch scrape with Web Data?'));

/** The bound said before a job starts: at most so many pages and, from this person's finished jobs, credits; never a guess. */
function boundWords(bound: JobBound, kind: JobToStart['kind']): string {
  if (bound.credits.kind === 'unknown') {
    return kind === 'crawl'
      ? vscode.l10n.t('at most {0} pages; credits unknown until the first crawl of this kind finishes', bound.pages)
      : vscode.l10n.t('at most {0} pages; credits unknown until the first batch scrape of this kind finishes', bound.pages);
  }
  const { atMost, perPage, samples } = bound.credits;
  return vscode.l10n.t('at most {0} pages, so at most {1} credits ({2} a page at most in your last {3} jobs of this kind)', bound.pages, atMost, perPage, samples);
}

export function jobConfirmationWords(plan: AgentJob, bound: JobBound, spend: Today): vscode.MarkdownString {
  const { job } = plan;
  const lines: string[] = [];
  if (job.kind === 'crawl') {
    lines.push(vscode.l10n.t('**Start:** {0}', inertMarkdown(plan.urls[0] ?? '', 500)));
    const setting = fullSettingKey(Setting.chatMaxCrawlPages);
    lines.push(plan.lowered
      ? vscode.l10n.t('**Page limit:** {0} (the agent asked for {1}; an agent’s crawl asks for at most {0}, {2})', plan.pages, plan.lowered.asked, setting)
      : vscode.l10n.t('**Page limit:** {0} (an agent’s crawl asks for at most {1}, {2})', plan.pages, plan.maxPages, setting));
    const list = (values: readonly string[] | undefined): string => (values ?? []).map((v) => inertMarkdown(v, 100)).join(', ');
    if (job.request.includePaths?.length) lines.push(vscode.l10n.t('**Only paths:** {0}', list(job.request.includePaths)));
    if (job.request.excludePaths?.length) lines.push(vscode.l10n.t('**Not paths:** {0}', list(job.request.excludePaths)));
    if (job.request.maxDiscoveryDepth !== undefined) lines.push(vscode.l10n.t('**Depth:** at most {0} links from the start', job.request.maxDiscoveryDepth));
  } else {
    const shown = plan.urls.slice(0, 10).map((url) => `- ${inertMarkdown(url, 300)}`).join('\n');
    const more = plan.urls.length > 10 ? `\n- ${vscode.l10n.t('and {0} more', plan.urls.length - 10)}` : '';
    lines.push(`${vscode.l10n.t('**Addresses ({0}):**', plan.urls.length)}\n${shown}${more}`);
  }
  if (plan.removed.length > 0) {
    const parts = plan.removed.flatMap(({ parts: removed }) => removed).map((part) => (part.kind === 'credentials' ? vscode.l10n.t('the user name and password') : vscode.l10n.t('the parameter “{0}”', inertMarkdown(part.name, 60))));
    lines.push(vscode.l10n.t('**Removed before sending** (they look private): {0}', [...new Set(parts)].join(', ')));
  }
  lines.push(vscode.l10n.t('**Bound:** {0}', boundWords(bound, job.kind)));
  lines.push(`**${vscode.l10n.t('Today:')}** ${capWords(spend.cap, spend.spent, spend.limit)}`);
  return new vscode.MarkdownString(lines.join('\n\n'));
}


export function researchInvocationWords(state?: { refused: boolean }): vscode.MarkdownString {
  return new vscode.MarkdownString(state?.refused
    ? vscode.l10n.t('Not starting a research run: its bound could pass the chat agents’ daily credit limit')
    : vscode.l10n.t('Starting a research run with Web Data'));
}

export const researchConfirmationTitle = (): string => vscode.l10n.t('Start a research run with Web Data?');

/** The prompt, the bound (and when it was lowered), and today's agent spend against the limit: the whole bound counts. */
export function researchConfirmationWords(prompt: string, credits: number, askedFor: number | undefined, spend: Today): vscode.MarkdownString {
  const setting = fullSettingKey(Setting.chatMaxResearchCredits);
  const lines = [
    vscode.l10n.t('**Prompt:** {0}', prompt),
    askedFor !== undefined
      ? vscode.l10n.t('**Bound:** at most {0} credits (the agent asked for {1}; an agent’s run is bound to at most {0}, {2}). The service stops the run before it spends more.', credits, askedFor, setting)
      : vscode.l10n.t('**Bound:** at most {0} credits (an agent’s run is bound to at most {1}, {2}). The service stops the run before it spends more.', credits, agentSettings().chatMaxResearchCredits, setting),
    `**${vscode.l10n.t('Today:')}** ${capWords(spend.cap, spend.spent, spend.limit)}`,
  ];
  return new vscode.MarkdownString(lines.join('\n\n'));
}

export const researchResultWords = (): string => vscode.l10n.t('Reading a research run’s result');

export function extractInvocationWords(url: string, state?: { refused: boolean }): vscode.MarkdownString {
  return new vscode.MarkdownString(state?.refused
    ? vscode.l10n.t('Not extracting data from {0}: it could pass the chat agents’ daily credit limit', url)
    : vscode.l10n.t('Extracting data from {0}', url));
}

export const extractConfirmationTitle = (): string => vscode.l10n.t('Extract data from a page with Web Data?');

/** The page, the schema's fields, the prompt, the price from the last extractions and today's agent spend. */
export function extractConfirmationWords(url: string, fields: readonly string[], prompt: string | undefined, price: number | undefined, spend: Today): vscode.MarkdownString {
  const lines = [
    vscode.l10n.t('**Page:** {0}', url),
    fields.length > 0 ? vscode.l10n.t('**Schema fields:** {0}', fields.join(', ')) : vscode.l10n.t('**Schema:** none (the prompt says what to find)'),
    ...(prompt ? [vscode.l10n.t('**Prompt:** {0}', prompt)] : []),
    price !== undefined ? vscode.l10n.t('**Price:** up to {0} credits, as your last extractions cost', price) : vscode.l10n.t('**Price:** not known before your first extraction (the answer says what it cost)'),
    `**${vscode.l10n.t('Today:')}** ${capWords(spend.cap, spend.spent, spend.limit)}`,
  ];
  return new vscode.MarkdownString(lines.join('\n\n'));
}

export const documentCheckingWords = (): string => vscode.l10n.t('Checking the document to read');

/** `path` is inert markdown already. */
export function documentInvocationWords(path: string, state?: { reusedMinutesAgo?: number; refused?: boolean }): vscode.MarkdownString {
  if (state?.reusedMinutesAgo !== undefined) return new vscode.MarkdownString(vscode.l10n.t('Reading {0} as converted {1} minutes ago (free)', path, state.reusedMinutesAgo));
  if (state?.refused) return new vscode.MarkdownString(vscode.l10n.t('Not uploading {0}', path));
  return new vscode.MarkdownString(vscode.l10n.t('Converting {0} to markdown', path));
}

export const documentConfirmationTitle = (): string => vscode.l10n.t('Upload a document to Web Data?');

/** A parse's price: what this person's parses of the same kind cost before, or unknown; never a guess. */
function parsePriceWords(price: ScrapePrice): string {
  if (price.kind === 'unknown') return vscode.l10n.t('unknown until the first parse of this kind (the service reports it once it has run)');
  if (price.times === 1) return vscode.l10n.t('a parse like this cost {0} credits last time', price.max);
  if (price.min !== price.max) return vscode.l10n.t('parses like this cost {0} to {1} credits the last {2} times', price.min, price.max, price.times);
  return vscode.l10n.t('parses like this cost {0} credits the last {1} times', price.max, price.times);
}

/** `path`, `size` and `host` are inert (the caller's). */
export function documentConfirmationWords(document: { path: string; size: string; host: string; fresh: boolean }, price: ScrapePrice, today: Today): vscode.MarkdownString {
  const lines = [
    vscode.l10n.t('**File:** {0} ({1})', document.path, document.size),
    vscode.l10n.t('**Leaves this machine:** the file is uploaded to {0}, which converts it to markdown', document.host),
  ];
  if (document.fresh) lines.push(vscode.l10n.t('**Fresh:** uploaded again, though the same content was read before'));
  lines.push(vscode.l10n.t('**Price:** {0}', parsePriceWords(price)));
  lines.push(`**${vscode.l10n.t('Today:')}** ${capWords(today.cap, today.spent, today.limit)}`);
  lines.push(vscode.l10n.t('The document is kept with your documents.'));
  return new vscode.MarkdownString(lines.join('\n\n'));
}

export const watchCheckingWords = (): string => vscode.l10n.t('Checking the watch to create');

export function watchInvocationWords(state?: { refused: boolean }): vscode.MarkdownString {
  return new vscode.MarkdownString(state?.refused
    ? vscode.l10n.t('Not creating a watch: its bound could pass the chat agents’ monthly watch limit')
    : vscode.l10n.t('Creating a watch with Web Data'));
}

export const watchConfirmationTitle = (): string => vscode.l10n.t('Create a watch with Web Data?');

/** What is watched, how often, the goal, and the monthly bound against the agents' watch limit. Every text is inert markdown already. */
export function watchConfirmationWords(watch: { kind: 'urls' | 'query'; what: readonly string[]; schedule: string; timezone: string; goal?: string }, bound: { credits: number; pages: number; checksPerMonth: number; creditsPerPage: number }, cap: number): vscode.MarkdownString {
  const setting = fullSettingKey(Setting.chatMaxWatchCreditsPerMonth);
  const lines = [
    watch.kind === 'urls' ? vscode.l10n.t('**Watch:** {0}', watch.what.join(', ')) : vscode.l10n.t('**Watch the search:** {0}', watch.what.join(' ')),
    vscode.l10n.t('**How often:** {0} ({1})', watch.schedule, watch.timezone),
    watch.goal !== undefined ? vscode.l10n.t('**Goal:** {0}', watch.goal) : vscode.l10n.t('**Goal:** none: every change is reported'),
    vscode.l10n.t('**Bound:** up to {0} credits a month ({1} pages × {2} checks × {3} credits a page); chat agents may set up watches of at most {4} credits a month ({5}).', bound.credits, bound.pages, bound.checksPerMonth, bound.creditsPerPage, cap, setting),
    vscode.l10n.t('The service checks on schedule whether or not VS Code is open; each check’s credits count in that day’s spend. Delete the watch in the Watches view to stop it.'),
  ];
  return new vscode.MarkdownString(lines.join('\n\n'));
}

export const changesInvocationWords = (): string => vscode.l10n.t('Reading what changed on your watches');

/** webData_browser's words (issue 39). */
export function browserInvocationWords(): string {
  return vscode.l10n.t('Running code in the service\'s browser');
}

/** The modal before every run: the site and the whole code. */
export function browserConfirmWords(language: string, site: string, code: string): { title: string; detail: string } {
  return {
    title: vscode.l10n.t('Let a chat agent run this {0} code in the service\'s browser on {1}?', language, site),
    detail: vscode.l10n.t('It acts on the live site: a form sent or a button clicked has effects outside this editor. The session is billed by the minute.\n\n{0}', code),
  };
}

export function browserRefusedWords(why: 'untrusted' | 'bound' | 'declined' | 'hidden', bound = 0): string {
  switch (why) {
    case 'hidden': return 'The browser run was refused: the code holds bidirectional control characters, so the person\'s confirmation would not show what runs. Send the code without them.';
    case 'untrusted': return 'The browser run was refused: this workspace is not trusted, and code is never sent to a live site from an untrusted workspace. Ask the person to trust the workspace first.';
    case 'bound': return `The browser run was refused: the agents' browser sessions of this window reached their bound of ${bound} minutes (webData.chat.maxBrowserMinutes). Nothing was started; the person can raise the setting.`;
    case 'declined': return 'The person declined the browser run: nothing was sent. Do not retry it unless the person asks.';
  }
}

export const docsInvocationWords = (): string => vscode.l10n.t('Searching the docs kept on this machine (free)');
export const addDocsCheckingWords = (): string => vscode.l10n.t('Checking the docs to add');

export function addDocsInvocationWords(url: string, pages: number, state?: { refused: boolean }): vscode.MarkdownString {
  const site = inertMarkdown(url, 200);
  return new vscode.MarkdownString(state?.refused
    ? vscode.l10n.t('Not adding the docs of {0}: over the bound or the chat agents’ daily credit limit', site)
    : vscode.l10n.t('Crawling the docs of {0} (at most {1} pages) into a docs set', site, pages));
}

export const addDocsConfirmationTitle = (): string => vscode.l10n.t('Add a docs set with Web Data?');

export function addDocsConfirmationWords(url: string, pages: number, bound: JobBound, spend: Today): vscode.MarkdownString {
  return new vscode.MarkdownString([
    vscode.l10n.t('**Site:** {0} (the crawl stays under its path)', inertMarkdown(url, 500)),
    vscode.l10n.t('**Page limit:** {0} (an agent’s docs set is at most {1}, {2})', pages, chatMaxDocsPagesShown(), fullSettingKey(Setting.chatMaxDocsPages)),
    vscode.l10n.t('**Bound:** {0}', boundWords(bound, 'crawl')),
    `**${vscode.l10n.t('Today:')}** ${capWords(spend.cap, spend.spent, spend.limit)}`,
    vscode.l10n.t('Searching the set afterwards is free and works offline.'),
  ].join('\n\n'));
}
