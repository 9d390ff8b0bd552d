// What a clean install prints: every dependency with an install script is reviewed in
// package.json's allowScripts (so npm has nothing to warn about, and a new one fails here rather
// than hiding behind .npmrc's loglevel), and ensure-tools' progress lines name the npm step, never
// the compiler output of a native build.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { npmProgressLine, npmStepOf } from '../../scripts/lib/npm-progress.mjs';
import { versionsForArgs } from '../../scripts/lib/vscode-versions.mjs';

const REPO = path.resolve(__dirname, '..', '..');
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(REPO, file), 'utf8'));

describe('install output', () => {
  it('every package of the lock with an install script is reviewed in allowScripts', () => {
    const lock = readJson('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };
    const manifest = readJson('package.json') as { allowScripts?: Record<string, boolean> };
    const reviewed = Object.keys(manifest.allowScripts ?? {});
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript === true)
      .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
    assert.ok(withScripts.length > 0, 'the lock names no install script at all: is hasInstallScript still its field?');
    assert.deepEqual(withScripts.filter((name) => !reviewed.includes(name)), []);
  });

  it('.npmrc keeps npm\'s warnings for whoever asks (errors still print)', () => {
    assert.match(fs.readFileSync(path.join(REPO, '.npmrc'), 'utf8'), /^loglevel=error$/m);
  });

  it('the progress line names the npm step a build is at, not the compiler\'s warnings', () => {
    const log = [
      '> argon2@0.31.2 install', '> node-pre-gyp install --fallback-to-build', '',
      '> node-pty@1.1.0-beta33 install', '> node scripts/install.js',
      '../src/unix/pty.cc:123:5: warning: \'Nan::Callback::Call\' is deprecated [-Wdeprecated-declarations]',
      '  123 |     cb.Call(1, argv);', '      |     ^~', 'note: declared here',
    ].join('\n');
    assert.equal(npmStepOf(log), 'node-pty@1.1.0-beta33 install');
    assert.equal(npmProgressLine(log), 'still installing (running node-pty@1.1.0-beta33 install)');
    assert.equal(npmProgressLine('npm http fetch GET 200 https://registry.npmjs.org/code-server'), 'still installing (fetching packages)');
  });
});

describe('what each of the two commands installs', () => {
  const scripts = (readJson('package.json') as { scripts: Record<string, string> }).scripts;
  const argsOf = (script: string): string[] => (scripts[script] ?? '').split(/\s+/).slice(2);

  it('npm run sandbox installs only the VS Code it runs (the floor), npm test every version', () => {
    assert.deepEqual(versionsForArgs(argsOf('presandbox'), {}).map((v) => v.name), ['floor']);
    assert.deepEqual(versionsForArgs(argsOf('pretest'), {}).map((v) => v.name), ['floor', 'latest']);
    assert.deepEqual(versionsForArgs(argsOf('pretest'), { WEBDATA_VSCODE: 'latest' }).map((v) => v.name), ['latest']);
    assert.deepEqual(versionsForArgs(['--vscode=all'], { WEBDATA_VSCODE: 'floor' }).map((v) => v.name), ['floor', 'latest']);
  });

  it('npm run sandbox leaves out the native modules the sandbox runs without; npm test builds them', () => {
    assert.ok(argsOf('presandbox').includes('--for=sandbox'), scripts.presandbox);
    assert.ok(!argsOf('pretest').includes('--for=sandbox'), scripts.pretest);
  });
});
