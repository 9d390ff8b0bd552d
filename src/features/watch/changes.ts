// A watched page's change in VS Code's diff editor: the previous markdown on the left and the current
// on the right, each a read-only document on the webdata-change file system (every write refused; the
// tab comes back after a reload) made from the kept scrape the service returns (GET /v2/scrape/{id}),
// the tab titled with the page and the two times. Both sides
// open with the same few lines naming the watch and the judge's reason and its meaningful changes, so
// the reason sits at the top of the diff and is not itself a change. Sides are read once per window.
// A side's address names its watch, check and page, so a diff a reload restores finds the judge's
// verdict again (the check's pages read once more) instead of losing it (issue 47).
// A JSON watch's change (per-field `diff.json`) opens as two pretty-printed JSONC sides instead, with
// the same header as comments (src/core/monitor/json-diff.ts says why the diff editor over a table).
import * as vscode from 'vscode';
import type { MonitorClient } from '../../core/monitor/api';
import type { Monitor, MonitorCheckPage } from '../../core/monitor/schemas';
import { Schemes } from '../../core/schemes';
import { fieldChanges, jsonComment, jsonSides } from '../../core/monitor/json-diff';
import { cleanText, inertFileName, inertMarkdownText, inertTabTitle } from '../../core/text/inert';
import { ReadOnlyFileSystem } from '../../platform/readonly-documents';
import { shortAddress } from '../../core/monitor/present';
import { when, words } from './words';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Sides kept in memory: enough for the diffs a person has open, not a history. */
const MAX_KEPT_SIDES = 40;

interface Opened { header: string }

/** What a JSON side needs after a reload, when nothing of this window's is left: the check's pages and the watch. */
export interface ChangeLookup {
  pagesOf(watchId: string, checkId: string): Promise<readonly MonitorCheckPage[]>;
  monitor(watchId: string): Monitor | undefined;
}

export class ChangeDocuments extends ReadOnlyFileSystem {
  private readonly sides = new Map<string, Promise<string>>();
  /** The header of each change opened, by check and page: the same on both sides. */
  private readonly headers = new Map<string, Opened>();

  constructor(private readonly api: () => Promise<MonitorClient | undefined>, private readonly lookup: ChangeLookup) {
    super(Schemes.watchChange);
  }

  protected isDocument(uri: vscode.Uri): boolean {
    return sideOf(uri) !== undefined;
  }

  protected async text(uri: vscode.Uri): Promise<string> {
    const query = new URLSearchParams(uri.query);
    if (uri.path.endsWith('.jsonc')) return this.jsonText(uri, query);
    const header = await this.headerOf(uri, query);
    const scrapeId = query.get('scrape') ?? '';
    if (!UUID.test(scrapeId)) return `${header}${words.noSide()}\n`;
    return `${header}${await this.side(scrapeId)}`;
  }

  /** The header this window made when it opened the change, else made again from the check's page (after a reload). */
  private async headerOf(uri: vscode.Uri, query: URLSearchParams): Promise<string> {
    const change = query.get('change') ?? '';
    const opened = this.headers.get(change);
    if (opened) return opened.header;
    const checkId = sideOf(uri)?.checkId ?? '';
    const watchId = query.get('watch') ?? '';
    if (!UUID.test(watchId) || !UUID.test(checkId) || !change.startsWith(`${checkId}|`)) return '';
    const url = change.slice(checkId.length + 1);
    const pages = await this.lookup.pagesOf(watchId, checkId).catch(() => undefined);
    const page = pages?.find((p) => p.url === url);
    if (!page) return '';
    const header = headerOf(this.lookup.monitor(watchId), page);
    this.headers.set(change, { header });
    return header;
  }

  /** Forgets the headers and sides this window made, as a new start has none (host tests). */
  forgetOpened(): void {
    this.headers.clear();
    this.sides.clear();
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

  /** A JSON side: the check's page found again (in memory, or read), its fields as they were or are. */
  private async jsonText(uri: vscode.Uri, query: URLSearchParams): Promise<string> {
    const { checkId = '', which = 'current' } = sideOf(uri) ?? {};
    const watchId = query.get('watch') ?? '';
    const url = query.get('url') ?? '';
    if (!UUID.test(watchId) || !UUID.test(checkId)) return `${jsonComment(words.noSide())}\n`;
    const pages = await this.lookup.pagesOf(watchId, checkId).catch(() => undefined);
    const page = pages?.find((p) => p.url === url);
    if (!page) return `${jsonComment(words.sideGone())}\n`;
    const header = jsonComment(headerLines(this.lookup.monitor(watchId), page).map((line) => cleanText(line, 500)).join('\n'));
    const sides = jsonSides(fieldChanges(page.diff?.json));
    return `${header}\n${which === 'previous' ? sides.previous : sides.current}`;
  }

  /** Opens the page's change: previous on the left, current on the right. */
  async open(watchId: string, monitor: Monitor | undefined, checkId: string, page: MonitorCheckPage, at: { previous?: string | null; current?: string | null }): Promise<void> {
    const change = `${checkId}|${page.url}`;
    this.headers.set(change, { header: headerOf(monitor, page) });
    const name = inertFileName(shortAddress(page.url), 'page');
    const json = monitor !== undefined && fieldChanges(page.diff?.json).length > 0;
    // The check's id in the query, not the path: the tab's breadcrumb reads "current › <page>", never an id.
    const side = (which: 'previous' | 'current', scrapeId: string | null | undefined): vscode.Uri => json
      ? this.uri(`/${which}/${name}.jsonc`, new URLSearchParams({ check: checkId, watch: monitor.id, url: page.url }).toString())
      : this.uri(`/${which}/${name}.md`, new URLSearchParams({ check: checkId, change, scrape: scrapeId ?? '', watch: watchId }).toString());
    const title = words.diffTitle(inertTabTitle(shortAddress(page.url), 60), when(at.previous) ?? words.firstRead(), when(at.current) ?? '');
    await vscode.commands.executeCommand('vscode.diff', side('previous', page.previousScrapeId), side('current', page.currentScrapeId), title, { preview: false });
  }
}

/**
 * Which side of which check an address is: `/<previous|current>/<page>.md` (or `.jsonc`) with the
 * check's id in the query, or the form before it, `/<check id>/<side>/<page>`, which a reload may
 * still restore. Undefined for anything else.
 */
function sideOf(uri: vscode.Uri): { checkId: string; which: 'previous' | 'current' } | undefined {
  const now = /^\/(previous|current)\/[^/]+\.(md|jsonc)$/i.exec(uri.path);
  if (now) {
    const checkId = new URLSearchParams(uri.query).get('check') ?? '';
    return UUID.test(checkId) ? { checkId, which: now[1]?.toLowerCase() === 'previous' ? 'previous' : 'current' } : undefined;
  }
  const before = /^\/([0-9a-f-]{36})\/(previous|current)\/[^/]+\.(md|jsonc)$/i.exec(uri.path);
  return before?.[1] === undefined ? undefined : { checkId: before[1], which: before[2]?.toLowerCase() === 'previous' ? 'previous' : 'current' };
}

/** The lines both sides start with, as plain text: the watch, the page, the judge's reason and its changes. */
function headerLines(monitor: Monitor | undefined, page: MonitorCheckPage): string[] {
  const lines = [words.headerWatch(monitor?.name ?? '', page.url)];
  const judgment = page.judgment;
  if (judgment && typeof judgment.reason === 'string') {
    lines.push(words.headerJudged(judgment.meaningful === true, judgment.reason));
    for (const c of judgment.meaningfulChanges ?? []) lines.push(`- ${changeWords(c)}`);
  } else lines.push(words.headerNoJudge());
  return lines;
}

/** The header of a markdown side: each line quoted, made inert as markdown. */
function headerOf(monitor: Monitor | undefined, page: MonitorCheckPage): string {
  const quoted = headerLines(monitor, page).map((line) => (line.startsWith('- ') ? `> - ${inertMarkdownText(line.slice(2), 500)}` : `> ${inertMarkdownText(line, 1000)}`));
  return `${quoted.join('\n')}\n\n`;
}

type MeaningfulChange = NonNullable<NonNullable<MonitorCheckPage['judgment']>['meaningfulChanges']>[number];

function changeWords(change: MeaningfulChange): string {
  const before = change.before ?? '';
  const after = change.after ?? '';
  if (change.type === 'added' || before === '') return words.headerAdded(after);
  if (change.type === 'removed' || after === '') return words.headerRemoved(before);
  return words.headerChanged(before, after);
}
