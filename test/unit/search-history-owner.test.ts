// One owner of the search history: the search service's VS Code side (src/features/search/service.ts)
// makes the SearchStore and is the only module that imports it. The view, the result documents,
// the history's commands and other features read and change the history through the service, so
// every write goes through one place and fires one event. A plain scan of the sources: cheap, and
// it fails the day someone hands the store around again.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const OWNER = 'src/features/search/service.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return entry.name.endsWith('.ts') ? [relative] : [];
  });
}

/** Modules that import the store module (by any relative path) or name its class. */
function storeUsers(): string[] {
  const STORE = 'src/features/search/store';
  const importsStore = (file: string, text: string): boolean =>
    [...text.matchAll(/from\s+'(\.[^']*)'/g)].some(([, spec]) => path.posix.join(path.posix.dirname(file), spec ?? '') === STORE);
  return sourceFiles('src').filter((file) => {
    if (file === `${STORE}.ts`) return false;
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    return importsStore(file, text) || /\bSearchStore\b/.test(text);
  });
}

describe('search history owner', () => {
  it('only the search service imports or names the SearchStore', () => {
    assert.deepEqual(storeUsers(), [OWNER]);
  });

  it('the service makes the store itself: nobody passes one in', () => {
    const text = readFileSync(path.join(ROOT, OWNER), 'utf8');
    assert.match(text, /new SearchStore\(/);
    // The parameters, up to the body's brace.
    assert.doesNotMatch(text, /constructor\([^{]*\bSearchStore\b/);
  });
});
