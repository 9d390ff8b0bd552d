// A run's output as a read-only tab (webdata-run:/<session's name>/run-<n>.txt?session=<id>): plain
// text, so nothing a page printed becomes markup; the path names the session in words (the
// breadcrumb shows it), the query its id. Each output is kept in global storage (`browser-runs/`, the
// newest 50), and the address finds that file, so the tab a reload restores finds its output again
// (issue 47: a content-provider tab was dropped at a reload). Save As keeps a copy.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type * as vscode from 'vscode';
import { isScrapeId, isSessionId } from '../../core/browser/request';
import { Schemes } from '../../core/schemes';
import { inertFileName } from '../../core/text/inert';
import { writeAtomic } from '../../core/search/history-fs';
import { ReadOnlyFileSystem } from '../../platform/readonly-documents';
import { words } from './words';

/** The most runs whose output is kept for their tabs. */
const KEEP = 50;
const RUN_PATH = /^\/.{1,200}\/run-(\d{1,9})\.txt$/;
const SESSION_QUERY = /^session=([A-Za-z0-9_-]{1,128})$/;

/** The file of a run's output: `<session>.run-<n>.txt` (the session id checked, the number a number). */
function fileName(sessionId: string, n: number): string {
  return `${sessionId}.run-${String(n)}.txt`;
}

export class RunDocuments extends ReadOnlyFileSystem {
  /** This window's outputs, so its own tabs never wait for the disk. */
  private readonly texts = new Map<string, string>();

  constructor(private readonly folder: string, private readonly log: { warn(message: string): void }) {
    super(Schemes.browserRun);
  }

  protected isDocument(uri: vscode.Uri): boolean {
    return RUN_PATH.test(uri.path);
  }

  protected async text(uri: vscode.Uri): Promise<string> {
    const here = this.texts.get(`${uri.path}?${uri.query}`);
    if (here !== undefined) return here;
    const [, n = ''] = RUN_PATH.exec(uri.path) ?? [];
    const [, sessionId = ''] = SESSION_QUERY.exec(uri.query) ?? [];
    if (!isSessionId(sessionId) && !isScrapeId(sessionId)) return words.runGone();
    try {
      return await fs.readFile(join(this.folder, fileName(sessionId, Number(n))), 'utf8');
    } catch {
      return words.runGone();
    }
  }

  /** Forgets what this window holds in memory, as a new start does: the tabs read the kept files (host tests). */
  forgetInMemory(): void {
    this.texts.clear();
  }

  /**
   * Keeps `text` as the next run of the session `sessionId` and opens it in a tab of its own, named
   * by `sessionName` (its words, not its id: the breadcrumb shows it).
   */
  async open(sessionId: string, sessionName: string, text: string): Promise<vscode.TextEditor> {
    const names = await fs.readdir(this.folder).catch((): string[] => []);
    const prefix = `${sessionId}.run-`;
    // Numbered after the runs kept of this session, by any start of any window.
    const n = 1 + Math.max(0, ...names.filter((name) => name.startsWith(prefix)).map((name) => Number.parseInt(name.slice(prefix.length), 10)).filter(Number.isFinite));
    const path = `/${inertFileName(sessionName, 'browser session', 60, { keepSlash: true })}/run-${String(n)}.txt`;
    const query = `session=${sessionId}`;
    this.texts.set(`${path}?${query}`, text);
    try {
      await fs.mkdir(this.folder, { recursive: true });
      await writeAtomic(fs, join(this.folder, fileName(sessionId, n)), text);
      await this.evict();
    } catch (error) {
      this.log.warn(`Browser sessions: a run's output could not be kept for its tab after a reload: ${String(error)}`);
    }
    for (const old of [...this.texts.keys()].slice(0, Math.max(0, this.texts.size - KEEP))) this.texts.delete(old);
    return this.show(this.uri(path, query));
  }

  /** The oldest outputs go past KEEP. */
  private async evict(): Promise<void> {
    const names = (await fs.readdir(this.folder)).filter((name) => name.endsWith('.txt'));
    if (names.length <= KEEP) return;
    const dated = await Promise.all(names.map(async (name) => ({ name, at: (await fs.stat(join(this.folder, name)).catch(() => undefined))?.mtimeMs ?? 0 })));
    dated.sort((a, b) => a.at - b.at);
    for (const old of dated.slice(0, dated.length - KEEP)) await fs.unlink(join(this.folder, old.name)).catch(() => undefined);
  }
}
