// The kept rows as the Pages, Documents and Data view's groups list them (src/core/kept/listing.ts),
// one skeleton for pages, documents and extracted data: listed once when first asked, again on a
// refresh, a redraw only when what the rows show changed, refreshes one after the other, and a
// listing that fails keeps the rows shown.
import assert from 'node:assert/strict';
import { KeptListing, pinnedSignature, type KeptListingSource } from '../../src/core/kept/listing';

interface Row { id: string; pinned?: boolean }

/** A folder whose listing the test sets; counts how often it was listed. */
class Folder implements KeptListingSource<Row> {
  rows: Row[] | undefined = [];
  failing: Error | undefined;
  reads = 0;
  /** When set, each listing waits for the test to release it. */
  gate: Promise<void> | undefined;

  async list(): Promise<readonly Row[] | undefined> {
    this.reads++;
    const rows = this.rows?.map((row) => ({ ...row }));
    await this.gate;
    if (this.failing) throw this.failing;
    return rows;
  }

  signature(row: Row): string {
    return pinnedSignature(row);
  }
}

function listing(folder: Folder): { listing: KeptListing<Row>; changes: () => number } {
  let changes = 0;
  return { listing: new KeptListing(folder, () => { changes++; }), changes: () => changes };
}

describe('kept listing: the rows of a kept group', () => {
  it('lists the folder once when first asked, not again until a refresh', async () => {
    const folder = new Folder();
    folder.rows = [{ id: 'a' }];
    const { listing: kept } = listing(folder);
    assert.equal(kept.listed, false);
    assert.deepEqual(await kept.list(), [{ id: 'a' }]);
    folder.rows = [{ id: 'b' }];
    assert.deepEqual(await kept.list(), [{ id: 'a' }]);
    assert.equal(folder.reads, 1);
    assert.equal(kept.listed, true);
    await kept.refresh();
    assert.deepEqual(await kept.list(), [{ id: 'b' }]);
  });

  it('a refresh redraws only when the rows, their order or a pin changed', async () => {
    const folder = new Folder();
    folder.rows = [{ id: 'a' }, { id: 'b' }];
    const { listing: kept, changes } = listing(folder);
    await kept.refresh();
    assert.equal(changes(), 1, 'the first listing draws the group');
    await kept.refresh();
    assert.equal(changes(), 1, 'the same rows: no redraw');
    folder.rows = [{ id: 'a', pinned: true }, { id: 'b' }];
    await kept.refresh();
    assert.equal(changes(), 2, 'a pin is drawn');
    folder.rows = [{ id: 'b' }, { id: 'a', pinned: true }];
    await kept.refresh();
    assert.equal(changes(), 3, 'a new order is drawn');
  });

  it('a folder that cannot be listed keeps the rows shown, and the next refresh reads again', async () => {
    const folder = new Folder();
    folder.rows = [{ id: 'a' }];
    const { listing: kept, changes } = listing(folder);
    await kept.refresh();
    folder.rows = undefined;
    await kept.refresh();
    assert.deepEqual(await kept.list(), [{ id: 'a' }]);
    folder.rows = [{ id: 'c' }];
    folder.failing = new Error('EIO');
    await kept.refresh();
    assert.deepEqual(await kept.list(), [{ id: 'a' }]);
    assert.equal(changes(), 1);
    folder.failing = undefined;
    await kept.refresh();
    assert.deepEqual(await kept.list(), [{ id: 'c' }]);
    assert.equal(changes(), 2);
  });

  it('nothing listed yet and the folder unreadable: no rows', async () => {
    const folder = new Folder();
    folder.rows = undefined;
    assert.deepEqual(await listing(folder).listing.list(), []);
  });

  it('refreshes run one after the other: one asked after a change lists the folder after it', async () => {
    const folder = new Folder();
    folder.rows = [{ id: 'a' }];
    const { listing: kept } = listing(folder);
    let release: () => void = () => undefined;
    folder.gate = new Promise((resolve) => { release = resolve; });
    const first = kept.refresh();
    folder.rows = [{ id: 'a' }, { id: 'b' }];
    const second = kept.refresh();
    // The second has not started while the first waits.
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(folder.reads, 1);
    release();
    await Promise.all([first, second]);
    assert.equal(folder.reads, 2);
    assert.deepEqual(await kept.list(), [{ id: 'a' }, { id: 'b' }]);
  });

  it('pinnedSignature: the id, and + when pinned', () => {
    assert.equal(pinnedSignature({ id: 'x' }), 'x');
    assert.equal(pinnedSignature({ id: 'x', pinned: true }), 'x+');
  });
});
