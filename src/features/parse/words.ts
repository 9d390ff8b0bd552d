// The parse feature's words, each localized; the file's name and the service's host are made inert
// by the caller.
import * as vscode from 'vscode';
import type { DocumentSummary } from '../../core/parse/store';
import type { ScrapePrice } from '../../core/scrape/options';
import { formatBytes, formatDateTime, formatNumber, safeLocale } from '../../core/intl';
import type { TooltipWords } from '../../core/text/inert';

const locale = (): string => safeLocale(vscode.env.language);

export const sizeWords = (bytes: number): string => formatBytes(bytes, locale());

function creditsWords(credits: number): string {
  return credits === 1 ? vscode.l10n.t('1 credit') : vscode.l10n.t('{0} credits', formatNumber(credits, locale()));
}

export const words = {
  pickTitle: (): string => vscode.l10n.t('Convert a Document to Markdown'),
  withOptionsButton: (): string => vscode.l10n.t('Convert with Options… (a PDF\'s mode, pages, marks)'),
  pickLabel: (): string => vscode.l10n.t('Convert to Markdown'),
  documentsFilter: (): string => vscode.l10n.t('Documents'),
  notAFile: (): string => vscode.l10n.t('Only a file on this machine can be opened as markdown.'),
  unsupported: (name: string, extensions: string): string => vscode.l10n.t('{0} cannot be opened as markdown: the service takes {1}.', name, extensions),
  empty: (name: string): string => vscode.l10n.t('{0} is empty: there is nothing to convert.', name),
  tooLarge: (name: string, size: string, most: string): string => vscode.l10n.t('{0} is {1}, larger than the {2} that Web Data uploads (the setting webData.parse.maxFileSizeMB). Nothing was sent.', name, size, most),
  openSettings: (): string => vscode.l10n.t('Open Settings'),
  untrusted: (): string => vscode.l10n.t('This workspace is not trusted, so Web Data uploads none of its files. Trust the workspace to open its documents as markdown.'),
  manageTrust: (): string => vscode.l10n.t('Manage Workspace Trust'),
  unreadable: (name: string): string => vscode.l10n.t('{0} could not be read.', name),
  notConnected: (): string => vscode.l10n.t('Connect to the Web Data Service first: a document is converted by the service.'),
  connect: (): string => vscode.l10n.t('Connect'),
  consentQuestion: (name: string, size: string, host: string): string => vscode.l10n.t('Upload {0} ({1}) to {2} to convert it to markdown?', name, size, host),
  consentDetail: (price: string): string => vscode.l10n.t('The file leaves this machine: the Web Data Service converts it and spends credits for it. {0}', price),
  upload: (): string => vscode.l10n.t('Upload'),
  uploadAlways: (): string => vscode.l10n.t('Upload, Don\'t Ask Again in This Workspace'),
  uploading: (name: string): string => vscode.l10n.t('Uploading {0}', name),
  converting: (): string => vscode.l10n.t('converting…'),
  percent: (percent: number): string => vscode.l10n.t('{0}%', percent),
  parseFailed: (name: string): string => vscode.l10n.t('{0} could not be converted to markdown.', name),
  warningLine: (warning: string): string => vscode.l10n.t('Warning from the Web Data Service: {0}', warning),
  convertedWithWarning: (name: string, warning: string): string => vscode.l10n.t('{0} was converted to markdown, and the service warned: {1}', name, warning),
  reused: (name: string, when: string): string => vscode.l10n.t('Opened {0} as converted {1}: the same content, so nothing was uploaded or spent.', name, when),
  parseAgain: (): string => vscode.l10n.t('Convert Again'),
  notKept: (name: string): string => vscode.l10n.t('The markdown of {0} could not be kept; its tab lasts this session.', name),
  gone: (): string => vscode.l10n.t('This document is no longer kept. Open the file as markdown again.'),
  pageMarker: (pageNumber: number): string => vscode.l10n.t('Page {0}', pageNumber),
  documentsGroup: (): string => vscode.l10n.t('Documents'),
  documentsGroupTooltip: (): string => vscode.l10n.t('Documents opened as markdown, kept on this machine: a click opens one; the same content opened again is shown from here, free.'),
  openDocument: (): string => vscode.l10n.t('Open Document'),
  pickDocumentRow: (): string => vscode.l10n.t('Pick a document in the Pages, Documents and Data view.'),
  fileGone: (path: string): string => vscode.l10n.t('{0} is no longer in the workspace, so it cannot be parsed again.', path),
  priceUnknown: (): string => vscode.l10n.t('The service publishes no price: what it costs is known after the first parse of this kind.'),
  priceOnce: (credits: number): string => vscode.l10n.t('A parse like this cost {0} last time.', creditsWords(credits)),
  priceSame: (credits: number, times: number): string => vscode.l10n.t('Parses like this cost {0} the last {1} times.', creditsWords(credits), times),
  priceRange: (min: number, max: number, times: number): string => vscode.l10n.t('Parses like this cost {0} to {1} the last {2} times.', formatNumber(min, locale()), creditsWords(max), times),
  // Parse with Options…
  optionsTitle: (): string => vscode.l10n.t('Convert with Options'),
  modePlaceholder: (): string => vscode.l10n.t('How the service reads the PDF'),
  modeFast: (): string => vscode.l10n.t('Fast: the text layer only'),
  modeAuto: (): string => vscode.l10n.t('Auto: the text layer, and text recognition where a page has none'),
  modeOcr: (): string => vscode.l10n.t('OCR: text recognition on every page (scans)'),
  maxPagesPrompt: (): string => vscode.l10n.t('The most pages to read from the start (empty or 0: the service\'s own limit)'),
  maxPagesBad: (): string => vscode.l10n.t('Type a whole number from 0 to 10000.'),
  pagesPlaceholder: (): string => vscode.l10n.t('Mark where each page starts?'),
  pagesYes: (): string => vscode.l10n.t('Mark each page (listed in the outline)'),
  pagesNo: (): string => vscode.l10n.t('One text, no page marks'),
  retentionPlaceholder: (): string => vscode.l10n.t('May the service keep the file?'),
  retentionStandard: (): string => vscode.l10n.t('Standard'),
  retentionZero: (): string => vscode.l10n.t('Zero data retention'),
  reviewPlaceholder: (): string => vscode.l10n.t('Press Enter to upload, or pick an option to change it'),
  send: (): string => vscode.l10n.t('Upload and Convert'),
  reviewSeparator: (): string => vscode.l10n.t('Options'),
  notSent: (): string => vscode.l10n.t('not sent (the service\'s default)'),
};

export function priceWords(price: ScrapePrice): string {
  if (price.kind === 'unknown') return words.priceUnknown();
  if (price.times === 1) return words.priceOnce(price.max);
  return price.min === price.max ? words.priceSame(price.max, price.times) : words.priceRange(price.min, price.max, price.times);
}

function askerWords(askedBy: DocumentSummary['askedBy']): string {
  return askedBy === 'agent' ? vscode.l10n.t('a chat agent') : vscode.l10n.t('you');
}

/** A kept document's row: "docs/spec.pdf · you · 3 credits". */
export function documentDescriptionWords(row: DocumentSummary): string {
  const parts = [row.relativePath === row.fileName ? sizeWords(row.fileBytes) : row.relativePath, askerWords(row.askedBy)];
  if (row.creditsUsed !== undefined) parts.push(creditsWords(row.creditsUsed));
  return parts.join(' · ');
}

export function documentTooltipWords(row: DocumentSummary): TooltipWords {
  const lines = [row.relativePath, vscode.l10n.t('Size: {0}', sizeWords(row.fileBytes))];
  const at = new Date(row.parsedAt);
  if (!Number.isNaN(at.getTime())) lines.push(vscode.l10n.t('Converted: {0}', formatDateTime(at, { locale: locale() })));
  lines.push(row.askedBy === 'agent' ? vscode.l10n.t('Asked by: a chat agent') : vscode.l10n.t('Asked by: you'));
  lines.push(row.creditsUsed !== undefined ? vscode.l10n.t('Credits used: {0}', creditsWords(row.creditsUsed)) : vscode.l10n.t('Credits used: not said by the service'));
  if (row.pageCount !== undefined) lines.push(vscode.l10n.t('Pages: {0}', row.pageCount));
  lines.push(vscode.l10n.t('Content hash (SHA-256): {0}', row.contentHash.slice(0, 16)));
  if (row.pinned === true) lines.push(vscode.l10n.t('Pinned: kept when the history makes room'));
  return { heading: row.fileName, paragraphs: [lines] };
}

/** The tab's header: which file, when, what it cost. */
export function headerWords(row: Pick<DocumentSummary, 'fileName' | 'relativePath' | 'parsedAt' | 'creditsUsed'>): string {
  const at = new Date(row.parsedAt);
  const when = Number.isNaN(at.getTime()) ? row.parsedAt : formatDateTime(at, { locale: locale() });
  const cost = row.creditsUsed !== undefined ? vscode.l10n.t(', {0}', creditsWords(row.creditsUsed)) : '';
  return `> ${vscode.l10n.t('{0}, converted to markdown by the Web Data Service on {1}{2}.', row.relativePath, when, cost)}\n\n`;
}
