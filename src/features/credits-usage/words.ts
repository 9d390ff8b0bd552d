// The credits panel's words, in the person's language: the page makes none. Numbers and dates in the
// person's locale; outside text (a watch's name, a key's name) passed as it is, set as text by the page.
import * as vscode from 'vscode';
import { formatDate, formatNumber } from '../../core/intl';
import type { PanelData, Spender } from '../../core/usage-ledger/panel-data';
import type { PanelWords } from '../../core/usage-ledger/panel-messages';
import type { UsageKind } from '../../core/usage-ledger/ledger';

export function kindNames(): Record<UsageKind, string> {
  return {
    search: vscode.l10n.t('Searches'),
    page: vscode.l10n.t('Pages'),
    document: vscode.l10n.t('Documents'),
    crawl: vscode.l10n.t('Crawls and batch scrapes'),
    extract: vscode.l10n.t('Extractions'),
    research: vscode.l10n.t('Research runs'),
    watch: vscode.l10n.t('Watches'),
    browser: vscode.l10n.t('Browser sessions'),
    docs: vscode.l10n.t('Docs sets'),
  };
}

const locale = (): string => vscode.env.language;
const n = (value: number): string => formatNumber(Math.round(value), locale());
const date = (iso: string): string => formatDate(new Date(iso), { locale: locale() });

function spenderText(s: Spender, kinds: Record<UsageKind, string>): string {
  const credits = vscode.l10n.t('{0} credits', n(s.credits));
  if (s.subject === undefined) return vscode.l10n.t('{0}, all: {1}', kinds[s.kind], credits);
  if (s.kind === 'watch') return vscode.l10n.t('Watch "{0}": {1}', s.name ?? s.subject, credits);
  // A job by where it started (its name: an address, outside text shown as text), else by its short id.
  const job = s.name ?? vscode.l10n.t('job {0}', s.subject.slice(0, 8));
  if (s.kind === 'crawl') return vscode.l10n.t('Crawl or batch scrape of {0}: {1}', job, credits);
  if (s.kind === 'docs') return vscode.l10n.t('Docs set crawl of {0}: {1}', job, credits);
  // A research run by its prompt (outside text: the person's or an agent's, shown as text).
  if (s.kind === 'research') return s.name === undefined ? vscode.l10n.t('Research run {0}: {1}', s.subject.slice(0, 8), credits) : vscode.l10n.t('Research "{0}": {1}', s.name, credits);
  return vscode.l10n.t('{0} {1}: {2}', kinds[s.kind], s.subject.slice(0, 8), credits);
}

/**
 * Whether a spender's link opens something: a watch (the Watches view), a job (its row in Jobs), a
 * research run this machine keeps (its JSON tab).
 */
export function spenderOpens(s: Spender): boolean {
  return s.subject !== undefined && (s.kind === 'watch' || s.kind === 'crawl' || s.kind === 'docs' || (s.kind === 'research' && s.name !== undefined));
}

function summary(data: PanelData): string[] {
  const lines = [vscode.l10n.t('This machine spent {0} credits in the last {1} days.', n(data.total), data.range)];
  if (data.remainingCredits !== undefined) {
    lines.push(data.periodEnd
      ? vscode.l10n.t('{0} credits left; the billing period ends on {1}.', n(data.remainingCredits), date(data.periodEnd))
      : vscode.l10n.t('{0} credits left.', n(data.remainingCredits)));
  }
  const f = data.forecast;
  if (f) {
    const basis = f.basis === 'team-period' ? vscode.l10n.t("the team's rate this period") : vscode.l10n.t("this machine's rate over the last 14 days");
    if (f.runsOutAt === undefined) lines.push(vscode.l10n.t('Nothing spent lately: no forecast.'));
    else if (f.endsBeforePeriod) lines.push(vscode.l10n.t('At this rate ({0} credits a day, {1}) the credits last until {2}, {3} days before the period ends.', n(f.perDay), basis, date(f.runsOutAt), f.daysShort ?? 0));
    else lines.push(vscode.l10n.t('At this rate ({0} credits a day, {1}) the credits last past the period\'s end (until {2}).', n(f.perDay), basis, date(f.runsOutAt)));
    if (f.watchesByPeriodEnd !== undefined && f.watchesByPeriodEnd > 0) lines.push(vscode.l10n.t('The active watches will cost about {0} credits by the period\'s end (their monthly estimates).', n(f.watchesByPeriodEnd)));
  } else {
    lines.push(vscode.l10n.t('The credits left are not known yet: no forecast.'));
  }
  return lines;
}

export function panelWords(data: PanelData): PanelWords {
  const kinds = kindNames();
  const periodColumns = [vscode.l10n.t('Period'), ...(data.byKey ? [vscode.l10n.t('API key')] : []), vscode.l10n.t('Credits')];
  return {
    title: vscode.l10n.t('Credits Usage'),
    kinds,
    perDay: vscode.l10n.t('Credits a day'),
    creditsLeft: vscode.l10n.t('Credits left'),
    forecastLine: vscode.l10n.t('Credits left at this rate'),
    range30: vscode.l10n.t('30 days'),
    range90: vscode.l10n.t('90 days'),
    exportCsv: vscode.l10n.t('Export CSV'),
    chartLabel: vscode.l10n.t('Credits spent each day of the last {0} days on this machine, by kind; the same figures are in the table below.', data.range),
    summary: summary(data),
    spendersHeading: vscode.l10n.t('Biggest spenders'),
    spenders: data.spenders.map((s) => ({ text: spenderText(s, kinds), opens: spenderOpens(s) })),
    periodsHeading: vscode.l10n.t('Billing periods (the team)'),
    periodColumns,
    periodRows: data.periods.map((p) => [`${date(p.startDate)} – ${date(p.endDate)}`, ...(data.byKey ? [p.apiKey ?? ''] : []), n(p.totalCredits)]),
    tableHeading: vscode.l10n.t('Credits by day and kind (this machine)'),
    dayColumn: vscode.l10n.t('Day'),
    totalColumn: vscode.l10n.t('Total'),
    empty: vscode.l10n.t('Nothing spent on this machine in these days.'),
  };
}
