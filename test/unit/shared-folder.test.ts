// What windows share, a file per key, each key written by one window (src/core/shared-folder.ts): two
// windows adding at once, in this process and in another one, keep every entry; a broken file is
// skipped; what global state held moves in once; another window's write is heard. Real files in a
// temporary folder.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileOfKey, SharedFolder } from '../../src/core/shared-folder';

const PREFIX = 'webData.spend:';
const entriesOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((e): e is string => typeof e === 'string') : []);
const add = (entry: string) => (current: unknown): string[] => [...entriesOf(current), entry];
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
/** Every window's entries under the prefix, as a reader merges them. */
const merged = (folder: SharedFolder): string[] => folder.keys().filter((k) => k.startsWith(PREFIX)).flatMap((k) => entriesOf(folder.get(k))).sort();

describe('SharedFolder: what windows share, one file per key, one writer per key', () => {
  let dir = '';
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'wd-shared-folder-')); });
  afterEach(() => { rmSync(dir, { recursive: true, force: true }); });

  it('two windows adding at once, each with delays from 0 to 40 ms between writes, keep every entry', async () => {
    const windows = [new SharedFolder(dir), new SharedFolder(dir)];
    // A fixed sequence of delays (no randomness in a test): the two interleave differently at each step.
    const delays = Array.from({ length: 20 }, (_, i) => (i * 7) % 41);
    await Promise.all(windows.map(async (window, w) => {
      for (const [i, delay] of delays.entries()) {
        await sleep(w === 0 ? delay : 40 - delay);
        void window.change(`${PREFIX}window-${w}`, add(`${w}-${i}`));
      }
      await window.settled();
    }));
    const reader = new SharedFolder(dir);
    await reader.refresh();
    assert.equal(merged(reader).length, 40);
    assert.deepEqual(merged(reader), [...delays.keys()].flatMap((i) => [`0-${i}`, `1-${i}`]).sort());
  });

  it('a burst of 40 writes to one key without waiting between them keeps all 40, in order', async () => {
    const window = new SharedFolder(dir);
    await Promise.all(Array.from({ length: 40 }, (_, i) => window.change(`${PREFIX}burst`, add(String(i)))));
    const reader = new SharedFolder(dir);
    await reader.refresh();
    assert.deepEqual(reader.get(`${PREFIX}burst`), Array.from({ length: 40 }, (_, i) => String(i)));
    assert.deepEqual(window.get(`${PREFIX}burst`), reader.get(`${PREFIX}burst`));
  });

  it('another process writing its own key at the same time loses nothing here, nor there', async function () {
    this.timeout(30_000);
    const other = spawn(process.execPath, ['--import', 'tsx', '-e', `
      const { SharedFolder } = require(${JSON.stringify(join(__dirname, '../../src/core/shared-folder.ts'))});
      const folder = new SharedFolder(${JSON.stringify(dir)});
      (async () => { for (let i = 0; i < 30; i++) await folder.change('${PREFIX}other-process', (c) => [...(c ?? []), 'p-' + i]); })();
    `], { stdio: 'inherit' });
    const here = new SharedFolder(dir);
    for (let i = 0; i < 30; i++) await here.change(`${PREFIX}here`, add(`h-${i}`));
    const code = await new Promise<number | null>((resolve) => other.on('close', resolve));
    assert.equal(code, 0);
    await here.refresh();
    assert.equal(merged(here).filter((e) => e.startsWith('p-')).length, 30);
    assert.equal(merged(here).filter((e) => e.startsWith('h-')).length, 30);
  });

  it('skips a file that is not JSON and a name that is not a key, never crashing, and reads the rest', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, fileOfKey(`${PREFIX}broken`)), '["cut');
    writeFileSync(join(dir, 'notes.txt'), 'not a key');
    writeFileSync(join(dir, '%E0%A4%A.json'), '["a bad escape"]');
    writeFileSync(join(dir, fileOfKey(`${PREFIX}fine`)), '["kept"]');
    const reader = new SharedFolder(dir);
    await reader.refresh();
    assert.deepEqual(reader.keys(), [`${PREFIX}fine`]);
    assert.deepEqual(merged(reader), ['kept']);
  });

  it('a missing folder holds nothing; the first write makes it; undefined deletes the key\'s file', async () => {
    const nested = join(dir, 'shared');
    const folder = new SharedFolder(nested);
    await folder.refresh();
    assert.deepEqual(folder.keys(), []);
    await folder.update(`${PREFIX}w`, ['first']);
    assert.deepEqual(readdirSync(nested), [fileOfKey(`${PREFIX}w`)]);
    await folder.update(`${PREFIX}w`, undefined);
    assert.deepEqual(readdirSync(nested), []);
    assert.deepEqual(folder.keys(), []);
  });

  it('names a key\'s file without path separators, and reads the key back from it', async () => {
    assert.equal(fileOfKey('webData.spend:../../etc/passwd'), 'webData.spend%3A..%2F..%2Fetc%2Fpasswd.json');
    assert.doesNotMatch(fileOfKey('a/b\\c:d*'), /[/\\:*]/);
    assert.doesNotMatch(fileOfKey('.hidden'), /^\./);
    const folder = new SharedFolder(dir);
    await folder.update('a/b\\c:d*', 1);
    const reader = new SharedFolder(dir);
    await reader.refresh();
    assert.deepEqual(reader.keys(), ['a/b\\c:d*']);
  });

  it('adopts what global state held under its prefixes once: copied in, removed there; a key the folder has stays as it is', async () => {
    const state = new Map<string, unknown>([[`${PREFIX}old-window`, ['old']], [`${PREFIX}both`, ['from state']], ['webData.other', 'stays']]);
    const memento = { keys: () => [...state.keys()], get: (key: string) => state.get(key), update: (key: string, value: unknown) => { if (value === undefined) state.delete(key); else state.set(key, value); return Promise.resolve(); } };
    const folder = new SharedFolder(dir);
    await folder.update(`${PREFIX}both`, ['from folder']);
    await folder.adopt(memento, [PREFIX]);
    assert.deepEqual([...state.keys()], ['webData.other']);
    const reader = new SharedFolder(dir);
    await reader.refresh();
    assert.deepEqual(reader.get(`${PREFIX}old-window`), ['old']);
    assert.deepEqual(reader.get(`${PREFIX}both`), ['from folder']);
  });

  it('hears another window\'s write and reads it before saying so', async function () {
    this.timeout(10_000);
    const window = new SharedFolder(dir);
    let heard = 0;
    const listening = window.onDidChange(() => { heard++; });
    // The watcher starts once the folder is made, a moment after onDidChange: the other window
    // writes its value again until this one has heard it (the same value: one entry in the end).
    const other = new SharedFolder(dir);
    for (let i = 0; i < 100 && !(heard > 0 && merged(window).includes('news')); i++) {
      await other.update(`${PREFIX}writer`, ['news']);
      await sleep(50);
    }
    listening.dispose();
    window.dispose();
    assert.deepEqual(merged(window), ['news']);
    assert.ok(heard >= 1);
  });

  describe('a key only this window writes (onlyWriter: the usage ledger\'s day of this window)', () => {
    it('starts the next change from the value written here, without reading the file again', async () => {
      const folder = new SharedFolder(dir);
      const key = `${PREFIX}this-window`;
      await folder.change(key, add('a'), { onlyWriter: true });
      // Were the file read, this would be the start of the next change.
      writeFileSync(join(dir, fileOfKey(key)), JSON.stringify(['read from the file']));
      await folder.change(key, add('b'), { onlyWriter: true });
      assert.deepEqual(folder.get(key), ['a', 'b']);
      // Without the option the file is read, as for a key another window may write.
      writeFileSync(join(dir, fileOfKey(key)), JSON.stringify(['read from the file']));
      await folder.change(key, add('c'));
      assert.deepEqual(folder.get(key), ['read from the file', 'c']);
    });

    it('keeps the value written here through a read of the folder that holds an older file', async () => {
      const folder = new SharedFolder(dir);
      const key = `${PREFIX}this-window`;
      await folder.change(key, add('a'), { onlyWriter: true });
      await folder.change(key, add('b'), { onlyWriter: true });
      // What a read of the folder started before the second write finds.
      writeFileSync(join(dir, fileOfKey(key)), JSON.stringify(['a']));
      await folder.refresh();
      assert.deepEqual(folder.get(key), ['a', 'b']);
      await folder.change(key, add('c'), { onlyWriter: true });
      const reader = new SharedFolder(dir);
      await reader.refresh();
      assert.deepEqual(reader.get(key), ['a', 'b', 'c'], 'the file holds every entry');
    });

    it('makes the folder again when it went after the first write', async () => {
      const sub = join(dir, 'ledger');
      const folder = new SharedFolder(sub);
      await folder.change(`${PREFIX}w`, add('a'), { onlyWriter: true });
      rmSync(sub, { recursive: true, force: true });
      await folder.change(`${PREFIX}w`, add('b'), { onlyWriter: true });
      const reader = new SharedFolder(sub);
      await reader.refresh();
      assert.deepEqual(reader.get(`${PREFIX}w`), ['a', 'b']);
      assert.deepEqual(readdirSync(sub).filter((n) => n.endsWith('.tmp')), [], 'no temporary file left');
    });
  });
});
