// An active crawl (spec 2.6) in readable form, as structure: its short id, its formats, and every
// scrape option as a tree of typed values (a flag, a duration, a list of the service's names...).
// The words ("Only main content", "yes", "2 days") are made in src/features/crawls/words.ts.
// Header values may carry credentials, so only their names appear.
import type { ActiveCrawl, CrawlScrapeOptions } from '../api/schemas';

export type OptionName = keyof CrawlScrapeOptions;

/** One action of the `actions` option: its type is the service's word, shown as it is. */
export interface ActionValue {
  type: string;
  milliseconds?: number;
}

export type OptionValue =
  | { kind: 'flag'; on: boolean }
  | { kind: 'duration'; ms: number }
  | { kind: 'number'; value: number }
  /** The service's own text (a proxy mode, a country, a list item): data, shown as it is. */
  | { kind: 'text'; text: string }
  /** The service's names (formats, tags, languages); empty reads "none". */
  | { kind: 'list'; items: string[] }
  | { kind: 'headers'; names: string[] }
  | { kind: 'hidden' }
  | { kind: 'actions'; actions: ActionValue[] }
  | { kind: 'action'; action: ActionValue }
  | { kind: 'location'; country?: string; languages: string[] }
  | { kind: 'profile'; name?: string; saveChanges?: boolean };

/** What a row is called: the option itself, a part of one, one of its items, or an action's place. */
export type OptionLabel =
  | { kind: 'option'; name: OptionName }
  | { kind: 'field'; field: 'country' | 'languages' | 'name' | 'saveChanges' }
  /** A list item or a header name: the service's data. */
  | { kind: 'item'; text: string }
  /** 1-based. */
  | { kind: 'position'; index: number };

export interface OptionNode {
  /** The option this row belongs to, in the service's words (onlyMainContent, location). */
  name: OptionName;
  label: OptionLabel;
  /** Absent on a row whose label says it all (a list item). */
  value?: OptionValue;
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

/** The row's description: "#1a2b3c4d · markdown, html" (ids and the service's names, no words). */
export function crawlDescription(crawl: ActiveCrawl): string {
  const formats = formatsOf(crawl);
  return formats.length > 0 ? `#${shortId(crawl.id)} · ${formats.join(', ')}` : `#${shortId(crawl.id)}`;
}

/** Every option of spec 2.6, in its order: the order of the rows. */
export const OPTION_NAMES: readonly OptionName[] = [
  'formats', 'onlyMainContent', 'onlyCleanContent', 'includeTags', 'excludeTags', 'maxAge', 'minAge', 'headers', 'waitFor',
  'mobile', 'skipTlsVerification', 'timeout', 'parsers', 'actions', 'location', 'removeBase64Images', 'blockAds', 'proxy',
  'storeInCache', 'lockdown', 'profile',
];

// The spec gives no units; maxAge, minAge, waitFor and timeout are milliseconds in the service's
// other operations, so they read as durations.
const MILLISECONDS = new Set<OptionName>(['maxAge', 'minAge', 'waitFor', 'timeout']);

export type DurationUnit = 'day' | 'hour' | 'minute' | 'second';
const UNITS: ReadonlyArray<[DurationUnit, number]> = [['day', 86_400_000], ['hour', 3_600_000], ['minute', 60_000], ['second', 1000]];

/**
 * A duration from a minute up in larger units (172800000 ms is 2 days), since nobody reads
 * 172800000 as two days at a glance: at most the two largest units, zero parts left out.
 * Empty under a minute (or for a value that is not finite): the milliseconds say it.
 */
export function durationParts(ms: number): Array<{ unit: DurationUnit; count: number }> {
  if (!Number.isFinite(ms) || ms < 60_000) return [];
  let rest = Math.round(ms);
  const parts: Array<{ unit: DurationUnit; count: number }> = [];
  let taken = 0;
  for (const [unit, size] of UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || taken > 0) taken++;
    if (count > 0) parts.push({ unit, count });
    if (taken === 2) break;
  }
  return parts;
}

const option = (name: OptionName): OptionLabel => ({ kind: 'option', name });

function listNode(name: OptionName, items: string[]): OptionNode {
  // A short list reads best on one line; its items are children too, for long tag lists.
  const children = items.length > 1 ? items.map((item): OptionNode => ({ name, label: { kind: 'item', text: item } })) : undefined;
  return { name, label: option(name), value: { kind: 'list', items }, children };
}

/** One node per option that is set (null and absent ones are left out), in the spec's order. */
export function describeScrapeOptions(options: CrawlScrapeOptions | null | undefined): OptionNode[] {
  if (!options) return [];
  const nodes: OptionNode[] = [];
  for (const name of OPTION_NAMES) {
    const node = describeOption(name, options);
    if (node) nodes.push(node);
  }
  return nodes;
}

type Action = NonNullable<CrawlScrapeOptions['actions']>[number];
const actionOf = (action: Action): ActionValue =>
  typeof action.milliseconds === 'number' ? { type: action.type, milliseconds: action.milliseconds } : { type: action.type };

function describeOption(name: OptionName, options: CrawlScrapeOptions): OptionNode | undefined {
  const label = option(name);
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
      const names = Object.keys(value as Record<string, unknown>);
      const children = names.map((header): OptionNode => ({ name, label: { kind: 'item', text: header }, value: { kind: 'hidden' } }));
      return { name, label, value: { kind: 'headers', names }, children: children.length > 0 ? children : undefined };
    }
    case 'actions': {
      const actions = (value as Action[]).map(actionOf);
      const children = actions.map((action, i): OptionNode => ({ name, label: { kind: 'position', index: i + 1 }, value: { kind: 'action', action } }));
      return { name, label, value: { kind: 'actions', actions }, children: children.length > 0 ? children : undefined };
    }
    case 'location': {
      const location = value as NonNullable<CrawlScrapeOptions['location']>;
      const languages = location.languages ?? [];
      const children: OptionNode[] = [];
      if (location.country) children.push({ name, label: { kind: 'field', field: 'country' }, value: { kind: 'text', text: location.country } });
      if (languages.length > 0) children.push({ name, label: { kind: 'field', field: 'languages' }, value: { kind: 'list', items: languages } });
      const summary: OptionValue = { kind: 'location', languages, ...(location.country ? { country: location.country } : {}) };
      return { name, label, value: summary, children: children.length > 0 ? children : undefined };
    }
    case 'profile': {
      const profile = value as NonNullable<CrawlScrapeOptions['profile']>;
      const children: OptionNode[] = [];
      if (profile.name) children.push({ name, label: { kind: 'field', field: 'name' }, value: { kind: 'text', text: profile.name } });
      if (typeof profile.saveChanges === 'boolean') children.push({ name, label: { kind: 'field', field: 'saveChanges' }, value: { kind: 'flag', on: profile.saveChanges } });
      const summary: OptionValue = {
        kind: 'profile', ...(profile.name ? { name: profile.name } : {}), ...(typeof profile.saveChanges === 'boolean' ? { saveChanges: profile.saveChanges } : {}),
      };
      return { name, label, value: summary, children: children.length > 0 ? children : undefined };
    }
    default:
      if (typeof value === 'boolean') return { name, label, value: { kind: 'flag', on: value } };
      if (typeof value === 'number') return { name, label, value: MILLISECONDS.has(name) ? { kind: 'duration', ms: value } : { kind: 'number', value } };
      if (typeof value === 'string') return { name, label, value: { kind: 'text', text: value } };
      return undefined;
  }
}
