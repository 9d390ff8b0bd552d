// The credits item in words: the structure of src/core/usage/present.ts through vscode.l10n,
// with numbers and dates through Intl in the display language. The only place its English is.
import * as vscode from 'vscode';
import { fullSettingKey, Setting } from '../../core/ids';
import { formatAgo, formatDate, formatDateTime, formatNumber, formatPercent, formatRelativeDays, formatTime, type IntlOptions } from '../../core/intl';
import type { BillingPeriod, PeriodEnd, PlanShare, UsageLabel, UsageLine, UsagePresentation } from '../../core/usage';
import type { TooltipForecast } from '../../core/usage-ledger/recent';

export interface UsageWords {
  text: string;
  heading: string;
  /** Each paragraph's lines, plain text: the caller escapes them into markdown. */
  paragraphs: string[][];
  /** For screen readers: the text without codicons. */
  accessibilityLabel: string;
}

export interface WordsOptions extends IntlOptions {
  now: Date;
}

/** "12,345 credits", "1 credit". */
function creditsWords(credits: number, locale: string): string {
  return credits === 1 ? vscode.l10n.t('1 credit') : vscode.l10n.t('{0} credits', formatNumber(credits, locale));
}

function labelWords(label: UsageLabel, locale: string): string {
  switch (label.kind) {
    case 'name':
      return vscode.l10n.t('Web Data');
    case 'credits':
      return creditsWords(label.credits, locale);
    case 'no-usage':
      return vscode.l10n.t('No usage information');
  }
}

function headingWords(view: UsagePresentation, locale: string): string {
  switch (view.kind) {
    case 'not-connected':
      return vscode.l10n.t('Web Data: not connected');
    case 'loading':
      return vscode.l10n.t('Web Data: loading the credits…');
    case 'ok':
    case 'low': {
      const credits = creditsWords(view.credits ?? 0, locale);
      return view.lastKnown ? vscode.l10n.t('Web Data: {0} left (last known)', credits) : vscode.l10n.t('Web Data: {0} left', credits);
    }
    case 'no-usage':
      return vscode.l10n.t('Web Data: no usage information');
    case 'error':
      return vscode.l10n.t('Web Data: the credits could not be loaded');
  }
}

function accessibilityWords(view: UsagePresentation, locale: string): string {
  switch (view.kind) {
    case 'not-connected':
      return vscode.l10n.t('Web Data: not connected. Click to connect.');
    case 'loading':
      return vscode.l10n.t('Web Data: loading the credits');
    case 'ok':
    case 'low': {
      const credits = creditsWords(view.credits ?? 0, locale);
      if (view.lastKnown) return vscode.l10n.t('Web Data: {0} left when last known, refreshing', credits);
      return view.kind === 'low' ? vscode.l10n.t('Web Data: {0} left, running low', credits) : vscode.l10n.t('Web Data: {0} left', credits);
    }
    case 'no-usage':
      return vscode.l10n.t('Web Data: no usage information');
    case 'error':
      return vscode.l10n.t('Web Data: the credits could not be loaded. Click for details.');
  }
}

function shareWords(share: PlanShare, locale: string): string {
  switch (share.kind) {
    case 'overdrawn':
      return vscode.l10n.t('None of the plan left (the balance is overdrawn)');
    case 'top-ups':
      return vscode.l10n.t('{0} of the plan (top-ups included)', formatPercent(share.percent, locale));
    case 'left':
      return vscode.l10n.t('{0} of the plan left', formatPercent(share.percent, locale));
  }
}

/** "ends in 9 days", "ends today", "ended 2 days ago": Intl words the relative day. */
function periodEndWords(end: PeriodEnd, locale: string): string {
  const relative = formatRelativeDays(end.days, locale);
  return end.ended ? vscode.l10n.t('ended {0}', relative) : vscode.l10n.t('ends {0}', relative);
}

function periodWords(period: BillingPeriod, options: WordsOptions): string {
  switch (period.kind) {
    case 'range':
      return vscode.l10n.t('Billing period: {0} – {1} ({2})', formatDate(period.start, options), formatDate(period.end, options), periodEndWords(period, options.locale));
    case 'ends':
      return vscode.l10n.t('Billing period ends {0} ({1})', formatDate(period.end, options), periodEndWords(period, options.locale));
    case 'started':
      return vscode.l10n.t('Billing period started {0}', formatDate(period.start, options));
    case 'free':
      return vscode.l10n.t('Free plan (no billing period)');
  }
}

function clickWords(action: Extract<UsageLine, { kind: 'click' }>['action']): string {
  switch (action) {
    case 'connect':
      return vscode.l10n.t('Click to connect: the service address and an API key.');
    case 'refresh':
      return vscode.l10n.t('Click to refresh.');
    case 'details':
      return vscode.l10n.t('Click for details.');
    case 'retry':
      return vscode.l10n.t('Click for details and to retry.');
  }
}

/** The forecast at this machine's rate: what the README says it is based on. */
function forecastWords(f: TooltipForecast, options: WordsOptions): string {
  const { locale } = options;
  if (f.runsOutAt === undefined) return vscode.l10n.t('Nothing spent here lately: no forecast.');
  const rate = formatNumber(Math.round(f.perDay * 10) / 10, locale);
  if (f.endsBeforePeriod) return vscode.l10n.t("At this machine's rate ({0} credits a day) they last until {1}, {2} days before the period ends.", rate, formatDate(f.runsOutAt, options), f.daysShort ?? 0);
  return f.periodEnd
    ? vscode.l10n.t("At this machine's rate ({0} credits a day) they last past the period's end (until {1}).", rate, formatDate(f.runsOutAt, options))
    : vscode.l10n.t("At this machine's rate ({0} credits a day) they last until {1}.", rate, formatDate(f.runsOutAt, options));
}

function lineWords(line: UsageLine, options: WordsOptions): string {
  const { locale } = options;
  switch (line.kind) {
    case 'plan-credits':
      return vscode.l10n.t('Plan: {0} (coupons excluded)', creditsWords(line.credits, locale));
    case 'tokens-detail':
      return vscode.l10n.t('In tokens (1 credit = {0} tokens):', formatNumber(line.tokensPerCredit, locale));
    case 'remaining-tokens':
      return vscode.l10n.t('Remaining tokens: {0}', formatNumber(line.tokens, locale));
    case 'plan-tokens':
      return vscode.l10n.t('Plan tokens: {0}', formatNumber(line.tokens, locale));
    case 'plan-share':
      return shareWords(line.share, locale);
    case 'billing-period':
      return periodWords(line.period, options);
    case 'below-threshold':
      return vscode.l10n.t('Fewer than {0} left (setting {1}).', creditsWords(line.threshold, locale), fullSettingKey(Setting.creditsLowThreshold));
    case 'no-usage-info':
      return vscode.l10n.t('The service has no token usage information for this team. The API key works; searches can still be made.');
    case 'service-said':
      return vscode.l10n.t('The service said: {0}', line.message);
    case 'error-message':
      return line.message ?? vscode.l10n.t('The credits could not be loaded.');
    case 'spent-today':
      return line.extension > 0
        ? vscode.l10n.t('Spent today: {0} by chat agents, {1} by you, {2} by other extensions', creditsWords(line.agent, locale), creditsWords(line.person, locale), creditsWords(line.extension, locale))
        : vscode.l10n.t('Spent today: {0} by chat agents, {1} by you', creditsWords(line.agent, locale), creditsWords(line.person, locale));
    case 'recent-days':
      return vscode.l10n.t('Last {0} days here: {1} ({2})', line.days, line.bars, creditsWords(line.total, locale));
    case 'forecast':
      return forecastWords(line.forecast, options);
    case 'updated':
      return line.lastKnown
        ? vscode.l10n.t('Last known {0} ({1}), refreshing…', formatDateTime(line.at, options), formatAgo(line.at, options.now, locale))
        : vscode.l10n.t('Updated {0}', formatTime(line.at, options));
    case 'click':
      return clickWords(line.action);
  }
}

export function usageWords(view: UsagePresentation, options: WordsOptions): UsageWords {
  return {
    text: `$(${view.icon}) ${labelWords(view.label, options.locale)}`,
    heading: headingWords(view, options.locale),
    paragraphs: view.tooltip.map((lines) => lines.map((line) => lineWords(line, options))),
    accessibilityLabel: accessibilityWords(view, options.locale),
  };
}
