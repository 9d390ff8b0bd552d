// The one error type every client failure becomes. `message` is written for a person: it says
// what went wrong and what to do, and never holds the API key, a stack or "undefined".

export type WebDataErrorKind =
  | 'invalid-request'
  | 'unauthorized'
  | 'not-found'
  | 'rate-limited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'cancelled'
  | 'bad-response'
  // 402: the team has no credits left; 403: the team's plan lacks a feature the request uses.
  | 'payment-required'
  | 'forbidden'
  /** A proxy refused, could not be reached, or is configured in a way that cannot work. */
  | 'proxy'
  /** The service's (or the proxy's) TLS certificate is not trusted here; nothing was sent. */
  | 'certificate';

export interface WebDataErrorDetails {
  /** HTTP status, when the service answered. */
  status?: number;
  /** The service's own `error` string, when its body had one. */
  serviceMessage?: string;
  /** For invalid-request: every problem found, each with its field. */
  problems?: ReadonlyArray<{ field: string; message: string }>;
  /** For rate-limited: how long the service asked us to wait, in milliseconds. */
  retryAfterMs?: number;
  /** How many attempts were made before giving up. */
  attempts?: number;
  /** For payment-required: where credits are bought, when the service address tells us (see dashboard.ts). */
  dashboardUrl?: string;
  /** For forbidden: the plan feature the service refused, in words ("zero data retention (zdr)"). */
  feature?: string;
  cause?: unknown;
}

export class WebDataError extends Error {
  override readonly name = 'WebDataError';
  readonly kind: WebDataErrorKind;
  readonly status?: number;
  readonly serviceMessage?: string;
  readonly problems?: ReadonlyArray<{ field: string; message: string }>;
  readonly retryAfterMs?: number;
  readonly attempts?: number;
  readonly dashboardUrl?: string;
  readonly feature?: string;

  constructor(kind: WebDataErrorKind, message: string, details: WebDataErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.serviceMessage = details.serviceMessage;
    this.problems = details.problems;
    this.retryAfterMs = details.retryAfterMs;
    this.attempts = details.attempts;
    this.dashboardUrl = details.dashboardUrl;
    this.feature = details.feature;
  }
}

export function isWebDataError(value: unknown): value is WebDataError {
  return value instanceof WebDataError;
}
