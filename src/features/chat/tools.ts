// The chat tools' bodies, for dist/ui.js (src/features/entry.ts): loaded on a tool's first call.
export { ActiveCrawlsTool } from './crawls-tool';
export { CreditsTool } from './credits-tool';
export { runSearch } from './run-search';
export { SearchTool } from './search-tool';
