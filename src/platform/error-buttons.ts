// Which buttons an error notification offers, by the error's kind: plain data, no VS Code, so
// the rule is unit-tested. Each kind's fix (a new key for a 401, the dashboard for a 402, VS Code's
// network settings for a proxy or certificate failure), whether Check Connection helps and what
// may pass on a second try come from the one table of what failures mean (src/core/failure-table.ts).
import { offerFor, offeredButtons, type ErrorButton } from '../core/failure-table';

export type { ErrorButton };

export function errorButtons(error: { kind: string; dashboardUrl?: string } | undefined, canRetry: boolean): ErrorButton[] {
  const offer = offerFor(error);
  // An error of unknown origin may pass on a second try too.
  return offeredButtons(offer, canRetry && offer.transient);
}
