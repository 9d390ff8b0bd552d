// The price of a search in words, the same in the chat tool's confirmation and in Search with
// Options' review: the spec's price, what searches of the same shape cost before, or unknown.
import * as vscode from 'vscode';
import { fullSettingKey, Setting } from '../../core/ids';
import type { CapCheck } from '../../core/spend/ledger';
import type { Price } from '../../core/spend/price';

export function priceWords(price: Price): string {
  switch (price.kind) {
    case 'spec':
      return vscode.l10n.t('at most {0} credits (zero data retention, {1}, as the service prices it)', price.maxCredits, price.mode);
    case 'history':
      if (price.times === 1) return vscode.l10n.t('a search like this cost {0} credits last time', price.max);
      return price.min === price.max
        ? vscode.l10n.t('searches like this cost {0} credits the last {1} times', price.max, price.times)
        : vscode.l10n.t('searches like this cost {0} to {1} credits the last {2} times', price.min, price.max, price.times);
    case 'unknown':
      return vscode.l10n.t('unknown until the first search of this kind (the service reports it once it has run)');
  }
}

/** Today's spend by agents against the daily limit, and whether this search may pass it. */
export function capWords(cap: CapCheck, spent: number, limit: number): string {
  const setting = fullSettingKey(Setting.chatDailyCreditLimit);
  switch (cap.kind) {
    case 'would-pass':
      return vscode.l10n.t('Chat agents have spent {0} of their {1} credits today: this search may pass the daily limit ({2}).', cap.spent, cap.limit, setting);
    case 'reached':
      return vscode.l10n.t('Chat agents have spent {0} of their {1} credits today: the daily limit is reached ({2}).', cap.spent, cap.limit, setting);
    case 'ok':
      return vscode.l10n.t('Chat agents have spent {0} of their {1} credits today ({2}).', spent, limit, setting);
  }
}
