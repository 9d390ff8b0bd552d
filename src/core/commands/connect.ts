// Connect, Set API Key, Clear API Key and Check Connection take their inputs as data, so tests,
// tasks and keybindings run them without prompts. A row of a view (Set API Key is a title button
// of Search Results) or a Uri is not data: the command asks, as from the palette.
import { dataArgument, optionalText } from './decode';

export interface ConnectArguments {
  baseUrl?: string;
  apiKey?: string;
  /** Set API Key: save without asking the service first (offline set-up). */
  skipCheck?: boolean;
  /** Clear API Key: remove without the confirmation dialog. */
  confirmed?: boolean;
}

export function decodeConnectArguments(argument: unknown): ConnectArguments {
  const data = dataArgument(argument);
  if (!data) return {};
  const baseUrl = optionalText(data.baseUrl);
  const apiKey = optionalText(data.apiKey);
  return {
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(apiKey !== undefined ? { apiKey } : {}),
    ...(data.skipCheck === true ? { skipCheck: true } : {}),
    ...(data.confirmed === true ? { confirmed: true } : {}),
  };
}

/** Check Connection: `{ quiet: true }` (tests) awaits no notification. */
export function decodeCheckConnection(argument: unknown): { quiet: boolean } {
  return { quiet: dataArgument(argument)?.quiet === true };
}
