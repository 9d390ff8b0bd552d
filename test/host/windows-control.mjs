// A second real window for the host tests (test/host/suite/windows.test.ts, issue 47): the shim
// (./code-shim.mjs) serves this on loopback and hands its address to every extension host as
// WEBDATA_TEST_WINDOWS_URL. The suite asks it to open a second page of the same Chromium on the
// same VS Code server, with another folder: a second window of the same profile, with its own
// extension host, the same global storage. That window runs ./second-window.ts, which takes the
// suite's asks from here one at a time and answers them; a reload of that window starts its script
// again, which says hello, and only the newest hello is handed asks.
//   POST /open {folder}      opens the second window
//   POST /ask {action, args} an ask for the second window; answers with what it answered
//   POST /hello              the second window's script started; answers {instance}
//   GET  /next?instance=n    the next ask (a long poll: 204 when none came; 410 once a newer script said hello)
//   POST /answer {id, ...}   the second window's answer
//   POST /close              closes the second window
import http from 'node:http';
import util from 'node:util';

const POLL_MS = 20_000;
const ASK_TIMEOUT_MS = 120_000;

const readJson = (req) => new Promise((resolve, reject) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    try {
      resolve(chunks.length === 0 ? {} : JSON.parse(Buffer.concat(chunks).toString('utf8')));
    } catch (error) {
      reject(error);
    }
  });
  req.on('error', reject);
});

const send = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body === undefined ? '' : JSON.stringify(body));
};

/**
 * `openPage(folder)`: opens the second window's page and resolves with it (the shim knows the
 * server, the browser and the payload). Resolves with { url, close }.
 */
export async function startWindowsControl({ openPage }) {
  let page;
  let instance = 0;
  let nextId = 0;
  /** Asks not yet taken: { id, action, args }. */
  const queue = [];
  /** Answers awaited, by ask id. */
  const waiting = new Map();
  /** The newest script's long poll, if one is open. */
  let poll;

  const dispatch = () => {
    if (!poll || queue.length === 0) return;
    const { res, timer } = poll;
    poll = undefined;
    clearTimeout(timer);
    send(res, 200, queue.shift());
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = `${req.method} ${url.pathname}`;
    (async () => {
      if (route === 'POST /open') {
        const { folder } = await readJson(req);
        if (page) throw new Error('a second window is already open');
        page = await openPage(folder);
        send(res, 200, { opened: true });
      } else if (route === 'POST /close') {
        const closing = page;
        page = undefined;
        instance++;
        if (poll) { clearTimeout(poll.timer); send(poll.res, 410); poll = undefined; }
        await closing?.close().catch(() => {});
        send(res, 200, { closed: true });
      } else if (route === 'POST /hello') {
        instance++;
        if (poll) { clearTimeout(poll.timer); send(poll.res, 410); poll = undefined; }
        send(res, 200, { instance });
      } else if (route === 'GET /next') {
        if (Number(url.searchParams.get('instance')) !== instance) { send(res, 410); return; }
        if (poll) { clearTimeout(poll.timer); send(poll.res, 204); }
        const timer = setTimeout(() => { if (poll?.res === res) poll = undefined; send(res, 204); }, POLL_MS);
        poll = { res, timer };
        // A script whose host went away (a reload) no longer takes asks.
        res.on('close', () => { if (poll?.res === res) { clearTimeout(timer); poll = undefined; } });
        dispatch();
      } else if (route === 'POST /answer') {
        const answer = await readJson(req);
        waiting.get(answer.id)?.(answer);
        waiting.delete(answer.id);
        send(res, 200, {});
      } else if (route === 'POST /ask') {
        const { action, args } = await readJson(req);
        const id = ++nextId;
        const answered = new Promise((resolve) => {
          waiting.set(id, resolve);
          setTimeout(() => { if (waiting.delete(id)) resolve({ error: `the second window did not answer "${action}" within ${ASK_TIMEOUT_MS / 1000} s` }); }, ASK_TIMEOUT_MS);
        });
        queue.push({ id, action, args });
        dispatch();
        send(res, 200, await answered);
      } else {
        send(res, 404, { error: `no ${route}` });
      }
    })().catch((error) => send(res, 500, { error: util.format(error) }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await page?.close().catch(() => {});
      if (poll) { clearTimeout(poll.timer); send(poll.res, 410); }
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
