// The local Web Data Service emulator: a real node:http server on loopback that tests, benchmarks
// and the sandbox talk to. This file is its public surface (the contract in the team brief).
import { createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { ActiveCrawl, TokenUsage } from '../../src/core/api/schemas';
import { buildCorpus } from './corpus';
import { demoTeam } from './demo';
import { createHandler } from './server';
import { EmulatorState } from './state';
import type { Emulator, EmulatorOptions, FaultRule, RateLimit } from './types';
import { webhookControl } from './webhooks';
import { jobControl } from './job-control';
import { advanceMonitorClock } from './monitors';

export { DEMO_API_KEY } from './state';
export { corpusPage } from './corpus';
export { creditsFor, NO_RESULTS_WARNING } from './search';
export type { CorpusImage, CorpusPage } from './corpus';
export { makeExpiredCertificate, makeTestCertificates, SERVICE_HOST } from './tls';
export type { TestCertificates } from './tls';
export { freePort, startTinyproxy } from './proxy';
export type { TestProxy, TestProxyOptions } from './proxy';
export type { CrawlJobInit } from './jobs';
export { jobIdFor } from './jobs';
export { DEMO_JOBS } from './demo';
export { MAX_PAGE_BYTES } from './job-routes';
export type { Emulator, EmulatorFault, EmulatorOptions, EmulatorTeam, FaultRule, RateLimit, RecordedRequest } from './types';

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const now = options.now ?? ((): Date => new Date());
  const started = now();
  const state = new EmulatorState(buildCorpus(started), now, options.teams ?? [demoTeam(started)], options.rateLimit ?? null, options.log);
  state.demoPages = options.demoPages === true;
  const server = options.tls
    ? createHttpsServer({ keepAliveTimeout: 5000, key: options.tls.key, cert: options.tls.cert }, createHandler(state))
    : createServer({ keepAliveTimeout: 5000 }, createHandler(state));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `${options.tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | undefined;

  return {
    url,
    adminUrl: `${url}/_emulator`,
    requests: state.requests,
    addTeam: (team) => state.addTeam(team),
    setUsage: (apiKey: string, usage: TokenUsage | null) => void (state.team(apiKey).usage = usage === null ? null : { ...usage }),
    usageOf: (apiKey: string) => {
      const usage = state.team(apiKey).usage;
      return usage === null ? null : { ...usage };
    },
    setCrawls: (apiKey: string, crawls: ActiveCrawl[]) => void (state.team(apiKey).crawls = crawls),
    setRateLimit: (limit: RateLimit | null) => state.rateLimiter.set(limit),
    injectFault: (rule: FaultRule) => state.faults.add(rule),
    clearFaults: () => state.faults.clear(),
    corpusPage: (pageUrl: string) => state.corpus.byUrl.get(pageUrl)?.page,
    advanceMonitorClock: (ms: number) => advanceMonitorClock(state, ms),
    ...webhookControl(state),
    ...jobControl(state),
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        for (const timer of state.timers) clearTimeout(timer);
        state.timers.clear();
        server.close(() => resolve());
        // Keep-alive and half-answered sockets would hold close() open; end them all now.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
