// A run's output as a read-only tab (webdata-run:/<session's name>/run-<n>.txt): plain text, so
// nothing a page printed becomes markup; the address names the session in words, never by its id
// (the breadcrumb shows it). Each output is kept in global storage (`browser-runs/`, the newest 50)
// under a file named from the address, so the tab a reload restores finds its output again (issue
// 47: a content-provider tab was dropped at a reload). Save As keeps a copy.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type * as vscode from 'vscode';
import { Schemes } from '../../core/schemes';
import { inertFileName } from '../../core/text/inert';
import { writeAtomic } from '../../core/search/history-fs';
import { ReadOnlyFileSystem } from '../../platform/readonly-documents';
import { words } from './words';

/** The most runs whose output is kept for their tabs. */
const KEEP = 50;
const RUN_PATH = /^\/(.{1,200})\/run-(\d{1,9})\.txt$/;

/**
 * The file of a run's output: `<the session's name, escaped>.run-<n>.txt` (escaped, the name holds no
 * slash, so the file stays in the folder; sessions of one name share its numbers).
 */
function fileName(name: string, n: number): string {
  return `${encodeURIComponent(name)}.run-${String(n)}.txt`;
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
    const here = this.texts.get(uri.path);
    if (here !== undefined) return here;
    const [, name, n] = RUN_PATH.exec(uri.path) ?? [];
    if (name === undefined || n === undefined) return words.runGone();
    try {
      return await fs.readFile(join(this.folder, fileName(name, Number(n))), 'utf8');
    } catch {
      return words.runGone();
    }
  }

  /** Forgets what this window holds in memory, as a new start does: the tabs read the kept files (host tests). */
  forgetInMemory(): void {
    this.texts.clear();
  }

  /** Keeps `text` as the next run of the session named `sessionName` and opens it in a tab of its own. */
  async open(sessionName: string, text: string): Promise<vscode.TextEditor> {
    const name = inertFileName(sessionName, 'browser session', 60, { keepSlash: true });
    const names = await fs.readdir(this.folder).catch((): string[] => []);
    const prefix = `${encodeURIComponent(name)}.run-`;
    // Numbered after the runs kept of this session, by any start of any window.
    const n = 1 + Math.max(0, ...names.filter((name) => name.startsWith(prefix)).map((name) => Number.parseInt(name.slice(prefix.length), 10)).filter(Number.isFinite));
    const path = `/${name}/run-${String(n)}.txt`;
    this.texts.set(path, text);
    try {
      await fs.mkdir(this.folder, { recursive: true });
      await writeAtomic(fs, join(this.folder, fileName(name, n)), text);
      await this.evict();
    } catch (error) {
      this.log.warn(`Browser sessions: a run's output could not be kept for its tab after a reload: ${String(error)}`);
    }
    for (const old of [...this.texts.keys()].slice(0, Math.max(0, this.texts.size - KEEP))) this.texts.delete(old);
    return this.show(this.uri(path));
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
