// The editor's note on a tab of our read-only file systems, by scheme: here rather than with each
// feature because the stand-in of each scheme (./stand-ins.ts) is registered at activation, before
// the feature that serves it has loaded, and VS Code takes the note with the registration.
import * as vscode from 'vscode';
import { Schemes } from '../core/schemes';

export function readonlyNote(scheme: string): string {
  switch (scheme) {
    case Schemes.searchResult.scheme: return vscode.l10n.t('Scraped by the Web Data Service. Use **Save As** to keep an editable copy.');
    case Schemes.crawlPage.scheme: return vscode.l10n.t('Crawled by the Web Data Service. Use **Save As** to keep an editable copy.');
    case Schemes.scrapedPage.scheme: return vscode.l10n.t('Fetched by the Web Data Service. Use **Save As** to keep an editable copy.');
    case Schemes.parsedDocument.scheme: return vscode.l10n.t('Converted to markdown by the Web Data Service. Use **Save As** to keep an editable copy.');
    case Schemes.watchChange.scheme: return vscode.l10n.t('A watched page as the Web Data Service kept it at one check. Use **Save As** to keep an editable copy.');
    default: return vscode.l10n.t('Made by Web Data. Use **Save As** to keep an editable copy.');
  }
}
