// The usage ledger of this profile (src/core/usage-ledger): its own sub-folder of the shared folder
// in global storage, this window's key under its session id. Created at activation with today's
// spend but read only when the history is first asked for (the credits panel, the tooltip, the chat
// tool); a spend writes this window's own file and reads no other.
import { join } from 'node:path';
import { localDay } from '../../core/spend/ledger';
import { UsageLedgerStore } from '../../core/usage-ledger/store';
import type { Services } from '../../platform/services';

export type UsageLedger = Pick<UsageLedgerStore, 'record' | 'history' | 'wasRead'>;

export function createUsageLedger(services: Services): UsageLedger {
  const store = new UsageLedgerStore(join(services.context.globalStorageUri.fsPath, 'shared', 'usage'), services.windowId, () => localDay(new Date()));
  services.context.subscriptions.push(store);
  return store;
}
