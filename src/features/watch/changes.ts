// A watched page's change in VS Code's diff editor: the previous markdown on the left and the current
// on the right, each a read-only document on the webdata-change file system (every write refused; the
// tab comes back after a reload) made from the kept scrape the service returns (GET /v2/scrape/{id}),
// the tab titled with the page and the two times. Both sides
// open with the same few lines naming the watch and the judge's reason and its meaningful changes, so
// the reason sits at the top of the diff and is not itself a change. Sides are read once per window.
import * as vscode from 'vscode';
import type { MonitorClient } from '../../core/monitor/api';
import type { Monitor, MonitorCheckPage } from '../../core/monitor/schemas';
import { Schemes } from '../../core/schemes';
import { inertFileName, inertMarkdownText, inertTabTitle } from '../../core/text/inert';
import { ReadOnlyFileSystem } from '../../platform/readonly-documents';
import { shortAddress } from '../../core/monitor/present';
import { when, words } from './words';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Sides kept in memory: enough for the diffs a person has open, not a history. */
const MAX_KEPT_SIDES = 40;

interface Opened { header: string }

export class ChangeDocuments extends ReadOnlyFileSystem {
  private readonly sides = new Map<string, Promise<string>>();
  /** The header of each change opened, by check and page: the same on both sides. */
  private readonly headers = new Map<string, Opened>();

  constructor(private readonly api: () => Promise<MonitorClient | undefined>) {
    super(Schemes.watchChange);
  }

  protected isDocument(uri: vscode.Uri): boolean {
    return /^\/[0-9a-f-]{36}\/(previous|current)\/[^/]+\.md$/i.test(uri.path);
  }

  protected async text(uri: vscode.Uri): Promise<string> {
    const query = new URLSearchParams(uri.query);
    const header = this.headers.get(query.get('change') ?? '')?.header ?? '';
    const scrapeId = query.get('scrape') ?? '';
    if (!UUID.test(scrapeId)) return `${header}${words.noSide()}\n`;
    return `${header}${await this.side(scrapeId)}`;
  }

  private side(scrapeId: string): Promise<string> {
    let kept = this.sides.get(scrapeId);
    if (!kept) {
      kept = this.read(scrapeId);
      this.sides.set(scrapeId, kept);
      // A side that failed is read again next time; the oldest goes when too many are kept.
      kept.catch(() => this.sides.delete(scrapeId));
      if (this.sides.size > MAX_KEPT_SIDES) {
        const oldest = this.sides.keys().next();
        if (!oldest.done) this.sides.delete(oldest.value);
      }
    }
    return kept.catch(() => `${words.sideGone()}\n`);
  }

  private async read(scrapeId: string): Promise<string> {
    const api = await this.api();
    if (!api) throw new Error('not connected');
    const page = await api.getScrape(scrapeId);
    return page.markdown ?? '';
  }

  /** Opens the page's change: previous on the left, current on the right. */
  async open(monitor: Monitor | undefined, checkId: string, page: MonitorCheckPage, at: { previous?: string | null; current?: string | null }): Promise<void> {
    const change = `${checkId}|${page.url}`;
    this.headers.set(change, { header: headerOf(monitor, page) });
    const name = inertFileName(shortAddress(page.url), 'page');
    const side = (which: 'previous' | 'current', scrapeId: string | null | undefined): vscode.Uri =>
      this.uri(`/${checkId}/${which}/${name}.md`, new URLSearchParams({ change, scrape: scrapeId ?? '' }).toString());
    const title = words.diffTitle(inertTabTitle(shortAddress(page.url), 60), when(at.previous) ?? words.firstRead(), when(at.current) ?? '');
    await vscode.commands.executeCommand('vscode.diff', side('previous', page.previousScrapeId), side('current', page.currentScrapeId), title, { preview: false });
  }
}

/** The lines both sides start with: the watch, the page, the judge's reason and its changes. */
function headerOf(monitor: Monitor | undefined, page: MonitorCheckPage): string {
  const lines = [`> ${inertMarkdownText(words.headerWatch(monitor?.name ?? '', page.url), 500)}`];
  const judgment = page.judgment;
  if (judgment && typeof judgment.reason === 'string') {
    lines.push(`> ${inertMarkdownText(words.headerJudged(judgment.meaningful === true, judgment.reason), 1000)}`);
    for (const c of judgment.meaningfulChanges ?? []) lines.push(`> - ${inertMarkdownText(changeWords(c), 500)}`);
  } else lines.push(`> ${inertMarkdownText(words.headerNoJudge())}`);
  return `${lines.join('\n')}\n\n`;
}

type MeaningfulChange = NonNullable<NonNullable<MonitorCheckPage['judgment']>['meaningfulChanges']>[number];

function changeWords(change: MeaningfulChange): string {
  const before = change.before ?? '';
  const after = change.after ?? '';
  if (change.type === 'added' || before === '') return words.headerAdded(after);
  if (change.type === 'removed' || after === '') return words.headerRemoved(before);
  return words.headerChanged(before, after);
}
