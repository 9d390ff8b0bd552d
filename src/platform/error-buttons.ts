// Which buttons an error notification offers, by the error's kind: plain data, no VS Code, so
// the rule is unit-tested. Only a refused key (401) is helped by a new key; a 403 names a plan
// feature the key's team lacks, and a 402 wants credits, bought in the service's dashboard. A
// proxy or certificate failure is fixed in VS Code's network settings, never with another key.
// What may pass on a second try, and which failures the network may cause (Check Connection),
// come from the one table of what failures mean (src/core/failure-table.ts).
import { meaningOf, NETWORK_KINDS } from '../core/failure-table';

export type ErrorButton = 'set-key' | 'open-dashboard' | 'open-network-settings' | 'check-connection' | 'retry' | 'open-log';

export function errorButtons(error: { kind: string; dashboardUrl?: string } | undefined, canRetry: boolean): ErrorButton[] {
  const buttons: ErrorButton[] = [];
  if (error?.kind === 'unauthorized') buttons.push('set-key');
  // Only when the service address tells where the dashboard is (core/api/dashboard.ts).
  if (error?.kind === 'payment-required' && error.dashboardUrl) buttons.push('open-dashboard');
  if (error?.kind === 'proxy' || error?.kind === 'certificate') buttons.push('open-network-settings');
  if (error !== undefined && NETWORK_KINDS.has(error.kind)) buttons.push('check-connection');
  // An error of unknown origin may pass on a second try too.
  if (canRetry && (error === undefined || meaningOf(error.kind)?.transient !== false)) buttons.push('retry');
  buttons.push('open-log');
  return buttons;
}
