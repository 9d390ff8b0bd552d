// The usage ledger of this profile (src/core/usage-ledger): its own sub-folder of the shared folder
// in global storage, this window's key under its window id. Its store is in dist/core.js and made
// at the first spend or the first read of the history (the credits panel, the tooltip after a
// spend, the chat tool), not at activation: a start reads and loads nothing for it, and
// dist/shell.js does not carry the ledger's code. A spend writes this window's own file and reads no other.
import { join } from 'node:path';
import { localDay } from '../../core/spend/ledger';
import type { UsageLedgerStore } from '../../core/usage-ledger/store';
import { loadCore } from '../../platform/core';
import type { Services } from '../../platform/services';

export type UsageLedger = Pick<UsageLedgerStore, 'record' | 'history' | 'wasRead'>;

export function createUsageLedger(services: Services): UsageLedger {
  let store: UsageLedgerStore | undefined;
  const open = (): UsageLedgerStore => {
    if (store) return store;
    const made = new (loadCore().UsageLedgerStore)(join(services.context.globalStorageUri.fsPath, 'shared', 'usage'), services.windowId, () => localDay(new Date()));
    services.context.subscriptions.push(made);
    store = made;
    return made;
  };
  return {
    record: (spend) => open().record(spend),
    history: (days) => open().history(days),
    get wasRead() { return store?.wasRead ?? false; },
  };
}
