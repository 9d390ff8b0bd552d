// Which buttons an error notification offers, by the error's kind: plain data, no VS Code, so
// the rule is unit-tested. Only a refused key (401) is helped by a new key; a 403 names a plan
// feature the key's team lacks, and a 402 wants credits, bought in the service's dashboard. A
// proxy or certificate failure is fixed in VS Code's network settings, never with another key.

export type ErrorButton = 'set-key' | 'open-dashboard' | 'open-network-settings' | 'retry' | 'open-log';

/** The kinds that may pass on a second try; an error of unknown origin may too. */
const TRANSIENT = ['rate-limited', 'server', 'network', 'timeout', 'bad-response'];

export function errorButtons(error: { kind: string; dashboardUrl?: string } | undefined, canRetry: boolean): ErrorButton[] {
  const buttons: ErrorButton[] = [];
  if (error?.kind === 'unauthorized') buttons.push('set-key');
  // Only when the service address tells where the dashboard is (core/api/dashboard.ts).
  if (error?.kind === 'payment-required' && error.dashboardUrl) buttons.push('open-dashboard');
  if (error?.kind === 'proxy' || error?.kind === 'certificate') buttons.push('open-network-settings');
  if (canRetry && (error === undefined || TRANSIENT.includes(error.kind))) buttons.push('retry');
  buttons.push('open-log');
  return buttons;
}
