// The manifest and the code cannot drift apart: every menu entry names a contributed command,
// every %placeholder% has its string, every setting is described. Commands, context keys, views
// and settings against src/core/ids.ts (and the code against it): ./manifest-ids.test.ts.
// Reads the files as text; no VS Code needed.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Command, ContextKey, fullSettingKey, Setting, Tool, View, WALKTHROUGH_ID } from '../../src/core/ids';
import { packagedByVscodeignore, vscodeignoreLines } from './vscodeignore';

const root = path.resolve(__dirname, '../..');

interface Manifest {
  publisher: string;
  name: string;
  contributes: {
    commands: Array<{ command: string; title: string; category?: string }>;
    menus: Record<string, Array<{ command: string; when?: string; group?: string }>>;
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

const contributed = new Set(manifest.contributes.commands.map((c) => c.command));
const viewIds = new Set(Object.values(manifest.contributes.views).flat().map((v) => v.id));
// The keys the code sets; manifest-ids.test.ts checks that it sets every one.
const contextKeys = new Set<string>(Object.values(ContextKey));

describe('manifest: commands', () => {
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

  it('every command link in the welcome texts exists', () => {
    const links = Object.values(nls).flatMap((text) => [...text.matchAll(/\(command:(webData\.[\w.]+)/g)].map((m) => m[1] ?? ''));
    assert.ok(links.length > 0);
    for (const id of links) assert.ok(contributed.has(id), `a welcome text links to ${id}, which is not contributed`);
  });
});

describe('manifest: strings', () => {
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
});

describe('manifest: settings', () => {
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
  const SENSITIVE = [Setting.baseUrl, Setting.webhooksPort, Setting.webhooksPath, Setting.webhooksBindAddress, Setting.webhooksAutoStart, Setting.webhooksRequireSignature].map(fullSettingKey);

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

  it('has the getting-started steps, each completing on an event', () => {
    assert.deepEqual(steps.map((s) => s.id), ['connect', 'search', 'openMarkdown', 'credits', 'webhooks', 'chat']);
    for (const step of steps) assert.ok(step.completionEvents.length > 0, step.id);
  });

  it('every step completes on a contributed command, a contributed view or a context key the code sets', () => {
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

  it('each step a person does from anywhere (the sandbox\'s helper, a row, a keybinding) completes on the context key the code sets for it', () => {
    // onCommand: sees only commands run through the workbench; the walkthrough feature sets these
    // keys whoever did the thing (src/features/walkthrough).
    const expected: Record<string, string> = {
      connect: `onContext:${ContextKey.walkthroughConnected}`,
      search: `onContext:${ContextKey.walkthroughSearched}`,
      openMarkdown: `onContext:${ContextKey.walkthroughRead}`,
      credits: `onView:${View.activeCrawls}`,
      webhooks: `onContext:${ContextKey.walkthroughWebhookReceived}`,
      chat: `onContext:${ContextKey.chatToolUsed}`,
    };
    for (const step of steps) assert.ok(step.completionEvents.includes(expected[step.id] ?? ''), `step ${step.id}: ${step.completionEvents.join(', ')}`);
    // A key that is already true when the walkthrough starts never ticks its step: none of these is a state.
    for (const step of steps) assert.ok(!step.completionEvents.includes(`onContext:${ContextKey.connected}`), `step ${step.id} waits on a state key`);
  });

  it('a step ticks when the thing is done, not when a box for it opens (a search sent and answered, a page opened)', () => {
    // webData.search and webData.openMarkdown open a box: onCommand: would tick before anything was sent.
    const byId = new Map(steps.map((s) => [s.id, s]));
    assert.deepEqual(byId.get('search')?.completionEvents, [`onContext:${ContextKey.walkthroughSearched}`]);
    assert.deepEqual(byId.get('openMarkdown')?.completionEvents, [`onContext:${ContextKey.walkthroughRead}`]);
  });

  it('the chat step says that chat needs a chat extension, and offers to find one', () => {
    const chat = steps.find((s) => s.id === 'chat');
    const description = nls[chat?.description.slice(1, -1) ?? ''] ?? '';
    assert.match(description, /needs a chat extension/);
    assert.match(description, /\(command:workbench\.extensions\.search\?/);
  });

  it('the walkthrough the code opens on a first start is the one contributed', () => {
    assert.deepEqual(walkthroughs.map((w) => `${manifest.publisher}.${manifest.name}#${w.id}`), [WALKTHROUGH_ID]);
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

  it('offers Search with Options in the Search Results view\'s title, beside Search the Web', () => {
    const titles = manifest.contributes.menus['view/title'] ?? [];
    for (const command of [Command.search, Command.searchAdvanced]) {
      assert.ok(titles.some((entry) => entry.command === command && entry.when === `view == ${View.searchResults}`), command);
    }
  });

  it('every keybinding names a contributed command, and its webData context keys are set by the code', () => {
    assert.ok(keybindings.some((k) => k.command === Command.insertOperator));
    for (const binding of keybindings) {
      assert.ok(contributed.has(binding.command), binding.command);
      for (const key of binding.when?.match(/webData\.[\w.]+/g) ?? []) assert.ok(contextKeys.has(key), `${binding.command}: no code sets ${key}`);
    }
  });
});

describe('manifest: language-model tools', () => {
  const chatSources = ['src/features/chat/index.ts', 'src/features/chat/search-tool.ts', 'src/features/chat/credits-tool.ts', 'src/features/chat/crawls-tool.ts', 'src/features/chat/read-tool.ts',
    'src/features/chat/crawl-results-tool.ts', 'src/features/chat/scrape-tool.ts', 'src/features/chat/map-tool.ts', 'src/features/chat/job-tool.ts', 'src/features/crawl-results/index.ts']
    .map((file) => readFileSync(path.join(root, file), 'utf8')).join('\n');
  const matchesIn = (pattern: RegExp): Array<{ id: string }> => [...chatSources.matchAll(pattern)].map((m) => ({ id: m[1] ?? '' }));
  interface ToolContribution { [field: string]: unknown; name: string; inputSchema: Record<string, unknown> }
  const tools = (JSON.parse(manifestText) as { contributes: { languageModelTools: ToolContribution[] } }).contributes.languageModelTools;
  // The fields VS Code 1.100 (the engines floor) accepts: its schema has additionalProperties false.
  const FIELDS_1_100 = ['name', 'toolReferenceName', 'displayName', 'userDescription', 'modelDescription', 'inputSchema', 'canBeReferencedInPrompt', 'icon', 'when', 'tags'];
  // Plain draft-07 keywords only: Copilot drops every tool of an extension over one it cannot read.
  const SCHEMA_KEYWORDS = new Set(['type', 'properties', 'items', 'enum', 'required', 'description', 'minimum', 'maximum', 'maxLength', 'minLength', 'default']);
  const registeredTools = new Set(matchesIn(/export const \w+_TOOL = Tool\.(\w+);/g).map((m) => new Map<string, string>(Object.entries(Tool)).get(m.id)));

  it('contributes the nine tools, each registered in code, and code registers no other', () => {
    assert.deepEqual(tools.map((t) => t.name), ['webData_search', 'webData_scrape', 'webData_map', 'webData_startCrawl', 'webData_batchScrape', 'webData_credits', 'webData_activeCrawls', 'webData_readResult', 'webData_crawlResults']);
    assert.deepEqual([...registeredTools].sort(), tools.map((t) => t.name).sort());
    // Registered under the tool files' *_TOOL constants (read above), each once.
    const registerCalls = matchesIn(/\bregisterTool\(\s*(\w+_TOOL)\b/g).map((m) => m.id);
    assert.deepEqual(registerCalls.sort(), ['ACTIVE_CRAWLS_TOOL', 'BATCH_SCRAPE_TOOL', 'CRAWL_RESULTS_TOOL', 'CREDITS_TOOL', 'MAP_TOOL', 'READ_RESULT_TOOL', 'SCRAPE_TOOL', 'SEARCH_TOOL', 'START_CRAWL_TOOL'], 'each tool is registered once, under its constant');
  });

  it('each has only fields VS Code 1.100 accepts, its strings, a #name, an icon and tags', () => {
    for (const tool of tools) {
      for (const field of Object.keys(tool)) assert.ok(FIELDS_1_100.includes(field), `${tool.name}: ${field} is not accepted by VS Code 1.100`);
      for (const field of ['displayName', 'userDescription']) {
        const text = String(tool[field]);
        assert.ok(/^%[\w.]+%$/.test(text) && text.slice(1, -1) in nls, `${tool.name}.${field} is not a localized string`);
      }
      assert.equal(tool.canBeReferencedInPrompt, true, tool.name);
      assert.match(String(tool.toolReferenceName), /^web[A-Z]\w+$/, tool.name);
      assert.match(String(tool.icon), /^\$\([\w-]+\)$/, tool.name);
      assert.ok(Array.isArray(tool.tags) && tool.tags.length > 0 && tool.tags.every((tag) => typeof tag === 'string' && !/^(copilot_|vscode_)/.test(tag)), tool.name);
    }
  });

  it('each modelDescription is English for the model (not localized) and says when to use the tool and what it costs', () => {
    for (const tool of tools) {
      const text = String(tool.modelDescription);
      assert.ok(!text.startsWith('%'), `${tool.name}: modelDescription is a placeholder`);
      assert.ok(text.length >= 150, `${tool.name}: modelDescription is only ${text.length} characters`);
      assert.match(text, /\bUse it\b/, tool.name);
      assert.match(text, /credit|Costs nothing/i, tool.name);
    }
  });

  it('each inputSchema is a plain object schema with described properties', () => {
    const walk = (schema: unknown, where: string): void => {
      if (typeof schema !== 'object' || schema === null) return;
      for (const [key, value] of Object.entries(schema)) {
        assert.ok(SCHEMA_KEYWORDS.has(key), `${where}: ${key} is not a plain JSON Schema keyword`);
        if (key === 'properties') for (const [name, property] of Object.entries(value as object)) {
          assert.ok((property as { description?: string }).description, `${where}.${name} has no description`);
          walk(property, `${where}.${name}`);
        }
        if (key === 'items') walk(value, `${where}[]`);
      }
    };
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      walk(tool.inputSchema, tool.name);
    }
  });

  it('the search tool\'s schema names exactly the inputs the zod schema reads', async () => {
    const { INPUT_FIELDS, SearchToolInputSchema } = await import('../../src/core/chat/input');
    const search = tools.find((t) => t.name === 'webData_search');
    const shape = Object.keys(SearchToolInputSchema.def.getter().def.shape).sort();
    assert.deepEqual(Object.keys(search?.inputSchema.properties ?? {}).sort(), shape);
    // The list that names ignored inputs is the schema's own.
    assert.deepEqual([...INPUT_FIELDS].sort(), shape);
    assert.deepEqual(search?.inputSchema.required, ['query']);
  });

  it('the read tool\'s schema names exactly the inputs its zod check reads', async () => {
    const { READ_INPUT_FIELDS } = await import('../../src/core/chat/read-input');
    const read = tools.find((t) => t.name === 'webData_readResult');
    assert.deepEqual(Object.keys(read?.inputSchema.properties ?? {}).sort(), [...READ_INPUT_FIELDS].sort());
  });

  it('the scrape, map, crawl and batch scrape tools\' schemas name exactly the inputs their zod checks read, the url(s) required', async () => {
    const { SCRAPE_INPUT_FIELDS, MAP_INPUT_FIELDS, CRAWL_INPUT_FIELDS, BATCH_INPUT_FIELDS } = await import('../../src/core/chat/web-input');
    const cases = [['webData_scrape', SCRAPE_INPUT_FIELDS, 'url'], ['webData_map', MAP_INPUT_FIELDS, 'url'], ['webData_startCrawl', CRAWL_INPUT_FIELDS, 'url'], ['webData_batchScrape', BATCH_INPUT_FIELDS, 'urls']] as const;
    for (const [name, fields, required] of cases) {
      const tool = tools.find((t) => t.name === name);
      assert.deepEqual(Object.keys(tool?.inputSchema.properties ?? {}).sort(), [...fields].sort(), name);
      assert.deepEqual(tool?.inputSchema.required, [required], name);
    }
  });

  it('the listing names the Chat category', () => {
    assert.ok((JSON.parse(manifestText) as { categories: string[] }).categories.includes('Chat'));
  });
});

describe('manifest: row actions', () => {
  const rowMenu = manifest.contributes.menus['view/item/context'] ?? [];

  it('an Active Crawls row has at most two inline actions (Open Crawl Results, Cancel Crawl); the rest are in its menu', () => {
    const crawlRow = rowMenu.filter((entry) => (entry.when ?? '').includes(`view == ${View.activeCrawls}`) && (entry.when ?? '').includes('viewItem == crawl'));
    const inline = crawlRow.filter((entry) => entry.group?.startsWith('inline'));
    assert.deepEqual(inline.map((entry) => entry.command), [Command.openCrawlResults, Command.cancelCrawl]);
    const inMenu = new Set(crawlRow.filter((entry) => !entry.group?.startsWith('inline')).map((entry) => entry.command));
    for (const command of [Command.copyCrawlId, Command.openInBrowser, Command.openCrawlResults, Command.cancelCrawl]) assert.ok(inMenu.has(command), command);
  });
});
