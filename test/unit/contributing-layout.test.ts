// CONTRIBUTING's "## Layout" block is the map a newcomer reads first: every folder under src/ is
// in it exactly once, at its place in the tree, and it names no folder that is not there. Folders,
// not files: files come and go with the work; a folder is a part of the design.
// The block's form: a name at two spaces of indent per level ("core/", "advanced/" below it, or
// several folders on one line, "usage/ webhook-events/"), its description after two spaces or
// more; a line indented to the description column (20) continues the one above.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const DESCRIPTION_COLUMN = 20;

function layoutBlock(markdown: string): string[] {
  const heading = markdown.indexOf('\n## Layout\n');
  assert.ok(heading >= 0, 'no "## Layout" heading');
  const open = markdown.indexOf('```\n', heading);
  const close = markdown.indexOf('\n```', open + 4);
  assert.ok(open >= 0 && close > open, 'no code block under "## Layout"');
  return markdown.slice(open + 4, close).split('\n');
}

/** Every folder the block names, as a path from the repository's root ("src/core/search/advanced"), once per mention. */
function listedFolders(lines: readonly string[]): string[] {
  const listed: string[] = [];
  // The open folders above the current line, by indent.
  const parents: Array<{ indent: number; path: string }> = [];
  for (const line of lines) {
    const match = /^( *)(\S+(?: \S+)*)/.exec(line);
    if (!match || match[1] === undefined || match[2] === undefined) continue;
    const indent = match[1].length;
    if (indent >= DESCRIPTION_COLUMN) continue;
    const names = match[2].split(' ');
    if (!names.every((name) => /^[\w.-]+\/$/.test(name))) continue;
    while (parents.length > 0 && (parents.at(-1)?.indent ?? 0) >= indent) parents.pop();
    const parent = parents.at(-1)?.path;
    const paths = names.map((name) => (parent === undefined ? name.slice(0, -1) : `${parent}/${name.slice(0, -1)}`));
    listed.push(...paths);
    // Only a folder alone on its line can hold the lines below it.
    if (paths.length === 1 && paths[0] !== undefined) parents.push({ indent, path: paths[0] });
  }
  return listed;
}

function foldersUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => [`${dir}/${entry.name}`, ...foldersUnder(`${dir}/${entry.name}`)]);
}

describe('CONTRIBUTING\'s layout', () => {
  it('lists every folder under src/ exactly once, and no folder that does not exist', () => {
    const listed = listedFolders(layoutBlock(readFileSync(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8'))).filter((folder) => folder.startsWith('src/'));
    const twice = listed.filter((folder, index) => listed.indexOf(folder) !== index);
    assert.deepEqual(twice, [], 'listed more than once');
    const actual = foldersUnder('src');
    assert.deepEqual(listed.filter((folder) => !actual.includes(folder)).sort(), [], 'listed, but not in the tree');
    assert.deepEqual(actual.filter((folder) => !listed.includes(folder)).sort(), [], 'in the tree, but not listed');
  });

  it('reads the tree by indent, several folders on a line, and skips descriptions (the check can fail)', () => {
    const lines = [
      'src/',
      '  core/             words; crawls/ in a description is not a folder',
      '    api/            the client',
      '    usage/ crawls/  two at once',
      '                    search/ on a continuation line is not one either',
      '    search/',
      '      advanced/     below search',
      '  features/         adapters',
      '    search/',
      'test/',
      '  unit/',
    ];
    assert.deepEqual(listedFolders(lines), ['src', 'src/core', 'src/core/api', 'src/core/usage', 'src/core/crawls', 'src/core/search', 'src/core/search/advanced', 'src/features', 'src/features/search', 'test', 'test/unit']);
  });
});
