// Any page as markdown (issue 27): Scrape URL as Markdown…, Scrape Fresh Copy, a search result's full
// page, and Map Site. The address is checked before anything leaves (core/scrape/url-check): a
// refused one is said in the box, flagged parts (credentials, secret-looking parameters, hosts the
// service cannot reach) are shown and removed unless the person keeps them. The page opens in a
// read-only markdown tab kept in global storage, so it comes back after a reload and in every window.
// A click that spends at once (Scrape Fresh Copy, Scrape Full Page, Scrape Again, a crawled page's
// link) asks first with its price (src/features/spend/confirm.ts).
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { MapLink, ScrapeRequest, WebDataClient } from '../../core/api';
import { writeFailureOf } from '../../core/fs-retry';
import { Command } from '../../core/ids';
import { abortOn } from '../../core/chat/tool';
import { decodeScrapeArgument, type ScrapeArgument } from '../../core/commands/scrape';
import { decodeUrl, type UrlArgument } from '../../core/commands/search';
import { isErrorPage, pageIdOf, scrapedRecord, type ScrapedRecord } from '../../core/scrape/page';
import { Schemes } from '../../core/schemes';
import { ScrapedPages } from '../../core/scrape/store';
import { checkUrl, type UrlCheck } from '../../core/scrape/url-check';
import { scrapePriceOf, scrapeShape } from '../../core/scrape/options';
import type { PaidRepeat } from '../../core/spend/repeat';
import { inertNotification, inertQuickPick } from '../../core/text/inert';
import { Disposable } from '../../platform/disposable';
import { offerConnect, showError } from '../../platform/notify';
import { withWindowProgress } from '../../platform/progress';
import { showQuickInput } from '../../platform/quick-inputs';
import { keptRecordsAt } from '../../platform/kept-records';
import type { Services } from '../../platform/services';
import { scrapeSettings } from '../../platform/settings';
import { registerCommand } from '../../platform/commands';
import { ScrapedPageDocuments } from './documents';
import { runScrapeWithOptions } from './options';
import { registerPages, type PagesPlace } from './pages-commands';
import type { PagesView } from './pages-view';
import type { GroupTree } from '../../platform/group-tree';
import { askBeforeSpending } from '../spend/confirm';
import { confirmUrl, urlNearby } from './url-input';
import { errorPageWords, flagWords, optionWords, refusalWords, words } from './words';

type Options = Omit<ScrapeRequest, 'url'>;

/** Scrape Fresh Copy's argument: the tab's Uri the editor's title bar passes; else the active tab's. */
function decodeUri(argument: unknown): vscode.Uri | undefined {
  return argument instanceof vscode.Uri ? argument : undefined;
}

/** What the commands take: ScrapeArgument, or the document an editor's menu passes (its cursor is read). */
type ScrapeCommandArgument = ScrapeArgument | { kind: 'document'; uri: vscode.Uri };

function decodeScrapeCommand(argument: unknown): ScrapeCommandArgument {
  return argument instanceof vscode.Uri ? { kind: 'document', uri: argument } : decodeScrapeArgument(argument);
}

function documentOf(argument: ScrapeCommandArgument): vscode.Uri | undefined {
  return argument.kind === 'document' ? argument.uri : undefined;
}

export class ScrapeFeature extends Disposable {
  readonly pages: ScrapedPages;
  readonly documents: ScrapedPageDocuments;
  private readonly scraped = this._register(new vscode.EventEmitter<ScrapedRecord>());
  /** After each page fetched and kept, whoever asked (the spend ledger and the history follow it). */
  readonly onDidScrape = this.scraped.event;
  /** The Pages group of the Pages, Documents and Data view (set as the feature is registered). */
  pagesView: PagesView | undefined;
  /** The Pages, Documents and Data view's rows: the parse and agent features add their groups (set as the feature is registered). */
  kept: GroupTree | undefined;

  constructor(private readonly services: Services) {
    super();
    this.pages = new ScrapedPages(...keptRecordsAt(services));
    this.documents = this._register(new ScrapedPageDocuments(this.pages));
  }

  /** webData.scrapeUrl: the page at a URL as markdown. Resolves with the record, or undefined when nothing was fetched. */
  async scrapeUrl(argument: ScrapeCommandArgument = { kind: 'none' }): Promise<ScrapedRecord | undefined> {
    if (argument.kind === 'request') {
      const { url, ...options } = argument.request;
      const sent = await this.confirm(checkUrl(url));
      return sent === undefined ? undefined : this.scrape(sent, options);
    }
    const prefill = argument.kind === 'prefill' ? argument.url : await urlNearby(documentOf(argument));
    // The price before Enter, as Scrape with Options' review says it: Enter sends the settings' formats.
    const typed = await this.askUrl(words.urlTitle(), `${await this.priceLine({})} · ${words.urlPrompt()}`, prefill,
      (url) => void vscode.commands.executeCommand(Command.scrapeWithOptions, url.trim() === '' ? undefined : url));
    if (typed === undefined) return undefined;
    const sent = await this.confirm(checkUrl(typed));
    return sent === undefined ? undefined : this.scrape(sent, {});
  }

  /** webData.scrapeResult: a search result's full page, when the search fetched no markdown. */
  async scrapeResult(argument: UrlArgument): Promise<ScrapedRecord | undefined> {
    if (argument.kind !== 'url') {
      void vscode.window.showErrorMessage(words.noResultUrl());
      return undefined;
    }
    const sent = await this.confirm(checkUrl(argument.url));
    if (sent === undefined || !(await this.askFirst('scrapeResult', sent, {}))) return undefined;
    return this.scrape(sent, {});
  }

  /** webData.scrapeFresh: the page of the active tab again, not from the service's cache; asked first with its price. */
  async scrapeFresh(given: vscode.Uri | undefined): Promise<ScrapedRecord | undefined> {
    const uri = given ?? vscode.window.activeTextEditor?.document.uri;
    const id = uri?.scheme === Schemes.scrapedPage.scheme ? pageIdOf(uri.query) : undefined;
    const record = id === undefined ? undefined : await this.pages.read(id);
    if (!record) {
      void vscode.window.showErrorMessage(words.notAPage());
      return undefined;
    }
    const options: Options = { maxAge: 0 };
    if (!(await this.askFirst('scrapeFresh', record.url, options))) return undefined;
    return this.scrape(record.url, options);
  }

  /** webData.mapSite: a site's addresses in a quick pick; the picked ones open as markdown. */
  async mapSite(argument: ScrapeCommandArgument = { kind: 'none' }): Promise<MapLink[] | undefined> {
    const request = argument.kind === 'request' ? argument.request : undefined;
    // The map's price before Enter: the service reports none, so it is said as unknown (issue 46).
    const typed = request?.url ?? await this.askUrl(words.mapTitle(), `${words.mapPrice()} · ${words.mapPrompt()}`, argument.kind === 'prefill' ? argument.url : await urlNearby(documentOf(argument)));
    if (typed === undefined) return undefined;
    const url = await this.confirm(checkUrl(typed));
    if (url === undefined) return undefined;
    const client = await this.client();
    if (!client) return undefined;
    const { url: _url, ...mapOptions } = request ?? { url };
    const shown = inertNotification(url, 80);
    let links: MapLink[];
    try {
      links = await withWindowProgress(words.mapping(shown), async (token) => {
        const abort = abortOn(token);
        try {
          // The host asked for, not its sister sites: subdomains only when the request asks for them.
          return await client.map({ includeSubdomains: false, ...mapOptions, url }, { signal: abort.signal });
        } finally {
          abort.dispose();
        }
      });
    } catch (error) {
      // Retry spends as the first map did, never at one click: the box again, its price under it;
      // a request given as an argument (its search, its limit) asked first with the same price.
      const again = (): Promise<MapLink[] | undefined> => (request
        ? this.askMapAgain(shown).then((yes) => (yes ? this.mapSite({ kind: 'request', request: { ...mapOptions, url } }) : undefined))
        : this.mapSite({ kind: 'prefill', url }));
      void showError(this.services.log, words.mapFailed(shown), error, { retry: again });
      return undefined;
    }
    if (links.length === 0) {
      void vscode.window.showInformationMessage(words.mapEmpty(shown));
      return links;
    }
    if (request) return links;
    // A picked address is scraped at once: the price of a scrape is in the list's title before the pick
    // (its placeholder is read whole only when short: a narrow window cut it).
    const scrapePrice = await this.priceLine({});
    const picked = await pick(links.map((link) => ({
      label: inertQuickPick(link.title ?? pathOf(link.url)),
      description: inertQuickPick(link.url),
      ...(link.description ? { detail: inertQuickPick(link.description) } : {}),
      url: link.url,
    })), { title: `${words.mapTitle()} · ${scrapePrice}`, placeholder: words.mapPlaceholder(links.length), many: true });
    const urls = picked.map((item) => item.url);
    if (urls.length > 1 && await this.batchOrEach(urls.length, scrapePrice) === 'batch') {
      // One job for all of them: Batch Scrape's review shows the request and its bound before it starts.
      await vscode.commands.executeCommand(Command.startBatchScrape, { urls });
      return links;
    }
    for (const url of urls) {
      if (!(await this.scrape(url, {}))) break;
    }
    return links;
  }

  /** A failed map's Retry with the request it was given: the paid repeats' question, with the map's price (which no map reports, so none is counted). */
  private askMapAgain(shown: string): Promise<boolean> {
    return askBeforeSpending('mapAgain', shown, words.mapPrice(), { counted: false });
  }

  /** Several addresses picked: one batch scrape, or each opened as markdown one by one. */
  private async batchOrEach(count: number, scrapePrice: string): Promise<'batch' | 'each' | undefined> {
    const [picked] = await pick([
      { label: words.batchAll(count), detail: words.batchAllDetail(), choice: 'batch' as const },
      { label: words.openEach(count), detail: `${words.openEachDetail()} ${words.eachPrice(scrapePrice)}`, choice: 'each' as const },
    ], { title: words.mapTitle(), placeholder: words.batchOrEachPlaceholder(count), many: false });
    return picked?.choice;
  }

  /**
   * A page fetched and kept, with no prompt, progress or tab: the chat tools' way in. The address
   * must already be checked. Throws what the client throws (ApiError, an abort).
   */
  async fetchPage(client: WebDataClient, url: string, options: Options, asked: { askedBy: ScrapedRecord['askedBy']; signal?: AbortSignal }): Promise<ScrapedRecord> {
    const settings = scrapeSettings();
    const request: ScrapeRequest = { formats: settings.formats, onlyMainContent: settings.onlyMainContent, maxAge: settings.maxAgeMinutes * 60_000, ...options, url };
    const page = await client.scrape(request, asked.signal ? { signal: asked.signal } : {});
    const record = scrapedRecord(randomUUID(), url, page, new Date(), asked.askedBy);
    const { url: _sent, ...sentOptions } = request;
    record.request = sentOptions;
    try {
      await this.pages.save(record);
    } catch (error) {
      this.services.log.warn(`The page could not be kept in global storage; its tab lasts this session: ${String(error)}`);
      // The person who asked is told; an agent's page is said in the log only (a chat turn may fetch many).
      if (asked.askedBy === 'person') void vscode.window.showWarningMessage(inertNotification(words.pageNotKept(inertNotification(url, 80), writeFailureOf(error))));
    }
    this.scraped.fire(record);
    return record;
  }

  /** A page fetched again with the options it was fetched with (Scrape Again on its row), asked first with its price. */
  async scrapeAgain(record: ScrapedRecord): Promise<ScrapedRecord | undefined> {
    const options = record.request ?? {};
    if (!(await this.askFirst('scrapeAgain', record.url, options))) return undefined;
    return this.scrape(record.url, options);
  }

  /** A crawled page's link picked (Scrape Linked Page…): its address checked, asked first with its price, then sent. */
  async scrapeLink(url: string): Promise<ScrapedRecord | undefined> {
    const sent = await this.confirm(checkUrl(url));
    if (sent === undefined || !(await this.askFirst('scrapeLink', sent, {}))) return undefined;
    return this.scrape(sent, {});
  }

  /**
   * A paid repeat's question (src/features/spend/confirm.ts) with the price Scrape with Options'
   * review says for the request as fetchPage will send it: this person's scrapes of its shape.
   */
  private async askFirst(operation: PaidRepeat, url: string, options: Options): Promise<boolean> {
    return askBeforeSpending(operation, inertNotification(url, 80), await this.priceLine(options));
  }

  /** The price line of a scrape sent with these options over the settings: this person's scrapes of its shape, else unknown. */
  private async priceLine(options: Options): Promise<string> {
    const settings = scrapeSettings();
    const shape = scrapeShape({ formats: settings.formats, ...options });
    return optionWords.price(scrapePriceOf(shape, (await this.pages.summaries().catch(() => undefined)) ?? []));
  }

  /** A checked address sent with the options given, its tab opened (Scrape with Options' last step). */
  async scrapeChecked(url: string, options: Options): Promise<ScrapedRecord | undefined> {
    const sent = await this.confirm(checkUrl(url));
    return sent === undefined ? undefined : this.scrape(sent, options);
  }

  /** Holds an open quick input of Scrape with Options, so it goes with the feature. */
  own(d: vscode.Disposable): vscode.Disposable {
    return this._register(d);
  }

  /** The address the person points at: under the cursor (a link's label too), the selection, the clipboard. */
  nearbyUrl(): Promise<string | undefined> {
    return urlNearby();
  }

  private async scrape(url: string, options: Options): Promise<ScrapedRecord | undefined> {
    const client = await this.client();
    if (!client) return undefined;
    const shown = inertNotification(url, 80);
    try {
      const record = await withWindowProgress(words.scraping(shown), async (token) => {
        const abort = abortOn(token);
        try {
          return await this.fetchPage(client, url, options, { askedBy: 'person', signal: abort.signal });
        } finally {
          abort.dispose();
        }
      });
      await this.documents.open(record);
      // A "Not Found" page is still a page the service fetched and charged for: say so once.
      if (isErrorPage(record) && record.statusCode !== undefined) void vscode.window.showWarningMessage(errorPageWords(record.statusCode, shown, record.creditsUsed));
      return record;
    } catch (error) {
      // Retry spends as the first send did: asked with its price first, as Scrape Again is.
      void showError(this.services.log, words.scrapeFailed(shown), error, { retry: async () => (await this.askFirst('scrapeAgain', url, options) ? this.scrape(url, options) : undefined) });
      return undefined;
    }
  }

  private async client(): Promise<WebDataClient | undefined> {
    const client = await this.services.connection.getClient();
    if (client) return client;
    offerConnect(words.notConnected(), words.connect());
    return undefined;
  }

  /** The address to send after the person saw the flags: cleaned, as typed, or undefined (cancelled). */
  private confirm(check: UrlCheck): Promise<string | undefined> {
    return confirmUrl(check);
  }

  /** A scraped page tab's address (Start Crawl from the tab), or undefined for any other document. */
  async addressOf(uri: vscode.Uri): Promise<string | undefined> {
    const id = uri.scheme === Schemes.scrapedPage.scheme ? pageIdOf(uri.query) : undefined;
    return id === undefined ? undefined : (await this.pages.read(id))?.url;
  }

  /** A scraped page tab's address and the service's id of its scrape (Continue in a Browser), or undefined for any other document. */
  async scrapeOf(uri: vscode.Uri): Promise<{ url: string; scrapeId?: string } | undefined> {
    const id = uri.scheme === Schemes.scrapedPage.scheme ? pageIdOf(uri.query) : undefined;
    const record = id === undefined ? undefined : await this.pages.read(id);
    return record ? { url: record.finalUrl, ...(record.scrapeId === undefined ? {} : { scrapeId: record.scrapeId }) } : undefined;
  }

  /**
   * The URL box. `withOptions`: its Scrape with Options… button, which closes the box (answering
   * undefined) and goes on with what was typed: one command per operation, its options a button
   * inside it (issue 46).
   */
  private askUrl(title: string, prompt: string, prefill: string | undefined, withOptions?: (typed: string) => void): Promise<string | undefined> {
    return new Promise((resolve) => {
      const box = vscode.window.createInputBox();
      const moreOptions: vscode.QuickInputButton | undefined = withOptions ? { iconPath: new vscode.ThemeIcon('settings'), tooltip: words.withOptionsButton() } : undefined;
      if (moreOptions) box.buttons = [moreOptions];
      box.title = title;
      box.prompt = prompt;
      box.placeholder = 'https://example.com/page';
      box.ignoreFocusOut = true;
      box.value = prefill ?? '';
      const validate = (): boolean => {
        if (box.value.trim() === '') {
          box.validationMessage = undefined;
          return false;
        }
        const check = checkUrl(box.value);
        if (!check.ok) {
          box.validationMessage = { message: refusalWords(check.refusal), severity: vscode.InputBoxValidationSeverity.Error };
          return false;
        }
        const flags = check.flags.filter((f) => f.kind !== 'assumed-https');
        box.validationMessage = flags.length > 0 ? { message: flags.map(flagWords).join(' '), severity: vscode.InputBoxValidationSeverity.Warning } : undefined;
        return true;
      };
      let done = false;
      const finish = (value: string | undefined): void => {
        if (done) return;
        done = true;
        resolve(value);
        box.dispose();
      };
      box.onDidChangeValue(validate);
      box.onDidAccept(() => { if (validate()) finish(box.value); });
      box.onDidHide(() => finish(undefined));
      box.onDidTriggerButton((button) => {
        if (button !== moreOptions) return;
        const typed = box.value;
        finish(undefined);
        withOptions?.(typed);
      });
      validate();
      showQuickInput(box);
    });
  }
}

/** A quick pick announced to the host tests (showQuickInput); resolves with what was accepted, or nothing. */
function pick<T extends vscode.QuickPickItem>(items: readonly T[], options: { title: string; placeholder: string; many: boolean }): Promise<readonly T[]> {
  return new Promise((resolve) => {
    const list = vscode.window.createQuickPick<T>();
    list.title = options.title;
    list.placeholder = options.placeholder;
    list.canSelectMany = options.many;
    list.matchOnDescription = true;
    list.matchOnDetail = true;
    list.items = items;
    let accepted: readonly T[] = [];
    list.onDidAccept(() => {
      accepted = options.many ? list.selectedItems : list.activeItems.slice(0, 1);
      list.hide();
    });
    list.onDidHide(() => {
      resolve(accepted);
      list.dispose();
    });
    showQuickInput(list);
  });
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname === '/' ? parsed.host : parsed.pathname;
  } catch {
    return url;
  }
}

export function registerScrape(services: Services, place: PagesPlace): ScrapeFeature {
  const feature = new ScrapeFeature(services);
  const placed = registerPages(services, feature, place);
  feature.pagesView = placed.view;
  feature.kept = placed.kept;
  services.context.subscriptions.push(
    feature,
    registerCommand(Command.scrapeUrl, decodeScrapeCommand, (argument) => feature.scrapeUrl(argument)),
    registerCommand(Command.scrapeResult, decodeUrl, (argument) => feature.scrapeResult(argument)),
    registerCommand(Command.scrapeFresh, decodeUri, (uri) => feature.scrapeFresh(uri)),
    registerCommand(Command.mapSite, decodeScrapeCommand, (argument) => feature.mapSite(argument)),
    registerCommand(Command.scrapeWithOptions, decodeScrapeArgument, async (argument) => runScrapeWithOptions({
      pages: async () => (await feature.pages.summaries()) ?? [],
      send: (url, options) => feature.scrapeChecked(url, options),
      own: (d) => feature.own(d),
    }, argument.kind === 'prefill' ? argument.url : argument.kind === 'request' ? argument.request : await feature.nearbyUrl())),
  );
  return feature;
}
