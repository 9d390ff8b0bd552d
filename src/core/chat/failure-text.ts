// A tool's failure as text for the model: what happened, whether anything was spent, and what to
// do next (ask the person to connect, wait N seconds, fix field X). Never an exception, and never
// the key: the messages come from WebDataError (scrubbed by the client) or from here.
import type { RequestProblem } from '../api/request-types';
import type { WebDataErrorKind } from '../api/errors';
import { meaningOf } from '../failure-table';
import { modelLine } from './model-text';

type ToolFailureKind = WebDataErrorKind | 'not-connected';

export interface ToolFailure {
  kind: ToolFailureKind;
  /** The client's sentence for a person (already free of the key); absent for not-connected. */
  message?: string;
  problems?: readonly RequestProblem[];
  retryAfterMs?: number;
  /** The HTTP status, when the service answered (a 408 is the service giving up, not the network). */
  status?: number;
}

/** The name of the command that stores the address and key, as the Command Palette shows it. */
const CONNECT_COMMAND_TITLE = 'Web Data: Connect…';

/** The same help the error notifications offer for a failure the network may cause. */
const CHECK_CONNECTION_HINT = 'The person can run "Web Data: Check Connection" to see where the connection fails.';

/** `what` is "The search", "The credits request"… */
export function failureText(what: string, failure: ToolFailure, spends: boolean): string {
  const nothingSpent = spends ? ' Nothing was sent, so no credits were spent.' : '';
  const said = failure.message ? ` ${modelLine(failure.message, 800)}` : '';
  // A 408 is the service's answer (it gave up on the page), not a network that failed.
  if (failure.kind === 'timeout' && failure.status === 408) return `${what} timed out at the service (408): the site may be slow, very large, or blocking it, and nothing came back.${said} Try again later, or another page.`;
  // The table of what failures mean says which kinds the network may cause (core/failure-table.ts).
  if (meaningOf(failure.kind)?.network === true) return `${what} failed: the service could not be reached.${said} ${CHECK_CONNECTION_HINT}`;
  switch (failure.kind) {
    case 'not-connected':
      // What to do comes first: at a small budget the cut keeps it (fitPlainText).
      return `${what} could not run: Web Data is not connected. Ask the person to run "${CONNECT_COMMAND_TITLE}" from the Command Palette, then try again; do not ask for the key in chat.${nothingSpent} (Connecting stores the service address and an API key.)`;
    case 'invalid-request': {
      const problems = (failure.problems ?? []).map((p) => `- ${modelLine(p.field, 80)}: ${modelLine(p.message, 400)}`);
      const list = problems.length > 0 ? `\n${problems.join('\n')}` : said;
      return `${what} was not accepted: fix these inputs and call the tool again.${list}`;
    }
    case 'rate-limited': {
      const seconds = failure.retryAfterMs !== undefined ? Math.max(1, Math.ceil(failure.retryAfterMs / 1000)) : undefined;
      const wait = seconds !== undefined ? `Wait ${seconds} second${seconds === 1 ? '' : 's'} before trying again.` : 'Wait a few seconds before trying again.';
      return `${what} was refused because of the service's rate limit (429). ${wait}${said}`;
    }
    case 'unauthorized':
      return `${what} failed: the service did not accept the stored API key (401). Ask the person to store a valid key with "${CONNECT_COMMAND_TITLE}"; do not ask for the key in chat.`;
    case 'payment-required':
      return `${what} failed: the team has no credits left (402). The person can add credits or upgrade the plan in the service's dashboard.${said}`;
    case 'cancelled':
      return `${what} was cancelled before it finished.`;
    default:
      return `${what} failed.${said}`;
  }
}

/**
 * A search prepared when nothing was to be sent (not connected then, or an earlier answer to
 * reuse, or the limit reached) reaches invoke with no confirmation of its price: it is not sent.
 */
export function notConfirmedText(why: 'connected-later' | 'nothing-to-send', what = 'The search'): string {
  const because = why === 'connected-later'
    ? 'Web Data was connected only after this call was prepared'
    : 'when this call was prepared there was nothing to send (an earlier answer to reuse, or the daily limit reached)';
  return `${what} was not sent: call the tool again and the person will be asked to confirm its price (${because}).`;
}

/** A tool's own failure (a bug, not the service's): `what` is "The search", "Reading the page"… */
export function unexpectedText(what: string): string {
  return `${what} failed unexpectedly inside the editor; the Web Data log has the details.`;
}

/** webData_read was given a kind of page no source reads. */
export const READ_KIND_TEXT = 'Pages of that kind cannot be read yet: give a searchId and result, or a jobId and page.';
