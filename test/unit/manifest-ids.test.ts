// The ids of src/core/ids.ts against package.json, both ways: every command, context key, view and
// setting the manifest names has its constant and every constant is contributed (or, for context
// keys, used by a when-clause); the code registers, creates and sets each one through its constant;
// and no `webData.` name hides in a string literal outside the module, where no check would see it.
// Reads the files as text and imports the module itself; no VS Code needed.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Command, ContextKey, focusViewCommand, fullSettingKey, keyToRead, RenamedSetting, Setting, SettingGroup, SETTINGS_SECTION, StatusBarItem, View } from '../../src/core/ids';

const root = path.resolve(__dirname, '../..');

interface Manifest {
  contributes: {
    commands: Array<{ command: string }>;
    views: Record<string, Array<{ id: string }>>;
    viewsWelcome: Array<{ view: string }>;
    configuration: Array<{ properties: Record<string, unknown> }>;
    walkthroughs: Array<{ steps: Array<{ completionEvents: string[] }> }>;
  };
}

const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const sources = sourceFiles(path.join(root, 'src')).map((file) => ({ file: path.relative(root, file).split(path.sep).join('/'), text: readFileSync(file, 'utf8') }));

/** The first group that took part in every match, with the file it is in. */
function matchesIn(pattern: RegExp, files = sources): Array<{ id: string; file: string }> {
  return files.flatMap(({ file, text }) => [...text.matchAll(pattern)].map((m) => ({ id: m.slice(1).filter(Boolean)[0] ?? '', file })));
}

/** The key of every `Name.key` the code writes right after `before` (as a call's first argument), once per use. */
function keysUsed(name: string, before: string): string[] {
  return matchesIn(new RegExp(`${before}\\s*${name}\\.(\\w+)`, 'g')).map((m) => m.id);
}

const sorted = (values: Iterable<string>): string[] => [...values].sort();
const values = (object: Record<string, string>): string[] => sorted(Object.values(object));

// Every when-clause and enablement of the manifest, wherever it sits (menus, keybindings, welcome views).
function whenClauses(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(whenClauses);
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => ((key === 'when' || key === 'enablement') && typeof value === 'string' ? [value] : whenClauses(value)));
}

const clauses = whenClauses(manifest.contributes);
const onContextEvents = manifest.contributes.walkthroughs.flatMap((w) => w.steps.flatMap((s) => s.completionEvents))
  .filter((event) => event.startsWith('onContext:')).map((event) => event.slice('onContext:'.length));
/** `view == webData.x` names a view and `config.webData.x` a setting; every other `webData.x` is a context key. */
const viewsInClauses = clauses.flatMap((clause) => [...clause.matchAll(/\bview\s*==\s*([\w.]+)/g)].map((m) => m[1] ?? ''));
const settingsInClauses = clauses.flatMap((clause) => [...clause.matchAll(/\bconfig\.([\w.]+)/g)].map((m) => m[1] ?? ''));
const contextKeysInClauses = [
  ...clauses.flatMap((clause) => clause.replace(/\bview\s*==\s*[\w.]+|\bconfig\.[\w.]+/g, '').match(/\bwebData\.[\w.]+/g) ?? []),
  ...onContextEvents.filter((key) => key.startsWith('webData.')),
];

describe('manifest: commands (Command in src/core/ids.ts)', () => {
  const contributed = manifest.contributes.commands.map((c) => c.command);
  const registered = keysUsed('Command', String.raw`\bregister\w*\(`);

  it('every contributed command is a Command, and every Command is contributed', () => {
    assert.deepEqual(values(Command), sorted(contributed));
  });

  it('finds registrations at all (the pattern still matches the code)', () => {
    assert.ok(registered.length >= 10, `only ${registered.length} registrations found`);
  });

  it('every Command is registered in code exactly once', () => {
    const counts = Object.keys(Command).map((key) => `${key} ×${registered.filter((r) => r === key).length}`);
    assert.deepEqual(counts, Object.keys(Command).map((key) => `${key} ×1`));
  });
});

describe('manifest: context keys (ContextKey in src/core/ids.ts)', () => {
  it('finds context keys in the when-clauses and the walkthrough (the patterns still match)', () => {
    assert.ok(new Set(contextKeysInClauses).size >= 5, contextKeysInClauses.join(', '));
    assert.ok(onContextEvents.length >= 2, onContextEvents.join(', '));
  });

  it('every context key a when-clause or walkthrough step reads is a ContextKey, and every ContextKey is read', () => {
    assert.deepEqual(values(ContextKey), sorted(new Set(contextKeysInClauses)));
  });

  it('every ContextKey is set by the code (setContext, or a ContextFlag of platform/context-flag.ts)', () => {
    const set = new Set(keysUsed('ContextKey', String.raw`(?:setContext['"\`],|new ContextFlag\()`));
    const unset = Object.keys(ContextKey).filter((key) => !set.has(key));
    assert.deepEqual(unset, [], `no setContext for ContextKey.${unset.join(', ContextKey.')}`);
  });
});

describe('manifest: views (View in src/core/ids.ts)', () => {
  const contributed = Object.values(manifest.contributes.views).flat().map((v) => v.id);

  it('every contributed view is a View, and every View is contributed', () => {
    assert.deepEqual(values(View), sorted(contributed));
  });

  it('every View is created by the code, once', () => {
    assert.deepEqual(sorted(keysUsed('View', String.raw`createTreeView\(`)), sorted(Object.keys(View)));
  });

  it('every view a when-clause or a welcome text belongs to is a View', () => {
    const named = [...viewsInClauses, ...manifest.contributes.viewsWelcome.map((w) => w.view)];
    assert.ok(named.length >= 5);
    for (const view of named) assert.ok(values(View).includes(view), `${view} is not a View`);
  });

  it('every StatusBarItem is created by the code, once', () => {
    assert.deepEqual(sorted(keysUsed('StatusBarItem', String.raw`createStatusBarItem\(`)), sorted(Object.keys(StatusBarItem)));
  });

  it('focusViewCommand makes the command VS Code gives every view', () => {
    assert.equal(focusViewCommand(View.webhookEvents), 'webData.webhookEvents.focus');
  });
});

describe('manifest: settings (Setting in src/core/ids.ts)', () => {
  const contributed = manifest.contributes.configuration.flatMap((category) => Object.keys(category.properties));

  it('every contributed setting is a Setting, and every Setting is contributed', () => {
    assert.deepEqual(sorted(Object.values(Setting).map(fullSettingKey)), sorted(contributed));
  });

  it('every Setting is read by the code', () => {
    const read = new Set(keysUsed('Setting', String.raw`(?:\.get(?:<.*?>)?|\bgetRenamed)\(`));
    const unread = Object.keys(Setting).filter((key) => !read.has(key));
    assert.deepEqual(unread, [], `never read: Setting.${unread.join(', Setting.')}`);
  });

  it('every setting a when-clause reads is a Setting', () => {
    assert.ok(settingsInClauses.length > 0);
    const settings = new Set<string>(Object.values(Setting).map(fullSettingKey));
    for (const key of settingsInClauses) assert.ok(settings.has(key), `${key} is not a Setting`);
  });

  it('a renamed setting\'s old key is no longer contributed, and is read only while the new one is set nowhere', () => {
    const olds = Object.values(RenamedSetting);
    assert.ok(olds.length >= 3);
    for (const old of olds) assert.ok(!contributed.includes(`${SETTINGS_SECTION}.${old}`), old);
    const key = Setting.creditsLowThreshold;
    const old = RenamedSetting[key] ?? '';
    assert.equal(keyToRead(key, (name) => name === old), old, 'only the old key set: it is read');
    assert.equal(keyToRead(key, () => true), key, 'both set: the new one wins');
    assert.equal(keyToRead(key, () => false), key, 'neither set: the new one, with its default');
    assert.equal(keyToRead(Setting.searchLimit, () => false), Setting.searchLimit);
  });

  it('every SettingGroup holds settings', () => {
    for (const group of Object.values(SettingGroup)) assert.ok(Object.values(Setting).some((key) => key.startsWith(`${group}.`)), group);
  });
});

describe('manifest: no id outside src/core/ids.ts', () => {
  // Keys of globalState and SecretStorage: ours alone, not names VS Code or the manifest knows,
  // each kept beside the code that stores it. One shares its text with a view id, so each is
  // allowed in its own file only.
  const STORAGE_KEYS: Record<string, string[]> = {
    'src/core/usage/last-known.ts': ['webData.usage.lastKnown'],
    'src/core/webhook-events/shared-list.ts': ['webData.webhookEvents'],
    'src/features/search/markdown-hint.ts': ['webData.search.markdownHintShown'],
    'src/features/walkthrough/index.ts': ['webData.walkthroughShown'],
    'src/core/crawls/open-jobs.ts': ['webData.crawlResults.openJobs'],
    'src/features/search/advanced/command.ts': ['webData.advancedSearch.lastRequest'],
    'src/platform/secrets.ts': ['webData.webhookSecret'],
    'src/core/service-address.ts': ['webData.apiKey'],
    'src/core/shared-keys.ts': ['webData.spend', 'webData.jobTokens', 'webData.researchTokens', 'webData.watchTokens', 'webData.jobCosts'],
    'src/platform/profile-use.ts': ['webData.usedInProfile'],
    'src/features/parse/consent.ts': ['webData.parseConsent'],
    'src/features/watch/model.ts': ['webData.watch.known'],
    'src/features/browser/sessions.ts': ['webData.browser.lastBill'],
    'src/core/browser/remembered-folder.ts': ['webData.browser.liveViewShown'],
    'src/core/usage-ledger/ledger.ts': ['webData.usage'],
  };
  const others = sources.filter((s) => s.file !== 'src/core/ids.ts');
  // Comment lines may quote a call as a caller writes it; code may not.
  const code = others.map(({ file, text }) => ({ file, text: text.split('\n').filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line)).join('\n') }));

  it('the code names every command, context key, view, setting and status bar item through its constant', () => {
    const settingKeys = new Set<string>(Object.values(Setting));
    const found = [
      // a whole literal, 'webData.x' or 'search.limit' (a storage key may end in ':' and an id); a
      // backquoted one only where it ends an argument or element, as markdown in a string quotes names too
      ...matchesIn(/'([\w.:]+)'|"([\w.:]+)"|`([\w.:]+)`(?=\s*(?:[,;)\]}]|$))/gm, code)
        .filter(({ id }) => id.startsWith('webData.') || settingKeys.has(id)),
      // a command link in a markdown string, '…(command:webData.x)'
      ...matchesIn(/command:(webData\.[\w.]+)/g, code),
    ];
    assert.ok(found.length >= 5, `only ${found.length} literals found: the patterns no longer match the storage keys`);
    const stray = found.filter(({ id, file }) => !(STORAGE_KEYS[file] ?? []).some((key) => id === key || id.startsWith(`${key}:`)))
      .map(({ id, file }) => `${file}: '${id}'`);
    assert.deepEqual(stray, []);
  });

  it('every webData name the code mentions in a message or a comment is an id or a storage key', () => {
    const known = new Set([
      ...Object.values(Command), ...Object.values(ContextKey), ...Object.values(View), ...Object.values(View).map(focusViewCommand),
      ...Object.values(Setting).map(fullSettingKey), ...Object.values(SettingGroup).map(fullSettingKey), ...Object.values(StatusBarItem),
      ...Object.values(STORAGE_KEYS).flat(), ...Object.values(RenamedSetting).map((old) => `${SETTINGS_SECTION}.${old}`),
    ]);
    const mentioned = matchesIn(/\b(webData(?:\.[A-Za-z]\w*)+)/g, others);
    assert.ok(mentioned.length >= 10, `only ${mentioned.length} mentions found`);
    const unknown = mentioned.filter((m) => !known.has(m.id)).map((m) => `${m.file}: ${m.id}`);
    assert.deepEqual(unknown, []);
  });

  it('the storage keys listed here are still in their files', () => {
    for (const [file, keys] of Object.entries(STORAGE_KEYS)) {
      const text = sources.find((s) => s.file === file)?.text ?? '';
      for (const key of keys) assert.ok(text.includes(`'${key}`), `${file} no longer holds ${key}: drop it from STORAGE_KEYS`);
    }
  });
});
