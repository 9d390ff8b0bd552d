// `npm run soak`: the long form of the soak, printing each figure beside its goal. Loopback only.
import { runSoak } from './soak';

const mib = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

async function main(): Promise<void> {
  const r = await runSoak({ calls: 10_000, deliveries: 2_000, concurrency: 16, deadlineMs: 240_000 });
  const growth = (r.heapEndBytes - r.heapStartBytes) / r.heapStartBytes;
  const lines: Array<[string, string, boolean]> = [
    ['calls', `${r.calls} (${r.answered} answered, failures ${JSON.stringify(r.failures)}); crawl documents paged ${r.crawlPagesRead}`, r.calls === 10_000 && !r.stoppedEarly],
    ['webhook deliveries', `${r.deliveries.sent} sent: ${r.deliveries.answered200} × 200, ${r.deliveries.answered401} × 401 (bad signature), ${r.deliveries.handled} handled`, r.deliveries.sent === 2_000],
    ['wrong failures (not a WebDataError, or an unclear message)', `${r.wrong.length}${r.wrong.length ? `: ${r.wrong.slice(0, 3).join(' | ')}` : ''} (goal 0)`, r.wrong.length === 0],
    ['unhandled rejections', `${r.unhandledRejections} (goal 0)`, r.unhandledRejections === 0],
    ['heap after forced GC', `${mib(r.heapStartBytes)} → ${mib(r.heapEndBytes)}, ${(growth * 100).toFixed(1)}% (goal ≤ 10%)`, growth <= 0.1],
    ['handles left open', `${r.closedInMs < 0 ? `still open: ${r.resourcesAfter.join(', ')}` : `none (back to the start's ${r.resourcesBefore.length} in ${Math.round(r.closedInMs)} ms)`} (goal none)`, r.closedInMs >= 0],
    ['time', `${(r.ms / 1000).toFixed(1)} s`, true],
  ];
  for (const [name, value, ok] of lines) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${value}`);
  process.exitCode = lines.every(([, , ok]) => ok) ? 0 : 1;
}

void main();
