// A certificate authority made for one test run, and a server certificate it signs for the
// emulator's HTTPS mode: for the name the tests give the service (which no resolver on the machine
// knows; only the test proxy does), localhost and 127.0.0.1. Made with the openssl command, so
// nothing about it is faked: undici checks it as it would a real company's.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The service's name in proxy tests. `.test` is reserved (RFC 2606): it never resolves by accident. */
export const SERVICE_HOST = 'service.webdata.test';

export interface TestCertificates {
  /** The folder holding ca.pem (and the rest); removed by dispose(). */
  dir: string;
  /** The authority's certificate, PEM, and its file (for NODE_EXTRA_CA_CERTS). */
  ca: string;
  caFile: string;
  /** The emulator's key and certificate, PEM. */
  key: string;
  cert: string;
  dispose(): void;
}

export function makeTestCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'wd-test-ca-'));
  const openssl = (...args: string[]): void => void execFileSync('openssl', args, { cwd: dir, stdio: 'pipe', timeout: 30_000 });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Web Data test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', `/CN=${SERVICE_HOST}`);
  writeFileSync(join(dir, 'server.ext'), `subjectAltName=DNS:${SERVICE_HOST},DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n`);
  openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'server.ext');
  const read = (file: string): string => readFileSync(join(dir, file), 'utf8');
  return {
    dir,
    ca: read('ca.pem'),
    caFile: join(dir, 'ca.pem'),
    key: read('server.key'),
    cert: read('server.pem'),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A certificate for the same names from the same authority that expired in 2020 (openssl ca sets
 * the dates; x509 -days cannot go back), for the doctor's "expired" case. PEM, with its key.
 */
export function makeExpiredCertificate(certs: Pick<TestCertificates, 'dir'>): { key: string; cert: string } {
  const openssl = (...args: string[]): void => void execFileSync('openssl', args, { cwd: certs.dir, stdio: 'pipe', timeout: 30_000 });
  writeFileSync(join(certs.dir, 'index.txt'), '');
  writeFileSync(join(certs.dir, 'ca.cnf'), [
    '[ca]', 'default_ca = test', '[test]', 'dir = .', 'database = index.txt', 'new_certs_dir = .', 'serial = ca.srl',
    'default_md = sha256', 'policy = any', 'copy_extensions = copy', 'unique_subject = no', '[any]', 'commonName = supplied',
  ].join('\n') + '\n');
  openssl('ca', '-batch', '-config', 'ca.cnf', '-cert', 'ca.pem', '-keyfile', 'ca.key', '-in', 'server.csr', '-out', 'expired.pem',
    '-startdate', '200101000000Z', '-enddate', '200102000000Z', '-extfile', 'server.ext', '-notext');
  return { key: readFileSync(join(certs.dir, 'server.key'), 'utf8'), cert: readFileSync(join(certs.dir, 'expired.pem'), 'utf8') };
}
