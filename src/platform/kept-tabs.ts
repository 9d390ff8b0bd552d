// The read-only markdown tabs of kept records (a scraped page, a converted document), one skeleton
// for both: an address names its record by the id in its query (`id=…`) under a path of the
// family's own depth (what the tab and breadcrumb read); its text is made from the record read back
// from global storage, shared by every window, or says the record is no longer kept. Each family
// passes in its scheme, its store, its address, its text and its "gone" words.
import type * as vscode from 'vscode';
import { pageIdOf } from '../core/scrape/page';
import type { FileSystemScheme } from '../core/schemes';
import { ReadOnlyFileSystem } from './readonly-documents';

export interface KeptTabsFamily<R, A> {
  scheme: FileSystemScheme;
  store: { read(id: string): Promise<R | undefined> };
  /** How many parts an address's path has, split at `/` (`/<file>.md`: 2). */
  pathParts: number;
  addressOf(record: A): { path: string; query: string };
  textOf(record: R): string;
  gone(): string;
}

export class KeptTabs<R, A> extends ReadOnlyFileSystem {
  constructor(private readonly family: KeptTabsFamily<R, A>) {
    super(family.scheme);
  }

  protected isDocument(uri: vscode.Uri): boolean {
    return pageIdOf(uri.query) !== undefined && uri.path.split('/').length === this.family.pathParts;
  }

  protected async text(uri: vscode.Uri): Promise<string> {
    const id = pageIdOf(uri.query);
    const record = id === undefined ? undefined : await this.family.store.read(id);
    return record ? this.family.textOf(record) : this.family.gone();
  }

  /** Opens a record in a tab of its own. */
  open(record: A): Promise<vscode.TextEditor> {
    return this.show(this.address(record), 'markdown');
  }

  /** A record's tab address (its row's click opens it). */
  address(record: A): vscode.Uri {
    const address = this.family.addressOf(record);
    return this.uri(address.path, address.query);
  }
}
