// The words of advanced search and the query boxes: the core's structure (warnings, problems,
// operators, estimates) put into the display language. Parts of the query are quoted through
// inertQuickPick: a query can come from another extension's argument.
import * as vscode from 'vscode';
import type { OperatorId, QueryWarning } from '../../../core/search/advanced/operators';
import type { CreditEstimate } from '../../../core/search/estimate';
import type { DateRangeCheck } from '../../../core/search/advanced/time';
import { inertQuickPick } from '../../../core/text/inert';

export function warningText(warning: QueryWarning): string {
  switch (warning.kind) {
    case 'badSize':
      return vscode.l10n.t('{0}:{1} needs a size in pixels written WIDTHxHEIGHT, such as {0}:1920x1080.', warning.operator, inertQuickPick(warning.value, 20));
    case 'unbalancedQuote':
      return vscode.l10n.t('A double quote is not closed, so the exact phrase runs to the end of the query.');
    case 'notHostname': {
      const value = inertQuickPick(warning.value, 60);
      const meant = warning.hostname ? `${warning.operator}:${inertQuickPick(warning.hostname, 60)}` : `${warning.operator}:example.com`;
      return warning.part === 'scheme'
        ? vscode.l10n.t('{0}:{1} has a scheme; give the hostname only, such as {2}.', warning.operator, value, meant)
        : vscode.l10n.t('{0}:{1} has a path; give the hostname only, such as {2}.', warning.operator, value, meant);
    }
    case 'notNegatable':
      return vscode.l10n.t('-{0}: cannot be negated: the minus is ignored, so the search does the opposite of what you mean.', warning.operator);
    case 'imagesWithoutSource':
      return vscode.l10n.t('{0}: only filters images, and this search does not ask for images: add the images source.', warning.operator);
  }
}

/** Every warning in one message, as a validation message holds one. */
export function warningsText(warnings: readonly QueryWarning[]): string | undefined {
  return warnings.length > 0 ? warnings.map(warningText).join(' ') : undefined;
}

export function operatorExplanation(id: OperatorId): string {
  switch (id) {
    case 'phrase': return vscode.l10n.t('Exact match of the quoted words, in that order.');
    case 'exclude': return vscode.l10n.t('Leaves out results with the word; before an operator, negates it.');
    case 'site': return vscode.l10n.t('Only results from the given site.');
    case 'filetype': return vscode.l10n.t('Only results with the file extension; can be negated with -.');
    case 'inurl': return vscode.l10n.t('Only results with the word in the URL.');
    case 'allinurl': return vscode.l10n.t('Only results with all the following words in the URL.');
    case 'intitle': return vscode.l10n.t('Only results with the word in the page title.');
    case 'allintitle': return vscode.l10n.t('Only results with all the following words in the page title.');
    case 'related': return vscode.l10n.t('Only results related to the given domain.');
    case 'imagesize': return vscode.l10n.t('Only images of exactly this size, WIDTHxHEIGHT (images source).');
    case 'larger': return vscode.l10n.t('Only images larger than this size, WIDTHxHEIGHT (images source).');
  }
}

export function dateRangeProblem(check: Extract<DateRangeCheck, { ok: false }>): string {
  switch (check.problem) {
    case 'format': return vscode.l10n.t('Type two dates as MM/DD/YYYY - MM/DD/YYYY, such as 03/01/2025 - 03/31/2025.');
    case 'badStart': return vscode.l10n.t('The start is not a real date in the form MM/DD/YYYY.');
    case 'badEnd': return vscode.l10n.t('The end is not a real date in the form MM/DD/YYYY.');
    case 'startAfterEnd': return vscode.l10n.t('The range starts after it ends; swap the dates.');
  }
}

export function estimateText(estimate: CreditEstimate | undefined): string {
  if (!estimate) return '';
  if (!estimate.priced) return vscode.l10n.t('Price: not given by the service in advance; the search reports the credits it used.');
  const mode = estimate.mode === 'zdr' ? vscode.l10n.t('zero data retention') : vscode.l10n.t('anonymized zero data retention');
  const most = vscode.l10n.t('At most {0} credits for {1} ({2} credits per 10 results, {3} per source, {4} sources)',
    estimate.maxCredits, mode, estimate.creditsPerTen, estimate.limit, estimate.sources);
  return estimate.scraped ? `${most} ${vscode.l10n.t('plus scraping, which the service prices when it runs.')}` : `${most}.`;
}
