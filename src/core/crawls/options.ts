// An active crawl (spec 2.6) in readable form: its short id, its formats, and every scrape option
// as a tree of labelled values. Header values may carry credentials, so only their names appear.
import type { ActiveCrawl, CrawlScrapeOptions } from '../api/schemas';

export interface OptionNode {
  /** The option's name in the service's words (onlyMainContent, location). */
  name: string;
  /** A readable label for the name ("Only main content"). */
  label: string;
  /** The value in words; absent on a node whose children say it all. */
  value?: string;
  children?: OptionNode[];
}

/** The first 8 hex digits of the uuid: enough to tell crawls apart at a glance. */
export function shortId(id: string): string {
  const hex = id.replace(/-/g, '');
  return hex.length >= 8 ? hex.slice(0, 8) : id;
}

type Named = string | { type: string };
const nameOf = (item: Named): string => (typeof item === 'string' ? item : item.type);

export function formatsOf(crawl: ActiveCrawl): string[] {
  return (crawl.options?.scrapeOptions?.formats ?? []).map(nameOf);
}

/** The row's description: "#1a2b3c4d · markdown, html". */
export function crawlDescription(crawl: ActiveCrawl): string {
  const formats = formatsOf(crawl);
  return formats.length > 0 ? `#${shortId(crawl.id)} · ${formats.join(', ')}` : `#${shortId(crawl.id)}`;
}

const LABELS: Record<keyof CrawlScrapeOptions, string> = {
  formats: 'Formats',
  onlyMainContent: 'Only main content',
  onlyCleanContent: 'Only clean content',
  includeTags: 'Include tags',
  excludeTags: 'Exclude tags',
  maxAge: 'Max age',
  minAge: 'Min age',
  headers: 'Headers',
  waitFor: 'Wait for',
  mobile: 'Mobile',
  skipTlsVerification: 'Skip TLS verification',
  timeout: 'Timeout',
  parsers: 'Parsers',
  actions: 'Actions',
  location: 'Location',
  removeBase64Images: 'Remove base64 images',
  blockAds: 'Block ads',
  proxy: 'Proxy',
  storeInCache: 'Store in cache',
  lockdown: 'Lockdown',
  profile: 'Profile',
};

// The spec gives no units; maxAge, minAge, waitFor and timeout are milliseconds in the service's
// other operations, so they read as "ms".
const MILLISECONDS = new Set<keyof CrawlScrapeOptions>(['maxAge', 'minAge', 'waitFor', 'timeout']);

const yesNo = (value: boolean): string => (value ? 'yes' : 'no');

const UNITS: ReadonlyArray<[string, number]> = [['day', 86_400_000], ['h', 3_600_000], ['min', 60_000], ['s', 1000]];

/**
 * "1000 ms"; from a minute up, the same with its reading in larger units ("172800000 ms (2 days)"),
 * since nobody reads 172800000 as two days at a glance. At most the two largest units.
 */
export function describeMilliseconds(ms: number): string {
  if (!Number.isFinite(ms) || ms < 60_000) return `${ms} ms`;
  let rest = Math.round(ms);
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || parts.length > 0) parts.push(`${count} ${unit}${unit === 'day' && count !== 1 ? 's' : ''}`);
    if (parts.length === 2) break;
  }
  return `${ms} ms (${parts.filter((part) => !part.startsWith('0 ')).join(' ')})`;
}

function listNode(name: keyof CrawlScrapeOptions, items: string[]): OptionNode {
  const label = LABELS[name];
  if (items.length === 0) return { name, label, value: 'none' };
  // A short list reads best on one line; its items are children too, for long tag lists.
  return { name, label, value: items.join(', '), children: items.length > 1 ? items.map((item) => ({ name, label: item })) : undefined };
}

type Action = NonNullable<CrawlScrapeOptions['actions']>[number];

export function describeAction(action: Action): string {
  const ms = typeof action.milliseconds === 'number' ? ` ${action.milliseconds} ms` : '';
  return `${action.type}${ms}`;
}

export function describeLocation(location: NonNullable<CrawlScrapeOptions['location']>): string {
  const country = location.country || 'any country';
  const languages = location.languages ?? [];
  return languages.length > 0 ? `${country} (${languages.join(', ')})` : country;
}

export function describeProfile(profile: NonNullable<CrawlScrapeOptions['profile']>): string {
  const name = profile.name || 'unnamed';
  if (profile.saveChanges === true) return `${name} (saves changes)`;
  if (profile.saveChanges === false) return `${name} (read only)`;
  return name;
}

/** Header names only: their values may be cookies or tokens. */
export function headerNames(headers: Record<string, unknown>): string[] {
  return Object.keys(headers);
}

/** One node per option that is set (null and absent ones are left out), in the spec's order. */
export function describeScrapeOptions(options: CrawlScrapeOptions | null | undefined): OptionNode[] {
  if (!options) return [];
  const nodes: OptionNode[] = [];
  for (const name of Object.keys(LABELS) as Array<keyof CrawlScrapeOptions>) {
    const node = describeOption(name, options);
    if (node) nodes.push(node);
  }
  return nodes;
}

function describeOption(name: keyof CrawlScrapeOptions, options: CrawlScrapeOptions): OptionNode | undefined {
  const label = LABELS[name];
  const value = options[name];
  if (value === null || value === undefined) return undefined;
  switch (name) {
    case 'formats':
    case 'parsers':
      return listNode(name, (value as Named[]).map(nameOf));
    case 'includeTags':
    case 'excludeTags':
      return listNode(name, value as string[]);
    case 'headers': {
      const names = headerNames(value as Record<string, unknown>);
      const count = `${names.length} ${names.length === 1 ? 'header' : 'headers'}`;
      return {
        name, label,
        value: names.length > 0 ? `${count}: ${names.join(', ')}` : 'none',
        children: names.length > 0 ? names.map((header) => ({ name, label: header, value: 'value hidden' })) : undefined,
      };
    }
    case 'actions': {
      const actions = (value as Action[]).map(describeAction);
      if (actions.length === 0) return { name, label, value: 'none' };
      return { name, label, value: actions.join(', '), children: actions.map((action, i) => ({ name, label: `${i + 1}.`, value: action })) };
    }
    case 'location': {
      const location = value as NonNullable<CrawlScrapeOptions['location']>;
      const children: OptionNode[] = [];
      if (location.country) children.push({ name, label: 'Country', value: location.country });
      if (location.languages && location.languages.length > 0) children.push({ name, label: 'Languages', value: location.languages.join(', ') });
      return { name, label, value: describeLocation(location), children: children.length > 0 ? children : undefined };
    }
    case 'profile': {
      const profile = value as NonNullable<CrawlScrapeOptions['profile']>;
      const children: OptionNode[] = [];
      if (profile.name) children.push({ name, label: 'Name', value: profile.name });
      if (typeof profile.saveChanges === 'boolean') children.push({ name, label: 'Saves changes', value: yesNo(profile.saveChanges) });
      return { name, label, value: describeProfile(profile), children: children.length > 0 ? children : undefined };
    }
    default:
      if (typeof value === 'boolean') return { name, label, value: yesNo(value) };
      if (typeof value === 'number') return { name, label, value: MILLISECONDS.has(name) ? describeMilliseconds(value) : String(value) };
      if (typeof value === 'string') return { name, label, value };
      return undefined;
  }
}

/** Tooltip lines: "Label: value" for every set option; the caller escapes them into markdown. */
export function crawlTooltipLines(crawl: ActiveCrawl): string[] {
  const lines = [crawl.url, `Crawl ID: ${crawl.id}`];
  if (crawl.teamId) lines.push(`Team: ${crawl.teamId}`);
  const options = describeScrapeOptions(crawl.options?.scrapeOptions);
  if (options.length === 0) lines.push('No scrape options set.');
  for (const option of options) lines.push(`${option.label}: ${option.value ?? ''}`);
  return lines;
}
