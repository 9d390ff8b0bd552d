// What a person feels in the real workbench, read from the last end-to-end run: the journey
// (test/e2e/journey.e2e.ts) times Enter in the query box to the result rows shown, and a click on a
// result to its markdown tab showing the page, with the condition waits its steps already use, and
// writes them to test-results/e2e/timings.json. The bench does not start a workbench itself (about
// three minutes): it reads the file, and says how to make it when there is none.
import { readFileSync } from 'node:fs';
import { TIMINGS_FILE, type WorkbenchTimings } from '../test/e2e/timings';
import { figure, type Figure } from './stats';

const GOALS: Array<{ key: string; name: string; goal: number; why: string }> = [
  // A second keeps a person's train of thought across a wait (the usual response-time limits);
  // it includes the search's own round trip, here to the emulator on loopback.
  { key: 'enterToRows', name: 'Enter to result rows, real workbench', goal: 1000, why: 'a search round trip, stored and shown' },
  // Half a second: a tab opened from a click should follow the click, with no request made (the
  // markdown came with the search).
  { key: 'clickToMarkdownTab', name: 'click to markdown tab with its text, real workbench', goal: 500, why: 'read from the stored search' },
  // A view expanded draws at once: its feature loads on that first draw (issue 33), within a frame or so.
  { key: 'webhookEventsExpandToRows', name: 'Webhook Events expanded to its first row, real workbench', goal: 200, why: 'its feature loaded on the first draw' },
];

/** Ours against VS Code's own floor, measured in the same run of the same workbench (issue 34). */
const RATIOS: Array<{ key: string; floor: string; name: string; goal: number; why: string }> = [
  { key: 'pageAgainClickToText', floor: 'localFileClickToText', name: 'a result opened after the first / a local .md of the same size, click to text', goal: 1.2, why: 'a page of ours opens as a file of the workspace does' },
];

function readTimings(): WorkbenchTimings | undefined {
  try {
    const value = JSON.parse(readFileSync(TIMINGS_FILE, 'utf8')) as { date?: unknown; timings?: unknown };
    return typeof value.timings === 'object' && value.timings !== null && typeof value.date === 'string' ? (value as WorkbenchTimings) : undefined;
  } catch {
    return undefined;
  }
}

export async function run(): Promise<Figure[]> {
  await Promise.resolve();
  const read = readTimings();
  if (!read) {
    console.log(`  No ${TIMINGS_FILE}: run \`npm run test:e2e\` (about 3 minutes) to measure the workbench; no figures this time.`);
    return [];
  }
  console.log(`  From the end-to-end run of ${read.date} (${TIMINGS_FILE}).`);
  const figures: Figure[] = [];
  for (const { key, name, goal, why } of GOALS) {
    const ms = read.timings[key];
    if (typeof ms !== 'number' || !Number.isFinite(ms)) {
      console.log(`  ${key}: not in the file (the journey stopped before it?); run \`npm run test:e2e\` again.`);
      continue;
    }
    figures.push(figure(name, ms, 'ms', { at: 'most', value: goal }, `${why}; e2e run of ${read.date}`));
  }
  for (const { key, floor, name, goal, why } of RATIOS) {
    const ours = read.timings[key];
    const theirs = read.timings[floor];
    if (typeof ours !== 'number' || typeof theirs !== 'number' || !(theirs > 0)) {
      console.log(`  ${key} / ${floor}: not in the file; run \`npm run test:e2e\` again.`);
      continue;
    }
    figures.push(figure(name, ours / theirs, '×', { at: 'most', value: goal }, `${ours} ms against ${theirs} ms; ${why}; e2e run of ${read.date}`));
  }
  return figures;
}
