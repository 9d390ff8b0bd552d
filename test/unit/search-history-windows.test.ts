// Two windows over one search history folder: two SearchHistory instances share a temporary
// folder, their writes interleaved on purpose (a write paused between its temporary file and the
// rename, an index write paused while the other window adds), and folder listings that fail.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { HistoryFileSystem } from '../../src/core/search/history-fs';
import { INDEX_FILE, RECORDS_FOLDER, SearchHistory, type HistoryLog } from '../../src/core/search/history';
import { parseSearchIndex, readSearchRecordText, serializeSearchIndex } from '../../src/core/search/record-schema';
import { makeRecord } from './search-fixtures';

const codec = { parseIndex: parseSearchIndex, readRecordText: readSearchRecordText, serializeIndex: serializeSearchIndex };

/** A promise and its resolver: a point where a paused file call waits until the test releases it. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

/** Resolves once `check` is true, polling; bounded so a broken store fails instead of hanging. */
async function until(check: () => boolean, what: string): Promise<void> {
  // Only how often the condition is looked at (200 × 5 ms bounds it), not a wait for time.
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  assert.ok(check(), `timed out waiting for ${what}`);
}

const fail = (code: string): Error => Object.assign(new Error(`${code}: simulated`), { code });

const record = (id: string, minute: number) => makeRecord({ id, createdAt: new Date(Date.UTC(2026, 10, 21, 12, minute)).toISOString(), request: { query: `query ${id}` } });

describe('search history shared by several windows', () => {
  let root: string;
  let dir: string;
  const logged: string[] = [];
  const log: HistoryLog = { warn: (m) => logged.push(m), error: (m) => logged.push(m) };
  const open = (fsOverride?: Partial<HistoryFileSystem>, maxCount = 50): SearchHistory =>
    new SearchHistory({ storageDir: dir, codec, log, limits: () => ({ maxCount, maxBytes: 1e9 }), fs: { ...fs, ...fsOverride } });
  const indexIds = async (): Promise<string[]> => (parseSearchIndex(JSON.parse(await fs.readFile(path.join(dir, INDEX_FILE), 'utf8'))) ?? []).map((s) => s.id);
  const ids = async (history: SearchHistory): Promise<string[]> => (await history.list()).map((s) => s.id);

  beforeEach(async () => {
    root = dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wd-history-'));
    logged.length = 0;
  });
  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('a window that starts while another is saving leaves the other\'s temporary file alone', async () => {
    const paused = gate();
    let waiting = false;
    const a = open({
      rename: async (from, to) => {
        if (String(from).includes(`${path.sep}${RECORDS_FOLDER}${path.sep}`)) {
          waiting = true;
          await paused.wait;
        }
        return fs.rename(from, to);
      },
    });
    await a.list();
    const adding = a.add(record('aaaa-1', 1));
    await until(() => waiting, 'the first window to write its temporary file');
    const b = open();
    assert.deepEqual(await ids(b), []);
    const tmp = (await fs.readdir(path.join(dir, RECORDS_FOLDER))).filter((n) => n.endsWith('.tmp'));
    assert.equal(tmp.length, 1, 'the starting window deleted the other window\'s write in progress');
    paused.open();
    assert.equal((await adding).saved, true);
    assert.deepEqual(await ids(open()), ['aaaa-1']);
    assert.equal((await a.get('aaaa-1'))?.id, 'aaaa-1');
  });

  it('a temporary file left by a crash minutes ago is removed at start; a fresh one is not', async () => {
    await fs.mkdir(path.join(dir, RECORDS_FOLDER), { recursive: true });
    const old = path.join(dir, RECORDS_FOLDER, 'aaaa-1.json.999-x.tmp');
    const fresh = path.join(dir, RECORDS_FOLDER, 'aaaa-2.json.998-y.tmp');
    const oldIndex = path.join(dir, `${INDEX_FILE}.997-z.tmp`);
    for (const file of [old, fresh, oldIndex]) await fs.writeFile(file, '{}');
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await fs.utimes(old, longAgo, longAgo);
    await fs.utimes(oldIndex, longAgo, longAgo);
    await open().list();
    assert.deepEqual((await fs.readdir(path.join(dir, RECORDS_FOLDER))).sort(), ['aaaa-2.json.998-y.tmp']);
    await assert.rejects(fs.stat(oldIndex));
  });

  it('two windows adding one after the other both keep their search in the index', async () => {
    dir = path.join(dir, 'not-made-yet');   // a fresh profile: the storage folder does not exist
    const a = open();
    const b = open();
    assert.deepEqual(await ids(a), []);
    assert.deepEqual(await ids(b), []);
    await a.add(record('aaaa-1', 1));
    await b.add(record('bbbb-1', 2));
    assert.deepEqual(await indexIds(), ['bbbb-1', 'aaaa-1']);
    assert.deepEqual(await ids(b), ['bbbb-1', 'aaaa-1'], 'the second window\'s rows include the first window\'s search');
    await a.add(record('aaaa-2', 3));
    assert.deepEqual(await indexIds(), ['aaaa-2', 'bbbb-1', 'aaaa-1']);
    assert.deepEqual(logged, [], 'nothing went wrong on the way');
  });

  it('two windows adding at the same time: the second waits for the first\'s index write and keeps both', async () => {
    const paused = gate();
    let waiting = false;
    const a = open({
      writeFile: async (file, data) => {
        if (typeof file === 'string' && path.basename(file).startsWith(`${INDEX_FILE}.`)) {
          waiting = true;
          await paused.wait;
        }
        return fs.writeFile(file, data);
      },
    });
    let bFoundLocked = false;
    const b = open({
      open: async (...args: Parameters<typeof fs.open>) => {
        try {
          return await fs.open(...args);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'EEXIST') bFoundLocked = true;
          throw err;
        }
      },
    });
    await Promise.all([a.list(), b.list()]);
    const addingA = a.add(record('aaaa-1', 1));
    await until(() => waiting, 'the first window to write the index');
    const addingB = b.add(record('bbbb-1', 2));
    await until(() => bFoundLocked, 'the second window to find the index locked by the first');
    paused.open();
    await Promise.all([addingA, addingB]);
    assert.deepEqual(await indexIds(), ['bbbb-1', 'aaaa-1']);
    assert.deepEqual(await ids(open()), ['bbbb-1', 'aaaa-1']);
  });

  it('a search removed in one window is not brought back by another window\'s write', async () => {
    const a = open();
    await a.add(record('aaaa-1', 1));
    await a.add(record('aaaa-2', 2));
    const b = open();
    assert.deepEqual(await ids(b), ['aaaa-2', 'aaaa-1']);
    await a.remove('aaaa-1');
    await b.add(record('bbbb-1', 3));
    assert.deepEqual(await indexIds(), ['bbbb-1', 'aaaa-2']);
  });

  it('evicts by the merged list, so the count holds across windows', async () => {
    const a = open(undefined, 2);
    const b = open(undefined, 2);
    await a.add(record('aaaa-1', 1));
    await b.add(record('bbbb-1', 2));
    await a.add(record('aaaa-2', 3));
    assert.deepEqual(await indexIds(), ['aaaa-2', 'bbbb-1']);
    assert.deepEqual((await fs.readdir(path.join(dir, RECORDS_FOLDER))).sort(), ['aaaa-2.json', 'bbbb-1.json']);
  });

  for (const code of ['EBUSY', 'EIO']) {
    it(`a folder listing that fails with ${code} neither empties the history nor rewrites the index`, async () => {
      const healthy = open();
      await healthy.add(record('aaaa-1', 1));
      await healthy.add(record('aaaa-2', 2));
      const indexBefore = await fs.readFile(path.join(dir, INDEX_FILE), 'utf8');
      const failing = open({ readdir: (() => Promise.reject(fail(code))) as unknown as HistoryFileSystem['readdir'] });
      assert.deepEqual(await ids(failing), ['aaaa-2', 'aaaa-1']);
      assert.equal(await fs.readFile(path.join(dir, INDEX_FILE), 'utf8'), indexBefore);
      await failing.add(record('aaaa-3', 3));
      assert.deepEqual(await indexIds(), ['aaaa-3', 'aaaa-2', 'aaaa-1']);
      assert.deepEqual((await fs.readdir(path.join(dir, RECORDS_FOLDER))).sort(), ['aaaa-1.json', 'aaaa-2.json', 'aaaa-3.json']);
      assert.ok(logged.some((line) => line.includes(code)), 'the failure is logged with its code');
    });
  }

  it('an index that cannot be read right now (EIO) is left as it is; the record still lands and is found later', async () => {
    const healthy = open();
    await healthy.add(record('aaaa-1', 1));
    const indexBefore = await fs.readFile(path.join(dir, INDEX_FILE), 'utf8');
    const failing = open({
      readFile: (async (file: string, options: unknown) => {
        if (path.basename(file) === INDEX_FILE) throw fail('EIO');
        return fs.readFile(file, options as BufferEncoding);
      }) as unknown as HistoryFileSystem['readFile'],
    });
    assert.equal((await failing.add(record('aaaa-2', 2))).saved, true);
    assert.equal(await fs.readFile(path.join(dir, INDEX_FILE), 'utf8'), indexBefore);
    assert.deepEqual(await ids(open()), ['aaaa-2', 'aaaa-1']);
  });
});
