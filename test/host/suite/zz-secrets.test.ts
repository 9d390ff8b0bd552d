// Runs last (the name sorts last): after every other suite has connected, searched, received
// webhooks and logged, neither the API key nor the webhook secret is anywhere the extension or
// VS Code wrote for it: settings, global and workspace state, the storage folders and the log
// files. Each in plain text, another letter case, base64 (any alignment) and percent-encoded, as
// bytes or UTF-16. Files are searched as bytes (a state.vscdb too, where there is one); here the
// workbench runs in an off-the-record browser context, so VS Code keeps global and workspace state
// in memory only, and the test reads every key of both through the extension's API instead.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import { activate, env, storageOf, waitFor, webDataLogText } from './helpers-account';

/** The secret webhooks.test.ts sets with "Set Webhook Secret". */
const WEBHOOK_SECRET = 'host-test-webhook-secret';
const MAX_FILES = 20_000;
const MAX_FILE_BYTES = 64 * 1024 * 1024;

interface Form {
  form: string;
  /** The secret in this form, as it would be written. */
  text: string;
  encoding: 'latin1' | 'utf16le';
}

/** Every form of `secret` to look for; the search ignores letter case. */
function forms(secret: string): Form[] {
  const bytes = Buffer.from(secret, 'utf8');
  const out: Array<Omit<Form, 'encoding'>> = [
    { form: 'plain', text: secret },
    { form: 'URI-encoded', text: encodeURIComponent(secret) },
    { form: 'percent-encoded', text: [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('') },
  ];
  for (let offset = 0; offset < 3; offset++) {
    // The part of base64(prefix + secret) that depends on the secret alone, for a prefix of this length mod 3.
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const fragment = encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length) - 6) / 6) + 1);
    out.push({ form: `base64 (alignment ${offset})`, text: fragment });
    out.push({ form: `base64url (alignment ${offset})`, text: fragment.replace(/\+/g, '-').replace(/\//g, '_') });
  }
  return out.flatMap((f) => [{ ...f, encoding: 'latin1' as const }, { ...f, form: `${f.form}, UTF-16`, encoding: 'utf16le' as const }]);
}

/** Lower-cases ASCII letters only, so a Buffer can be searched case-insensitively byte for byte. */
function lowerAscii(data: Buffer): Buffer {
  const copy = Buffer.from(data);
  for (let i = 0; i < copy.length; i++) {
    const byte = copy[i] ?? 0;
    if (byte >= 0x41 && byte <= 0x5a) copy[i] = byte + 0x20;
  }
  return copy;
}

function filesUnder(roots: readonly string[]): string[] {
  const found = new Set<string>();
  const walk = (dir: string, depth: number): void => {
    if (depth > 12 || found.size >= MAX_FILES) return;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full, depth + 1);
      else if (entry.isFile()) found.add(full);
    }
  };
  for (const root of roots) {
    if (fs.existsSync(root) && fs.statSync(root).isFile()) found.add(root);
    else walk(root, 0);
  }
  return [...found];
}

/** `file: form of secret` for every hit. */
function search(files: readonly string[], secrets: Record<string, string>): string[] {
  const needles = Object.entries(secrets).flatMap(([name, secret]) =>
    forms(secret).map(({ form, text, encoding }) => ({ form, name, needle: Buffer.from(text.toLowerCase(), encoding) })));
  const hits: string[] = [];
  for (const file of files) {
    let data: Buffer;
    try {
      if (fs.statSync(file).size > MAX_FILE_BYTES) continue;
      data = lowerAscii(fs.readFileSync(file));
    } catch {
      continue;   // removed meanwhile (a lock, a journal)
    }
    for (const { name, form, needle } of needles) if (data.includes(needle)) hits.push(`${file}: the ${name}, ${form}`);
  }
  return hits;
}

describe('secrets at the end of the run', () => {
  let api: WebDataApi;
  const secrets = (): Record<string, string> => ({ 'API key': env('WEBDATA_TEST_API_KEY'), 'webhook secret': WEBHOOK_SECRET });
  let roots: string[] = [];
  /** The extension's global storage folder (the search history's parent). */
  let globalStorage = '';

  before(async () => {
    api = await activate();
    globalStorage = path.dirname(api.search.historyFolder.fsPath);
    // The profile scripts/run-host-tests.mjs created for this run, searched whole: the global and
    // workspace storage folders VS Code gives extensions are in it (<user-data>/server-data/…/User/).
    const userData = env('WEBDATA_TEST_USER_DATA_DIR');
    assert.ok(path.relative(userData, globalStorage).split(path.sep)[0] !== '..', `the extension's storage ${globalStorage} is outside the run's profile ${userData}`);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    roots = [
      userData,
      globalStorage,
      // The session's logs: every channel of every extension, the extension host's own log.
      path.dirname(path.dirname(api.logUri.fsPath)),
      ...(folder ? [path.join(folder, '.vscode')] : []),
    ];
    // Pending writes, each awaited by what it shows, not by a pause. The events list is written to
    // each window's file debounced: wait until the files hold every event listed.
    const eventsFolder = path.join(globalStorage, 'webhook-events');
    const storedKeys = (): Set<string> => new Set((fs.existsSync(eventsFolder) ? fs.readdirSync(eventsFolder) : []).filter((name) => name.endsWith('.json')).flatMap((name) => {
      let stored: unknown;
      try {
        stored = JSON.parse(fs.readFileSync(path.join(eventsFolder, name), 'utf8'));
      } catch {
        return [];
      }
      const events: unknown[] = typeof stored === 'object' && stored !== null && 'events' in stored && Array.isArray(stored.events) ? stored.events : [];
      return events.map((r) => (typeof r === 'object' && r !== null && 'key' in r ? String(r.key) : ''));
    }));
    const allStored = (): boolean => { const stored = storedKeys(); return api.webhooks.events.every((e) => stored.has(e.key)); };
    await waitFor('the webhook events list to be written', allStored, 10_000);
    // The log reaches its file in order: once a request made now is in the file, so is every
    // line logged before it.
    const usageLines = (): number => webDataLogText(api.logUri).split('/v2/team/token-usage').length;
    const seen = usageLines();
    await api.usage.refreshNow();
    await waitFor('the log file to hold a request made now', () => usageLines() > seen, 10_000);
  });

  it('searches the places that matter, and would find a secret planted there in each form', () => {
    const key = env('WEBDATA_TEST_API_KEY');
    const planted = path.join(globalStorage, 'zz-planted.txt');
    fs.mkdirSync(path.dirname(planted), { recursive: true });
    // Each form on its own line, in upper case where case does not change its meaning.
    const lines = forms(key).map(({ form, text, encoding }) => Buffer.from(`${form.startsWith('base64') ? text : text.toUpperCase()}\n`, encoding));
    fs.writeFileSync(planted, Buffer.concat(lines));
    try {
      const files = filesUnder(roots);
      assert.ok(files.some((f) => path.basename(f) === 'settings.json'), 'no settings.json searched');
      assert.ok(files.some((f) => /Web Data\.log$/.test(f)), 'the "Web Data" log file was not searched');
      const history = api.search.historyFolder.fsPath;
      if (fs.existsSync(history) && fs.readdirSync(history).length > 0) assert.ok(files.some((f) => f.startsWith(history)), 'the search history was not searched');
      const hits = search(files, { 'API key': key }).filter((hit) => hit.startsWith(`${planted}:`));
      for (const { form } of forms(key)) assert.ok(hits.includes(`${planted}: the API key, ${form}`), `a planted key, ${form}, was not found`);
    } finally {
      fs.rmSync(planted, { force: true });
    }
  });

  it('finds neither the API key nor the webhook secret in any file', () => {
    const files = filesUnder(roots);
    assert.ok(files.length > 10, `only ${files.length} files searched`);
    assert.deepEqual(search(files, secrets()), []);
  });

  it('finds neither in global or workspace state, and would find one planted there', async () => {
    const stateText = (): Buffer => Buffer.from(JSON.stringify([storageOf(api).globalState, storageOf(api).workspaceState]
      .flatMap((memento) => memento.keys().map((key) => [key, memento.get<unknown>(key)]))), 'utf8');
    const file = path.join(globalStorage, 'zz-state.json');
    const planted = 'zz.planted';
    await storageOf(api).workspaceState.update(planted, { note: `Basic ${Buffer.from(`user:${WEBHOOK_SECRET}`).toString('base64')}` });
    try {
      fs.writeFileSync(file, stateText());
      assert.ok(search([file], secrets()).some((hit) => hit.includes('webhook secret, base64')), 'a planted secret was not found in the state');
      await storageOf(api).workspaceState.update(planted, undefined);
      fs.writeFileSync(file, stateText());
      assert.deepEqual(search([file], secrets()), []);
    } finally {
      await storageOf(api).workspaceState.update(planted, undefined);
      fs.rmSync(file, { force: true });
    }
  });
});
