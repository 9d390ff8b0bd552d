// Entry of the lazily loaded bundle dist/ui.js (see src/platform/ui.ts): the parts of the
// features that only run once someone uses them (command bodies, the webhook feature), kept
// out of dist/extension.js so activation parses and runs none of it.
export { connectCommands } from './connect/commands';
export { CrawlsTreeProvider } from './crawls/rows';
export * as searchActions from './search/actions';
export { SearchCommand } from './search/command';
export { WebhooksFeature } from './webhooks/feature';
export * as chatTools from './chat/tools';
