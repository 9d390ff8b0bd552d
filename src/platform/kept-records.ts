// Where the kept records of every family live (scraped pages, converted documents) and how many are
// kept: the extension's global storage, shared by every window, under webData.scrape.historySize
// and the history's byte limit, warnings to the log. One place, so the families keep alike.
import type { KeptRecordsOptions } from '../core/kept/store';
import { DEFAULT_MAX_HISTORY_BYTES } from '../core/search/eviction';
import type { Services } from './services';
import { scrapeHistorySize } from './settings';

/** A kept store's folder and options, as its constructor takes them. */
export function keptRecordsAt(services: Services): [storageDir: string, options: KeptRecordsOptions] {
  return [services.context.globalStorageUri.fsPath, {
    limits: () => ({ maxCount: scrapeHistorySize(), maxBytes: DEFAULT_MAX_HISTORY_BYTES }),
    log: services.log,
  }];
}
