// Whether vsce would put a file in the .vsix, decided as vsce 3 decides it (collectFiles in
// @vscode/vsce/out/package.js): a file is packaged when no ignore line matches it, or when a
// negated line does. Asking vsce itself (listFiles) walks the whole repository, about 9 s on a busy
// 2-core machine; this answers in microseconds, and `npm run test:package` checks the real .vsix.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';

// vsce's own copy of minimatch, with vsce's options, so a glob means here what it means there.
const vsceRequire = createRequire(require.resolve('@vscode/vsce'));
const { minimatch } = vsceRequire('minimatch') as { minimatch: (file: string, pattern: string, options: { dot: boolean }) => boolean };
const OPTIONS = { dot: true };

export function vscodeignoreLines(root: string): string[] {
  return readFileSync(path.join(root, '.vscodeignore'), 'utf8')
    .split(/[\n\r]/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** `file` is relative to the repository, with forward slashes. */
export function packagedByVscodeignore(lines: string[], file: string): boolean {
  // vsce also treats a line without a wildcard in its last segment as a folder (`line/**`).
  const all = [...lines, ...lines.filter((l) => !/(^|\/)[^/]*\*[^/]*$/.test(l)).map((l) => (l.endsWith('/') ? `${l}**` : `${l}/**`))];
  const ignore = all.filter((l) => !l.startsWith('!'));
  const negate = all.filter((l) => l.startsWith('!')).map((l) => l.slice(1));
  return !ignore.some((p) => minimatch(file, p, OPTIONS)) || negate.some((p) => minimatch(file, p, OPTIONS));
}
