// `npm run soak`: the long form of the soak, printing each figure beside its goal. Loopback only.
import { runSoak } from './soak';

const mib = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;

async function main(): Promise<void> {
  const r = await runSoak({
    calls: 10_000, deliveries: 2_000, concurrency: 16, deadlineMs: 240_000,
    searches: 200, dailyCreditLimit: 100, historyLimits: { maxCount: 100, maxBytes: 128 * 1024 }, crawlBudgetBytes: 1024 * 1024,
  });
  const growth = (r.heapEndBytes - r.heapStartBytes) / r.heapStartBytes;
  const { agents: a, history: h, events: e, crawlPages: p } = r;
  const lines: Array<[string, string, boolean]> = [
    ['calls', `${r.calls} (${r.answered} answered, failures ${JSON.stringify(r.failures)}); crawl documents paged ${r.crawlPagesRead}`, r.calls === 10_000 && !r.stoppedEarly],
    ['webhook deliveries', `${r.deliveries.sent} sent: ${r.deliveries.answered200} × 200, ${r.deliveries.answered401} × 401 (bad signature), ${r.deliveries.handled} handled`, r.deliveries.sent === 2_000],
    ['agent searches at the daily limit',
      `${a.asked} asked: ${a.sent} sent (${a.failed} failed), ${a.refused} refused; spent ${a.spent} of ${a.limit} credits (goal ≤ limit + the last allowed search's ${a.lastAllowedCredits}); sent after the limit ${a.sentAfterCap} (goal 0)`,
      a.refused > 0 && a.spent >= a.limit && a.spent <= a.limit + a.lastAllowedCredits && a.overspends === 0 && a.sentAfterCap === 0],
    ['search history budget',
      `${h.written} searches written (${kib(h.writtenBytes)}); on disk ${h.files} files, ${kib(h.bytesOnDisk)} (goal ≤ ${h.limits.maxCount} files, ≤ ${kib(h.limits.maxBytes)}); pinned search ${h.pinnedKept ? 'kept' : 'EVICTED'}`,
      h.writtenBytes > h.limits.maxBytes && h.bytesOnDisk <= h.limits.maxBytes && h.files <= h.limits.maxCount && h.pinnedKept],
    ['webhook events budget',
      `${kib(e.receivedPayloadBytes)} of payloads received; stored ${e.rows} rows, ${kib(e.storedBytes)} (goal ≤ ${kib(e.listBudget)}), payloads ${kib(e.storedPayloadBytes)} (goal ≤ ${kib(e.payloadBudget)}), ${e.payloadsDropped} dropped`,
      e.receivedPayloadBytes > e.payloadBudget && e.payloadsDropped > 0 && e.storedBytes <= e.listBudget && e.storedPayloadBytes <= e.payloadBudget],
    ['crawl pages budget',
      `${mib(p.offeredBytes)} of markdown paged; ${p.stored} pages kept, ${p.refused} over the budget; on disk ${kib(p.bytesOnDisk)} (goal ≤ ${kib(p.budgetBytes)})`,
      p.offeredBytes > p.budgetBytes && p.refused > 0 && p.bytesOnDisk <= p.budgetBytes],
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
