// The repository's TypeScript files under a folder, for the tests that read the source itself
// (import cycles, schemes, tooltips, words): paths relative to the repository, sorted by the walk.
import { readdirSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.join(__dirname, '..', '..');

export function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return entry.name.endsWith('.ts') ? [relative] : [];
  });
}
