// Every feature loads on first use (src/core/feature-table.ts, src/platform/stand-ins.ts): these
// checks hold the table against package.json and the features' sources, and keep activation from
// importing a feature's code again, directly or through another feature.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { entryOwners, FEATURE_TABLE, fileSystemOwners, LAZY_FEATURES, VIEW_DRAWS, type FeatureEntries } from '../../src/core/feature-table';
import { Command, Tool, View } from '../../src/core/ids';
import { FILE_SYSTEM_SCHEMES } from '../../src/core/schemes';

const ROOT = path.join(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  contributes: { commands: Array<{ command: string }>; views: Record<string, Array<{ id: string }>>; languageModelTools: Array<{ name: string }> };
};

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(relative);
    return entry.name.endsWith('.ts') ? [relative] : [];
  });
}

const text = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');
const commandIds = new Map<string, string>(Object.entries(Command));
const viewIds = new Map<string, string>(Object.entries(View));

/** The entries a feature folder's sources register: commands, tree views and tools, by id. */
function registeredIn(feature: string): { commands: string[]; views: string[]; tools: string[] } {
  const source = filesUnder(`src/features/${feature}`).map(text).join('\n');
  const ids = (pattern: RegExp, table: Map<string, string>): string[] =>
    [...source.matchAll(pattern)].map((m) => table.get(m[1] ?? '') ?? `unknown ${m[1] ?? ''}`).sort();
  const toolConstants = new Map([...source.matchAll(/export const (\w+_TOOL) = Tool\.(\w+);/g)].map((m) => [m[1] ?? '', new Map<string, string>(Object.entries(Tool)).get(m[2] ?? '') ?? '']));
  return {
    commands: ids(/(?:registerCommand|register)\(\s*Command\.(\w+)/g, commandIds),
    views: ids(/createTreeView\(\s*View\.(\w+)/g, viewIds),
    tools: [...source.matchAll(/\bregisterTool\(\s*(\w+_TOOL)\b/g)].map((m) => toolConstants.get(m[1] ?? '') ?? '').sort(),
  };
}

/** Value imports (not `import type`) of a file, as written. */
function valueImports(file: string): string[] {
  return [...text(file).matchAll(/^import (?!type )[^;]*?from '([^']+)';/gm)].map((m) => m[1] ?? '');
}

describe('feature table: every entry has a stand-in and one owner', () => {
  const owners = entryOwners();
  const shellFeatures = ['editor-menu', 'problems', 'spend', 'usage', 'walkthrough'];

  it('lists each lazy feature once, each a folder of src/features/', () => {
    const folders = readdirSync(path.join(ROOT, 'src/features'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    assert.deepEqual([...LAZY_FEATURES].sort(), folders.filter((name) => !shellFeatures.includes(name)));
    assert.deepEqual(Object.keys(FEATURE_TABLE).sort(), [...LAZY_FEATURES].sort());
  });

  it('gives every contributed command one owner, or leaves it to a feature every start runs', () => {
    const contributed = manifest.contributes.commands.map((c) => c.command);
    const counted = new Map<string, number>();
    for (const entries of Object.values<FeatureEntries>(FEATURE_TABLE)) for (const id of entries.commands) counted.set(id, (counted.get(id) ?? 0) + 1);
    assert.deepEqual([...counted].filter(([, n]) => n > 1), [], 'a command with two owners');
    const byShell = shellFeatures.flatMap((feature) => registeredIn(feature).commands);
    const owned = new Set<string>(owners.commands.keys());
    assert.deepEqual(contributed.filter((id) => !owned.has(id) && !byShell.includes(id)), [], 'a contributed command nothing answers');
    assert.deepEqual([...owners.commands.keys()].filter((id) => !contributed.includes(id)), [], 'a stand-in for a command the manifest lacks');
  });

  for (const feature of LAZY_FEATURES) {
    it(`${feature}: registers exactly the commands, views and tools of its row`, () => {
      const found = registeredIn(feature);
      const row = FEATURE_TABLE[feature];
      assert.deepEqual(found.commands, [...row.commands].sort(), 'commands');
      assert.deepEqual(found.views, [...(row.views ?? [])].sort(), 'views');
      assert.deepEqual(found.tools, [...(row.tools ?? [])].sort(), 'tools');
    });
  }

  it('gives every contributed view and tool an owner', () => {
    const views = Object.values(manifest.contributes.views).flat().map((v) => v.id).sort();
    assert.deepEqual([...owners.views.keys()].sort(), views);
    assert.deepEqual([...owners.tools.keys()].sort(), manifest.contributes.languageModelTools.map((t) => t.name).sort());
    for (const [view, also] of Object.entries(VIEW_DRAWS)) {
      assert.ok(views.includes(view), `${view} is a view`);
      for (const feature of also) assert.ok(LAZY_FEATURES.includes(feature), `${feature} is a lazy feature`);
    }
  });

  it('has a stand-in for every file-system scheme, so a tab restored after a reload loads its feature', () => {
    assert.deepEqual([...fileSystemOwners().keys()].sort(), [...FILE_SYSTEM_SCHEMES].sort());
  });
});

describe('feature table: nothing imports a lazy feature eagerly', () => {
  const lazyIndex = new Set(LAZY_FEATURES.map((feature) => `src/features/${feature}/index.ts`));

  /** The file a relative import names, as a path from the root (a folder means its index.ts). */
  function resolved(from: string, specifier: string): string | undefined {
    if (!specifier.startsWith('.')) return undefined;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
    return lazyIndex.has(`${target}/index.ts`) ? `${target}/index.ts` : `${target}.ts`;
  }

  it('src/extension.ts imports no lazy feature as a value, only its types', () => {
    const eager = valueImports('src/extension.ts').map((s) => resolved('src/extension.ts', s)).filter((f) => f !== undefined && f.startsWith('src/features/'));
    assert.deepEqual(eager.filter((f) => LAZY_FEATURES.some((feature) => f?.startsWith(`src/features/${feature}/`))), []);
  });

  it('no file imports a lazy feature\'s entry (its register function) as a value', () => {
    const offenders = filesUnder('src').flatMap((file) => valueImports(file)
      .map((s) => resolved(file, s))
      .filter((target): target is string => target !== undefined && lazyIndex.has(target) && target.split('/')[2] !== file.split('/')[2])
      .map((target) => `${file} -> ${target}`));
    assert.deepEqual(offenders, []);
  });
});
