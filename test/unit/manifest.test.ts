// The manifest and the code cannot drift apart: every menu entry names a contributed command,
// every %placeholder% has its string, every setting is described. Commands, context keys, views
// and settings against src/core/ids.ts (and the code against it): ./manifest-ids.test.ts.
// Reads the files as text; no VS Code needed.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Command, ContextKey, fullSettingKey, Setting, Tool, View, WALKTHROUGH_ID } from '../../src/core/ids';
import { languageForId } from '../../src/core/browser/present';
import { DEFAULT_MAX_DISK_MB } from '../../src/core/docs/disk-bound';
import { PAID_REPEAT_ICON } from '../../src/core/spend/repeat';
import { PAID_REPEAT_COMMANDS } from '../../src/core/spend/spending';
import { packagedByVscodeignore, vscodeignoreLines } from './vscodeignore';

const root = path.resolve(__dirname, '../..');

interface Manifest {
  publisher: string;
  name: string;
  contributes: {
    commands: Array<{ command: string; title: string; category?: string; icon?: string }>;
    menus: Record<string, Array<{ command: string; submenu?: string; when?: string; group?: string }>>;
    submenus?: Array<{ id: string; label: string }>;
    views: Record<string, Array<{ id: string }>>;
    viewsWelcome: Array<{ view: string; contents: string }>;
    configuration: SettingsCategory[];
    walkthroughs: Array<{ id: string; title: string; description: string; steps: WalkthroughStep[] }>;
  };
  capabilities?: { untrustedWorkspaces?: { supported?: unknown; description?: string; restrictedConfigurations?: string[] } };
}

interface SettingProperty { scope?: string; order?: number; markdownDescription?: string; description?: string; type?: string; default?: unknown }
interface SettingsCategory { title: string; order?: number; properties: Record<string, SettingProperty> }

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
/** Every setting of every category, by its full key. */
const settingProperties: Record<string, SettingProperty> = Object.fromEntries(manifest.contributes.configuration.flatMap((category) => Object.entries(category.properties)));
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

  const titleOf = (command: { title: string }): string => nls[command.title.replace(/^%|%$/g, '')] ?? command.title;

  it('no two commands share a title (the palette would show them as one)', () => {
    const seen = new Map<string, string>();
    for (const command of manifest.contributes.commands) {
      const title = titleOf(command);
      assert.ok(!seen.has(title), `${command.command} and ${seen.get(title) ?? ''} are both "${title}"`);
      seen.set(title, command.command);
    }
  });

  it('titles are in Title Case: every word capitalized but short articles, conjunctions and prepositions', () => {
    const MINOR = new Set(['a', 'an', 'the', 'and', 'or', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'to', 'with', 'from']);
    for (const command of manifest.contributes.commands) {
      const words = titleOf(command).replace(/…$/, '').split(' ');
      words.forEach((word, index) => {
        const minor = index > 0 && MINOR.has(word.toLowerCase());
        assert.ok(minor ? word === word.toLowerCase() : /^[A-Z0-9]/.test(word), `${command.command}: "${word}" in "${titleOf(command)}"`);
      });
    }
  });

  // The commands that ask for something before they act (a query, an address, a key, a job, a file,
  // a pick, the steps of a job): their titles end in "…", and no other's does.
  const ASKS_FOR_MORE = new Set<string>([
    Command.connect, Command.setApiKey, Command.search, Command.searchAdvanced, Command.insertOperator, Command.editSearch,
    Command.filterSearches, Command.exportSearch, Command.setWebhookSecret, Command.searchSelection, Command.searchTerminalSelection,
    Command.searchProblem, Command.openCrawlResults, Command.cancelCrawl, Command.exportCrawlPages, Command.scrapeUrl, Command.mapSite,
    Command.scrapeWithOptions, Command.exportPage, Command.openCrawlPageLink, Command.startCrawl, Command.startBatchScrape, Command.scrapeAllResults,
    Command.extractData, Command.research,
    // Convert to Markdown with Web Data… (the Explorer's) asks before it uploads the file.
    Command.openAsMarkdown, Command.openDocumentAsMarkdown, Command.parseWithOptions,
    // Resume Watch… reviews the watch's month before it resumes (issue 46).
    Command.watch, Command.editWatch, Command.resumeWatch,
    Command.startBrowserSession, Command.runInBrowserSession,
    Command.addDocs, Command.searchDocs,
    // Keep Fresh… reviews its watch's month (Watch for Changes…' review) before it makes it.
    Command.keepDocsFresh,
  ]);

  it('a command that asks for more before it acts ends in "…" (one character), and only such a command', () => {
    for (const command of manifest.contributes.commands) {
      const title = titleOf(command);
      assert.ok(!title.includes('...'), `${command.command}: three dots instead of "…"`);
      assert.equal(title.endsWith('…'), ASKS_FOR_MORE.has(command.command), `${command.command}: "${title}"`);
    }
  });

  it('one verb for fetching a page: every command that scrapes says Scrape', () => {
    const scraping = [Command.scrapeUrl, Command.scrapeFresh, Command.scrapeResult, Command.scrapeAgain, Command.scrapeWithOptions, Command.openCrawlPageLink, Command.scrapeAllResults, Command.startBatchScrape];
    for (const id of scraping) {
      const command = manifest.contributes.commands.find((c) => c.command === id);
      assert.ok(command && /\bScrape\b/.test(titleOf(command)), `${id}: "${command ? titleOf(command) : ''}"`);
    }
    // A document opened as markdown is a parse, not a scrape (issue 35 names these two titles).
    const parsing: readonly string[] = [Command.openAsMarkdown, Command.openDocumentAsMarkdown];
    for (const command of manifest.contributes.commands) assert.ok(!/\bFetch Page\b|as Markdown/.test(titleOf(command)) || /^Scrape\b/.test(titleOf(command)) || parsing.includes(command.command), `${command.command}: "${titleOf(command)}" names the scrape another way`);
  });

  it('every menu entry names a contributed command, or a contributed submenu', () => {
    const submenus = new Set((manifest.contributes.submenus ?? []).map((s) => s.id));
    for (const [menu, entries] of Object.entries(manifest.contributes.menus)) {
      for (const entry of entries) {
        if (entry.submenu !== undefined) assert.ok(submenus.has(entry.submenu), `${menu}: the submenu ${entry.submenu} is not contributed`);
        else assert.ok(contributed.has(entry.command), `${menu}: ${entry.command} is not contributed`);
      }
    }
    for (const submenu of submenus) assert.ok(submenu in manifest.contributes.menus, `the submenu ${submenu} has no entries`);
  });

  it('a paid repeat wears the icon of spending again, which nothing else wears; $(refresh) only on free reads (issue 46)', () => {
    const iconOf = (id: string): string | undefined => manifest.contributes.commands.find((c) => c.command === id)?.icon;
    for (const id of PAID_REPEAT_COMMANDS) assert.equal(iconOf(id), PAID_REPEAT_ICON, id);
    const wearing = manifest.contributes.commands.filter((c) => c.icon === PAID_REPEAT_ICON).map((c) => c.command);
    assert.deepEqual(wearing.sort(), [...PAID_REPEAT_COMMANDS].sort());
    // Each reads what the service already has (GET): no credits.
    const refreshing = manifest.contributes.commands.filter((c) => c.icon === '$(refresh)').map((c) => c.command);
    assert.deepEqual(refreshing.sort(), [Command.refreshCrawls, Command.refreshUsage, Command.loadMoreCrawlResults, Command.refreshWatches].sort());
  });

  it('every command link in the welcome texts exists', () => {
    const links = Object.values(nls).flatMap((text) => [...text.matchAll(/\(command:(webData\.[\w.]+)/g)].map((m) => m[1] ?? ''));
    assert.ok(links.length > 0);
    for (const id of links) assert.ok(contributed.has(id), `a welcome text links to ${id}, which is not contributed`);
  });
});

describe('manifest: one command per operation (issue 46)', () => {
  const palette = new Map((manifest.contributes.menus.commandPalette as Array<{ command: string; when?: string }>).map((entry) => [entry.command, entry.when]));

  it('an operation\'s options are a button inside its command, not a twin in the palette; Connect… is the one way to a key there', () => {
    for (const twin of ['webData.searchAdvanced', 'webData.scrapeWithOptions', 'webData.parseWithOptions', 'webData.setApiKey']) {
      assert.equal(palette.get(twin), 'false', `${twin} is in the palette`);
    }
    for (const one of ['webData.search', 'webData.scrapeUrl', 'webData.openDocumentAsMarkdown', 'webData.connect']) assert.notEqual(palette.get(one), 'false', `${one} is not in the palette`);
  });

  it('no palette entry that can only fail: Copy Connection Report only where a report is open, Clear Webhook Secret only with a secret', () => {
    assert.equal(palette.get('webData.copyConnectionReport'), 'resourceScheme == webdata-report');
    assert.equal(palette.get('webData.clearWebhookSecret'), ContextKey.hasWebhookSecret);
  });

  it('Run in Browser Session… is in the palette only on code the service runs (node, python, bash)', () => {
    const when = palette.get('webData.runInBrowserSession') ?? '';
    const languages = /^editorLangId =~ \/\^\(([\w|]+)\)\$\/$/.exec(when)?.[1]?.split('|') ?? [];
    assert.ok(languages.length > 0, when);
    for (const id of languages) assert.ok(languageForId(id), `${id} is not a language a run takes`);
    for (const id of ['javascript', 'typescript', 'python', 'shellscript']) assert.ok(languages.includes(id), id);
  });

  it('"browser" alone is the person\'s; the service\'s is a browser session', () => {
    const titles = (manifest.contributes.commands as Array<{ title: string }>).map((command) => nls[command.title.replace(/^%|%$/g, '')] ?? command.title);
    for (const title of titles.filter((t) => /browser/i.test(t))) {
      assert.ok(/Browser Session/.test(title) || /^Open in Browser$/.test(title) || /Live View/.test(title), title);
    }
  });

  it('documents have one verb: convert', () => {
    const titles = ['openAsMarkdown', 'openDocumentAsMarkdown', 'parseWithOptions', 'parseAgain'].map((id) => nls[`command.${id}`] ?? '');
    assert.deepEqual(titles, ['Convert to Markdown with Web Data…', 'Convert a Document to Markdown…', 'Convert with Options…', 'Convert Again']);
  });
});

describe('manifest: views (issues 34, 46)', () => {
  const views = Object.values(manifest.contributes.views).flat() as Array<{ id: string; name: string; icon?: string; initialSize?: number; visibility?: string }>;

  it('one view per kind a person names, each named for all it holds, with its welcome content', () => {
    const named = Object.fromEntries(views.map((v) => [v.id, nls[v.name.replace(/^%|%$/g, '')] ?? v.name]));
    assert.deepEqual(named, {
      [View.searchResults]: 'Searches',
      [View.pages]: 'Pages, Documents and Data',
      [View.activeCrawls]: 'Jobs',
      [View.watches]: 'Watches',
      [View.docsSets]: 'Docs Sets',
      [View.webhookEvents]: 'Webhook Events',
    });
    const welcomed = new Set((manifest.contributes.viewsWelcome as Array<{ view: string }>).map((w) => w.view));
    for (const view of views) assert.ok(welcomed.has(view.id), `${view.id} has no welcome content`);
  });

  it('each view with its own codicon (a view moved out of the container keeps it)', () => {
    const icons = views.map((v) => v.icon ?? '');
    for (const icon of icons) assert.match(icon, /^\$\([\w-]+\)$/);
    assert.equal(new Set(icons).size, icons.length, `icons shared: ${icons.join(', ')}`);
  });

  it('gives Searches the most room; the views empty at a first start begin collapsed', () => {
    const search = views.find((v) => v.id === View.searchResults);
    assert.ok(search?.initialSize !== undefined);
    for (const view of views.filter((v) => v.id !== View.searchResults)) assert.ok((view.initialSize ?? 1) < search.initialSize, view.id);
    assert.deepEqual(views.filter((v) => v.visibility === 'collapsed').map((v) => v.id), [View.webhookEvents]);
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
    for (const [key, value] of Object.entries(settingProperties)) {
      const schema = value as { markdownDescription?: string; description?: string };
      assert.ok(schema.markdownDescription ?? schema.description, key);
    }
  });

  // The Settings editor lists one heading per category in the categories' order, each with its
  // settings in their own order: one flat list with colliding orders interleaved the areas.
  const categories = manifest.contributes.configuration;

  it('one category per area, each a localized title, in a distinct order', () => {
    assert.ok(Array.isArray(categories) && categories.length >= 5, 'contributes.configuration is not the array form');
    for (const category of categories) assert.ok(/^%config\.category\.\w+%$/.test(category.title) && category.title.slice(1, -1) in nls, category.title);
    const orders = categories.map((category) => category.order);
    assert.ok(orders.every((order) => typeof order === 'number'));
    assert.equal(new Set(orders).size, orders.length, `categories share an order: ${orders.join(', ')}`);
    assert.equal(new Set(categories.map((c) => c.title)).size, categories.length, 'two categories share a title');
  });

  it('every setting sits in its area\'s category (webData.<area>.…), with no area split over two categories', () => {
    const areaOf = (key: string): string => key.split('.').slice(1, -1).join('.') || '(top level)';
    const areas = new Map<string, string>();
    for (const category of categories) {
      for (const key of Object.keys(category.properties)) {
        const area = areaOf(key);
        const other = areas.get(area);
        assert.ok(other === undefined || other === category.title, `${key}: its area ${area} is in ${other ?? ''} and ${category.title}`);
        areas.set(area, category.title);
      }
    }
    // Only the service address stands alone; the image preview and the low-credits warning joined their areas.
    assert.deepEqual(Object.keys(settingProperties).filter((key) => areaOf(key) === '(top level)'), ['webData.baseUrl']);
  });

  it('within a category, every setting has its own order', () => {
    for (const category of categories) {
      const orders = Object.values(category.properties).map((schema) => schema.order);
      assert.ok(orders.every((order) => typeof order === 'number'), category.title);
      assert.equal(new Set(orders).size, orders.length, `${category.title}: orders collide (${orders.join(', ')})`);
    }
  });

  it('the word is credits, not usage, in the settings\' names and titles', () => {
    const keys = Object.keys(settingProperties);
    assert.deepEqual(keys.filter((key) => /usage/i.test(key)), []);
    assert.ok(keys.includes('webData.credits.lowThreshold') && keys.includes('webData.credits.refreshInterval'));
    const titles = categories.map((category) => nls[category.title.slice(1, -1)] ?? '');
    assert.ok(titles.includes('Credits'), titles.join(', '));
    assert.deepEqual(titles.filter((title) => /usage/i.test(title)), []);
  });

  it('the webhook receiver\'s settings are machine-scoped: set in this machine\'s user settings only, never by a folder or Settings Sync', () => {
    for (const key of [Setting.webhooksPort, Setting.webhooksPath, Setting.webhooksBindAddress, Setting.webhooksRequireSignature, Setting.webhooksAutoStart].map(fullSettingKey)) {
      assert.equal(settingProperties[key]?.scope, 'machine', key);
    }
  });
});

describe('manifest: untrusted workspaces (Restricted Mode)', () => {
  const properties = settingProperties;
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

  it('a folder cannot raise what a person\'s own searches, scrapes and documents cost (issue 46)', () => {
    // What each plain search, scrape and document asks for, at a price no prompt shows: a cloned
    // repository's .vscode/settings.json must not make every search fetch 100 results with markdown.
    // Machine-scoped, not application-scoped: the sandbox and the e2e stack set them in the remote
    // machine's settings, which VS Code reads for machine-scoped settings and a folder never sets.
    const COST = [Setting.searchLimit, Setting.searchSources, Setting.searchScrapeFormats, Setting.scrapeFormats, Setting.parsePdfMode].map(fullSettingKey);
    for (const key of COST) assert.ok(folderCannotSet(key), `${key} can be set by a folder`);
    // Any setting whose description speaks of credits or cost is one a folder cannot set, but for
    // those that only show the credits (a colour, a refresh).
    const showsOnly = new Set<string>([Setting.creditsLowThreshold, Setting.creditsRefreshInterval].map(fullSettingKey));
    const speaksOfCost = Object.entries(properties).filter(([key, property]) => {
      const text = nls[(property.markdownDescription ?? property.description ?? '').replace(/^%|%$/g, '')] ?? '';
      return !showsOnly.has(key) && /credit|cost|price/i.test(text);
    }).map(([key]) => key);
    assert.ok(speaksOfCost.length >= COST.length, speaksOfCost.join(', '));
    for (const key of speaksOfCost) assert.ok(folderCannotSet(key), `${key} speaks of credits: a folder must not set it`);
  });

  it('a folder cannot raise the docs sets\' room on disk; its default is the core\'s (issue 48)', () => {
    const key = fullSettingKey(Setting.docsMaxDiskMB);
    const property = properties[key];
    assert.ok(property, `${key} is not contributed`);
    assert.equal(property.scope, 'application');
    assert.equal(property.type, 'number');
    assert.equal(property.default, DEFAULT_MAX_DISK_MB);
  });

  it('every restricted setting is contributed', () => {
    for (const key of restricted) assert.ok(key in properties, `${key} is restricted but not contributed`);
  });
});

describe('manifest: @webData is found (issue 46)', () => {
  const [participant] = (manifest.contributes as { chatParticipants?: Array<{ sampleRequest?: string; disambiguation?: Array<{ category: string; description: string; examples: string[] }> }> }).chatParticipants ?? [];
  const text = (value: string | undefined): string => nls[(value ?? '').replace(/^%|%$/g, '')] ?? '';

  it('offers a sample request, and tells VS Code which questions to route to it, with examples', () => {
    assert.ok(participant, 'no participant');
    assert.match(text(participant.sampleRequest), /\?$/, 'a sample request a person would ask');
    const [routing] = participant.disambiguation ?? [];
    assert.ok(routing, 'no disambiguation: VS Code never routes a web question to @webData');
    assert.match(routing.category, /^[a-z_]+$/);
    assert.match(text(routing.description), /web/);
    assert.ok(routing.examples.length >= 3, 'at least three examples');
    for (const example of routing.examples) assert.ok(text(example).length > 10, example);
  });
});

describe('manifest: walkthrough', () => {
  const walkthroughs = manifest.contributes.walkthroughs;
  const steps = walkthroughs.flatMap((w) => w.steps);

  it('has the getting-started steps, each completing on an event', () => {
    // A page, a document, a job, a watch and chat: each family a newcomer meets (issue 46).
    assert.deepEqual(steps.map((s) => s.id), ['connect', 'search', 'openMarkdown', 'document', 'job', 'watch', 'credits', 'webhooks', 'chat']);
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
      document: `onContext:${ContextKey.walkthroughConverted}`,
      job: `onContext:${ContextKey.walkthroughJobStarted}`,
      watch: `onContext:${ContextKey.walkthroughWatchMade}`,
      credits: `onCommand:${Command.refreshUsage}`,
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
    // Connect… opens a prompt that may be cancelled; the Jobs view may merely be opened (issue 46).
    assert.deepEqual(byId.get('connect')?.completionEvents, [`onContext:${ContextKey.walkthroughConnected}`]);
    for (const step of steps) assert.ok(!step.completionEvents.some((e) => e.startsWith('onView:')), `step ${step.id} ticks when a view opens`);
    // Never a costlier setting recommended: a page is scraped alone, at its price.
    for (const step of steps) assert.ok(!/scrapeFormats/.test(nls[step.description.replace(/^%|%$/g, '')] ?? ''), `step ${step.id} recommends a costlier setting`);
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

  it('no keybinding uses Ctrl+Alt (AltGr on Windows, which types letters such as ó) or a bare Option on macOS (which types ø)', () => {
    const bindings = (JSON.parse(manifestText) as { contributes: { keybindings?: Array<{ command: string; key: string; mac?: string }> } }).contributes.keybindings ?? [];
    assert.ok(bindings.length > 0);
    const chords = (key: string): string[][] => key.toLowerCase().split(' ').map((chord) => chord.split('+'));
    for (const binding of bindings) {
      for (const chord of chords(binding.key)) assert.ok(!(chord.includes('ctrl') && chord.includes('alt')), `${binding.command}: ${binding.key}`);
      for (const chord of chords(binding.mac ?? binding.key)) assert.ok(!chord.includes('alt') || chord.includes('cmd') || chord.includes('ctrl'), `${binding.command}: ${binding.mac ?? binding.key} on macOS`);
    }
    assert.deepEqual(bindings.find((b) => b.command === Command.insertOperator), { ...bindings.find((b) => b.command === Command.insertOperator), key: 'ctrl+shift+o', mac: 'cmd+shift+o' });
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
  const chatSources = ['src/features/chat/index.ts', 'src/features/chat/search-tool.ts', 'src/features/chat/credits-tool.ts', 'src/features/chat/crawls-tool.ts', 'src/features/chat/read-tool.ts', 'src/features/chat/page-read-tool.ts',
    'src/features/chat/crawl-results-tool.ts', 'src/features/chat/scrape-tool.ts', 'src/features/chat/map-tool.ts', 'src/features/chat/job-tool.ts', 'src/features/chat/research-tool.ts', 'src/features/chat/extract-tool.ts', 'src/features/chat/document-tool.ts', 'src/features/chat/watch-tool.ts', 'src/features/chat/changes-tool.ts', 'src/features/chat/browser-tool.ts', 'src/features/chat/docs-tool.ts', 'src/features/chat/add-docs-tool.ts', 'src/features/crawl-results/index.ts']
    .map((file) => readFileSync(path.join(root, file), 'utf8')).join('\n');
  const matchesIn = (pattern: RegExp): Array<{ id: string }> => [...chatSources.matchAll(pattern)].map((m) => ({ id: m[1] ?? '' }));
  interface ToolContribution { [field: string]: unknown; name: string; inputSchema: Record<string, unknown> }
  const tools = (JSON.parse(manifestText) as { contributes: { languageModelTools: ToolContribution[] } }).contributes.languageModelTools;
  // The fields VS Code 1.100 (the engines floor) accepts: its schema has additionalProperties false.
  const FIELDS_1_100 = ['name', 'toolReferenceName', 'displayName', 'userDescription', 'modelDescription', 'inputSchema', 'canBeReferencedInPrompt', 'icon', 'when', 'tags'];
  // Plain draft-07 keywords only: Copilot drops every tool of an extension over one it cannot read.
  // oneOf below the top only: Copilot deletes a top-level one (Claude's and OpenAI's APIs refuse it).
  const SCHEMA_KEYWORDS = new Set(['type', 'properties', 'items', 'enum', 'required', 'description', 'minimum', 'maximum', 'maxLength', 'minLength', 'maxItems', 'default', 'oneOf']);
  const registeredTools = new Set(matchesIn(/export const \w+_TOOL = Tool\.(\w+);/g).map((m) => new Map<string, string>(Object.entries(Tool)).get(m.id)));

  it('contributes the fifteen tools, each registered in code, and code registers no other', () => {
    assert.deepEqual(tools.map((t) => t.name), ['webData_search', 'webData_scrape', 'webData_map', 'webData_startCrawl', 'webData_batchScrape', 'webData_extract', 'webData_research', 'webData_credits', 'webData_activeCrawls', 'webData_read', 'webData_readDocument', 'webData_watch', 'webData_browser', 'webData_docs', 'webData_addDocs']);
    assert.deepEqual([...registeredTools].sort(), tools.map((t) => t.name).sort());
    // Registered under the tool files' *_TOOL constants (read above), each once.
    const registerCalls = matchesIn(/\bregisterTool\(\s*(\w+_TOOL)\b/g).map((m) => m.id);
    assert.deepEqual(registerCalls.sort(), ['ACTIVE_CRAWLS_TOOL', 'BATCH_SCRAPE_TOOL', 'CREDITS_TOOL', 'EXTRACT_TOOL', 'MAP_TOOL', 'READ_DOCUMENT_TOOL', 'READ_TOOL', 'RESEARCH_TOOL', 'SCRAPE_TOOL', 'SEARCH_TOOL', 'START_CRAWL_TOOL', 'WATCH_TOOL', 'BROWSER_TOOL', 'DOCS_TOOL', 'ADD_DOCS_TOOL'].sort(), 'each tool is registered once, under its constant');
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

  it('each inputSchema is a plain object schema with described properties, and no oneOf at its top', () => {
    // A oneOf branch's fields may go undescribed: their names (searchId, part) say it, and every
    // character is sent with each request.
    const walk = (schema: unknown, where: string, described: boolean): void => {
      if (typeof schema !== 'object' || schema === null) return;
      for (const [key, value] of Object.entries(schema)) {
        assert.ok(SCHEMA_KEYWORDS.has(key), `${where}: ${key} is not a plain JSON Schema keyword`);
        if (key === 'properties') for (const [name, property] of Object.entries(value as object)) {
          if (described) assert.ok((property as { description?: string }).description, `${where}.${name} has no description`);
          walk(property, `${where}.${name}`, described);
        }
        if (key === 'items') walk(value, `${where}[]`, described);
        if (key === 'oneOf') (value as unknown[]).forEach((branch, i) => walk(branch, `${where}.oneOf[${i}]`, false));
      }
    };
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.ok(!('oneOf' in tool.inputSchema), `${tool.name}: a top-level oneOf`);
      walk(tool.inputSchema, tool.name, true);
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

  it('webData_read\'s schema: what, a oneOf with one branch per source the decoder reads, each with its own fields only', async () => {
    const { READ_BACK_SOURCES } = await import('../../src/core/chat/read-back');
    const read = tools.find((t) => t.name === 'webData_read');
    assert.deepEqual(read?.inputSchema.required, ['what']);
    const what = (read.inputSchema.properties as { what?: { type?: string; oneOf?: Array<{ properties: Record<string, { enum?: string[] }>; required: string[] }> } } | undefined)?.what;
    assert.equal(what?.type, 'object');
    const branches = what.oneOf ?? [];
    assert.deepEqual(branches.map((b) => b.properties.source?.enum), Object.keys(READ_BACK_SOURCES).map((source) => [source]));
    for (const branch of branches) {
      const source = branch.properties.source?.enum?.[0] as keyof typeof READ_BACK_SOURCES;
      const { required, optional } = READ_BACK_SOURCES[source];
      assert.deepEqual(Object.keys(branch.properties).sort(), ['source', ...required, ...optional].sort(), source);
      assert.deepEqual(branch.required, ['source', ...required], source);
    }
  });

  it('the watch tool\'s schema names exactly the inputs its zod check reads, the schedule required; webData_read\'s changes and job branches those of theirs', async () => {
    const { WATCH_INPUT_FIELDS, CHANGES_INPUT_FIELDS } = await import('../../src/core/chat/watch-input');
    const { CRAWL_RESULTS_INPUT_FIELDS } = await import('../../src/core/chat/crawl-results-input');
    const { RESEARCH_RESULT_INPUT_FIELDS } = await import('../../src/core/chat/research-input');
    const { READ_BACK_SOURCES } = await import('../../src/core/chat/read-back');
    const watch = tools.find((t) => t.name === 'webData_watch');
    assert.deepEqual(Object.keys(watch?.inputSchema.properties ?? {}).sort(), [...WATCH_INPUT_FIELDS].sort());
    assert.deepEqual(watch?.inputSchema.required, ['schedule']);
    const fields = (source: keyof typeof READ_BACK_SOURCES): string[] => [...READ_BACK_SOURCES[source].required, ...READ_BACK_SOURCES[source].optional].sort();
    assert.deepEqual(fields('changes'), [...CHANGES_INPUT_FIELDS].sort());
    assert.deepEqual(fields('job'), [...CRAWL_RESULTS_INPUT_FIELDS].sort());
    assert.deepEqual(fields('research'), [...RESEARCH_RESULT_INPUT_FIELDS].sort());
  });

  it('the research tools\' schemas name exactly the inputs their zod checks read', async () => {
    const { EXTRACT_INPUT_FIELDS, RESEARCH_INPUT_FIELDS } = await import('../../src/core/chat/research-input');
    const extract = tools.find((t) => t.name === 'webData_extract');
    assert.deepEqual(Object.keys(extract?.inputSchema.properties ?? {}).sort(), [...EXTRACT_INPUT_FIELDS].sort());
    assert.deepEqual(extract?.inputSchema.required, ['url']);
    const research = tools.find((t) => t.name === 'webData_research');
    assert.deepEqual(Object.keys(research?.inputSchema.properties ?? {}).sort(), [...RESEARCH_INPUT_FIELDS].sort());
    assert.deepEqual(research?.inputSchema.required, ['prompt']);
  });

  it('one name per concept across the tools: jobId for a job, from for the first item to list, page for a page\'s number', async () => {
    const { READ_BACK_SOURCES } = await import('../../src/core/chat/read-back');
    const names = [
      ...tools.flatMap((tool) => Object.keys((tool.inputSchema.properties ?? {})).map((name) => `${tool.name}.${name}`)),
      ...Object.entries(READ_BACK_SOURCES).flatMap(([source, { required, optional }]) => [...required, ...optional].map((name) => `webData_read.${source}.${name}`)),
    ];
    const banned = names.filter((name) => /\.(id|fromPage|from_page|job|job_id|startPage|offset)$/.test(name));
    assert.deepEqual(banned, []);
    for (const source of ['job', 'jobPage', 'research']) assert.ok(names.includes(`webData_read.${source}.jobId`), source);
    assert.ok(names.includes('webData_map.from') && names.includes('webData_read.job.from'));
  });

  it('bounds the lists and counts the person\'s settings bound: urls maxItems and a crawl\'s limit maximum', () => {
    const setting = settingProperties[fullSettingKey(Setting.chatMaxCrawlPages)] as { maximum?: number } | undefined;
    assert.ok(typeof setting?.maximum === 'number');
    const property = (tool: string, name: string): { maxItems?: number; maximum?: number } | undefined =>
      ((tools.find((t) => t.name === tool)?.inputSchema.properties ?? {}) as Record<string, { maxItems?: number; maximum?: number }>)[name];
    assert.equal(property('webData_batchScrape', 'urls')?.maxItems, setting.maximum);
    assert.equal(property('webData_startCrawl', 'limit')?.maximum, setting.maximum);
    const walk = (schema: unknown, where: string): void => {
      if (typeof schema !== 'object' || schema === null) return;
      const node = schema as { type?: string; maxItems?: number; properties?: Record<string, unknown> };
      if (node.type === 'array' && !where.endsWith('.sources') && !where.endsWith('.categories') && !where.endsWith('.scrapeFormats')) {
        assert.ok(typeof node.maxItems === 'number' || where.includes('Domains') || where.includes('Paths'), `${where}: a list with no maxItems`);
      }
      for (const [name, value] of Object.entries(node.properties ?? {})) walk(value, `${where}.${name}`);
    };
    for (const tool of tools) walk(tool.inputSchema, tool.name);
  });

  it('says service tokens, never bare tokens, which a model reads as its own', () => {
    for (const tool of tools) {
      const text = [String(tool.modelDescription), JSON.stringify(tool.inputSchema)].join(' ');
      const bare = [...text.matchAll(/(\w+) tokens?\b/g)].filter((m) => m[1] !== 'service' && m[1] !== 'model');
      assert.deepEqual(bare.map((m) => m[0]), [], tool.name);
    }
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

describe('manifest: the editor\'s context menu', () => {
  const menus = manifest.contributes.menus;
  const editor = menus['editor/context'] ?? [];
  const ours = menus['webData.editorContext'] ?? [];
  const whenOf = (command: string): string | undefined => ours.find((entry) => entry.command === command)?.when;

  it('holds Web Data\'s entries in one submenu, labelled Web Data, shown only where one of them applies', () => {
    assert.deepEqual(editor.map((entry) => entry.submenu), ['webData.editorContext']);
    const submenu = manifest.contributes.submenus?.find((s) => s.id === 'webData.editorContext');
    assert.equal(nls[(submenu?.label ?? '').slice(1, -1)], 'Web Data');
    const shownWhen = editor[0]?.when ?? '';
    for (const entry of ours) {
      for (const part of (entry.when ?? '').split('||').map((p) => p.trim().split('&&')[0]?.trim() ?? '')) assert.ok(shownWhen.includes(part), `the submenu is hidden where ${entry.command} applies (${part})`);
    }
  });

  it('each entry only where it applies: a selection to search, an address to scrape or crawl, addresses to batch', () => {
    assert.deepEqual(ours.map((entry) => entry.command).sort(), [Command.scrapeUrl, Command.searchSelection, Command.startBatchScrape, Command.startCrawl, Command.watch].sort());
    assert.equal(whenOf(Command.watch), `${ContextKey.editorUrlAtCursor} || ${ContextKey.editorSelectionHasUrls}`);
    assert.equal(whenOf(Command.searchSelection), 'editorHasSelection');
    assert.equal(whenOf(Command.scrapeUrl), ContextKey.editorUrlAtCursor);
    assert.equal(whenOf(Command.startCrawl), ContextKey.editorUrlAtCursor);
    assert.equal(whenOf(Command.startBatchScrape), `${ContextKey.editorSelectionHasUrls} || resourceScheme == webdata-page && !editorHasSelection`);
    for (const entry of ours) assert.ok(!/^editorTextFocus$/.test(entry.when ?? ''), `${entry.command} shows on every right-click`);
  });

  it('the keys are set by the code that follows the cursor, at every start', () => {
    const source = readFileSync(path.join(root, 'src/features/editor-menu/index.ts'), 'utf8');
    assert.match(source, /setContext['"], ContextKey\.editorUrlAtCursor/);
    assert.match(source, /setContext['"], ContextKey\.editorSelectionHasUrls/);
    assert.match(readFileSync(path.join(root, 'src/extension.ts'), 'utf8'), /registerEditorMenuKeys\(services\)/);
  });
});

describe('manifest: palette hygiene', () => {
  const palette = manifest.contributes.menus.commandPalette ?? [];
  // Each Clear… command shows in the palette only while there is something to clear, by the key
  // the code that lists that thing sets (the view that draws it).
  const CLEARS: Array<[string, string, string]> = [
    [Command.clearSearches, ContextKey.hasSearches, 'src/features/search/tree.ts'],
    [Command.clearPages, ContextKey.hasPages, 'src/features/scrape/pages-view.ts'],
    [Command.clearWebhookEvents, ContextKey.hasWebhookEvents, 'src/features/webhooks/events-view.ts'],
  ];

  it('Clear Search History, Clear Pages and Clear Webhook Events are hidden with nothing to clear', () => {
    for (const [command, key, file] of CLEARS) {
      assert.equal(palette.find((entry) => entry.command === command)?.when, key, command);
      const source = readFileSync(path.join(root, file), 'utf8');
      const name = Object.entries(ContextKey).find(([, value]) => value === key)?.[0] ?? '';
      // Set directly, or through a view's flag (src/platform/context-flag.ts), which sets it when it changes.
      const setKey = new RegExp(`(setContext['"],\\s*|new ContextFlag\\()ContextKey\\.${name}\\b`);
      assert.match(source, setKey, `${file} does not set ${key}`);
    }
  });

  it('every command the palette shows with a when-clause names a key the code sets or a setting', () => {
    for (const entry of palette) {
      for (const key of entry.when?.replace(/\bconfig\.[\w.]+/g, '').match(/\bwebData\.[\w.]+/g) ?? []) assert.ok(contextKeys.has(key), `${entry.command}: ${key}`);
    }
  });
});

describe('manifest: row actions', () => {
  const rowMenu = manifest.contributes.menus['view/item/context'] ?? [];

  it('an Active Crawls row has at most two inline actions (Open Crawl Results, Cancel Crawl); the rest are in its menu', () => {
    // `viewItem == crawl` exactly: a page's row (crawlPage) is in the same view now.
    const crawlRow = rowMenu.filter((entry) => (entry.when ?? '').includes(`view == ${View.activeCrawls}`) && /viewItem == crawl(?!\w)/.test(entry.when ?? ''));
    const inline = crawlRow.filter((entry) => entry.group?.startsWith('inline'));
    assert.deepEqual(inline.map((entry) => entry.command), [Command.openCrawlResults, Command.cancelCrawl]);
    const inMenu = new Set(crawlRow.filter((entry) => !entry.group?.startsWith('inline')).map((entry) => entry.command));
    for (const command of [Command.copyCrawlId, Command.openInBrowser, Command.openCrawlResults, Command.cancelCrawl]) assert.ok(inMenu.has(command), command);
    // Opened, a running crawl's row holds its pages: read them all or export them from its menu.
    for (const command of [Command.openAllCrawlPages, Command.exportCrawlPages]) assert.ok(inMenu.has(command), command);
  });

  it('a job opened here and its pages are Jobs rows (issue 46): their actions are on that view, none names another', () => {
    const on = (viewItem: RegExp): string[] => rowMenu.filter((entry) => viewItem.test(entry.when ?? '')).map((entry) => `${entry.when ?? ''} ${entry.command}`);
    const jobRow = on(/viewItem =~ \/\^crawlJob\/|viewItem == crawlJob\./);
    const pageRow = on(/viewItem == crawlPage/);
    assert.ok(jobRow.length >= 6 && pageRow.length >= 5, JSON.stringify({ jobRow, pageRow }));
    for (const entry of [...jobRow, ...pageRow]) assert.ok(entry.startsWith(`view == ${View.activeCrawls} `), entry);
    for (const command of [Command.openAllCrawlPages, Command.exportCrawlPages, Command.loadMoreCrawlResults, Command.cancelCrawl]) assert.ok(jobRow.some((entry) => entry.endsWith(` ${command}`)), command);
    for (const command of [Command.openCrawlPage, Command.openInBrowser, Command.openCrawlPageLink]) assert.ok(pageRow.some((entry) => entry.endsWith(` ${command}`)), command);
  });
});
