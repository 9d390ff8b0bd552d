// Entry of the lazily loaded bundle dist/core.js: everything heavy (undici, zod, the client and
// the webhook receiver). The extension requires it on first use through src/platform/core.ts.
export * from './api';
export * from './webhooks';
// Reading stored searches back (zod), for the results view's history.
export { parseSearchRecord, parseSearchIndex, readSearchRecordText, serializeSearchIndex } from './search/record-schema';
// What a failed credits request means (checks the client's error by instanceof, so here).
export { isNoUsageError, stateForError } from './usage/state';
// The search history's files (node:fs), used from the first look at the results view on.
export { SearchHistory } from './search/history';
// The language-model tools' input check (zod): loaded with the rest of dist/core.js on first use.
export { readSearchToolInput } from './chat/input';
// The entries' query cleaner (selection, problem, terminal): used when a person picks an entry,
// which then opens the query box, whose check loads this bundle anyway.
export { problemQuery, selectionQuery, terminalQuery } from './entries/query';
// The connection doctor (Web Data: Check Connection): its hops, real probes and the key check.
export { runDoctor } from './doctor/run';
export { realProbes } from './doctor/probes';
export { askKey } from './doctor/key';
export { readReadInput } from './chat/read-input';
// The scrape and map tools' input checks (zod), with the search tool's.
export { readScrapeToolInput, readMapToolInput, readCrawlToolInput, readBatchToolInput, readDocumentToolInput } from './chat/web-input';
export { readExtractToolInput, readResearchToolInput, readResearchResultToolInput } from './chat/research-input';
// Watches (issue 37): the monitor endpoints over the client, and their shapes.
export { monitorClient } from './monitor/api';
// The watch tools' input checks (zod).
export { readWatchToolInput, readChangesToolInput } from './chat/watch-input';
// Browser sessions (issue 39): the /v2/interact endpoints over the client, their shapes and checks.
export { browserClient } from './browser/api';
export { readBrowserToolInput } from './chat/browser-input';
// The credits read again after spending ends (issue 47): loaded with the first end, not at activation.
export { afterSpendReads } from './usage/after-spend';
// Where the credits went (issue 49): the team's credit history, activity and queue, over the client.
export { teamUsageClient } from './usage-ledger/team-api';
// Docs sets (issue 48): the store (its files checked with zod) and the docs tools' input checks.
export { DocsStore, docsSetIdOf } from './docs/store';
export { DocsSet } from './docs/docs-set';
export { overDiskBound, maxDiskMbOf } from './docs/disk-bound';
export { scanWorkspace, suggestionsOf } from './docs/suggest';
export { readDocsToolInput, readAddDocsToolInput } from './chat/docs-input';
// The usage ledger's store (issue 49), created by the first spend or the first read of the history
// (src/features/spend/usage-ledger.ts), and what the tooltip and webData_credits make of it.
export { UsageLedgerStore } from './usage-ledger/store';
export { readRecentUsage, recentForecast, creditsByKind } from './usage-ledger/recent';
