// The README is split by reader: the user's README.md (what the Marketplace shows), docs/webhooks.md,
// docs/reference.md (every setting and command), SECURITY.md and CONTRIBUTING.md. A moved section must not leave a dead link behind: every link
// and picture in them (and in the walkthrough's pages) names a file that exists and, with a
// `#anchor`, a heading of that file under GitHub's slug rules. The README links to the other three
// by absolute github.com addresses (package.json `repository`), since they are not in the .vsix and
// the package is built with --no-rewrite-relative-links; those addresses are checked here too.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { packagedByVscodeignore, vscodeignoreLines } from './vscodeignore';

const root = path.resolve(__dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { repository: { url: string } };
/** `https://github.com/<owner>/<name>/blob/main/`: a link under it names a file of this repository. */
const BLOB = `${manifest.repository.url.replace(/\.git$/, '')}/blob/main/`;
/** `https://github.com/<owner>/<name>/raw/main/`: the same files, served as they are (the README's pictures). */
const RAW = `${manifest.repository.url.replace(/\.git$/, '')}/raw/main/`;
const SPLIT = ['docs/webhooks.md', 'docs/reference.md', 'SECURITY.md', 'CONTRIBUTING.md'];
const DOCS = ['README.md', ...SPLIT, ...readdirSync(path.join(root, 'media/walkthrough')).filter((f) => f.endsWith('.md')).map((f) => `media/walkthrough/${f}`)];

/** The text outside code: fenced blocks and inline code spans become blanks, so `[x](y)` in code is no link. */
function prose(markdown: string): string[] {
  let fence = false;
  return markdown.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fence = !fence;
      return '';
    }
    return fence ? '' : line.replace(/(`+)[^`]*?\1/g, '');
  });
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function slugs(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const heading = fence ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const text = (heading[1] ?? '').replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '');
      const base = text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${String(count)}`);
    }
    for (const html of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(html[1] ?? '');
  }
  return anchors;
}

interface Link { doc: string; line: number; target: string }

function linksOf(doc: string): Link[] {
  const links: Link[] = [];
  prose(readFileSync(path.join(root, doc), 'utf8')).forEach((text, index) => {
    const targets = [
      ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? ''),
      ...[...text.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? ''),
    ];
    for (const target of targets) links.push({ doc, line: index + 1, target });
  });
  return links;
}

/** The repository file (and anchor) a link names, or undefined for a link elsewhere on the web. */
function resolve(link: Link): { file: string; anchor?: string } | undefined {
  let target = link.target;
  let file: string;
  const base = [BLOB, RAW].find((prefix) => target.startsWith(prefix));
  if (base !== undefined) {
    target = target.slice(base.length);
    file = target.split('#')[0] ?? '';
  } else if (/^[a-z][a-z\d+.-]*:/i.test(target)) {
    return undefined;
  } else {
    const relative = target.split('#')[0] ?? '';
    file = relative === '' ? link.doc : path.posix.normalize(path.posix.join(path.posix.dirname(link.doc), decodeURIComponent(relative)));
  }
  const hash = target.indexOf('#');
  return hash < 0 ? { file } : { file, anchor: decodeURIComponent(target.slice(hash + 1)) };
}

describe('links in the README, docs/webhooks.md, SECURITY.md, CONTRIBUTING.md and the walkthrough', () => {
  const all = DOCS.flatMap(linksOf);

  it('finds the links at all (the parser still reads the files)', () => {
    assert.ok(all.filter((l) => l.doc === 'README.md').length >= 20, 'fewer than 20 links found in README.md');
    assert.ok(all.some((l) => l.doc === 'CONTRIBUTING.md' && l.target.startsWith('#')), 'no anchor link found in CONTRIBUTING.md');
  });

  it('every link names a file that exists, and every #anchor a heading in it', () => {
    const anchorsOf = new Map<string, Set<string>>();
    const problems = all.flatMap((link) => {
      const where = `${link.doc}:${String(link.line)}: ${link.target}`;
      const resolved = resolve(link);
      if (resolved === undefined) return [];
      if (resolved.file.startsWith('..') || !existsSync(path.join(root, resolved.file))) return [`${where}: no file ${resolved.file}`];
      if (resolved.anchor === undefined) return [];
      if (!resolved.file.endsWith('.md')) return [`${where}: an anchor into a file that is not markdown`];
      let anchors = anchorsOf.get(resolved.file);
      if (anchors === undefined) {
        anchors = slugs(readFileSync(path.join(root, resolved.file), 'utf8'));
        anchorsOf.set(resolved.file, anchors);
      }
      return anchors.has(resolved.anchor) ? [] : [`${where}: no heading #${resolved.anchor} in ${resolved.file}`];
    });
    assert.deepEqual(problems, []);
  });

  it('the README links to each of the three by its github.com address, never by a relative path', () => {
    const readme = all.filter((l) => l.doc === 'README.md');
    for (const file of SPLIT) {
      assert.ok(readme.some((l) => l.target === `${BLOB}${file}`), `README.md has no link to ${BLOB}${file}`);
    }
    const relativeMarkdown = readme.filter((l) => !/^[a-z][a-z\d+.-]*:/i.test(l.target) && /\.md(#|$)/.test(l.target));
    assert.deepEqual(relativeMarkdown.map((l) => `README.md:${String(l.line)}: ${l.target}`), [],
      'a relative link to another markdown file breaks on the Marketplace page and in the .vsix');
  });

  it('the README\'s pictures are absolute too: media/ is not packaged, and the package keeps relative links as written', () => {
    const pictures = all.filter((l) => l.doc === 'README.md' && /\.(png|gif|jpe?g|svg)$/i.test(l.target));
    assert.ok(pictures.length >= 5, `only ${String(pictures.length)} pictures found in README.md`);
    assert.deepEqual(pictures.filter((l) => !l.target.startsWith(RAW)).map((l) => `README.md:${String(l.line)}: ${l.target}`), [],
      `a picture not under ${RAW} shows neither on the Marketplace page nor in the extension's details`);
  });

  it('the three are not packaged (hence the absolute links), and README.md is', () => {
    const lines = vscodeignoreLines(root);
    for (const file of SPLIT) assert.equal(packagedByVscodeignore(lines, file), false, `${file} would be in the .vsix`);
    assert.equal(packagedByVscodeignore(lines, 'README.md'), true);
  });
});

describe('GitHub heading slugs', () => {
  it('drops punctuation and code marks, keeps hyphens and underscores, numbers repeats', () => {
    assert.deepEqual([...slugs([
      '# Webhooks: crawl and batch-scrape events in the editor',
      '### Benchmarks (`npm run bench`)',
      '## Restricted Mode (untrusted folders)',
      '## snake_case and [a link](x.md) ##',
      '```sh',
      '# a comment in code',
      '```',
      '## Restricted Mode (untrusted folders)',
    ].join('\n'))], [
      'webhooks-crawl-and-batch-scrape-events-in-the-editor',
      'benchmarks-npm-run-bench',
      'restricted-mode-untrusted-folders',
      'snake_case-and-a-link',
      'restricted-mode-untrusted-folders-1',
    ]);
  });
});
