// Where the credits went (issue 49):
// - a spend's write to the usage ledger (src/core/usage-ledger/store.ts): this window's own file
//   of today read, the spend added, the file replaced through a temporary file, as each spend does;
//   the window has been open for 30 days with 40 spends a day (their files are not read: one key
//   per window and day). Goal: ≤ 1 ms each (median).
// - the ledger's size on disk for 90 days × 40 spends a day (goal: 256 KiB at most);
// - the credits panel's data (issue 49's figure: drawn ≤ 500 ms after the command on 90 days × 9
//   kinds): every window's files of 90 days read (3 windows, every kind every day, watches and jobs
//   by id), merged, the panel's figures, forecast and spenders built and the message serialized as
//   postMessage does. What the webview then draws is Chart.js's, in the workbench, not in this figure.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { dayBefore, USAGE_KINDS } from '../src/core/usage-ledger/ledger';
import { buildPanelData } from '../src/core/usage-ledger/panel-data';
import { UsageLedgerStore } from '../src/core/usage-ledger/store';
import { figure, median, ms, sized, type Figure } from './stats';

const TODAY = '2026-11-29';
const SPENDS_A_DAY = 40;
/** Days of writes measured, each of SPENDS_A_DAY spends. */
const WRITE_DAYS = sized(10, 1);

/** A window's store whose file holds `days` days of `SPENDS_A_DAY` spends across the kinds. */
async function filled(dir: string, session: string, days: number): Promise<{ store: UsageLedgerStore; setDay: (d: string) => void }> {
  let day = TODAY;
  const store = new UsageLedgerStore(dir, session, () => day);
  for (let d = days - 1; d >= 0; d--) {
    day = dayBefore(TODAY, d);
    for (let i = 0; i < SPENDS_A_DAY; i++) {
      const kind = USAGE_KINDS[i % USAGE_KINDS.length] ?? 'search';
      await store.record({ kind, credits: 1 + (i % 7), id: `${session}-${day}-${i}`, ...(kind === 'watch' ? { subject: `00000000-0000-4000-8000-00000000000${i % 3}` } : {}) });
    }
  }
  return { store, setDay: (d) => { day = d; } };
}

function sizeOf(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
}

export async function run(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-usage-'));
  try {
    const { store, setDay } = await filled(dir, 'long-open-window', sized(30, 3));
    const times: number[] = [];
    // The days after: each day's spends, one after another, as a busy day brings them.
    for (let d = 1; d <= WRITE_DAYS; d++) {
      setDay(dayBefore(TODAY, -d));
      for (let i = 0; i < SPENDS_A_DAY; i++) {
        const start = performance.now();
        await store.record({ kind: 'search', credits: 2, id: `bench-write-${d}-${i}` });
        times.push(performance.now() - start);
      }
    }
    const write = median(times);
    console.log(`  a spend's write, ${WRITE_DAYS} days of ${SPENDS_A_DAY}, the window's files at ${(sizeOf(dir) / 1024).toFixed(1)} KiB: median ${ms(write)}, slowest ${ms(Math.max(...times))}`);
    store.dispose();
    const sizeDir = mkdtempSync(join(tmpdir(), 'bench-usage-size-'));
    try {
      const whole = await filled(sizeDir, 'ninety-days', sized(90, 3));
      whole.store.dispose();
      const kib = sizeOf(sizeDir) / 1024;
      console.log(`  the ledger for ${sized(90, 3)} days × ${SPENDS_A_DAY} spends: ${kib.toFixed(1)} KiB`);
      const panel = await panelData();
      return [
        figure("usage ledger, a spend's write", write, 'ms', { at: 'most', value: 1 }, 'median; the window open 30 days, 40 spends a day'),
        figure('usage ledger, 90 days × 40 spends a day on disk', kib, 'KiB', { at: 'most', value: 256 }, 'every window together'),
        figure("credits panel's data, 90 days × 9 kinds", panel, 'ms', { at: 'most', value: 500 }, 'median; 3 windows read, merged, built, serialized'),
      ];
    } finally {
      rmSync(sizeDir, { recursive: true, force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The panel's data from 3 windows' files of 90 days with every kind every day: median ms of a few builds. */
async function panelData(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-usage-panel-'));
  try {
    const days = sized(90, 3);
    for (const session of ['window-a', 'window-b', 'window-c']) {
      const { store } = await filled(dir, session, days);
      store.dispose();
    }
    const times: number[] = [];
    let size = 0;
    for (let run = 0; run < sized(7, 1); run++) {
      const start = performance.now();
      const reader = new UsageLedgerStore(dir, 'panel', () => TODAY);
      const history = await reader.history(90);
      const data = buildPanelData({
        now: new Date(`${TODAY}T12:00:00`), range: 90, history, remainingCredits: 74_897, periodStart: '2026-11-01T00:00:00Z', periodEnd: '2026-12-01T00:00:00Z',
        periods: [{ startDate: '2026-11-01T00:00:00Z', endDate: '2026-12-01T00:00:00Z', apiKey: null, totalCredits: 25_103 }],
        watches: Array.from({ length: 3 }, (_, i) => ({ id: `00000000-0000-4000-8000-00000000000${i}`, name: `Watch ${i}`, status: 'active', estimatedCreditsPerMonth: 300 })),
      });
      size = JSON.stringify({ type: 'data', data }).length;
      times.push(performance.now() - start);
      reader.dispose();
    }
    const value = median(times);
    console.log(`  the credits panel's data, ${days} days × ${USAGE_KINDS.length} kinds from 3 windows: median ${ms(value)}, message ${(size / 1024).toFixed(1)} KiB`);
    return value;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
