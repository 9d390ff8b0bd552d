// Preloaded (node --import) into the peer clients under test: every outgoing connection that is
// not to loopback is refused and reported on stderr, so a test proves the SDK and the MCP server
// talk only to the emulator (no telemetry, no default cloud address, no second service).
import dns from 'node:dns';
import net from 'node:net';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost', '::ffff:127.0.0.1']);
const MARK = 'PEER-GUARD non-loopback connection refused:';

function hostOf(args) {
  const first = args[0];
  if (Array.isArray(first)) return hostOf(first);
  // http passes the URL's path along with host; only a path with no host is a pipe.
  if (typeof first === 'object' && first !== null) return first.host ?? first.hostname ?? (first.path !== undefined ? 'unix' : 'localhost');
  if (typeof first === 'string' && !/^\d+$/.test(first)) return 'unix';
  return typeof args[1] === 'string' ? args[1] : 'localhost';
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  const host = hostOf(args);
  if (host !== 'unix' && !LOOPBACK.has(host)) {
    process.stderr.write(`${MARK} ${host}\n`);
    process.nextTick(() => this.destroy(new Error(`${MARK} ${host}`)));
    return this;
  }
  return connect.apply(this, args);
};

const lookup = dns.lookup;
dns.lookup = function guardedLookup(hostname, ...rest) {
  if (!LOOPBACK.has(hostname)) process.stderr.write(`${MARK} ${hostname} (name lookup)\n`);
  return lookup.call(this, LOOPBACK.has(hostname) ? hostname : 'invalid.invalid', ...rest);
};
