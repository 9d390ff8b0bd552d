// The emulator's `tbs` time filters (spec 2.3) against page dates computed from its now().
import assert from 'node:assert/strict';
import { startEmulator } from '../emulator';
import type { Emulator } from '../emulator';
import { search } from '../emulator/raw-client';

const NOW = new Date('2026-06-15T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ALL = '-xyzzy';

describe('emulator search: tbs', () => {
  let emulator: Emulator;
  const dates = async (tbs: string, sources: string[] = ['web']): Promise<number[]> => {
    const res = await search(emulator.url, { query: ALL, limit: 100, tbs, sources });
    const items = [...(res.data.web ?? []), ...(res.data.news ?? [])];
    return items.map((item) => Date.parse(emulator.corpusPage(item.url ?? '')?.date ?? ''));
  };

  before(async () => {
    emulator = await startEmulator({ now: () => NOW });
  });
  after(() => emulator.close());

  it('qdr:h|d|w|m|y keep pages newer than now() minus the range, each range wider', async () => {
    const bounds: Array<[string, number]> = [['h', HOUR], ['d', DAY], ['w', 7 * DAY], ['m', 31 * DAY], ['y', 366 * DAY]];
    let previous = 0;
    for (const [range, ms] of bounds) {
      const found = await dates(`qdr:${range}`);
      assert.ok(found.length > previous, `qdr:${range} finds more than the range before it (${found.length})`);
      for (const time of found) assert.ok(time >= NOW.getTime() - ms && time <= NOW.getTime(), `qdr:${range}`);
      previous = found.length;
    }
    const everyPage = (await search(emulator.url, { query: ALL, limit: 100 })).data.web?.length ?? 0;
    assert.ok(previous < everyPage, 'qdr:y leaves out the pages older than a year');
  });

  it('cdr:1 keeps pages between cd_min and cd_max, both days included', async () => {
    // The rail timetable news is 20 days old: 05/26/2026; the north-line PDF is 19 days old.
    const rail = 'https://news.dailyharbor.example/2026/rail-timetable-change';
    const pdf = 'https://static.cityrail.example/timetables/north-line.pdf';
    const day = await search(emulator.url, { query: ALL, limit: 100, tbs: 'cdr:1,cd_min:05/26/2026,cd_max:05/26/2026' });
    assert.deepEqual(day.data.web?.map((r) => r.url), [rail]);
    const two = await search(emulator.url, { query: ALL, limit: 100, tbs: 'cdr:1,cd_min:05/26/2026,cd_max:05/27/2026' });
    assert.deepEqual(new Set(two.data.web?.map((r) => r.url)), new Set([rail, pdf]));
    // One-digit months and days, as the live service accepts them: the same range.
    const short = await search(emulator.url, { query: ALL, limit: 100, tbs: 'cdr:1,cd_min:5/26/2026,cd_max:5/27/2026' });
    assert.deepEqual(new Set(short.data.web?.map((r) => r.url)), new Set([rail, pdf]));
    const empty = await search(emulator.url, { query: ALL, tbs: 'cdr:1,cd_min:01/01/2000,cd_max:12/31/2000' });
    assert.deepEqual(empty.data.web, []);
    assert.ok(empty.warning);
  });

  it('sbd:1 sorts newest first, also combined with a range and for news', async () => {
    for (const tbs of ['sbd:1', 'sbd:1,qdr:m', 'qdr:y,sbd:1']) {
      const found = await dates(tbs);
      assert.ok(found.length > 3);
      for (let i = 1; i < found.length; i++) assert.ok((found[i - 1] ?? 0) >= (found[i] ?? 0), `${tbs} sorted at ${i}`);
    }
    const news = await dates('sbd:1', ['news']);
    assert.ok(news.length >= 5);
    for (let i = 1; i < news.length; i++) assert.ok((news[i - 1] ?? 0) >= (news[i] ?? 0));
    const unsorted = await dates('qdr:y');
    assert.ok(unsorted.some((t, i) => i > 0 && (unsorted[i - 1] ?? 0) < t), 'without sbd:1 the order is by relevance, not date');
  });

  it('dates follow now(): an emulator started later sees the same pages as recent', async () => {
    const later = await startEmulator({ now: () => new Date(NOW.getTime() + 400 * DAY) });
    try {
      const res = await search(later.url, { query: ALL, limit: 100, tbs: 'qdr:h' });
      assert.ok((res.data.web?.length ?? 0) > 0);
    } finally {
      await later.close();
    }
  });
});
