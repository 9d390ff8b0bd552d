// A secure context that trusts Node's roots plus a few more authorities (the system's, the file in
// NODE_EXTRA_CA_CERTS), made without parsing Node's roots again.
//
// There is no public way to do that. `ca` in tls.createSecureContext() replaces the default store,
// so every root has to be handed over and parsed again (about 300 ms for 300 certificates); Node
// 24's tls.setDefaultCACertificates() changes the store of the whole process, the connections of
// every other extension in the shared extension host included, and Node 20 has nothing. So this
// file, and only this file, reaches for the native context behind a SecureContext and its
// addCACert, the method `ca` itself uses. test/unit/ca-store.test.ts checks that it is there on the
// Node of both VS Code versions we test (20 and 24); where it is missing, `ca` is used.
import * as tls from 'node:tls';

/** The native context's addCACert, bound to it; undefined where this Node has none. */
export function nativeCAAdder(context: tls.SecureContext): ((pem: string) => void) | undefined {
  // @types/node leaves `context` untyped: it is read as unknown and narrowed here.
  const native: unknown = context.context;
  if (typeof native !== 'object' || native === null || !('addCACert' in native)) return undefined;
  const add = native.addCACert;
  if (typeof add !== 'function') return undefined;
  return (pem) => { Reflect.apply(add, native, [pem]); };
}

/**
 * Node's roots plus `extra`. A default context shares Node's parsed store, and adding only what it
 * lacks to it (most system certificates are Node's roots too) takes a few milliseconds.
 */
export function secureContextWith(extra: readonly string[]): tls.SecureContext {
  const known = new Set(tls.rootCertificates.map(squash));
  const missing = [...new Set(extra.filter((pem) => !known.has(squash(pem))))];
  const context = tls.createSecureContext();
  const add = nativeCAAdder(context);
  if (!add) return tls.createSecureContext({ ca: [...tls.rootCertificates, ...missing] });
  for (const pem of missing) {
    try {
      add(pem);
    } catch {
      // One unreadable certificate in a system bundle must not cost the others.
    }
  }
  return context;
}

function squash(pem: string): string {
  return pem.replace(/\s+/g, '');
}
