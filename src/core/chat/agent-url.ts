// A URL a chat agent wants fetched, checked before anything leaves (issue 27's rules, as a person's
// are in the scrape feature, but with no one to ask in between): a refused address is refused in
// words the model can act on; an address the service cannot reach (this machine, a private
// network) is refused too, with why, since sending it would spend a request for nothing; and
// credentials or secret-looking parameters are removed, never sent on an agent's word, and named
// so the confirmation and the answer can say so.
import { urlRefusalText } from '../api/scrape-request';
import { checkUrl, type UnreachableReason, type UrlFlag } from '../scrape/url-check';
import { modelLine } from './model-text';

/** A part of the address removed before sending: its credentials, or a parameter by name. */
export type RemovedPart = Extract<UrlFlag, { kind: 'credentials' | 'secret-parameter' }>;

export type AgentUrl =
  /** `url` is what is sent: the address in its normal form, without `removed`. */
  | { ok: true; url: string; removed: RemovedPart[] }
  | { ok: false; text: string };

const REASONS: Readonly<Record<UnreachableReason, string>> = {
  'loopback': 'it is the person\'s own machine',
  'private': 'it is a private network address',
  'link-local': 'it is a link-local address',
  'unspecified': 'it names no machine',
  'local-name': '.local names exist only on the person\'s network',
  'internal-name': 'it is an internal name of the person\'s network',
  'single-label': 'a name without a dot is found only on the person\'s network',
};

/** `field` names the input in the refusal ("url", "urls[3]"). */
export function agentUrl(input: string, field = 'url'): AgentUrl {
  const check = checkUrl(input);
  if (!check.ok) return { ok: false, text: `${field} was not accepted: ${urlRefusalText(check.refusal)} Nothing was sent.` };
  const unreachable = check.flags.find((flag): flag is Extract<UrlFlag, { kind: 'unreachable-host' }> => flag.kind === 'unreachable-host');
  if (unreachable) {
    return { ok: false, text: `${field} was not sent: the Web Data Service fetches pages from the internet and cannot reach ${modelLine(unreachable.host, 200)}, because ${REASONS[unreachable.reason]}. Nothing was sent, so no credits were spent. Give a public http or https address instead; for a page on this machine, read the file or ask the person.` };
  }
  const removed = check.flags.filter((flag): flag is RemovedPart => flag.kind === 'credentials' || flag.kind === 'secret-parameter');
  return { ok: true, url: check.cleaned, removed };
}

/** The removed parts in a sentence for the model ("the user name and password, the parameter "token""), or undefined. */
export function removedText(removed: readonly RemovedPart[]): string | undefined {
  if (removed.length === 0) return undefined;
  const parts = removed.map((part) => (part.kind === 'credentials' ? 'the user name and password' : `the parameter ${JSON.stringify(modelLine(part.name, 60))}`));
  return `Removed from the address before sending, as they look private: ${parts.join(', ')}.`;
}
