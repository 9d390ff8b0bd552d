// The extension loads and activates in a real VS Code, and the test run reaches the emulator.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import { waitFor } from './helpers-account';

const EXTENSION_ID = 'web-data.web-data';

describe('smoke', () => {
  it('activates the extension in a real extension host', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not installed in the test host`);
    await extension.activate();
    assert.equal(extension.isActive, true);
  });

  it('registers every contributed command', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension);
    await extension.activate();
    const manifest: unknown = extension.packageJSON;
    const contributed = commandIds(manifest);
    assert.ok(contributed.length > 0, 'the manifest contributes no commands');
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(contributed.filter((id) => !registered.has(id)), []);
  });

  it('keeps V8\'s code cache of its shell bundle in global storage, which the next start hands to V8', async () => {
    const extension = vscode.extensions.getExtension<WebDataApi>(EXTENSION_ID);
    assert.ok(extension);
    const api = await extension.activate();
    const dir = api.codeCacheDir;
    assert.ok(dir, 'activate() names no code cache folder under test');
    assert.ok(dir.startsWith(path.join(extensionGlobalStorage(dir), '')), `the code cache is not in global storage: ${dir}`);
    // Written a moment after activation (src/platform/bundles.ts), so that it holds what activation ran.
    await waitFor('the code cache of dist/shell.js', () => existsSync(dir) && readdirSync(dir).some((f) => /^shell\.js\..+\.cache$/.test(f)), 10_000);
  });

  it('sees the emulator the runner started, and the workspace setting pointing at it', async () => {
    const baseUrl = process.env.WEBDATA_TEST_BASE_URL;
    assert.ok(baseUrl, 'WEBDATA_TEST_BASE_URL is not set: run through npm run test:host');
    assert.equal(vscode.workspace.getConfiguration('webData').get<string>('baseUrl'), baseUrl);
    const apiKey = process.env.WEBDATA_TEST_API_KEY ?? '';
    const response = await fetch(`${baseUrl}/v2/team/token-usage`, { headers: { Authorization: `Bearer ${apiKey}` } });
    assert.equal(response.status, 200);
  });
});

/** The extension's global storage folder: the code cache's parent, named by the extension's id. */
function extensionGlobalStorage(codeCacheDir: string): string {
  const storage = path.dirname(codeCacheDir);
  assert.equal(path.basename(storage).toLowerCase(), EXTENSION_ID, `not the extension's own storage folder: ${storage}`);
  return storage;
}

function commandIds(manifest: unknown): string[] {
  if (typeof manifest !== 'object' || manifest === null || !('contributes' in manifest)) return [];
  const contributes: unknown = manifest.contributes;
  if (typeof contributes !== 'object' || contributes === null || !('commands' in contributes)) return [];
  const commands: unknown = contributes.commands;
  if (!Array.isArray(commands)) return [];
  return commands.flatMap((entry: unknown) =>
    typeof entry === 'object' && entry !== null && 'command' in entry && typeof entry.command === 'string' ? [entry.command] : []);
}
