// The manifest and the code cannot drift apart: every contributed command is registered and the
// reverse, every menu entry names a contributed command, every %placeholder% has its string, and
// every setting the code reads is contributed. Reads the files as text; no VS Code needed.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { packagedByVscodeignore, vscodeignoreLines } from './vscodeignore';

const root = path.resolve(__dirname, '../..');

interface Manifest {
  contributes: {
    commands: Array<{ command: string; title: string; category?: string }>;
    menus: Record<string, Array<{ command: string; when?: string }>>;
    views: Record<string, Array<{ id: string }>>;
    viewsWelcome: Array<{ view: string; contents: string }>;
    configuration: { properties: Record<string, unknown> };
    walkthroughs: Array<{ id: string; title: string; description: string; steps: WalkthroughStep[] }>;
  };
  capabilities?: { untrustedWorkspaces?: { supported?: unknown; description?: string; restrictedConfigurations?: string[] } };
}

interface WalkthroughStep {
  id: string;
  title: string;
  description: string;
  media: { markdown?: string; image?: string; svg?: string };
  completionEvents: string[];
}

const manifestText = readFileSync(path.join(root, 'package.json'), 'utf8');
const manifest = JSON.parse(manifestText) as Manifest;
const nls = JSON.parse(readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const sources = sourceFiles(path.join(root, 'src')).map((file) => ({ file: path.relative(root, file), text: readFileSync(file, 'utf8') }));

function matchesIn(pattern: RegExp): Array<{ id: string; file: string }> {
  return sources.flatMap(({ file, text }) => [...text.matchAll(pattern)].map((m) => ({ id: m[1] ?? '', file })));
}

// `registerCommand('webData.x'`, and wrappers named register…(…) taking the id first, such as
// the search feature's `register('webData.search', …)`.
const REGISTERED = /\bregister\w*\(\s*['"`](webData\.[\w.]+)['"`]/g;

const contributed = new Set(manifest.contributes.commands.map((c) => c.command));
const registered = new Set(matchesIn(REGISTERED).map((m) => m.id));
const viewIds = new Set(Object.values(manifest.contributes.views).flat().map((v) => v.id));
// VS Code makes `<view id>.focus` and friends for every view; they are not ours to register.
const isViewCommand = (id: string): boolean => [...viewIds].some((view) => id.startsWith(`${view}.`));
// webData.editSearch runs advanced search, which the `advanced` branch contributes; the test below
// fails once it is contributed here, so this list empties itself at the merge.
describe('manifest: commands', () => {
  it('finds registrations at all (the pattern still matches the code)', () => {
    assert.ok(registered.size >= 10, `only ${registered.size} registrations found: ${[...registered].join(', ')}`);
  });

  it('every contributed command is registered in code', () => {
    const missing = [...contributed].filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], `contributed but never registered: ${missing.join(', ')}`);
  });

  it('every command registered in code is contributed', () => {
    const extra = [...registered].filter((id) => !contributed.has(id));
    assert.deepEqual(extra, [], `registered but not in contributes.commands: ${extra.join(', ')}`);
  });

  it('no command is registered twice', () => {
    const all = matchesIn(REGISTERED);
    const twice = all.filter((m, i) => all.findIndex((n) => n.id === m.id) !== i).map((m) => `${m.id} (${m.file})`);
    assert.deepEqual(twice, []);
  });

  it('every contributed command has a title and the category', () => {
    for (const command of manifest.contributes.commands) {
      assert.ok(command.title, command.command);
      assert.equal(command.category, '%category%', command.command);
    }
  });

  it('every menu entry names a contributed command', () => {
    for (const [menu, entries] of Object.entries(manifest.contributes.menus)) {
      for (const entry of entries) assert.ok(contributed.has(entry.command), `${menu}: ${entry.command} is not contributed`);
    }
  });

  it('every command the code runs or links to exists', () => {
    const used = [
      ...matchesIn(/executeCommand\(\s*['"`](webData\.[\w.]+)['"`]/g),
      ...matchesIn(/command:\s*['"`](webData\.[\w.]+)['"`]/g),
      ...matchesIn(/['"`]command:(webData\.[\w.]+)/g),
    ];
    const unknown = used.filter((m) => !contributed.has(m.id) && !isViewCommand(m.id)).map((m) => `${m.id} (${m.file})`);
    assert.deepEqual(unknown, []);
  });

  it('every command link in the welcome texts exists', () => {
    const links = Object.values(nls).flatMap((text) => [...text.matchAll(/\(command:(webData\.[\w.]+)/g)].map((m) => m[1] ?? ''));
    assert.ok(links.length > 0);
    for (const id of links) assert.ok(contributed.has(id), `a welcome text links to ${id}, which is not contributed`);
  });
});

describe('manifest: strings and views', () => {
  it('every %placeholder% has a string in package.nls.json', () => {
    const placeholders = [...manifestText.matchAll(/"%([\w.]+)%"/g)].map((m) => m[1] ?? '');
    assert.ok(placeholders.length > 10);
    const missing = placeholders.filter((key) => !(key in nls));
    assert.deepEqual(missing, []);
  });

  it('every string in package.nls.json is used', () => {
    const unused = Object.keys(nls).filter((key) => !manifestText.includes(`%${key}%`));
    assert.deepEqual(unused, []);
  });

  it('every view the code creates is contributed, and every welcome belongs to a view', () => {
    for (const { id, file } of matchesIn(/createTreeView\(\s*['"`](webData\.[\w.]+)['"`]/g)) assert.ok(viewIds.has(id), `${file}: ${id}`);
    for (const welcome of manifest.contributes.viewsWelcome) assert.ok(viewIds.has(welcome.view), welcome.view);
  });
});

describe('manifest: settings', () => {
  const properties = new Set(Object.keys(manifest.contributes.configuration.properties));
  const settingsSource = readFileSync(path.join(root, 'src/platform/settings.ts'), 'utf8');

  it('every setting read in src/platform/settings.ts is contributed', () => {
    const read = [...settingsSource.matchAll(/\.get<[^>]*>\(\s*'([\w.]+)'/g)].map((m) => `webData.${m[1]}`);
    assert.ok(read.length >= 10, `only ${read.length} reads found`);
    const missing = read.filter((key) => !properties.has(key));
    assert.deepEqual(missing, []);
  });

  it('every setting the code listens to is contributed (or is a group of them)', () => {
    const names = [
      ...matchesIn(/onDidChangeSetting\(\s*'([\w.]+)'/g).map((m) => m.id),
      ...matchesIn(/affectsConfiguration\(\s*'webData\.([\w.]+)'/g).map((m) => m.id),
    ];
    assert.ok(names.length > 0);
    for (const name of names) {
      const key = `webData.${name}`;
      assert.ok(properties.has(key) || [...properties].some((p) => p.startsWith(`${key}.`)), `${key} is not contributed`);
    }
  });

  it('every setting has a description', () => {
    for (const [key, value] of Object.entries(manifest.contributes.configuration.properties)) {
      const schema = value as { markdownDescription?: string; description?: string };
      assert.ok(schema.markdownDescription ?? schema.description, key);
    }
  });
});

describe('manifest: untrusted workspaces (Restricted Mode)', () => {
  const properties = manifest.contributes.configuration.properties as Record<string, { scope?: string }>;
  const untrusted = manifest.capabilities?.untrustedWorkspaces;
  const restricted = new Set(untrusted?.restrictedConfigurations ?? []);
  /** A folder's .vscode/settings.json cannot set these at all, or VS Code ignores them there in Restricted Mode. */
  const folderCannotSet = (key: string): boolean =>
    restricted.has(key) || properties[key]?.scope === 'application' || properties[key]?.scope === 'machine';
  // Where requests and the key go, and whether and where a port opens and what it accepts.
  const SENSITIVE = ['webData.baseUrl', 'webData.webhooks.port', 'webData.webhooks.path', 'webData.webhooks.bindAddress', 'webData.webhooks.autoStart', 'webData.webhooks.requireSignature'];

  it('runs in Restricted Mode with limits, and says which', () => {
    assert.equal(untrusted?.supported, 'limited');
    assert.ok(untrusted.description);
  });

  it('a folder cannot choose the service address or start, place or open the webhook receiver', () => {
    for (const key of SENSITIVE) {
      assert.ok(key in properties, `${key} is not contributed`);
      assert.ok(folderCannotSet(key), `${key} can be set by an untrusted folder`);
    }
  });

  it('a new setting that looks like an address, a port or a listener switch is covered too', () => {
    const looksSensitive = Object.keys(properties).filter((key) => /url|address|host|port|path|proxy|endpoint|autostart|listen|bind|signature|secret|key/i.test(key));
    assert.ok(looksSensitive.length >= SENSITIVE.length);
    for (const key of looksSensitive) assert.ok(folderCannotSet(key), `${key} looks like it decides where requests or the key go, or opens a port: restrict it`);
  });

  it('every restricted setting is contributed', () => {
    for (const key of restricted) assert.ok(key in properties, `${key} is restricted but not contributed`);
  });
});

describe('manifest: walkthrough', () => {
  const walkthroughs = manifest.contributes.walkthroughs;
  const steps = walkthroughs.flatMap((w) => w.steps);
  const contextKeys = new Set(matchesIn(/setContext['"`],\s*['"`](webData\.[\w.]+)['"`]/g).map((m) => m.id));

  it('has the getting-started steps, each completing on an event', () => {
    assert.deepEqual(steps.map((s) => s.id), ['connect', 'search', 'openMarkdown', 'credits', 'webhooks']);
    for (const step of steps) assert.ok(step.completionEvents.length > 0, step.id);
  });

  it('every step completes on a contributed command, a contributed view or a context key the code sets', () => {
    assert.ok(contextKeys.size >= 2, `only ${contextKeys.size} setContext calls found`);
    for (const step of steps) {
      for (const event of step.completionEvents) {
        const [kind, name = ''] = event.split(/:(.*)/s);
        if (kind === 'onCommand') assert.ok(contributed.has(name), `step ${step.id}: ${name} is not a contributed command`);
        else if (kind === 'onView') assert.ok(viewIds.has(name), `step ${step.id}: ${name} is not a contributed view`);
        else if (kind === 'onContext') assert.ok(contextKeys.has(name), `step ${step.id}: no code sets the context key ${name}`);
        else assert.fail(`step ${step.id}: completion event ${event} is not checked by this test`);
      }
    }
  });

  it('every step has its strings and a markdown page that exists and is packaged', () => {
    const ignoreLines = vscodeignoreLines(root);
    for (const step of steps) {
      for (const text of [step.title, step.description]) assert.ok(/^%[\w.]+%$/.test(text) && text.slice(1, -1) in nls, `step ${step.id}: ${text}`);
      const page = step.media.markdown;
      assert.ok(page !== undefined, `step ${step.id} has no markdown page`);
      assert.ok(existsSync(path.join(root, page)), `step ${step.id}: ${page} does not exist`);
      assert.ok(packagedByVscodeignore(ignoreLines, page), `step ${step.id}: .vscodeignore leaves ${page} out of the package`);
    }
  });

  it('the packaging check agrees: a file .vscodeignore leaves out is seen as left out', () => {
    const ignoreLines = vscodeignoreLines(root);
    assert.equal(packagedByVscodeignore(ignoreLines, 'media/screenshots/credits.png'), false);
    assert.equal(packagedByVscodeignore(ignoreLines, 'src/extension.ts'), false);
    assert.equal(packagedByVscodeignore(ignoreLines, 'media/icon.png'), true);
  });
});

describe('manifest: the Marketplace listing', () => {
  const listing = JSON.parse(manifestText) as {
    categories: string[]; keywords: string[]; icon: string; license: string;
    repository: { url: string }; bugs: { url: string }; homepage: string; galleryBanner: { color: string; theme: string };
  };
  // The categories VS Code accepts, as listed in the extension host of both VS Code versions the
  // host tests run (1.100.3 and 1.139.1); anything else is a warning on install and invisible in the Marketplace.
  const CATEGORIES = ['AI', 'Azure', 'Chat', 'Data Science', 'Debuggers', 'Extension Packs', 'Education', 'Formatters', 'Keymaps',
    'Language Packs', 'Linters', 'Machine Learning', 'Notebooks', 'Programming Languages', 'SCM Providers', 'Snippets', 'Testing',
    'Themes', 'Visualization', 'Other'];

  it('uses only categories VS Code accepts', () => {
    assert.ok(listing.categories.length > 0);
    for (const category of listing.categories) assert.ok(CATEGORIES.includes(category), `unknown category ${category}`);
  });

  it('has keywords (vsce allows at most 30), a license file, an icon that exists, and its links', () => {
    assert.ok(listing.keywords.length > 0 && listing.keywords.length <= 30, `${listing.keywords.length} keywords`);
    assert.equal(new Set(listing.keywords).size, listing.keywords.length, 'a keyword is listed twice');
    assert.equal(listing.license, 'MIT');
    assert.ok(existsSync(path.join(root, 'LICENSE')));
    assert.ok(existsSync(path.join(root, listing.icon)), listing.icon);
    for (const url of [listing.repository.url, listing.bugs.url, listing.homepage]) assert.match(url, /^https:\/\//);
    assert.match(listing.galleryBanner.color, /^#[0-9a-f]{6}$/i);
    assert.ok(['dark', 'light'].includes(listing.galleryBanner.theme));
  });
});

describe('manifest: advanced search and operators', () => {
  const keybindings = (JSON.parse(manifestText) as { contributes: { keybindings?: Array<{ command: string; when?: string }> } }).contributes.keybindings ?? [];
  const contextKeys = new Set(matchesIn(/setContext['"`],\s*['"`](webData\.[\w.]+)['"`]/g).map((m) => m.id));

  it('offers Search with Options in the Search Results view\'s title, beside Search the Web', () => {
    const titles = manifest.contributes.menus['view/title'] ?? [];
    for (const command of ['webData.search', 'webData.searchAdvanced']) {
      assert.ok(titles.some((entry) => entry.command === command && entry.when === 'view == webData.searchResults'), command);
    }
  });

  it('every keybinding names a contributed command, and its webData context keys are set by the code', () => {
    assert.ok(keybindings.some((k) => k.command === 'webData.insertOperator'));
    for (const binding of keybindings) {
      assert.ok(contributed.has(binding.command), binding.command);
      for (const key of binding.when?.match(/webData\.[\w.]+/g) ?? []) assert.ok(contextKeys.has(key), `${binding.command}: no code sets ${key}`);
    }
  });
});
