// Memory and disk per 100 searches kept in the search history: typical searches (three sources,
// three results each, web and news pages as markdown) run as the extension runs them, in a child
// process started with --expose-gc so that the heap is read after a forced collection. The
// emulator runs here, so its own memory (it records every request) is not counted.
import { spawn } from 'node:child_process';
import { DEMO_API_KEY, startEmulator } from '../test/emulator';
import type { HistoryMeasure } from './history-child';
import { figure, sized, type Figure } from './stats';

const SEARCHES = sized(300, 20);
const WARM_UP = sized(30, 5);

function runChild(url: string): Promise<HistoryMeasure> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/history-child.ts', url, DEMO_API_KEY, String(SEARCHES), String(WARM_UP)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const timer = setTimeout(() => child.kill(), 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`the history child exited with ${code}`));
      try {
        resolve(JSON.parse(out) as HistoryMeasure);
      } catch {
        reject(new Error(`the history child printed no result: ${out.slice(0, 200)}`));
      }
    });
  });
}

export async function run(): Promise<Figure[]> {
  const emulator = await startEmulator();
  try {
    const m = await runChild(emulator.url);
    const per100 = (bytes: number): number => (bytes / m.searches) * 100;
    const mb = (bytes: number): number => bytes / 1024 / 1024;
    console.log(`  ${m.searches} searches after ${WARM_UP} warm-up: ${m.results} results, ${(mb(m.markdownBytes)).toFixed(2)} MB of markdown; heap +${mb(m.heapBytes).toFixed(2)} MB, disk +${mb(m.diskBytes).toFixed(2)} MB`);
    return [
      // The view keeps each search's row and 8 full searches; the rest stays on disk. 1 MB per 100
      // keeps the largest history (500) within 5 MB of the extension host's heap.
      figure('heap per 100 searches in history', mb(per100(m.heapBytes)), 'MB', { at: 'most', value: 1 }, 'after a forced GC, in a child process'),
      // 10 MB per 100 lets the largest history (500 searches) fit its 50 MiB cap on disk.
      figure('disk per 100 searches in history', mb(per100(m.diskBytes)), 'MB', { at: 'most', value: 10 }, `${(m.results / m.searches).toFixed(1)} results and ${(m.markdownBytes / m.searches / 1024).toFixed(1)} KB of markdown a search`),
    ];
  } finally {
    await emulator.close();
  }
}
