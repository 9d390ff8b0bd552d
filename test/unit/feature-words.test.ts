// Every feature has its words.ts, as CONTRIBUTING's layout says: the place a translator or a
// reviewer looks for that feature's sentences. A feature that says nothing of its own is named
// here with why.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const FEATURES = join(__dirname, '..', '..', 'src', 'features');
const WORDLESS: Readonly<Record<string, string>> = {
  'editor-menu': 'its submenu\'s label is the manifest\'s (package.nls.json); the code only sets context keys',
  walkthrough: 'its steps\' text is the manifest\'s (package.nls.json) and media/walkthrough/*.md; the code only sets context keys',
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []));
}

describe('features: words.ts', () => {
  const folders = readdirSync(FEATURES, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

  it('every feature folder has a words.ts, but those named as saying nothing', () => {
    assert.deepEqual(folders.filter((name) => !(name in WORDLESS) && !existsSync(join(FEATURES, name, 'words.ts'))), []);
  });

  it('a feature named as saying nothing localizes nothing', () => {
    for (const name of Object.keys(WORDLESS)) {
      assert.ok(folders.includes(name), `${name} is not a feature folder`);
      assert.deepEqual(sources(join(FEATURES, name)).filter((file) => readFileSync(file, 'utf8').includes('l10n.t(')), [], name);
    }
  });
});
