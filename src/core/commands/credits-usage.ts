// Show Credits Usage takes its range as data (a keybinding, a test).
import { dataArgument } from './decode';

/** Show Credits Usage's argument: `{ range: 90 }` opens on 90 days (a keybinding, a test); anything else, 30. */
export function decodeShowCreditsUsage(argument: unknown): { range: 30 | 90 } {
  const data = dataArgument(argument);
  return { range: data?.range === 90 ? 90 : 30 };
}
