// Whether a port this window could not listen on is held by this extension's receiver in another
// VS Code window (several windows, one user: the first window to start receives, the others say so
// quietly) or by something else (an error worth a notification). Asked on loopback only, with a GET
// the receiver refuses with its mark (./receiver.ts), within a short time: a program that never
// answers is not ours.
import { request } from 'node:http';
import { RECEIVER_MARK_HEADER } from './receiver';

const PROBE_TIMEOUT_MS = 1500;

export function isReceiverOfAnotherWindow(port: number, path: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    // No keep-alive: the probe leaves nothing open on a port it does not own.
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', timeout: timeoutMs, agent: false, headers: { connection: 'close' } }, (res) => {
      res.resume();
      resolve(res.statusCode === 405 && res.headers[RECEIVER_MARK_HEADER] === '1');
    });
    req.on('timeout', () => { req.destroy(); resolve(false); });
    req.on('error', () => resolve(false));
    req.end();
  });
}
