// What test/unit/ca-store.test.ts asks of a Node: run in the test's own Node, and spawned under the
// Node of the newest VS Code (`node --import tsx`), which prints the answer as one line of JSON.
import * as tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { nativeCAAdder, secureContextWith } from '../../src/core/api/ca-store';

export interface CAStoreAnswer {
  node: string;
  /** The native context's addCACert is there. */
  adder: boolean;
  /** A server signed by the test authority is trusted once the authority is added. */
  trusted: boolean;
  /** …and refused by a default context: the authority was not trusted before. */
  refusedByDefault: boolean;
}

export async function probeCAStore(certs: { ca: string; key: string; cert: string }): Promise<CAStoreAnswer> {
  const server = tls.createServer({ key: certs.key, cert: certs.cert }, (socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const authorized = (secureContext: tls.SecureContext): Promise<boolean> => new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername: 'localhost', secureContext, rejectUnauthorized: true }, () => {
      resolve(socket.authorized);
      socket.destroy();
    });
    socket.on('error', () => resolve(false));
  });
  try {
    return {
      node: process.version,
      adder: nativeCAAdder(tls.createSecureContext()) !== undefined,
      trusted: await authorized(secureContextWith([certs.ca])),
      refusedByDefault: !(await authorized(tls.createSecureContext())),
    };
  } finally {
    server.close();
  }
}
