// The host tests run on two VS Code versions (scripts/lib/vscode-versions.mjs): the
// `engines.vscode` floor and the newest server from npm. This suite checks that each run is on
// the version it claims, that the newest really has language-model APIs the floor lacks, and that
// the extension activates cleanly on both: a feature that uses such an API must look for it
// first, or activation fails on the floor and this suite says so.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activate, EXTENSION_ID } from './helpers-account';

type VersionName = 'floor' | 'latest';

function expectedVersion(): { name: VersionName; vscode: string } {
  const name = process.env.WEBDATA_TEST_VSCODE;
  const version = process.env.WEBDATA_TEST_VSCODE_VERSION;
  assert.ok((name === 'floor' || name === 'latest') && version, 'WEBDATA_TEST_VSCODE(_VERSION) is not set: run through npm run test:host');
  return { name, vscode: version };
}

/** An API member looked up at run time: @types/vscode is the floor's, so newer ones are not typed. */
function member(namespace: object | undefined, name: string): unknown {
  return namespace === undefined ? undefined : Reflect.get(namespace, name);
}

/** The extension host's own log (remoteexthost.log on a server), beside the extension's log folder. */
function extensionHostLogs(logUri: vscode.Uri): string[] {
  const dir = path.dirname(logUri.fsPath);
  return fs.readdirSync(dir).filter((name) => /exthost.*\.log$/i.test(name)).map((name) => path.join(dir, name));
}

describe('VS Code versions', () => {
  const expected = expectedVersion();

  it(`runs on the pinned VS Code of this run (${expected.name}: ${expected.vscode})`, () => {
    assert.equal(vscode.version, expected.vscode);
  });

  it('has the language-model APIs of that version: the newest has some the floor lacks', () => {
    // In both: language-model tools and chat participants (finalised in 1.95 and 1.90).
    for (const name of ['registerTool', 'invokeTool']) assert.equal(typeof member(vscode.lm, name), 'function', `vscode.lm.${name}`);
    assert.equal(typeof member(vscode.chat, 'createChatParticipant'), 'function');
    // Finalised in 1.104, and not even proposed in 1.100 (proposed APIs are present there, but
    // throw when called): on the newest only.
    assert.equal(typeof member(vscode.lm, 'registerLanguageModelChatProvider'), expected.name === 'latest' ? 'function' : 'undefined');
  });

  it('activates with its whole API on this version, and logs no activation error', async () => {
    const api = await activate();
    assert.equal(vscode.extensions.getExtension(EXTENSION_ID)?.isActive, true);
    for (const key of ['usage', 'crawls', 'search', 'webhooks', 'logUri'] as const) assert.ok(api[key], `activate() returned no ${key}`);
    const logs = extensionHostLogs(api.logUri);
    assert.ok(logs.length > 0, `no extension host log beside ${api.logUri.fsPath}`);
    const text = logs.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
    assert.ok(text.includes(EXTENSION_ID), 'the extension host log does not mention the extension: wrong log?');
    // One entry per timestamped line with the stack lines under it. VS Code's own "Language model
    // unavailable", raised before it calls a participant when the chat view has no model picked yet
    // (the @webData suite sends while the view opens), names the extension in its stack: not ours.
    const entries = text.split(/\n(?=\d{4}-\d\d-\d\d )/).filter((entry) => !/^\S+ \S+ \[error\] Error: Language model unavailable\n/.test(entry));
    const failures = entries.flatMap((entry) => entry.split('\n')).filter((line) => line.includes(EXTENSION_ID) && /fail|error/i.test(line));
    assert.deepEqual(failures, []);
  });
});
