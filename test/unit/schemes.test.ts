// Every scheme of the extension's own documents is declared once, in src/core/schemes.ts, with
// its owner: the manifest's onFileSystem: activation events name exactly its file-system schemes
// (so a tab restored after a reload finds its provider, and no event wakes us for nothing), no
// other source file spells a scheme out, and only the owner's feature folder uses its entry.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { FILE_SYSTEM_SCHEMES, isOwnScheme, Schemes } from '../../src/core/schemes';
import { ROOT, sourceFiles } from './source-files';


function onFileSystemSchemes(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { activationEvents?: string[] };
  return (manifest.activationEvents ?? []).filter((event) => event.startsWith('onFileSystem:')).map((event) => event.slice('onFileSystem:'.length));
}

describe('schemes: one module, one owner each', () => {
  it('the manifest\'s onFileSystem: activation events are the file-system schemes, each once', () => {
    assert.deepEqual([...onFileSystemSchemes()].sort(), [...FILE_SYSTEM_SCHEMES].sort());
    assert.equal(new Set(onFileSystemSchemes()).size, onFileSystemSchemes().length, 'an onFileSystem: event listed twice');
  });

  it('ten schemes, all different, each owned by a feature folder that exists', () => {
    const all = Object.values(Schemes);
    assert.deepEqual(all.map((s) => s.scheme).sort(), ['webdata', 'webdata-change', 'webdata-crawl', 'webdata-data', 'webdata-doc', 'webdata-docs', 'webdata-event', 'webdata-page', 'webdata-report', 'webdata-run']);
    assert.equal(new Set(all.map((s) => s.scheme)).size, all.length);
    const features = readdirSync(path.join(ROOT, 'src/features'));
    for (const own of all) assert.ok(features.includes(own.owner), `${own.scheme}: no src/features/${own.owner}/`);
    assert.ok(isOwnScheme('webdata-event') && !isOwnScheme('file') && !isOwnScheme('untitled'));
  });

  it('no other source file spells out a scheme of ours', () => {
    const spelled = new RegExp(`(['"])(?:${Object.values(Schemes).map((s) => s.scheme).join('|')})\\1`);
    const offenders = sourceFiles('src').filter((file) => file !== 'src/core/schemes.ts' && spelled.test(readFileSync(path.join(ROOT, file), 'utf8')));
    assert.deepEqual(offenders, []);
  });

  it('a scheme\'s entry is used by its owner\'s feature folder only (and the platform\'s base, core)', () => {
    for (const [key, own] of Object.entries(Schemes)) {
      const users = sourceFiles('src/features').filter((file) => new RegExp(`\\bSchemes\\.${key}\\b`).test(readFileSync(path.join(ROOT, file), 'utf8')));
      assert.ok(users.length > 0, `nobody uses Schemes.${key}`);
      for (const file of users) assert.ok(file.startsWith(`src/features/${own.owner}/`), `${file} uses Schemes.${key}, owned by ${own.owner}`);
    }
  });
});
