// Starting the receiver's server: option checks, binding, and errors a person can act on.
import type { Server } from 'node:http';

export type WebhookReceiverErrorCode = 'invalid-options' | 'address-in-use' | 'permission-denied' | 'address-unavailable' | 'listen-failed';

/** Why the receiver could not start; `message` says what to do about it. */
export class WebhookReceiverError extends Error {
  override readonly name = 'WebhookReceiverError';
  readonly code: WebhookReceiverErrorCode;

  constructor(code: WebhookReceiverErrorCode, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.code = code;
  }
}

export function validateOptions(o: {
  port: number;
  path: string;
  maxBodyBytes: number;
  maxBufferedBytes: number;
  headersTimeout: number;
  requestTimeout: number;
}): void {
  if (!Number.isInteger(o.port) || o.port < 0 || o.port > 65_535) {
    throw new WebhookReceiverError('invalid-options', `The webhook port must be a whole number from 0 to 65535 (it was ${String(o.port)}). Use 0 for any free port.`);
  }
  if (!/^\/[^?#\s]*$/.test(o.path)) {
    throw new WebhookReceiverError('invalid-options', 'The webhook path must start with "/" and hold no spaces, "?" or "#", for example /webhooks/web-data.');
  }
  if (!Number.isInteger(o.maxBodyBytes) || o.maxBodyBytes < 1) {
    throw new WebhookReceiverError('invalid-options', 'The webhook body limit must be a whole number of bytes, at least 1.');
  }
  if (!Number.isInteger(o.maxBufferedBytes) || o.maxBufferedBytes < o.maxBodyBytes) {
    throw new WebhookReceiverError('invalid-options', 'The webhook receiver\'s total buffer must be a whole number of bytes, at least the body limit.');
  }
  if (!(o.headersTimeout > 0) || !(o.requestTimeout > 0)) {
    throw new WebhookReceiverError('invalid-options', 'The webhook receiver timeouts must be more than 0 milliseconds.');
  }
}

/** Binds and resolves with the port actually used (the chosen one when port is 0). */
export function listenOn(server: Server, host: string, port: number): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException): void => {
      server.off('listening', onListening);
      reject(listenError(err, host, port));
    };
    const onListening = (): void => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen({ host, port });
  });
}

function listenError(err: NodeJS.ErrnoException, host: string, port: number): WebhookReceiverError {
  switch (err.code) {
    case 'EADDRINUSE':
      return new WebhookReceiverError('address-in-use', `Port ${port} on ${host} is already in use. Choose another webhook port, or 0 for any free port.`, err);
    case 'EACCES':
      return new WebhookReceiverError('permission-denied', `Not allowed to listen on port ${port} of ${host}. Ports below 1024 usually need administrator rights; choose a higher port.`, err);
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new WebhookReceiverError('address-unavailable', `The address ${host} is not one of this machine's. Use 127.0.0.1, or an address of this machine.`, err);
    default:
      return new WebhookReceiverError('listen-failed', `The webhook receiver could not listen on ${host}:${port} (${err.code ?? err.message}).`, err);
  }
}

/** http://host:port/path, with an IPv6 host in brackets. */
export function receiverUrl(host: string, port: number, path: string): string {
  const shownHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${shownHost}:${port}${path}`;
}
