// A small front door for VS Code's server that adds the one route code-server's workbench needs
// and server-main.js lacks: POST /mint-key. The browser workbench (code-server's build) encrypts
// SecretStorage with a key half fetched from there; without it every secrets.store() fails with
// "Method Not Allowed", so the extension could never keep an API key.
// It also serves the workbench's port forwarding: asExternalUri in this workbench answers
// <server>/proxy/<port>/ for a local port (code-server's proxyEndpointTemplate), a route that
// code-server has and server-main.js lacks (it answered 405). Here /proxy/<port>/<rest> goes to
// 127.0.0.1:<port>/<rest>, as in code-server, so the webhook receiver's forwarded address works.
// Everything else, WebSocket upgrades included, is passed through unchanged.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';

/** The key half, kept in keyFile so secrets stored in an earlier run can still be read. */
function loadOrCreateKey(keyFile) {
  try {
    const key = fs.readFileSync(keyFile);
    if (key.length === 32) return key;
  } catch { /* first run */ }
  const key = crypto.randomBytes(32);   // VS Code wants 256 bits
  fs.writeFileSync(keyFile, key, { mode: 0o600 });
  return key;
}

/** /proxy/<port>/<rest> → { port, path: /<rest> }; undefined for any other path. */
export function proxiedTarget(url) {
  const match = /^\/proxy\/(\d{1,5})(\/.*)?$/.exec(url ?? '');
  if (!match) return undefined;
  const port = Number(match[1]);
  if (port < 1 || port > 65_535) return undefined;
  const rest = match[2] ?? '/';
  return { port, path: rest };
}

function forwardRequest(request, response, targetPort, targetPath = request.url) {
  const upstream = http.request({ host: '127.0.0.1', port: targetPort, method: request.method, path: targetPath, headers: request.headers },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(response);
    });
  upstream.on('error', () => { if (!response.headersSent) response.writeHead(502); response.end(); });
  request.pipe(upstream);
}

// Upgrades (the workbench's WebSockets) are piped as raw bytes after replaying the request head.
function forwardUpgrade(request, socket, head, targetPort) {
  const upstream = net.connect(targetPort, '127.0.0.1', () => {
    const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
    for (let i = 0; i < request.rawHeaders.length; i += 2) lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    socket.pipe(upstream).pipe(socket);
  });
  const close = () => { socket.destroy(); upstream.destroy(); };
  upstream.on('error', close);
  socket.on('error', close);
  upstream.on('close', close);
  socket.on('close', close);
}

/** Listens on 127.0.0.1:port and forwards to 127.0.0.1:targetPort. Resolves with close(). */
export function startKeyProxy({ port, targetPort, keyFile }) {
  const key = loadOrCreateKey(keyFile);
  const server = http.createServer((request, response) => {
    if (request.method === 'POST' && new URL(request.url ?? '/', 'http://x').pathname.endsWith('/mint-key')) {
      request.resume();
      response.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Cache-Control': 'no-store' });
      response.end(key);
      return;
    }
    // Only to loopback, as the workbench asked for a local port; no worse than the server
    // itself, which is on loopback without a connection token too.
    const proxied = proxiedTarget(request.url);
    if (proxied) forwardRequest(request, response, proxied.port, proxied.path);
    else forwardRequest(request, response, targetPort);
  });
  server.on('upgrade', (request, socket, head) => forwardUpgrade(request, socket, head, targetPort));
  const sockets = new Set();
  server.on('connection', (socket) => { sockets.add(socket); socket.on('close', () => sockets.delete(socket)); });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({
      close: () => new Promise((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
    }));
  });
}
