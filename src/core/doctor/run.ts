// Web Data: Check Connection, as a sequence: the settings in force, the name, the TCP connection,
// the proxy's CONNECT, TLS, the key, the webhook receiver. Each hop is timed; the first that
// fails says what to change and the rest are skipped. The route and the trust lists come from
// ../api/network (what the client's dispatcher uses); the key is asked with the client itself.
import type { Socket } from 'node:net';
import { bypassed, routeFor, tlsOptions, trustSources, type NetworkOptions, type Route } from '../api/network';
import { CERTIFICATES_SETTING, meaningOf, PROXY_SETTING } from '../failure-table';
import { fullSettingKey, Setting } from '../ids';
import { parseServiceAddress, type AddressProblem, type ServiceAddress } from '../service-address';
import { ProbeError, type DoctorProbes } from './probes';
import type { DoctorReport, Fact, Fix, Hop, HopId, HopStatus } from './types';

export interface KeyAnswer {
  /** 200, or the service's status; 0 when no answer came. */
  status: number;
  /** The client's error kind when it failed. */
  kind?: string;
  remainingTokens?: number;
}

export interface WebhookCheck {
  address: string;
  forwarded?: string;
  secretSet: boolean;
  /** Posts a signed test delivery to `forwarded ?? address`; the receiver's status. */
  deliver(): Promise<number>;
}

export interface DoctorInput {
  baseUrl: string | undefined;
  network: NetworkOptions;
  /** GET /v2/team/token-usage through the client; undefined when no key is stored. */
  tokenUsage?: () => Promise<KeyAnswer>;
  /** Present when the webhook receiver runs. */
  webhook?: WebhookCheck;
}

const ORDER: readonly HopId[] = ['settings', 'dns', 'tcp', 'proxy', 'tls', 'key', 'webhook'];

type Step = { status: HopStatus; facts: Fact[]; fix?: Fix };

export async function runDoctor(input: DoctorInput, probes: DoctorProbes, now: () => number = () => performance.now()): Promise<DoctorReport> {
  const hops: Hop[] = [];
  let failed: HopId | undefined;
  let socket: Socket | undefined;
  const run = async (id: HopId, step: () => Promise<Step> | Step): Promise<void> => {
    if (failed !== undefined) return void hops.push({ id, status: 'skipped', ms: 0, facts: [] });
    const started = now();
    let result: Step;
    try {
      result = await step();
    } catch (error) {
      result = { status: 'failed', facts: [{ kind: 'error', code: error instanceof ProbeError ? error.code : 'ERROR' }], fix: { fix: 'wait' } };
    }
    hops.push({ id, ms: Math.max(0, Math.round(now() - started)), ...result });
    if (result.status === 'failed') failed = id;
  };

  const check = parseServiceAddress(input.baseUrl);
  const address: ServiceAddress | undefined = check.ok ? check.address : undefined;
  const route: Route = address ? routeFor(address, input.network) : { kind: 'direct' };
  const proxy = route.kind === 'proxy' ? route.proxy : undefined;
  const serviceUrl = address ? new URL(address.origin) : undefined;
  const servicePort = serviceUrl ? Number(serviceUrl.port || (serviceUrl.protocol === 'https:' ? 443 : 80)) : 0;
  const target = proxy ? proxy.url : serviceUrl;
  const targetPort = target ? Number(target.port || (target.protocol === 'https:' ? 443 : 80)) : 0;
  // What to change when the name or the connection fails: the proxy's setting, or the address.
  const reachFix = (detail: string): Fix => (proxy
    ? { fix: 'proxy-setting', ...(proxy.source === 'http.proxy' ? { setting: PROXY_SETTING } : { variable: proxy.source }), detail }
    : { fix: 'service-address', setting: fullSettingKey(Setting.baseUrl), detail });

  try {
    await run('settings', () => settingsHop(input, address, route, check.ok ? undefined : check.problem.kind));
    await run('dns', async () => {
      const host = (target as URL).hostname;
      try {
        return { status: 'ok', facts: [{ kind: 'resolved', host, addresses: await probes.lookup(host) }] };
      } catch (error) {
        return { status: 'failed', facts: [{ kind: 'error', code: codeOf(error) }], fix: reachFix('unresolved') };
      }
    });
    await run('tcp', async () => {
      const host = (target as URL).hostname;
      try {
        socket = await probes.openTcp(host, targetPort);
        return { status: 'ok', facts: [{ kind: 'connected', host, port: targetPort }] };
      } catch (error) {
        return { status: 'failed', facts: [{ kind: 'error', code: codeOf(error) }], fix: reachFix('refused') };
      }
    });
    await run('proxy', async () => {
      if (!proxy || !serviceUrl) return { status: 'not-needed', facts: [] };
      if (proxy.url.protocol === 'https:') socket = (await probes.tlsHandshake(socket as Socket, proxy.url.hostname, tlsOptions(input.network))).socket;
      const credentials = proxy.url.username
        ? `Basic ${Buffer.from(`${decodeURIComponent(proxy.url.username)}:${decodeURIComponent(proxy.url.password)}`).toString('base64')}`
        : proxy.authorization;
      const connectTo = `${serviceUrl.hostname}:${servicePort}`;
      const status = await probes.proxyConnect(socket as Socket, connectTo, credentials);
      const facts: Fact[] = [{ kind: 'proxy-answer', status, target: connectTo }];
      if (status === 200) return { status: 'ok', facts };
      const where = proxy.source === 'http.proxy';
      if (status === 407 || status === 401) return { status: 'failed', facts, fix: { fix: 'proxy-credentials', ...(where ? { setting: 'http.proxyAuthorization' } : { variable: proxy.source }) } };
      if (status === 403) return { status: 'failed', facts, fix: { fix: 'proxy-allow', ...(where ? { setting: 'http.noProxy' } : { variable: 'NO_PROXY' }), detail: serviceUrl.hostname } };
      return { status: 'failed', facts, fix: { ...reachFix('status'), detail: 'status' } };
    });
    await run('tls', async () => {
      if (!serviceUrl || serviceUrl.protocol !== 'https:') return { status: 'not-needed', facts: [] };
      const options = tlsOptions(input.network);
      const found = await probes.tlsHandshake(socket as Socket, serviceUrl.hostname, options);
      socket = found.socket;
      const trusted = found.error === undefined;
      const facts: Fact[] = [{
        kind: 'tls', protocol: found.protocol, subject: found.subject, issuer: found.issuer, validTo: found.validTo,
        trustedBy: trusted ? probes.trustedBy(found.socket, trustSources(input.network)) : 'not-checked',
      }];
      if (trusted) return { status: 'ok', facts };
      facts.push({ kind: 'error', code: found.error ?? 'ERROR' });
      const fix = certificateFix(found.error ?? '');
      // With http.proxyStrictSSL off the client goes on regardless: say so, do not stop.
      return { status: input.network.strictSSL === false ? 'warning' : 'failed', facts, fix };
    });
  } finally {
    socket?.destroy();
  }
  await run('key', async () => {
    if (!input.tokenUsage) return { status: 'failed', facts: [], fix: { fix: 'api-key', detail: 'no-key' } };
    const answer = await input.tokenUsage();
    // 404 with the service's words: no usage information yet, but the key was accepted. A 200 whose
    // body the client could not read (bad-response) is a failure like any other.
    const passed = (answer.status === 200 && answer.kind === undefined) || (answer.status === 404 && answer.kind === 'no-usage');
    const facts: Fact[] = [{ kind: 'key', status: answer.status, remainingTokens: answer.remainingTokens, ...(passed ? {} : { failure: answer.kind ?? 'unknown' }) }];
    if (passed) return { status: 'ok', facts };
    const meaning = meaningOf(answer.kind);
    const fix: Fix = { fix: meaning?.fix ?? 'wait' };
    if (meaning?.setting !== undefined) fix.setting = meaning.setting;
    if (answer.status === 401) fix.detail = 'refused';
    return { status: 'failed', facts, fix };
  });
  await run('webhook', async () => {
    const hook = input.webhook;
    if (!hook) return { status: 'not-needed', facts: [] };
    const status = await hook.deliver().catch(() => 0);
    const facts: Fact[] = [{ kind: 'webhook', address: hook.address, forwarded: hook.forwarded, secretSet: hook.secretSet, deliveryStatus: status }];
    if (status >= 200 && status < 300) return { status: hook.secretSet ? 'ok' : 'warning', facts, fix: hook.secretSet ? undefined : { fix: 'webhook-receiver', detail: 'no-secret' } };
    return { status: 'failed', facts, fix: { fix: 'webhook-receiver', detail: 'delivery' } };
  });
  for (const id of ORDER.slice(hops.length)) hops.push({ id, status: 'skipped', ms: 0, facts: [] });
  return { at: new Date(), hops, failed };
}

function codeOf(error: unknown): string {
  return error instanceof ProbeError ? error.code : 'ERROR';
}

function certificateFix(code: string): Fix {
  if (code === 'CERT_HAS_EXPIRED') return { fix: 'certificate-renewal', detail: 'expired' };
  if (code === 'CERT_NOT_YET_VALID') return { fix: 'certificate-renewal', detail: 'not-yet-valid' };
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code.startsWith('Hostname/IP')) return { fix: 'certificate-renewal', detail: 'host-name' };
  return { fix: 'certificates', setting: CERTIFICATES_SETTING, variable: 'NODE_EXTRA_CA_CERTS', detail: 'untrusted' };
}

function settingsHop(input: DoctorInput, address: ServiceAddress | undefined, route: Route, problem: AddressProblem['kind'] | undefined): Step {
  // plain-http: an http:// address off this machine, where the key would travel in clear text.
  if (!address) return { status: 'failed', facts: [], fix: { fix: 'service-address', setting: fullSettingKey(Setting.baseUrl), ...(problem === 'plain-http' ? { detail: problem } : {}) } };
  const env = input.network.env ?? process.env;
  const entries = [...(input.network.noProxy ?? []), ...(env.no_proxy || env.NO_PROXY || '').split(/[\s,]+/).filter((e) => e !== '')];
  const sources = trustSources(input.network);
  const facts: Fact[] = [
    { kind: 'address', baseUrl: address.baseUrl },
    routeFact(address, route, input.network),
    { kind: 'no-proxy', entries, matched: entries.filter((entry) => bypassed(address, [entry])) },
    { kind: 'strict-ssl', on: input.network.strictSSL !== false },
    { kind: 'certificate-sources', node: sources.node.length, system: sources.system?.length ?? 'off', extraFile: sources.extraFile, extra: sources.extraFile ? sources.extra.length : undefined },
  ];
  if (route.kind === 'invalid-proxy') {
    return { status: 'failed', facts, fix: { fix: 'proxy-setting', ...(route.source === 'http.proxy' ? { setting: PROXY_SETTING } : { variable: route.source }), detail: route.problem } };
  }
  return { status: input.network.strictSSL === false ? 'warning' : 'ok', facts };
}

function routeFact(address: ServiceAddress, route: Route, network: NetworkOptions): Fact {
  if (route.kind === 'proxy') return { kind: 'route', route: 'proxy', proxyHost: route.proxy.host, source: route.proxy.source, withCredentials: route.proxy.url.username !== '' || route.proxy.authorization !== undefined };
  if (route.kind === 'invalid-proxy') return { kind: 'route', route: 'invalid-proxy', source: route.source };
  if (address.loopback) return { kind: 'route', route: 'loopback' };
  return { kind: 'route', route: network.proxySupport === false ? 'proxy-support-off' : 'direct' };
}
