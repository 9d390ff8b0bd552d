// The client's reading of bench/client.ts, in plain JavaScript so that the same code runs in the
// bench's own process and, as the independent reading, in a fresh `node` with nothing else loaded
// (no tsx, no emulator): client.search() of the production bundle (loaded with require, as the
// extension loads dist/core.js) against a bare undici.request + JSON.parse of the same endpoint
// with the same body, interleaved call by call with the order alternating, medians of each.
// Alone: node bench/client-probe.cjs '{"bundle":…,"url":…,"apiKey":…,"request":…,"count":…,"warmUp":…}'
/* eslint-disable @typescript-eslint/no-require-imports */
/* global require, module */
'use strict';
const { performance } = require('node:perf_hooks');

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function resultCount(data) {
  return ['web', 'news', 'images'].map((kind) => (Array.isArray(data?.[kind]) ? data[kind].length : 0)).join('/');
}

/** Returns the medians in µs, the answer's size and its results per source (web/news/images). */
async function measure({ bundle, url, apiKey, request, count, warmUp }) {
  const core = require(bundle);
  const undici = require('undici');
  const client = new core.WebDataClient({ baseUrl: url, apiKey });
  // The bare request sends exactly the bytes the client sends: the checked wire form.
  const checked = core.validateSearchRequest(request);
  if (!checked.ok) throw new Error(`the bench's search is not valid: ${JSON.stringify(checked.problems)}`);
  const body = JSON.stringify(checked.body);
  const endpoint = `${url}/v2/search`;
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json' };
  let bytes = 0;
  const bare = async () => {
    const response = await undici.request(endpoint, { method: 'POST', headers, body });
    const text = await response.body.text();
    bytes = Buffer.byteLength(text);
    return JSON.parse(text);
  };
  const viaClient = () => client.search(request);
  try {
    const [fromClient, fromBare] = [await viaClient(), await bare()];
    if (resultCount(fromClient.data) !== resultCount(fromBare.data)) throw new Error('the client and the bare request got different answers');
    for (let i = 0; i < warmUp; i++) {
      await viaClient();
      await bare();
    }
    const clientTimes = [];
    const bareTimes = [];
    for (let i = 0; i < count; i++) {
      // Alternate which goes first, so that neither always follows the other's garbage.
      for (const call of i % 2 === 0 ? [viaClient, bare] : [bare, viaClient]) {
        const started = performance.now();
        await call();
        (call === bare ? bareTimes : clientTimes).push(performance.now() - started);
      }
    }
    return { clientUs: median(clientTimes) * 1000, bareUs: median(bareTimes) * 1000, bytes, results: resultCount(fromBare.data) };
  } finally {
    await client.close();
  }
}

module.exports = { measure };

if (require.main === module) {
  measure(JSON.parse(process.argv[2] ?? '{}')).then(
    (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
