// Which commands spend credits, and how each shows what it will cost before it sends (issue 47:
// "every bound holds on every path"). Plain data beside the feature table (../feature-table.ts):
// test/unit/spending-table.test.ts holds every command of that table to one row here or to the free
// list, and the host suite "spending entries" runs each row's command, declines it, and checks that
// the price was named and nothing paid was sent. The paid repeats' one icon is read from here too.
import { Command, type CommandId } from '../ids';

type PriceShown =
  /** A modal names the price (or the bound) before anything is sent, every time; declined, nothing is. */
  | 'asks'
  /** A review step names the price or bound beside the action that sends it; above a threshold setting a modal asks too. */
  | 'review'
  /**
   * The box whose Enter sends (the query, the address; prefilled by an entry or typed) names the
   * price under it from the moment it opens, in the review's words (issue 46). Escape sends nothing.
   */
  | 'box';

export interface SpendingEntry {
  shows: PriceShown;
  /** A row's, a menu's or a title bar's one click that spends again: it wears the paid repeat icon. */
  repeat?: true;
}

export const SPENDING_COMMANDS: Readonly<Partial<Record<CommandId, SpendingEntry>>> = {
  [Command.search]: { shows: 'box' },
  [Command.searchSelection]: { shows: 'box' },
  [Command.searchTerminalSelection]: { shows: 'box' },
  [Command.searchProblem]: { shows: 'box' },
  // With no query box open, its operator goes into a new one, whose Enter searches.
  [Command.insertOperator]: { shows: 'box' },
  [Command.scrapeUrl]: { shows: 'box' },
  [Command.mapSite]: { shows: 'box' },
  [Command.searchAdvanced]: { shows: 'review' },
  [Command.searchAgain]: { shows: 'asks', repeat: true },
  [Command.scrapeWithOptions]: { shows: 'review' },
  [Command.scrapeAgain]: { shows: 'asks', repeat: true },
  [Command.scrapeFresh]: { shows: 'asks', repeat: true },
  [Command.scrapeResult]: { shows: 'asks' },
  [Command.openCrawlPageLink]: { shows: 'asks' },
  [Command.startCrawl]: { shows: 'review' },
  [Command.startBatchScrape]: { shows: 'review' },
  [Command.scrapeAllResults]: { shows: 'review' },
  [Command.extractData]: { shows: 'asks' },
  [Command.extractAgain]: { shows: 'asks', repeat: true },
  [Command.research]: { shows: 'review' },
  [Command.openAsMarkdown]: { shows: 'asks' },
  [Command.openDocumentAsMarkdown]: { shows: 'asks' },
  [Command.parseWithOptions]: { shows: 'review' },
  [Command.parseAgain]: { shows: 'asks', repeat: true },
  [Command.watch]: { shows: 'review' },
  [Command.editWatch]: { shows: 'review' },
  [Command.checkWatchNow]: { shows: 'asks', repeat: true },
  [Command.resumeWatch]: { shows: 'review' },
  [Command.startBrowserSession]: { shows: 'asks' },
  [Command.continueInBrowser]: { shows: 'asks' },
  // A docs set's crawl (issue 48): Add Docs…'s review and Refresh's name the bound beside the action.
  [Command.addDocs]: { shows: 'review' },
  [Command.refreshDocs]: { shows: 'review' },
  // Keep Fresh… makes a watch of the set: Watch for Changes…' own review of its month.
  [Command.keepDocsFresh]: { shows: 'review' },
};

/** The commands a person clicks to spend again: one icon, which no free command wears (the manifest's check reads it). */
export const PAID_REPEAT_COMMANDS: readonly CommandId[] = Object.values(Command).filter((id) => SPENDING_COMMANDS[id]?.repeat === true);
