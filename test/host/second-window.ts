// The second window of the windows suite (test/host/suite/windows.test.ts): the extension host of
// another page on the same VS Code server and profile runs this instead of the suites. It takes the
// suite's asks from test/host/windows-control.mjs one at a time, each answered with what this
// window sees (waiting, where asked, until it sees it), and reloads when asked: its script then
// starts again and says hello.
import * as vscode from 'vscode';
import { z } from 'zod';
import type { WebDataApi } from '../../src/extension';
import { activate, storageOf } from './suite/helpers-account';

const Ask = z.discriminatedUnion('action', [
  z.object({ id: z.number(), action: z.literal('ready') }),
  z.object({ id: z.number(), action: z.literal('spendToday'), args: z.object({ atLeast: z.number() }) }),
  z.object({ id: z.number(), action: z.literal('events'), args: z.object({ jobId: z.string(), listed: z.boolean() }) }),
  z.object({ id: z.number(), action: z.literal('jobRows'), args: z.object({ id: z.string() }) }),
  z.object({ id: z.number(), action: z.literal('reload') }),
  z.object({ id: z.number(), action: z.literal('search'), args: z.object({ query: z.string() }) }),
]);
type Ask = z.infer<typeof Ask>;

const WAIT_MS = 20_000;
/** This start of the script: a reload of the window starts it again, with another. */
const RUN = `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** Polls `check` every 100 ms until it holds or WAIT_MS pass; resolves either way (the suite asserts on the answer). */
async function waitUntil(check: () => boolean | Promise<boolean>): Promise<void> {
  const end = Date.now() + WAIT_MS;
  while (!(await check()) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
}

async function jobIds(api: WebDataApi): Promise<string[]> {
  const rows = (await api.crawls.tree.getChildren()) ?? [];
  return rows.flatMap((row) => (row.kind === 'job' ? [row.id] : []));
}

async function answer(api: WebDataApi, ask: Ask): Promise<unknown> {
  switch (ask.action) {
    case 'ready':
      return { windowId: storageOf(api).windowId, run: RUN };
    case 'spendToday':
      await waitUntil(() => api.spend.today().person >= ask.args.atLeast);
      return api.spend.today();
    case 'events': {
      const { jobId, listed } = ask.args;
      await waitUntil(() => api.webhooks.events.some((e) => e.jobId === jobId) === listed);
      return { jobIds: api.webhooks.events.map((e) => e.jobId ?? '') };
    }
    case 'jobRows':
      await waitUntil(async () => (await jobIds(api)).includes(ask.args.id));
      return { ids: await jobIds(api), run: RUN };
    case 'search': {
      // A person's search there, as the palette's Search command runs it with its request.
      const record = await vscode.commands.executeCommand<{ response: { creditsUsed?: number } } | undefined>('webData.search', { query: ask.args.query, limit: 3 });
      return { creditsUsed: record?.response.creditsUsed ?? 0 };
    }
    case 'reload':
      return { reloading: RUN };
  }
}

async function call(path: string, init?: { body: unknown }): Promise<Response> {
  const base = process.env.WEBDATA_TEST_WINDOWS_URL;
  if (!base) throw new Error('WEBDATA_TEST_WINDOWS_URL is not set: run through npm run test:host');
  return fetch(`${base}${path}`, init ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) } : {});
}

export async function run(): Promise<void> {
  const api = await activate();
  // The key the suites use; this window's jobs are restored once it has one.
  const apiKey = process.env.WEBDATA_TEST_API_KEY;
  if (apiKey) await vscode.commands.executeCommand('webData.setApiKey', { apiKey });
  const { instance } = z.object({ instance: z.number() }).parse(await (await call('/hello', { body: {} })).json());
  for (;;) {
    const response = await call(`/next?instance=${instance}`);
    if (response.status === 410) return;
    if (response.status !== 200) continue;
    const ask = Ask.parse(await response.json());
    try {
      await call('/answer', { body: { id: ask.id, result: await answer(api, ask) } });
    } catch (error) {
      await call('/answer', { body: { id: ask.id, error: error instanceof Error ? error.stack ?? error.message : String(error) } });
    }
    if (ask.action === 'reload') {
      // Asks wait for the script the reload starts again.
      await vscode.commands.executeCommand('workbench.action.reloadWindow');
      return new Promise<void>(() => undefined);
    }
  }
}
