// Whether a port is this extension's receiver in another window (the second window's start says so
// without an error) or something else: real sockets on loopback.
import assert from 'node:assert/strict';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startWebhookReceiver, RECEIVER_MARK_HEADER } from '../../src/core/webhooks';
import { isReceiverOfAnotherWindow } from '../../src/core/webhooks/receiver-probe';

function listen(server: Server | ReturnType<typeof createTcpServer>): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

describe('webhook receiver: is the port another window\'s receiver?', () => {
  it('the receiver refuses a GET with 405 and its mark; the probe says it is ours', async () => {
    const receiver = await startWebhookReceiver({ host: '127.0.0.1', port: 0, getSecret: () => undefined, onDelivery: () => undefined });
    try {
      const answer = await fetch(`http://127.0.0.1:${receiver.port}/webhooks/web-data`);
      assert.equal(answer.status, 405);
      assert.equal(answer.headers.get(RECEIVER_MARK_HEADER), '1');
      assert.equal(await isReceiverOfAnotherWindow(receiver.port, '/webhooks/web-data'), true);
    } finally {
      await receiver.close();
    }
  });

  it('another program answering 405 without the mark, one that never answers, and a closed port are not ours', async () => {
    const plain = createHttpServer((_req, res) => { res.writeHead(405, { allow: 'POST' }); res.end(); });
    // Reads what it is sent (so it sees the probe hang up) and never answers.
    const silent = createTcpServer((socket) => { socket.resume(); });
    const plainPort = await listen(plain);
    const silentPort = await listen(silent);
    try {
      assert.equal(await isReceiverOfAnotherWindow(plainPort, '/webhooks/web-data'), false);
      assert.equal(await isReceiverOfAnotherWindow(silentPort, '/webhooks/web-data', 300), false);
    } finally {
      await new Promise((resolve) => plain.close(resolve));
      await new Promise((resolve) => silent.close(resolve));
    }
    // The plain server's port, closed now: refused, not ours.
    assert.equal(await isReceiverOfAnotherWindow(plainPort, '/webhooks/web-data'), false);
  });
});
