// `npm run sandbox:deliver -- <kind> [--id <job id>] [--pages <n>]`: asks the running sandbox's
// emulator to send one webhook delivery of that kind to the sandbox's receiver; for `crawl.page`
// and `batch_scrape.page`, the next pages of a demo job (each page's document, as the service
// sends them), through the emulator's POST /jobs/:id/deliver. The emulator already holds the
// receiver's address and the secret the extension was given, so the delivery arrives signed and
// shows as verified. The emulator's port changes from run to run (a taken port is skipped), so the
// sandbox writes where it is to .sandbox/ports.json and this reads it from there.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { DEMO_JOBS, demoCrawls } from '../test/emulator/demo';

export const PORTS_FILE = path.resolve(__dirname, '..', '.sandbox', 'ports.json');

/** The page kinds: the next pages of a job the emulator holds, each its own delivery. */
export const PAGE_KINDS = ['crawl.page', 'batch_scrape.page'] as const;
/** The kinds the service sends (spec 6.1, issue 18); the emulator sends any other type too, as the service may. */
export const KNOWN_KINDS = ['crawl.completed', 'batch_scrape.started', 'batch_scrape.completed', ...PAGE_KINDS] as const;
/** Pages sent by one page delivery command unless --pages says otherwise. */
export const DEFAULT_PAGES = 3;

/** The demo jobs whose results the sandbox holds (test/emulator/demo.ts), for its banner and the defaults here. */
export const SANDBOX_JOBS = {
  /** The first Active Crawls row: it moves on with the clock, so it has new pages now and then. */
  running: demoCrawls('')[0]?.id ?? '',
  ...DEMO_JOBS,
} as const;

const isPageKind = (kind: string): boolean => (PAGE_KINDS as readonly string[]).includes(kind);

/**
 * The job an event names when --id does not: one the emulator holds, so that the delivery's
 * Open Results opens it (a fresh id would be a job the service does not know: 404). A crawl's
 * events name the completed demo crawl, a batch scrape's the demo batch scrape; another type
 * names no job, so it gets a fresh id.
 */
export function defaultJobId(kind: string): string | undefined {
  if (kind.startsWith('crawl.')) return kind === 'crawl.page' ? SANDBOX_JOBS.running : SANDBOX_JOBS.large;
  if (kind.startsWith('batch_scrape.')) return SANDBOX_JOBS.batch;
  return undefined;
}

export const USAGE = [
  'usage: npm run sandbox:deliver -- <kind> [--id <job id>] [--pages <n>]',
  `  kind: ${KNOWN_KINDS.join(', ')} (or any other event type)`,
  '  --id: the crawl or batch scrape id the event names (default: a demo job the emulator holds:',
  `        crawl.completed the completed crawl ${SANDBOX_JOBS.large}, crawl.page the running crawl ${SANDBOX_JOBS.running},`,
  `        batch_scrape.* the batch scrape ${SANDBOX_JOBS.batch}; another type a fresh id)`,
  `  --pages: page kinds only: how many of the job's next pages to send (default ${DEFAULT_PAGES})`,
  'Sends signed deliveries from the running sandbox\'s emulator to its webhook receiver.',
].join('\n');

export type DeliverArgs = { help: true } | { help: false; kind: string; id?: string; pages?: number };

/** A mistake in the command line; its message says what is wrong, then the usage. */
export class UsageError extends Error {}

export function parseDeliverArgs(args: string[]): DeliverArgs {
  let kind: string | undefined;
  let id: string | undefined;
  let pages: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--help' || arg === '-h') return { help: true };
    if (arg === '--pages' || arg.startsWith('--pages=')) {
      const value = arg === '--pages' ? args[++i] : arg.slice('--pages='.length);
      if (value === undefined || !/^[1-9]\d{0,3}$/.test(value)) throw new UsageError('--pages needs a number of pages from 1 to 9999 after it.');
      pages = Number(value);
      continue;
    }
    if (arg === '--id' || arg.startsWith('--id=')) {
      const value = arg === '--id' ? args[++i] : arg.slice('--id='.length);
      if (value === undefined || value === '' || value.startsWith('-')) throw new UsageError('--id needs a job id after it.');
      id = value;
    } else if (arg.startsWith('-')) {
      throw new UsageError(`Unknown option ${arg}.`);
    } else if (kind !== undefined) {
      throw new UsageError(`One kind at a time: got "${kind}" and "${arg}".`);
    } else if (!/^[A-Za-z][\w.-]*$/.test(arg)) {
      throw new UsageError(`"${arg}" is not an event type; try ${KNOWN_KINDS.join(', ')}.`);
    } else {
      kind = arg;
    }
  }
  if (kind === undefined) throw new UsageError(`Which kind of delivery? Try ${KNOWN_KINDS.join(', ')}.`);
  if (pages !== undefined && !isPageKind(kind)) throw new UsageError(`--pages is for ${PAGE_KINDS.join(' and ')} only.`);
  return { help: false, kind, ...(id !== undefined ? { id } : {}), ...(pages !== undefined ? { pages } : {}) };
}

/** The banner's lines on the demo jobs: their ids, and how to open them and feed them pages. */
export function sandboxJobLines(): string[] {
  return [
    'Crawl results: F1 > "Web Data: Open Crawl Results…" and paste one of these job ids (or use a Jobs row\'s button):',
    `  ${SANDBOX_JOBS.large}  a 10,000-page crawl, completed (12 failed pages, 30 blocked by robots.txt)`,
    `  ${SANDBOX_JOBS.failed}  a crawl that failed at its start`,
    `  ${SANDBOX_JOBS.cancelled}  a cancelled crawl (7 of 30 pages)`,
    `  ${SANDBOX_JOBS.batch}  a batch scrape (or: npm run sandbox:deliver -- batch_scrape.completed --id <it>, then Open Results)`,
    `Pages as they arrive: npm run sandbox:deliver -- crawl.page        (the running crawl ${SANDBOX_JOBS.running})`,
    `                      npm run sandbox:deliver -- batch_scrape.page (the batch scrape; --id <job id> --pages <n> for others)`,
  ];
}

/** What `npm run sandbox` writes to .sandbox/ports.json while it runs. */
export interface SandboxPorts {
  pid: number;
  workbenchUrl: string;
  emulatorUrl: string;
  adminUrl: string;
}

function isLoopbackUrl(text: string): boolean {
  try {
    const { protocol, hostname } = new URL(text);
    return protocol === 'http:' && (hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname));
  } catch {
    return false;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);   // signal 0: only asks whether the process exists
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running sandbox's addresses; throws in words when there is no running sandbox. */
export function readSandboxPorts(file: string = PORTS_FILE): SandboxPorts {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`No sandbox is running (${file} does not exist). Start one with npm run sandbox, then run this in another terminal.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${file} is not JSON; restart the sandbox (npm run sandbox) to write it again.`);
  }
  const ports = value as Partial<SandboxPorts> | null;
  if (typeof ports?.pid !== 'number' || typeof ports.adminUrl !== 'string' || typeof ports.emulatorUrl !== 'string' || typeof ports.workbenchUrl !== 'string') {
    throw new Error(`${file} lacks the sandbox's pid and addresses; restart the sandbox (npm run sandbox) to write it again.`);
  }
  if (!isLoopbackUrl(ports.adminUrl)) throw new Error(`${file} names an emulator that is not on this machine (${ports.adminUrl}); only loopback is asked.`);
  if (!isRunning(ports.pid)) throw new Error(`The sandbox that wrote ${file} (pid ${ports.pid}) is not running any more. Start one with npm run sandbox.`);
  return ports as SandboxPorts;
}

export interface Delivered {
  /** Where the emulator delivered, and whether it signed the delivery. */
  receiverUrl: string;
  signed: boolean;
  /** The receiver's answer. */
  status: number;
}

async function admin(adminUrl: string, route: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  let response: Response;
  try {
    response = await fetch(`${adminUrl}${route}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new Error(`The sandbox's emulator at ${adminUrl} does not answer (${error instanceof Error ? error.message : String(error)}); is the sandbox still running?`, { cause: error });
  }
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, json };
}

/** The emulator answered, but nothing listens at the receiver's address. */
export class ReceiverUnreachable extends Error {}

/** Asks the emulator to deliver one event of `kind` to its configured receiver. */
export async function deliver(adminUrl: string, kind: string, id?: string): Promise<Delivered> {
  const config = await admin(adminUrl, '/webhook');
  const webhook = config.json.webhook as { url?: unknown; signed?: unknown } | null | undefined;
  if (typeof webhook?.url !== 'string') throw new Error('The emulator has no webhook receiver configured; restart the sandbox (npm run sandbox).');
  const sent = await admin(adminUrl, '/webhook/events', id === undefined ? { type: kind } : { type: kind, id });
  const delivered = sent.json.delivered as { status?: unknown } | null | undefined;
  if (sent.status === 502) throw new ReceiverUnreachable(`Nothing answers at ${webhook.url}, the receiver's address.`);
  if (sent.status !== 200 || typeof delivered?.status !== 'number') {
    throw new Error(`The emulator did not deliver (${sent.status}): ${typeof sent.json.error === 'string' ? sent.json.error : JSON.stringify(sent.json)}`);
  }
  return { receiverUrl: webhook.url, signed: webhook.signed === true, status: delivered.status };
}

/** Asks the emulator to send the next `pages` pages of job `id` (no completed event), each a signed delivery; their statuses. */
export async function deliverPages(adminUrl: string, id: string, pages: number): Promise<{ receiverUrl: string; signed: boolean; statuses: number[] }> {
  const config = await admin(adminUrl, '/webhook');
  const webhook = config.json.webhook as { url?: unknown; signed?: unknown } | null | undefined;
  if (typeof webhook?.url !== 'string') throw new Error('The emulator has no webhook receiver configured; restart the sandbox (npm run sandbox).');
  const sent = await admin(adminUrl, `/jobs/${encodeURIComponent(id)}/deliver`, { completed: false, pages });
  if (sent.status === 502) throw new ReceiverUnreachable(`Nothing answers at ${webhook.url}, the receiver's address.`);
  const statuses = sent.json.delivered;
  if (sent.status !== 200 || !Array.isArray(statuses) || !statuses.every((s): s is number => typeof s === 'number')) {
    throw new Error(`The emulator did not deliver (${sent.status}): ${typeof sent.json.error === 'string' ? sent.json.error : JSON.stringify(sent.json)}`);
  }
  return { receiverUrl: webhook.url, signed: webhook.signed === true, statuses };
}

export interface RunOptions {
  portsFile?: string;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

/** The command line: 0 when the receiver took the delivery, 1 when it did not or could not, 2 for a usage mistake. */
export async function run(args: string[], { portsFile = PORTS_FILE, out = console.log, err = console.error }: RunOptions = {}): Promise<number> {
  let parsed: DeliverArgs;
  try {
    parsed = parseDeliverArgs(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err(`${error.message}\n${USAGE}`);
    return 2;
  }
  if (parsed.help) {
    out(USAGE);
    return 0;
  }
  try {
    const ports = readSandboxPorts(portsFile);
    if (isPageKind(parsed.kind)) return await runPages(ports, parsed.kind, parsed.id, parsed.pages ?? DEFAULT_PAGES, out, err);
    const result = await deliver(ports.adminUrl, parsed.kind, parsed.id ?? defaultJobId(parsed.kind));
    const how = result.signed ? 'signed' : 'unsigned';
    const line = `${parsed.kind} (${how}) delivered by the emulator at ${ports.emulatorUrl} to ${result.receiverUrl}: the receiver answered ${result.status}.`;
    if (result.status >= 200 && result.status < 300) {
      out(`${line}\nIt is listed in the Webhook Events view of the sandbox's VS Code (${ports.workbenchUrl}).`);
      return 0;
    }
    err(`${line} See the refused row's tooltip in the Webhook Events view for why.`);
    return 1;
  } catch (error) {
    // The receiver lives in the extension host, which the server starts only for an open window.
    const hint = error instanceof ReceiverUnreachable ? ' It starts with the sandbox\'s VS Code window: open the VS Code address the sandbox printed in a browser, wait for the Web Data view, and try again.' : '';
    err(`${error instanceof Error ? error.message : String(error)}${hint}`);
    return 1;
  }
}

async function runPages(ports: SandboxPorts, kind: string, given: string | undefined, pages: number, out: (line: string) => void, err: (line: string) => void): Promise<number> {
  const id = given ?? defaultJobId(kind) ?? SANDBOX_JOBS.batch;
  const result = await deliverPages(ports.adminUrl, id, pages);
  const how = result.signed ? 'signed' : 'unsigned';
  if (result.statuses.length === 0) {
    out(`No pages of job ${id} were left to send: each page done so far was delivered already. Let the crawl go on, or move it on: curl -X POST ${ports.adminUrl}/jobs/${id}/advance -H 'content-type: application/json' -d '{"pages": 5}'`);
    return 0;
  }
  // The job's own kind names the events (a batch scrape's pages are batch_scrape.page).
  const line = `${result.statuses.length} page deliveries (${how}) of job ${id} sent by the emulator at ${ports.emulatorUrl} to ${result.receiverUrl}: the receiver answered ${result.statuses.join(', ')}.`;
  if (result.statuses.every((s) => s >= 200 && s < 300)) {
    out(`${line}\nThey are one summary row in the Webhook Events view, and the pages under the job's row in Jobs (${ports.workbenchUrl}).`);
    return 0;
  }
  err(`${line} See the refused rows' tooltips in the Webhook Events view for why.`);
  return 1;
}

if (require.main === module) {
  void run(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
