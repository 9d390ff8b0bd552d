// The service's JS SDK's monitor calls against the URL and key in its environment (issue 37): a
// watch of three demo pages created, read, listed, checked twice by hand, once on the emulator's
// clock (moved by this script through the emulator's own admin route, as the tests move it), its
// checks listed and one read a page at a time (the SDK following `next`), paused, deleted, and
// read once more after deletion; printed as one JSON line for test/unit/peer-clients.test.ts.
import Firecrawl from '@mendable/firecrawl-js';

const client = new Firecrawl({ apiKey: process.env.PEER_API_KEY, apiUrl: process.env.PEER_API_URL });
const urls = JSON.parse(process.env.PEER_MONITOR_URLS ?? '[]');
/** What the test checks of a check: not its times or ids. */
const check = ({ id, monitorId, status, trigger, actualCredits, summary }) => ({ id, monitorId, status, trigger, actualCredits, summary });

const created = await client.createMonitor({
  name: 'Tideflow docs', schedule: { text: 'hourly', timezone: 'Europe/Berlin' }, goal: 'a breaking change in the migration guide',
  targets: [{ type: 'scrape', urls }],
});
const got = await client.getMonitor(created.id);
const listed = await client.listMonitors({ limit: 10 });
const first = await client.runMonitor(created.id);
const second = await client.runMonitor(created.id);
const clock = await globalThis.fetch(`${process.env.PEER_API_URL}/_emulator/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: 61 * 60_000 }) });
const checks = await client.listMonitorChecks(created.id, { limit: 10 });
// One page per request: the SDK follows `next` to the last page itself.
const whole = await client.getMonitorCheck(created.id, second.id, { limit: 1 });
const changedOnly = await client.getMonitorCheck(created.id, second.id, { status: 'changed', autoPaginate: false });
const paused = await client.updateMonitor(created.id, { status: 'paused' });
const deleted = await client.deleteMonitor(created.id);
const afterDelete = await client.getMonitor(created.id).then(() => 'still there', (e) => ({ status: e.status ?? e.statusCode, message: String(e.message) }));

const out = {
  created: { id: created.id, name: created.name, status: created.status, schedule: created.schedule, goal: created.goal, estimatedCreditsPerMonth: created.estimatedCreditsPerMonth, nextRunAt: created.nextRunAt, targets: created.targets.map((t) => ({ type: t.type, urls: t.urls })) },
  got: { id: got.id, name: got.name },
  listed: listed.map((m) => m.id),
  first: check(first),
  second: check(second),
  clockMoved: clock.status,
  checks: checks.map(check),
  whole: { ...check(whole), next: whole.next, pages: whole.pages.map((p) => ({ url: p.url, status: p.status, meaningful: p.judgment?.meaningful ?? null, diff: p.diff?.text ?? null, previousScrapeId: p.previousScrapeId, currentScrapeId: p.currentScrapeId })) },
  changedOnly: changedOnly.pages.map((p) => p.url),
  paused: { status: paused.status, nextRunAt: paused.nextRunAt },
  deleted,
  afterDelete,
};
process.stdout.write(JSON.stringify(out) + '\n');
