// Localization cannot drift from the code: the committed l10n bundle holds exactly the strings the
// code passes to vscode.l10n.t (as @vscode/l10n-dev, which `npm run l10n` runs, extracts them),
// every call is one that extraction can see, and every user-visible manifest string is a
// %placeholder% of package.nls.json. A string missing from the bundle is never translated; a
// stale one is translated for nothing.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { getL10nJson, type l10nJsonFormat } from '@vscode/l10n-dev';
import { packagedByVscodeignore, vscodeignoreLines } from './vscodeignore';

const root = path.resolve(__dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  l10n?: string; displayName: string; description: string; contributes: unknown; capabilities: unknown;
};
const nls = JSON.parse(readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;

const sources = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({ file: path.join('src', file), text: readFileSync(path.join(root, 'src', file), 'utf8') }));

function bundle(): l10nJsonFormat {
  assert.equal(manifest.l10n, './l10n', 'package.json "l10n" names the bundle folder');
  return JSON.parse(readFileSync(path.join(root, 'l10n', 'bundle.l10n.json'), 'utf8')) as l10nJsonFormat;
}

describe('l10n: the bundle matches the code', function () {
  // l10n-dev parses with tree-sitter (WebAssembly): a few seconds idle, once; a loaded machine took
  // past 60 s. The limit is a hang detector with room, not a goal.
  this.timeout(180_000);
  let extracted: l10nJsonFormat = {};
  before(async () => {
    extracted = await getL10nJson(sources.map(({ text }) => ({ contents: text, extension: '.ts' })));
  });

  it('extracts strings at all (l10n-dev still understands the code)', () => {
    assert.ok(Object.keys(extracted).length >= 100, `only ${Object.keys(extracted).length} strings extracted`);
  });

  it('every string the code localizes is in l10n/bundle.l10n.json (run `npm run l10n`)', () => {
    const inBundle = bundle();
    const missing = Object.keys(extracted).filter((key) => !(key in inBundle));
    assert.deepEqual(missing, []);
  });

  it('the bundle has no string the code no longer uses (run `npm run l10n`)', () => {
    const stale = Object.keys(bundle()).filter((key) => !(key in extracted));
    assert.deepEqual(stale, []);
  });

  it('the bundle is what `npm run l10n` writes: each English text is its own key', () => {
    assert.deepEqual(bundle(), extracted);
  });

  it('.vscodeignore packages the bundle, and not the pseudo-locale files a host-test run writes', () => {
    const lines = vscodeignoreLines(root);
    assert.equal(packagedByVscodeignore(lines, 'l10n/bundle.l10n.json'), true);
    assert.equal(packagedByVscodeignore(lines, 'l10n/bundle.l10n.qps-ploc.json'), false);
    assert.equal(packagedByVscodeignore(lines, 'package.nls.qps-ploc.json'), false);
  });
});

describe('l10n: every call can be extracted', () => {
  // Extraction reads whole literals only: `l10n.t(message)`, `l10n.t('a ' + b)` or a template
  // literal ships a string no bundle can hold, and `const t = vscode.l10n.t` hides every call
  // made through t. So every mention of l10n.t is a call whose first argument is one literal.
  const LITERAL_FIRST = /^\(\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")\s*[,)]/;
  const mentions = sources.flatMap(({ file, text }) => [...text.matchAll(/\bl10n\.t\b/g)]
    .map((m) => ({ where: `${file}:${text.slice(0, m.index).split('\n').length}`, rest: text.slice(m.index + m[0].length) })));

  it('finds the calls at all', () => {
    assert.ok(mentions.length >= 100, `only ${mentions.length} calls found`);
  });

  it('l10n.t is only ever called directly, with one plain string literal first', () => {
    const opaque = mentions.filter((m) => !LITERAL_FIRST.test(m.rest)).map((m) => m.where);
    assert.deepEqual(opaque, []);
  });
});

describe('l10n: the manifest', () => {
  // The manifest fields VS Code or the Marketplace shows to people (contribution points' titles,
  // descriptions, labels, messages); each must come from package.nls.json.
  const SHOWN = new Set(['title', 'shortTitle', 'description', 'markdownDescription', 'enumDescriptions', 'markdownEnumDescriptions',
    'enumItemLabels', 'patternErrorMessage', 'deprecationMessage', 'markdownDeprecationMessage', 'name', 'contextualTitle',
    'contents', 'label', 'category', 'altText', 'sampleRequest', 'examples']);

  function shownStrings(value: unknown, at: string): Array<{ at: string; text: string }> {
    if (Array.isArray(value)) return value.flatMap((item, i) => shownStrings(item, `${at}[${i}]`));
    if (value === null || typeof value !== 'object') return [];
    return Object.entries(value).flatMap(([key, item]) => {
      const own = SHOWN.has(key) ? [item].flat().filter((t): t is string => typeof t === 'string').map((text) => ({ at: `${at}.${key}`, text })) : [];
      return [...own, ...shownStrings(item, `${at}.${key}`)];
    });
  }

  const shown = [
    // The Marketplace and the Extensions view show these two; vsce fills them from package.nls.json.
    { at: 'displayName', text: manifest.displayName },
    { at: 'description', text: manifest.description },
    // A language-model tool's name and inputSchema are read by models, not people (like modelDescription): not localized.
    // A chat participant's name and its commands' names are what a person types (@webData, /search): not localized either.
    ...shownStrings(manifest.contributes, 'contributes').filter(({ at }) => !/^contributes\.languageModelTools\[\d+\]\.(name$|inputSchema\.)/.test(at)
      && !/^contributes\.chatParticipants\[\d+\]\.(name|commands\[\d+\]\.name)$/.test(at)
      // The participant's routing category is an id VS Code groups participants by, shown to no one.
      && !/^contributes\.chatParticipants\[\d+\]\.disambiguation\[\d+\]\.category$/.test(at)),
    ...shownStrings(manifest.capabilities, 'capabilities'),
  ];

  it('finds the shown strings at all', () => {
    assert.ok(shown.length >= 100, `only ${shown.length} found`);
  });

  it('every shown manifest string is a %placeholder% with its text in package.nls.json', () => {
    const literal = shown.filter(({ text }) => !/^%[\w.]+%$/.test(text) || !(text.slice(1, -1) in nls)).map((s) => `${s.at}: ${s.text}`);
    assert.deepEqual(literal, []);
  });
});
