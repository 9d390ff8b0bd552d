// Which buttons an error notification offers, by the error's kind: plain data, no VS Code, so
// the rule is unit-tested. Only a refused key (401) is helped by a new key; a 403 names a plan
// feature the key's team lacks, and a 402 wants credits, bought in the service's dashboard.

export type ErrorButton = 'set-key' | 'open-dashboard' | 'retry' | 'open-log';

/** The kinds that may pass on a second try; an error of unknown origin may too. */
const TRANSIENT = ['rate-limited', 'server', 'network', 'timeout', 'bad-response'];

export function errorButtons(error: { kind: string; dashboardUrl?: string } | undefined, canRetry: boolean): ErrorButton[] {
  const buttons: ErrorButton[] = [];
  if (error?.kind === 'unauthorized') buttons.push('set-key');
  // Only when the service address tells where the dashboard is (core/api/dashboard.ts).
  if (error?.kind === 'payment-required' && error.dashboardUrl) buttons.push('open-dashboard');
  if (canRetry && (error === undefined || TRANSIENT.includes(error.kind))) buttons.push('retry');
  buttons.push('open-log');
  return buttons;
}
