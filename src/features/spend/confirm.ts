// The one question every paid repeat asks before it sends (issue 46; src/core/spend/repeat.ts says
// which): a modal, as Extract Again's and a browser session's are, naming the operation and what it
// acts on, with the price in the words of the operation's own commands (the caller's price line:
// Search with Options' review, Scrape with Options', a parse's consent, the watch's). Asked every
// time, with no setting to skip it: a repeat is one click on a row, where a price is easy to miss.
// Declined or dismissed, the caller sends nothing. What it spends counts in today's spend through
// the feature's own event (src/features/spend/index.ts).
import * as vscode from 'vscode';
import type { PaidRepeat } from '../../core/spend/repeat';

/** The question and its button for each operation; `subject` is already inert for a notification. */
function wordsOf(operation: PaidRepeat, subject: string): { question: string; send: string } {
  switch (operation) {
    case 'searchAgain': return { question: vscode.l10n.t('Search the web again for “{0}”?', subject), send: vscode.l10n.t('Search Again') };
    case 'scrapeAgain': return { question: vscode.l10n.t('Scrape {0} again?', subject), send: vscode.l10n.t('Scrape Again') };
    case 'scrapeFresh': return { question: vscode.l10n.t('Scrape a fresh copy of {0}, not the service\'s cached one?', subject), send: vscode.l10n.t('Scrape Fresh Copy') };
    case 'scrapeResult': return { question: vscode.l10n.t('Scrape the full page {0}?', subject), send: vscode.l10n.t('Scrape Full Page') };
    case 'scrapeLink': return { question: vscode.l10n.t('Scrape the linked page {0}?', subject), send: vscode.l10n.t('Scrape') };
    case 'mapAgain': return { question: vscode.l10n.t('Map the site {0} again?', subject), send: vscode.l10n.t('Map Again') };
    case 'parseAgain': return { question: vscode.l10n.t('Upload {0} again and convert it to markdown?', subject), send: vscode.l10n.t('Convert Again') };
    case 'checkNow': return { question: vscode.l10n.t('Check the watch {0} now?', subject), send: vscode.l10n.t('Check Now') };
  }
}

/**
 * Asks before a paid repeat is sent; true only when the person chose to send. `price` is the
 * price line as the operation's commands say it ("Price: …"), never left out: unknown is a price too.
 * `counted: false` for an operation whose cost the service never reports.
 */
export async function askBeforeSpending(operation: PaidRepeat, subject: string, price: string, spend: { counted: boolean } = { counted: true }): Promise<boolean> {
  const { question, send } = wordsOf(operation, subject);
  // A cost the service does not report (a map's) is not counted: its price line says so instead.
  const detail = spend.counted ? `${price}\n\n${vscode.l10n.t('What it costs counts in today\'s spend, in the tooltip of the credits in the status bar.')}` : price;
  const choice = await vscode.window.showInformationMessage(question, { modal: true, detail }, send);
  return choice === send;
}
