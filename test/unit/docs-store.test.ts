import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocsSet } from '../../src/core/docs/docs-set';
import { docsSetIdOf, DocsStore } from '../../src/core/docs/store';
import type { HistoryFileSystem } from '../../src/core/search/history-fs';

const meta = { id: 'undici', siteUrl: 'https://undici.example/docs/', version: '7.3.0', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
const noLog = { warn: () => undefined };

function setWith(words: string): DocsSet {
  const set = DocsSet.empty(meta);
  set.setPage({ url: 'https://undici.example/docs/a', title: 'A', markdown: `# Heading\n${words}` });
  return set;
}

/** A file system whose writeFile waits until released, to look at the folder mid-write. */
function pausingFs() {
  let release: () => void = () => undefined;
  let started: () => void = () => undefined;
  const writeStarted = new Promise<void>((resolve) => { started = resolve; });
  const wrapped: HistoryFileSystem = {
    ...fs,
    writeFile: async (...args: Parameters<typeof fs.writeFile>) => {
      await fs.writeFile(...args);
      started();
      await new Promise<void>((resolve) => { release = resolve; });
    },
  };
  return { fs: wrapped, writeStarted, release: () => release() };
}

describe('Docs sets on disk (DocsStore)', () => {
  let folder: string;
  beforeEach(async () => { folder = await mkdtemp(join(tmpdir(), 'docs-store-')); });
  afterEach(async () => { await rm(folder, { recursive: true, force: true }); });

  it('keeps a set whole (facts, pages, index) and reads it back searchable', async () => {
    const store = new DocsStore(folder, noLog);
    const bytes = await store.save(setWith('connection pooling explained'));
    const listed = await store.list();
    assert.deepEqual(listed, [{ meta, bytes, pages: 1 }]);
    const loaded = await store.load('undici');
    assert.equal(loaded?.meta.version, '7.3.0');
    assert.equal(loaded.search('pooling')[0]?.heading, 'Heading');
  });

  it('never shows a reader half a set: mid-write the set read is the one before, after it the new one', async () => {
    await new DocsStore(folder, noLog).save(setWith('old words'));
    const paused = pausingFs();
    const writing = new DocsStore(folder, noLog, paused.fs).save(setWith('new words'));
    await paused.writeStarted;
    const reader = new DocsStore(folder, noLog);
    assert.equal((await reader.load('undici'))?.search('old').length, 1, 'the whole earlier set');
    paused.release();
    await writing;
    assert.equal((await reader.load('undici'))?.search('new').length, 1);
    assert.deepEqual((await fs.readdir(folder)).sort(), ['undici.docs.json'], 'no temporary file or lock left');
  });

  it('lets one writer at a time write a set: a second save waits for the first one\'s lock', async () => {
    const paused = pausingFs();
    const first = new DocsStore(folder, noLog, paused.fs).save(setWith('first'));
    await paused.writeStarted;
    let secondDone = false;
    const second = new DocsStore(folder, noLog).save(setWith('second')).then(() => { secondDone = true; });
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(secondDone, false, 'the second writer waits while the first holds the lock');
    paused.release();
    await Promise.all([first, second]);
    assert.equal((await new DocsStore(folder, noLog).load('undici'))?.search('second').length, 1, 'the later write is the one kept');
  });

  it('leaves out a damaged file, saying so, and removes a set', async () => {
    const warnings: string[] = [];
    const store = new DocsStore(folder, { warn: (m) => warnings.push(m) });
    await store.save(setWith('kept'));
    await fs.writeFile(join(folder, 'broken.docs.json'), '{"format":1,"meta":{}');
    assert.deepEqual((await store.list()).map((s) => s.meta.id), ['undici']);
    assert.equal(warnings.length, 1);
    await store.remove('undici');
    assert.deepEqual(await store.list(), []);
  });

  it('names a set after its site', () => {
    assert.equal(docsSetIdOf('https://Docs.Example.com/v2/guide/'), 'docs-example-com-v2-guide');
    assert.equal(docsSetIdOf('???'), 'docs');
  });
});
