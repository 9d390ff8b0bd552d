// The transport requires undici by module, not through its index (the index costs about twice as
// much at every start with a key stored, see bench/activation.ts). Two promises follow, checked
// in a fresh process, since this one loads undici's index for the tests' own requests and would
// hide both: a direct client never loads the index, and a proxy route has the `connect` method
// the ProxyAgent opens its tunnel with (the index would otherwise have copied it on).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../..');

const probe = String.raw`
const { WebDataClient } = require('./src/core/api');
const Dispatcher = require('undici/lib/dispatcher/dispatcher');
const indexLoaded = () => Object.keys(require.cache).some((file) => /[\\/]undici[\\/]index\.js$/.test(file));
const direct = new WebDataClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' });
const before = { index: indexLoaded(), connect: typeof Dispatcher.prototype.connect };
const proxied = new WebDataClient({ baseUrl: 'https://service.example', apiKey: 'k', network: { proxy: 'http://127.0.0.1:9', env: {} } });
const after = { index: indexLoaded(), connect: typeof Dispatcher.prototype.connect, proxy: proxied.proxyHost };
Promise.all([direct.close(), proxied.close()]).then(() => process.stdout.write(JSON.stringify({ before, after })));
`;

describe('transport: undici by module', function () {
  this.timeout(30_000);

  it('a direct client loads no undici index; a proxy route gets the connect method its tunnel needs', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', probe], { cwd: root, encoding: 'utf8' });
    const { before, after } = JSON.parse(out) as { before: { index: boolean; connect: string }; after: { index: boolean; connect: string; proxy?: string } };
    assert.deepEqual(before, { index: false, connect: 'undefined' });
    assert.deepEqual(after, { index: false, connect: 'function', proxy: '127.0.0.1:9' });
  });
});
