// Whether a job started from the editor gets its webhook wired to this editor's receiver, and the
// `webhook` the start is given. The service can post to the receiver only when it can reach it:
// through a public address the person forwards to it (https), or because the service runs on this
// machine (a loopback service address: the emulator, a self-hosted one). Otherwise the job is
// followed by reading its status, and the review says why. No VS Code.
import type { JobWebhook } from '../api/job-request';
import { WEBHOOK_EVENTS } from '../api/job-fields';
import { isLoopbackHost } from '../service-address';
import { JOB_TOKEN_HEADER } from '../webhooks/job-token';
import { parseUrl } from '../parse-url';

export type NotWiredReason =
  /** This window's receiver is not running. */
  | 'receiver-stopped'
  /** The service is elsewhere and no public address forwards to the receiver. */
  | 'unreachable'
  /** The public address set is not an https address. */
  | 'public-url-not-https'
  /** Signatures are required but no secret is set: every delivery would be refused. */
  | 'no-secret-but-required'
  /** The request came with a webhook of its own, sent as given. */
  | 'given';

export type WebhookWiring =
  | {
    kind: 'wired';
    url: string;
    via: 'public-url' | 'loopback';
    /** Deliveries are signed with the webhook secret; else each carries the job's token. */
    check: 'signature' | 'job-token';
  }
  | { kind: 'not-wired'; reason: NotWiredReason };

export interface WiringInputs {
  /** The service address, e.g. http://127.0.0.1:3002 or https://api.example.com. */
  serviceBaseUrl: string | undefined;
  /** This window's receiver, while it runs: where this machine reaches it. */
  receiver: { localUrl: string; requireSignature: boolean } | undefined;
  /** The public address set by the person ('' for none). */
  publicUrl: string;
  hasSecret: boolean;
}

export function decideWiring(inputs: WiringInputs): WebhookWiring {
  const { receiver } = inputs;
  if (!receiver) return { kind: 'not-wired', reason: 'receiver-stopped' };
  if (receiver.requireSignature && !inputs.hasSecret) return { kind: 'not-wired', reason: 'no-secret-but-required' };
  const check = inputs.hasSecret ? 'signature' : 'job-token';
  const publicUrl = inputs.publicUrl.trim();
  if (publicUrl !== '') {
    const url = publicAddress(publicUrl, receiver.localUrl);
    return url === undefined ? { kind: 'not-wired', reason: 'public-url-not-https' } : { kind: 'wired', url, via: 'public-url', check };
  }
  if (serviceOnThisMachine(inputs.serviceBaseUrl)) return { kind: 'wired', url: receiver.localUrl, via: 'loopback', check };
  return { kind: 'not-wired', reason: 'unreachable' };
}

function serviceOnThisMachine(baseUrl: string | undefined): boolean {
  if (baseUrl === undefined) return false;
  try {
    return isLoopbackHost(new URL(baseUrl).hostname);
  } catch {
    return false;
  }
}

/**
 * The public address as the service is given it: https only (a delivery crosses the internet),
 * with the receiver's path added when the address has none (a forwarder maps a host to the port).
 */
export function publicAddress(text: string, localUrl: string): string | undefined {
  const url = parseUrl(text.trim());
  if (!url || url.protocol !== 'https:' || url.username !== '' || url.password !== '') return undefined;
  if (url.pathname === '/' || url.pathname === '') {
    try {
      url.pathname = new URL(localUrl).pathname;
    } catch {
      // The receiver's own address always parses; keep the public one as it is.
    }
  }
  return url.toString();
}

/** What every job started from here carries back in its deliveries (the service echoes it). */
const JOB_METADATA = { startedFrom: 'vscode-web-data' } as const;

/** The start's `webhook`, or undefined when not wired; `token` is required when the check is the job's token. */
export function jobWebhook(wiring: WebhookWiring, token: string | undefined): JobWebhook | undefined {
  return webhookWith(wiring, token, WEBHOOK_EVENTS);
}

/** A webhook wired as a job's is, with other events: a research run's or a watch's (issues 36, 37). */
export function webhookWith<E extends string>(wiring: WebhookWiring, token: string | undefined, events: readonly E[]): WiredWebhook<E> | undefined {
  if (wiring.kind !== 'wired') return undefined;
  return {
    url: wiring.url,
    events: [...events],
    metadata: { ...JOB_METADATA },
    ...(wiring.check === 'job-token' && token !== undefined ? { headers: { [JOB_TOKEN_HEADER]: token } } : {}),
  };
}

export interface WiredWebhook<E extends string> {
  url: string;
  headers?: Record<string, string>;
  metadata: Record<string, string>;
  events: E[];
}

/** The start's webhook as a review shows it: the token is the job's secret, never shown. */
export function shownJobWebhook(wiring: WebhookWiring): JobWebhook | undefined {
  const webhook = jobWebhook(wiring, '…');
  return webhook?.headers ? { ...webhook, headers: { [JOB_TOKEN_HEADER]: '…' } } : webhook;
}
