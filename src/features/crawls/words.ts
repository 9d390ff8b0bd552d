// The Active Crawls rows in words: the structure of src/core/crawls/options.ts through
// vscode.l10n, numbers and durations through Intl in the display language. The service's own
// names (formats, tags, action types, header names) are data and stay as they are.
import * as vscode from 'vscode';
import type { ActiveCrawl } from '../../core/api';
import { durationParts, type ActionValue, type DurationUnit, type OptionLabel, type OptionName, type OptionNode, type OptionValue } from '../../core/crawls';
import type { CrawlProgress } from '../../core/crawls/progress';
import { formatNumber, formatTime, safeLocale } from '../../core/intl';
import type { ResearchRunRow } from '../../core/view-nodes';

const locale = (): string => safeLocale(vscode.env.language);

function optionName(name: OptionName): string {
  switch (name) {
    case 'formats': return vscode.l10n.t('Formats');
    case 'onlyMainContent': return vscode.l10n.t('Only main content');
    case 'onlyCleanContent': return vscode.l10n.t('Only clean content');
    case 'includeTags': return vscode.l10n.t('Include tags');
    case 'excludeTags': return vscode.l10n.t('Exclude tags');
    case 'maxAge': return vscode.l10n.t('Max age');
    case 'minAge': return vscode.l10n.t('Min age');
    case 'headers': return vscode.l10n.t('Headers');
    case 'waitFor': return vscode.l10n.t('Wait for');
    case 'mobile': return vscode.l10n.t('Mobile');
    case 'skipTlsVerification': return vscode.l10n.t('Skip TLS verification');
    case 'timeout': return vscode.l10n.t('Timeout');
    case 'parsers': return vscode.l10n.t('Parsers');
    case 'actions': return vscode.l10n.t('Actions');
    case 'location': return vscode.l10n.t('Location');
    case 'removeBase64Images': return vscode.l10n.t('Remove base64 images');
    case 'blockAds': return vscode.l10n.t('Block ads');
    case 'proxy': return vscode.l10n.t('Proxy');
    case 'storeInCache': return vscode.l10n.t('Store in cache');
    case 'lockdown': return vscode.l10n.t('Lockdown');
    case 'profile': return vscode.l10n.t('Profile');
  }
}

function fieldName(field: Extract<OptionLabel, { kind: 'field' }>['field']): string {
  switch (field) {
    case 'country': return vscode.l10n.t('Country');
    case 'languages': return vscode.l10n.t('Languages');
    case 'name': return vscode.l10n.t('Name');
    case 'saveChanges': return vscode.l10n.t('Saves changes');
  }
}

export function optionLabelWords(label: OptionLabel): string {
  switch (label.kind) {
    case 'option':
      return optionName(label.name);
    case 'field':
      return fieldName(label.field);
    case 'item':
      return label.text;
    case 'position':
      return vscode.l10n.t('{0}.', new Intl.NumberFormat(locale()).format(label.index));
  }
}

const yesNo = (on: boolean): string => (on ? vscode.l10n.t('yes') : vscode.l10n.t('no'));

/** A count of a unit in the language's own words: "2 days", "3 hr", "1,000 ms". */
function unitWords(count: number, unit: DurationUnit | 'millisecond'): string {
  const unitDisplay = unit === 'day' ? 'long' : 'short';
  return new Intl.NumberFormat(locale(), { style: 'unit', unit, unitDisplay, maximumFractionDigits: 0 }).format(count);
}

/** "1,000 ms"; from a minute up, with its reading in larger units: "172,800,000 ms (2 days)". */
function durationWords(ms: number): string {
  const exact = Number.isFinite(ms) ? unitWords(ms, 'millisecond') : String(ms);
  const parts = durationParts(ms);
  if (parts.length === 0) return exact;
  return vscode.l10n.t('{0} ({1})', exact, parts.map((part) => unitWords(part.count, part.unit)).join(' '));
}

function actionWords(action: ActionValue): string {
  return action.milliseconds === undefined ? action.type : vscode.l10n.t('{0} {1}', action.type, durationWords(action.milliseconds));
}

const none = (): string => vscode.l10n.t('none');

export function optionValueWords(value: OptionValue): string {
  switch (value.kind) {
    case 'flag':
      return yesNo(value.on);
    case 'duration':
      return durationWords(value.ms);
    case 'number':
      return new Intl.NumberFormat(locale()).format(value.value);
    case 'text':
      return value.text;
    case 'list':
      return value.items.length > 0 ? value.items.join(', ') : none();
    case 'headers': {
      if (value.names.length === 0) return none();
      const count = value.names.length === 1 ? vscode.l10n.t('1 header') : vscode.l10n.t('{0} headers', value.names.length);
      return vscode.l10n.t('{0}: {1}', count, value.names.join(', '));
    }
    case 'hidden':
      return vscode.l10n.t('value hidden');
    case 'actions':
      return value.actions.length > 0 ? value.actions.map(actionWords).join(', ') : none();
    case 'action':
      return actionWords(value.action);
    case 'location': {
      const country = value.country ?? vscode.l10n.t('any country');
      return value.languages.length > 0 ? vscode.l10n.t('{0} ({1})', country, value.languages.join(', ')) : country;
    }
    case 'profile': {
      const name = value.name ?? vscode.l10n.t('unnamed');
      if (value.saveChanges === true) return vscode.l10n.t('{0} (saves changes)', name);
      if (value.saveChanges === false) return vscode.l10n.t('{0} (read only)', name);
      return name;
    }
  }
}

/** "Label: value" for a tooltip line. */
export function optionLineWords(node: OptionNode): string {
  const label = optionLabelWords(node.label);
  return node.value === undefined ? label : vscode.l10n.t('{0}: {1}', label, optionValueWords(node.value));
}

/** "40 of 400 pages". */
function progressWords(progress: CrawlProgress): string {
  const count = (n: number): string => new Intl.NumberFormat(locale()).format(n);
  return vscode.l10n.t('{0} of {1} pages', count(progress.completed), count(progress.total));
}

/** The row's description: how far the crawl is when its status was read, then its id and formats. */
export function crawlDescriptionWords(progress: CrawlProgress | undefined, idAndFormats: string): string {
  return progress ? vscode.l10n.t('{0} · {1}', progressWords(progress), idAndFormats) : idAndFormats;
}

/**
 * The crawl's tooltip below its URL: the ids and how far it is (or that its status has not been
 * read), then how many scrape options it has, which the row's children list: one click away.
 */
export function crawlTooltipWords(crawl: ActiveCrawl, options: readonly OptionNode[], progress?: CrawlProgress): { ids: string[]; options: string[] } {
  const ids = [vscode.l10n.t('Crawl ID: {0}', crawl.id)];
  if (crawl.teamId) ids.push(vscode.l10n.t('Team: {0}', crawl.teamId));
  ids.push(progress
    ? vscode.l10n.t('Progress: {0}, as read at {1}', progressWords(progress), formatTime(new Date(progress.at), { locale: locale() }))
    : vscode.l10n.t('Progress: not read yet (Open Crawl Results… reads it)'));
  const count = options.length === 1 ? vscode.l10n.t('1 scrape option: expand the row to see it.') : vscode.l10n.t('{0} scrape options: expand the row to see them.', options.length);
  return { ids, options: [options.length > 0 ? count : vscode.l10n.t('No scrape options set.')] };
}

export function crawlAccessibilityWords(url: string, description: string): string {
  return vscode.l10n.t('Crawl of {0}, {1}', url, description);
}

/** A research run's row: what it is doing and its credits against its bound. */
export function researchDescriptionWords(run: ResearchRunRow): string {
  const doing = run.cancelling ? vscode.l10n.t('cancelling') : run.lastAction ?? run.status;
  return vscode.l10n.t('{0} · {1} of {2} credits', doing, formatNumber(run.creditsUsed, locale()), formatNumber(run.bound, locale()));
}

export function researchTooltipWords(run: ResearchRunRow): string[] {
  return [vscode.l10n.t('Research run {0}', run.id), vscode.l10n.t('Bound: at most {0} credits (maxCredits).', formatNumber(run.bound, locale()))];
}
