// `npm run sandbox:deliver`: its command line, how it finds the running sandbox (.sandbox/ports.json),
// and one real delivery from an emulator to a receiver, signed with the configured secret.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseDeliverArgs, readSandboxPorts, run, sandboxJobLines, UsageError, type SandboxPorts } from '../../scripts/sandbox-deliver';
import { SIGNATURE_HEADER, verifySignature } from '../../src/core/webhooks';
import { DEMO_API_KEY, DEMO_JOBS, startEmulator, type Emulator } from '../emulator';

describe('sandbox:deliver: arguments', () => {
  it('takes a kind, and an optional --id in either spelling, before or after it', () => {
    assert.deepEqual(parseDeliverArgs(['crawl.completed']), { help: false, kind: 'crawl.completed' });
    assert.deepEqual(parseDeliverArgs(['--id', 'job-1', 'batch_scrape.started']), { help: false, kind: 'batch_scrape.started', id: 'job-1' });
    assert.deepEqual(parseDeliverArgs(['batch_scrape.completed', '--id=job-2']), { help: false, kind: 'batch_scrape.completed', id: 'job-2' });
    // The service may send types this extension does not know yet; the emulator sends them too.
    assert.deepEqual(parseDeliverArgs(['extract.completed']), { help: false, kind: 'extract.completed' });
  });

  it('the page kinds take --pages; the other kinds refuse it', () => {
    assert.deepEqual(parseDeliverArgs(['crawl.page', '--pages', '5']), { help: false, kind: 'crawl.page', pages: 5 });
    assert.deepEqual(parseDeliverArgs(['--pages=2', 'batch_scrape.page', '--id', 'job-3']), { help: false, kind: 'batch_scrape.page', id: 'job-3', pages: 2 });
    assert.throws(() => parseDeliverArgs(['crawl.completed', '--pages', '2']), /--pages is for crawl\.page and batch_scrape\.page only/);
    for (const bad of ['0', '-1', 'x', '10000']) assert.throws(() => parseDeliverArgs(['crawl.page', '--pages', bad]), /--pages needs a number/, bad);
  });

  it('the sandbox banner names every demo job with results, and how to open them', () => {
    const banner = sandboxJobLines().join('\n');
    for (const id of [DEMO_JOBS.large, DEMO_JOBS.failed, DEMO_JOBS.cancelled, DEMO_JOBS.batch]) assert.ok(banner.includes(id), `${id} is not in the banner`);
    assert.match(banner, /"Web Data: Open Crawl Results…" and paste/);
    assert.match(banner, /sandbox:deliver -- crawl\.page/);
    assert.match(banner, /sandbox:deliver -- batch_scrape\.page/);
  });

  it('--help prints the usage, even after a kind', () => {
    assert.deepEqual(parseDeliverArgs(['crawl.completed', '--help']), { help: true });
    assert.deepEqual(parseDeliverArgs(['-h']), { help: true });
  });

  it('refuses, in words, what it cannot do', () => {
    const refusals: Array<[string[], RegExp]> = [
      [[], /Which kind of delivery\? Try crawl\.completed/],
      [['crawl.completed', 'batch_scrape.started'], /One kind at a time: got "crawl\.completed" and "batch_scrape\.started"/],
      [['crawl.completed', '--id'], /--id needs a job id/],
      [['crawl.completed', '--id='], /--id needs a job id/],
      [['--id', '--help'], /--id needs a job id/],
      [['crawl.completed', '--secret', 'x'], /Unknown option --secret/],
      [['{"type":"x"}'], /is not an event type/],
    ];
    for (const [args, message] of refusals) assert.throws(() => parseDeliverArgs(args), (e: unknown) => e instanceof UsageError && message.test(e.message), args.join(' '));
  });

  it('exits 2 with the usage for a mistake, 0 with it for --help, before looking for a sandbox', async () => {
    const lines: string[] = [];
    const options = { portsFile: '/nonexistent/ports.json', out: (l: string) => lines.push(`out: ${l}`), err: (l: string) => lines.push(`err: ${l}`) };
    assert.equal(await run(['--bogus'], options), 2);
    assert.match(lines.join('\n'), /^err: Unknown option --bogus\.\nusage: npm run sandbox:deliver -- <kind>/);
    lines.length = 0;
    assert.equal(await run(['--help'], options), 0);
    assert.match(lines.join('\n'), /^out: usage:/);
  });
});

describe('sandbox:deliver: finding the sandbox', () => {
  let dir: string;
  let file: string;
  const ports = (overrides: Partial<SandboxPorts> = {}): void => {
    const value = { pid: process.pid, workbenchUrl: 'http://127.0.0.1:8484/', emulatorUrl: 'http://127.0.0.1:8485', adminUrl: 'http://127.0.0.1:8485/_emulator', ...overrides };
    writeFileSync(file, JSON.stringify(value));
  };
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'wd-deliver-'));
    file = path.join(dir, 'ports.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the addresses of a running sandbox', () => {
    ports();
    assert.equal(readSandboxPorts(file).adminUrl, 'http://127.0.0.1:8485/_emulator');
  });

  it('says to start the sandbox when there is no file, and when the sandbox that wrote it is gone', async () => {
    assert.throws(() => readSandboxPorts(file), /No sandbox is running .*npm run sandbox/);
    // A child that has exited: its pid is free (and not reused this quickly).
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.once('exit', resolve));
    ports({ pid: child.pid ?? -1 });
    assert.throws(() => readSandboxPorts(file), /is not running any more/);
  });

  it('asks only an emulator on this machine', () => {
    ports({ adminUrl: 'http://192.0.2.7:8485/_emulator' });
    assert.throws(() => readSandboxPorts(file), /not on this machine/);
    ports({ adminUrl: 'https://127.0.0.1:8485/_emulator' });
    assert.throws(() => readSandboxPorts(file), /not on this machine/);
  });

  it('refuses a file that is not JSON or lacks the addresses', () => {
    writeFileSync(file, '{');
    assert.throws(() => readSandboxPorts(file), /is not JSON/);
    writeFileSync(file, '{"pid": 1}');
    assert.throws(() => readSandboxPorts(file), /lacks the sandbox's pid and addresses/);
  });
});

describe('sandbox:deliver: against an emulator', () => {
  const SECRET = 'sandbox-test-secret';
  let emulator: Emulator;
  let receiver: Server;
  let answer = 200;
  const received: Array<{ headers: IncomingHttpHeaders; body: Buffer }> = [];
  let dir: string;
  let file: string;

  before(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    emulator = await startEmulator();
    emulator.setWebhook({ url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/web-data`, secret: SECRET });
    dir = mkdtempSync(path.join(tmpdir(), 'wd-deliver-'));
    file = path.join(dir, 'ports.json');
    writeFileSync(file, JSON.stringify({ pid: process.pid, workbenchUrl: 'http://127.0.0.1:1/', emulatorUrl: emulator.url, adminUrl: emulator.adminUrl }));
  });
  after(async () => {
    await emulator.close();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends one delivery of the kind, with the id, signed with the secret, and exits 0', async () => {
    received.length = 0;
    const out: string[] = [];
    const code = await run(['batch_scrape.completed', '--id', 'job-42'], { portsFile: file, out: (l) => out.push(l), err: (l) => out.push(l) });
    assert.equal(code, 0, out.join('\n'));
    assert.equal(received.length, 1);
    const [delivery] = received;
    assert.ok(delivery);
    const event = JSON.parse(delivery.body.toString('utf8')) as { type: string; id: string };
    assert.equal(event.type, 'batch_scrape.completed');
    assert.equal(event.id, 'job-42');
    assert.ok(verifySignature(delivery.body, delivery.headers[SIGNATURE_HEADER] as string | undefined, SECRET), 'not signed with the secret');
    assert.match(out.join('\n'), /batch_scrape\.completed \(signed\) delivered .* the receiver answered 200/);
  });

  it('crawl.page: the next pages of a job, each a signed delivery with its document, a few at a time, never its completed event', async () => {
    const id = emulator.addCrawlJob(DEMO_API_KEY, { total: 5, completed: 5, listed: false });
    const events = (): Array<{ type: string; id: string; data: Array<{ metadata?: { sourceURL?: string } }> }> =>
      received.map((r) => JSON.parse(r.body.toString('utf8')) as { type: string; id: string; data: Array<{ metadata?: { sourceURL?: string } }> });
    received.length = 0;
    const out: string[] = [];
    const options = { portsFile: file, out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
    assert.equal(await run(['crawl.page', '--id', id, '--pages', '2'], options), 0, out.join('\n'));
    assert.deepEqual(events().map((e) => [e.type, e.id, e.data.length]), [['crawl.page', id, 1], ['crawl.page', id, 1]]);
    assert.ok(received.every((r) => verifySignature(r.body, r.headers[SIGNATURE_HEADER] as string | undefined, SECRET)), 'not signed with the secret');
    assert.match(out.join('\n'), new RegExp(`2 page deliveries \\(signed\\) of job ${id} .*the receiver answered 200, 200\\.`));
    assert.equal(await run(['crawl.page', '--id', id, '--pages', '100'], options), 0);
    assert.equal(events().length, 5, 'the other 3 pages, and no crawl.completed');
    assert.ok(events().every((e) => e.type === 'crawl.page'));
    out.length = 0;
    assert.equal(await run(['crawl.page', '--id', id], options), 0);
    assert.match(out.join('\n'), /No pages of job .* were left to send/);
    assert.equal(events().length, 5);
  });

  it('batch_scrape.page: by default the demo batch scrape\'s next pages', async () => {
    received.length = 0;
    assert.equal(await run(['batch_scrape.page'], { portsFile: file, out: () => undefined, err: () => undefined }), 0);
    const events = received.map((r) => JSON.parse(r.body.toString('utf8')) as { type: string; id: string });
    assert.deepEqual(events.map((e) => [e.type, e.id]), Array.from({ length: 3 }, () => ['batch_scrape.page', DEMO_JOBS.batch]));
  });

  it('crawl.completed and batch_scrape.completed without --id name a job the emulator holds, so Open Results opens it', async () => {
    for (const [kind, route] of [['crawl.completed', 'crawl'], ['batch_scrape.completed', 'batch/scrape']] as const) {
      received.length = 0;
      assert.equal(await run([kind], { portsFile: file, out: () => undefined, err: () => undefined }), 0, kind);
      const [delivery] = received;
      assert.ok(delivery, kind);
      const event = JSON.parse(delivery.body.toString('utf8')) as { type: string; id: string };
      assert.equal(event.type, kind);
      // What the notification's Open Results asks the service: the job must be there (not 404).
      const status = await fetch(`${emulator.url}/v2/${route}/${event.id}`, { headers: { authorization: `Bearer ${DEMO_API_KEY}` } });
      assert.equal(status.status, 200, `${kind} named ${event.id}, which the emulator does not hold`);
    }
  });

  it('exits 1 and says so when the receiver refuses the delivery', async () => {
    answer = 401;
    try {
      const err: string[] = [];
      assert.equal(await run(['crawl.completed'], { portsFile: file, out: () => undefined, err: (l) => err.push(l) }), 1);
      assert.match(err.join('\n'), /the receiver answered 401/);
    } finally {
      answer = 200;
    }
  });

  it('exits 1 and says to open the sandbox\'s window when nothing listens at the receiver\'s address', async () => {
    // A port that was free a moment ago: the receiver of a sandbox whose window is not open.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/web-data`;
    emulator.setWebhook({ url: `http://127.0.0.1:${port}/webhooks/web-data`, secret: SECRET });
    try {
      const err: string[] = [];
      assert.equal(await run(['crawl.completed'], { portsFile: file, out: () => undefined, err: (l) => err.push(l) }), 1);
      assert.match(err.join('\n'), new RegExp(`Nothing answers at http://127\\.0\\.0\\.1:${port}/webhooks/web-data.*open the VS Code address the sandbox printed`));
    } finally {
      emulator.setWebhook({ url: receiverUrl, secret: SECRET });
    }
  });
});
