// Shared by the connect, usage and crawls host suites: the extension's test API, the emulator's
// admin endpoint, and a bounded wait. Each suite uses its own emulated team (its own key), so the
// suites cannot disturb each other's usage or crawls, and puts the demo key back when done.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import type { ActiveCrawl, TokenUsage } from '../../../src/core/api/schemas';
import type { FaultRule } from '../../emulator/types';

export const EXTENSION_ID = 'web-data.web-data';

export function env(name: 'WEBDATA_TEST_BASE_URL' | 'WEBDATA_TEST_API_KEY' | 'WEBDATA_TEST_ADMIN_URL' | 'WEBDATA_TEST_USER_DATA_DIR' | 'WEBDATA_TEST_WINDOWS_URL'): string {
  const value = process.env[name];
  assert.ok(value, `${name} is not set: run through npm run test:host`);
  return value;
}

export async function activate(): Promise<WebDataApi> {
  const extension = vscode.extensions.getExtension<WebDataApi>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not installed in the test host`);
  const api = await extension.activate();
  assert.ok(typeof api.usage === 'object' && typeof api.crawls === 'object', 'activate() did not return the test API { usage, crawls }');
  return api;
}

/** The extension's mementos: activate() hands them out only under test (ExtensionMode.Test). */
export function storageOf(api: WebDataApi): NonNullable<WebDataApi['storage']> {
  assert.ok(api.storage, 'activate() returned no storage: VS Code is not running the extension in test mode');
  return api.storage;
}

async function admin(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${env('WEBDATA_TEST_ADMIN_URL')}${path}`, {
    method,
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await response.json();
  assert.equal(response.status, 200, `${method} ${path}: ${JSON.stringify(json)}`);
  return json;
}

export const emulator = {
  addTeam: (team: { apiKey: string; usage?: TokenUsage | null; crawls?: ActiveCrawl[]; history?: Array<{ at: number; endpoint: string; credits: number; id: string; apiKey: string; target: string | null }> }) => admin('POST', '/teams', team),
  setUsage: (apiKey: string, usage: TokenUsage | null) => admin('PUT', `/teams/${encodeURIComponent(apiKey)}/usage`, usage),
  setCrawls: (apiKey: string, crawls: ActiveCrawl[]) => admin('PUT', `/teams/${encodeURIComponent(apiKey)}/crawls`, crawls),
  injectFault: (rule: Omit<FaultRule, 'times'> & { times?: number | 'Infinity' }) => admin('POST', '/faults', rule),
  clearFaults: () => admin('DELETE', '/faults'),
  /** The last 50 API requests, oldest first, and how many in all (the search suite uses this). */
  async requests(): Promise<{ count: number; recent: RecentRequest[] }> {
    const state = (await admin('GET', '/state')) as RecentState;
    return { count: state.requestCount, recent: state.recentRequests };
  },
  /** How many API requests the emulator has answered (admin calls are not counted). */
  async requestCount(): Promise<number> {
    return ((await admin('GET', '/state')) as RecentState).requestCount;
  },
  /** The API requests answered since `count` was read (at most the last 50). */
  async requestsSince(count: number): Promise<RecentRequest[]> {
    const state = (await admin('GET', '/state')) as RecentState;
    const fresh = state.requestCount - count;
    return fresh <= 0 ? [] : state.recentRequests.slice(-fresh);
  },
};

interface RecentRequest { method: string; path: string; status: number }
interface RecentState { requestCount: number; recentRequests: RecentRequest[] }

/** A tooltip's markdown back to its text (the extension backslash-escapes markdown syntax). */
export function plainText(markdown: string | undefined): string {
  return (markdown ?? '').replace(/\\(.)/g, '$1');
}

/** Stores a key through the command, as a keybinding or another extension would. */
export async function useKey(apiKey: string): Promise<void> {
  const ok = await vscode.commands.executeCommand<boolean>('webData.setApiKey', { apiKey });
  assert.equal(ok, true, 'webData.setApiKey refused a key the emulator knows');
}

/** Puts the demo key back for the suites that follow. */
export async function restoreDemoKey(): Promise<void> {
  await emulator.clearFaults();
  await useKey(env('WEBDATA_TEST_API_KEY'));
}

/** Polls `check` every 50 ms until it holds or `ms` pass; fails with `what` then. */
/**
 * Moves the emulator's clock forward (its admin endpoint, loopback only): monitors' due checks run
 * then, and browser sessions expire by it.
 */
export async function moveClock(ms: number): Promise<number> {
  const response = await fetch(`${process.env.WEBDATA_TEST_ADMIN_URL ?? ''}/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: ms }) });
  assert.equal(response.status, 200);
  const { now } = await response.json() as { now: string };
  return Date.parse(now);
}

/**
 * Moves the emulator's clock to 30 s past `when` (a time the service named, as a watch's nextRunAt):
 * a fixed jump from an unknown hour may pass two of a schedule's runs when the hour sits just
 * before one of them.
 */
export async function moveClockPast(when: string): Promise<void> {
  const now = await moveClock(0);
  await moveClock(Math.max(0, Date.parse(when) + 30_000 - now));
}

/**
 * Looks every 50 ms until `check` holds, failing after `ms`. The bound is a hang detector, not a
 * goal: in `npm test` both VS Code versions and the end-to-end run share 2 cores, and a host run
 * there takes more than twice as long as alone (CI: 737 s; a floor run alone here: about 330 s),
 * so the 5 s this waited by default left a condition met in 2 s alone little room.
 */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (let i = 0; i < 10_000 && Date.now() < deadline; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));   // the spacing of the looks
  }
  assert.fail(`timed out after ${ms} ms waiting for ${what}`);
}

export function usageFor(remainingTokens: number, planTokens = 150_000, dates: { start: string | null; end: string | null } = periodAroundNow()): TokenUsage {
  return { remainingTokens, planTokens, billingPeriodStart: dates.start, billingPeriodEnd: dates.end };
}

/** A billing period that started 10 days ago and ends in 20 days and a bit. */
export function periodAroundNow(): { start: string; end: string } {
  const day = 24 * 60 * 60 * 1000;
  return { start: new Date(Date.now() - 10 * day).toISOString(), end: new Date(Date.now() + 20.5 * day).toISOString() };
}

/** The "Web Data" output channel's log text: every `<exthost logs>/output_logging_*\/N-Web Data.log`, joined. */
export function webDataLogText(logUri: vscode.Uri): string {
  const found: string[] = [];
  const walk = (dir: string, depth: number): void => {
    if (depth > 3) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full, depth + 1);
      else if (/Web Data\.log$/.test(entry.name)) found.push(fs.readFileSync(full, 'utf8'));
    }
  };
  walk(path.dirname(logUri.fsPath), 0);
  return found.join('\n');
}
