import * as assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseMetadata, scanWorkspace, suggestionsOf } from '../../src/core/docs/suggest';

/** Writes `files` (path → text) under `root`, folders made as needed. */
async function fixture(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
}

const pkg = (name: string, version: string, homepage?: string) => JSON.stringify({ name, version, ...(homepage === undefined ? {} : { homepage }) });

const metadata = (lines: string[], description = '') => `Metadata-Version: 2.1\n${lines.join('\n')}\n\n${description}`;

describe('Docs suggestions from the workspace (suggest.ts)', () => {
  let root: string;
  beforeEach(async () => { root = await mkdtemp(join(tmpdir(), 'docs-suggest-')); });
  afterEach(async () => { await rm(root, { recursive: true, force: true }); });

  it('reads npm packages from node_modules, scoped ones too, the workspace\'s own dependencies first, only those with a web home page', async () => {
    await fixture(root, {
      'package.json': JSON.stringify({ dependencies: { zod: '^3' }, devDependencies: { '@types/node': '^20' } }),
      'node_modules/zod/package.json': pkg('zod', '3.25.1', 'https://zod.dev'),
      'node_modules/@types/node/package.json': pkg('@types/node', '20.11.0', 'https://github.com/DefinitelyTyped/DefinitelyTyped/tree/master/types/node'),
      'node_modules/acorn/package.json': pkg('acorn', '8.14.0', 'https://github.com/acornjs/acorn'),
      'node_modules/no-home/package.json': pkg('no-home', '1.0.0'),
      'node_modules/script-home/package.json': pkg('script-home', '1.0.0', 'javascript:alert(1)'),
      'node_modules/broken/package.json': '{ not json',
      'node_modules/.bin/tool': '#!/bin/sh',
      'node_modules/.package-lock.json': '{}',
    });
    const scan = await scanWorkspace(root);
    assert.equal(scan.truncated, false);
    assert.deepEqual(scan.packages.map((p) => [p.ecosystem, p.name, p.version, p.docsUrl]), [
      ['npm', '@types/node', '20.11.0', 'https://github.com/DefinitelyTyped/DefinitelyTyped/tree/master/types/node'],
      ['npm', 'zod', '3.25.1', 'https://zod.dev/'],
      ['npm', 'acorn', '8.14.0', 'https://github.com/acornjs/acorn'],
    ]);
  });

  it('reads Python packages from a virtual environment\'s dist-info METADATA: the Documentation link, else the home page', async () => {
    await fixture(root, {
      '.venv/lib/python3.12/site-packages/requests-2.32.3.dist-info/METADATA': metadata([
        'Name: requests', 'Version: 2.32.3', 'Home-page: https://requests.readthedocs.io', 'Project-URL: Source, https://github.com/psf/requests',
        'Project-URL: Documentation, https://requests.readthedocs.io/en/latest/',
      ], 'Project-URL: Documentation, https://description.example/not-a-header'),
      '.venv/lib/python3.12/site-packages/six-1.16.0.dist-info/METADATA': metadata(['Name: six', 'Version: 1.16.0', 'Home-page: https://github.com/benjaminp/six']),
      '.venv/lib/python3.12/site-packages/nolinks-1.0.dist-info/METADATA': metadata(['Name: nolinks', 'Version: 1.0']),
      '.venv/lib/python3.12/site-packages/requests/__init__.py': '',
      'venv/Lib/site-packages/Jinja2-3.1.4.dist-info/METADATA': metadata(['Name: Jinja2', 'Version: 3.1.4', 'Project-URL: Docs, https://jinja.palletsprojects.com/']),
    });
    const scan = await scanWorkspace(root);
    assert.deepEqual(scan.packages.map((p) => [p.ecosystem, p.name, p.version, p.docsUrl, p.docsUrlFrom]).sort(), [
      ['python', 'Jinja2', '3.1.4', 'https://jinja.palletsprojects.com/', 'documentation'],
      ['python', 'requests', '2.32.3', 'https://requests.readthedocs.io/en/latest/', 'documentation'],
      ['python', 'six', '1.16.0', 'https://github.com/benjaminp/six', 'homepage'],
    ]);
  });

  it('reads only a METADATA file\'s headers: a link in the description is not the package\'s', () => {
    assert.equal(parseMetadata(metadata(['Name: x', 'Version: 1'], 'Project-URL: Documentation, https://description.example/')), undefined);
    assert.equal(parseMetadata('Name: x\r\nVersion: 1\r\nProject-URL: Documentation, https://x.example/docs\r\n\r\nbody')?.docsUrl, 'https://x.example/docs');
  });

  it('stops at its bound in packages or in time, keeping what it read and saying it stopped', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`node_modules/p${String(i).padStart(2, '0')}/package.json`] = pkg(`p${i}`, '1.0.0', `https://p${i}.example/`);
    await fixture(root, files);
    const few = await scanWorkspace(root, { maxPackages: 5 });
    assert.equal(few.truncated, true);
    assert.equal(few.packages.length, 5);
    let clock = 0;
    // Each look at the clock is a millisecond later: the budget runs out part way.
    const late = await scanWorkspace(root, { budgetMs: 20, now: () => clock++ });
    assert.equal(late.truncated, true);
    assert.ok(late.packages.length > 0 && late.packages.length < 40, `${late.packages.length} read`);
    assert.equal((await scanWorkspace(root)).truncated, false);
  });

  it('says when the installed version differs from the kept set\'s', () => {
    const kept = [
      { meta: { id: 'zod-dev', siteUrl: 'https://zod.dev/', version: '3.24.0', createdAt: '', updatedAt: '' }, bytes: 1 },
      { meta: { id: 'other', siteUrl: 'https://acorn.example/', version: '8.14.0', createdAt: '', updatedAt: '' }, bytes: 1 },
    ];
    const installed = [
      { ecosystem: 'npm' as const, name: 'zod', version: '3.25.1', docsUrl: 'https://zod.dev/', docsUrlFrom: 'homepage' as const },
      { ecosystem: 'npm' as const, name: 'acorn', version: '8.14.0', docsUrl: 'https://acorn.example/', docsUrlFrom: 'homepage' as const },
      { ecosystem: 'python' as const, name: 'six', version: '1.16.0', docsUrl: 'https://six.example/', docsUrlFrom: 'homepage' as const },
    ];
    assert.deepEqual(suggestionsOf(installed, kept).map((s) => [s.name, s.kept?.id, s.kept?.version, s.versionDiffers]), [
      ['zod', 'zod-dev', '3.24.0', true],
      ['acorn', 'other', '8.14.0', false],
      ['six', undefined, undefined, false],
    ]);
  });
});
