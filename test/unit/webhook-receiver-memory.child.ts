// The receiver in a process of its own, for the memory test: what that test measures is the
// receiver alone, whatever the test process did before. Talks over IPC: it sends
// { port, path } once listening, and answers 'measure' with its memory and counters.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startWebhookReceiver } from '../../src/core/webhooks';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

async function main(): Promise<void> {
  let busy = 0;
  const receiver = await startWebhookReceiver({
    getSecret: () => undefined,
    requestTimeoutMs: 30_000,
    headersTimeoutMs: 30_000,
    onDelivery: () => {},
    onRefused: (refused) => {
      if (refused.status === 503) busy++;
    },
  });
  process.on('message', (message: unknown) => {
    if (message === 'measure') {
      const usage = process.memoryUsage();
      process.send?.({ rss: usage.rss, held: usage.heapUsed + usage.external, received: receiver.stats.received, busy, buffered: receiver.bufferedBytes });
    } else if (message === 'gc') {
      collectGarbage();
      process.send?.('collected');
    }
  });
  process.on('disconnect', () => void receiver.close().then(() => process.exit(0)));
  process.send?.({ port: receiver.port, path: receiver.path });
}

void main();
