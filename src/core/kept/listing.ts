// The rows of a kept folder as a view shows them (pages, documents, extracted data): listed when the
// view first asks, never at activation; listed again on each refresh (after this window keeps, pins
// or removes one, or when the window gets the focus: another window may have), and `changed` called
// only when what the rows show changed. Refreshes run one after the other, so a refresh asked
// after a change lists the folder after that change. A listing that fails keeps the rows shown.

export interface KeptListingSource<Row> {
  /** The rows, newest first; undefined when the folder could not be listed. */
  list(): Promise<readonly Row[] | undefined>;
  /** What a row shows that a redraw must follow (its id, its pin). */
  signature(row: Row): string;
}

export class KeptListing<Row> {
  /** The rows as last listed; undefined until the view first asks. */
  private rows: readonly Row[] | undefined;
  private refreshing: Promise<void> = Promise.resolve();

  constructor(private readonly source: KeptListingSource<Row>, private readonly changed: () => void) {}

  /** Whether the rows were listed once (a focus refreshes only a group that was shown). */
  get listed(): boolean {
    return this.rows !== undefined;
  }

  /** Lists the folder again; calls `changed` when the rows differ from those last listed. */
  refresh(): Promise<void> {
    this.refreshing = this.refreshing.then(async () => {
      const listed = await this.source.list();
      if (!listed) return;
      const before = this.rows;
      this.rows = listed;
      if (!before || this.signature(before) !== this.signature(listed)) this.changed();
    }).catch(() => undefined);
    return this.refreshing;
  }

  /** The rows as last listed (listed once when nothing was listed yet; none when that fails). */
  async list(): Promise<readonly Row[]> {
    this.rows ??= (await this.source.list()) ?? [];
    return this.rows;
  }

  private signature(rows: readonly Row[]): string {
    return rows.map((row) => this.source.signature(row)).join(',');
  }
}

/** A kept row's signature: its id, and `+` when pinned. */
export function pinnedSignature(row: { id: string; pinned?: boolean }): string {
  return `${row.id}${row.pinned === true ? '+' : ''}`;
}
