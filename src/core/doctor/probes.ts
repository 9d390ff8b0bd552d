// The connection doctor's network probes: one real socket carried through the hops (name lookup,
// TCP, the proxy's CONNECT, TLS), so each failure is seen where it happens. The trust lists and
// the proxy route come from ../api/network, the same code the client's dispatcher uses, so the
// doctor sees what the client sees. Injected into run.ts, which tests can give fakes to.
import { X509Certificate } from 'node:crypto';
import { promises as dns } from 'node:dns';
import { connect as netConnect, isIP, type Socket } from 'node:net';
import * as tls from 'node:tls';
import type { TlsOptions, TrustSources } from '../api/network';

const PROBE_TIMEOUT_MS = 10_000;

export class ProbeError extends Error {
  constructor(readonly code: string, message = code) {
    super(message);
  }
}

interface TlsFindings {
  protocol: string;
  subject: string;
  issuer: string;
  validTo: string;
  /** undefined when the chain was trusted; otherwise OpenSSL's or Node's code. */
  error?: string;
  socket: tls.TLSSocket;
}

export interface DoctorProbes {
  lookup(host: string): Promise<string[]>;
  openTcp(host: string, port: number): Promise<Socket>;
  /** Sends CONNECT target over the socket; the proxy's status (200: the socket is the tunnel). */
  proxyConnect(socket: Socket, target: string, authorization: string | undefined): Promise<number>;
  /** Never refuses an untrusted certificate itself: what was wrong is in `error`. */
  tlsHandshake(socket: Socket, servername: string, options: TlsOptions): Promise<TlsFindings>;
  trustedBy(socket: tls.TLSSocket, sources: TrustSources): 'node' | 'system' | 'extra-file' | 'unknown';
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.message : 'ERROR';
}

function deadline<T>(promise: Promise<T>, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new ProbeError('ETIMEDOUT'));
    }, PROBE_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function lookup(host: string): Promise<string[]> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare) !== 0) return [bare];
  try {
    const found = await deadline(dns.lookup(bare, { all: true }), () => undefined);
    return found.map((a) => a.address);
  } catch (error) {
    throw new ProbeError(codeOf(error));
  }
}

function openTcp(host: string, port: number): Promise<Socket> {
  const socket = netConnect({ host: host.replace(/^\[(.*)\]$/, '$1'), port });
  const opened = new Promise<Socket>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('error', (error) => reject(new ProbeError(codeOf(error))));
  });
  return deadline(opened, () => socket.destroy());
}

function proxyConnect(socket: Socket, target: string, authorization: string | undefined): Promise<number> {
  const answered = new Promise<number>((resolve, reject) => {
    let head = '';
    const onData = (chunk: Buffer): void => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end === -1 && head.length < 16_384) return;
      socket.off('data', onData);
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1];
      if (status === undefined) reject(new ProbeError('BAD_PROXY_ANSWER'));
      else resolve(Number(status));
    };
    socket.on('data', onData);
    socket.once('error', (error) => reject(new ProbeError(codeOf(error))));
    socket.once('end', () => reject(new ProbeError('ECONNRESET')));
  });
  socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${authorization ? `Proxy-Authorization: ${authorization}\r\n` : ''}\r\n`);
  return deadline(answered, () => socket.destroy());
}

function tlsHandshake(socket: Socket, servername: string, options: TlsOptions): Promise<TlsFindings> {
  const bare = servername.replace(/^\[(.*)\]$/, '$1');
  const secure = tls.connect({
    socket,
    ...(isIP(bare) === 0 ? { servername: bare } : {}),
    ...(options.secureContext ? { secureContext: options.secureContext } : {}),
    // The doctor reports an untrusted certificate rather than refusing it; the client refuses it.
    rejectUnauthorized: false,
  });
  const done = new Promise<TlsFindings>((resolve, reject) => {
    secure.once('secureConnect', () => {
      const cert = secure.getPeerCertificate();
      resolve({
        protocol: secure.getProtocol() ?? '',
        subject: nameOf(cert.subject),
        issuer: nameOf(cert.issuer),
        validTo: cert.valid_to ? new Date(cert.valid_to).toISOString() : '',
        // A string (the code) in Node, whatever the types say.
        error: secure.authorized ? undefined : typeof secure.authorizationError === 'string' ? secure.authorizationError : codeOf(secure.authorizationError),
        socket: secure,
      });
    });
    secure.once('error', (error) => reject(new ProbeError(codeOf(error))));
  });
  return deadline(done, () => secure.destroy());
}

/** A certificate name's common name, else its organisation: what a person recognises. */
function nameOf(name: Partial<tls.Certificate> | undefined): string {
  const value = name?.CN ?? name?.O ?? '';
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Which list holds the authority at the top of the chain the service sent. */
function trustedBy(socket: tls.TLSSocket, sources: TrustSources): 'node' | 'system' | 'extra-file' | 'unknown' {
  let cert = socket.getPeerCertificate(true);
  // issuerCertificate is absent at the top of a chain the server sent incompletely, whatever the types say.
  for (let i = 0; i < 10 && (cert.issuerCertificate as tls.DetailedPeerCertificate | undefined) !== undefined && cert.issuerCertificate !== cert; i++) cert = cert.issuerCertificate;
  const top = new X509Certificate(cert.raw);
  const holds = (list: readonly string[] | undefined): boolean => (list ?? []).some((pem) => {
    try {
      const ca = new X509Certificate(pem);
      return ca.fingerprint256 === top.fingerprint256 || top.checkIssued(ca);
    } catch {
      return false;
    }
  });
  if (holds(sources.extra)) return 'extra-file';
  if (holds(sources.node)) return 'node';
  if (holds(sources.system)) return 'system';
  return 'unknown';
}

export const realProbes: DoctorProbes = { lookup, openTcp, proxyConnect, tlsHandshake, trustedBy };
