// The doctor's report in words: the core's hops and facts as one markdown document (shown
// read-only, and what Copy Report copies), and the verdict line of the notification. Certificate
// names and addresses are outside text: made inert for markdown. Never a key, secret or password:
// the core's facts hold none, and the feature redacts the text once more before showing it.
import * as vscode from 'vscode';
import type { Fact, Fix, Hop, HopId, HopStatus } from '../../core/doctor/types';
import { CERTIFICATES_SETTING } from '../../core/failure-table';
import { inertMarkdown } from '../../core/text/inert';
import { tokensToCredits } from '../../core/billing';
import { formatNumber, safeLocale } from '../../core/intl';

const md = (text: string): string => inertMarkdown(text, 300);
const code = (text: string): string => `\`${text.replace(/`/g, "'")}\``;

function hopName(id: HopId): string {
  switch (id) {
    case 'settings': return vscode.l10n.t('Settings in force');
    case 'dns': return vscode.l10n.t('Name resolution');
    case 'tcp': return vscode.l10n.t('TCP connection');
    case 'proxy': return vscode.l10n.t('Proxy CONNECT');
    case 'tls': return vscode.l10n.t('TLS');
    case 'key': return vscode.l10n.t('API key');
    case 'webhook': return vscode.l10n.t('Webhook receiver');
  }
}

function statusWord(status: HopStatus): string {
  switch (status) {
    case 'ok': return vscode.l10n.t('passed');
    case 'failed': return vscode.l10n.t('FAILED');
    case 'warning': return vscode.l10n.t('passed, with a warning');
    case 'skipped': return vscode.l10n.t('skipped: an earlier hop failed');
    case 'not-needed': return vscode.l10n.t('not needed');
  }
}

function factLine(fact: Fact): string {
  switch (fact.kind) {
    case 'address': return vscode.l10n.t('Service address: {0} (webData.baseUrl)', code(fact.baseUrl));
    case 'route':
      switch (fact.route) {
        case 'proxy': return vscode.l10n.t('Proxy: {0}, from {1}{2}', code(fact.proxyHost ?? ''), code(fact.source ?? ''), fact.withCredentials ? vscode.l10n.t(' (with credentials, not shown)') : '');
        case 'invalid-proxy': return vscode.l10n.t('Proxy: the value of {0} cannot be used', code(fact.source ?? ''));
        case 'loopback': return vscode.l10n.t('Proxy: none (the service is on this machine, so no proxy is used)');
        case 'proxy-support-off': return vscode.l10n.t('Proxy: none (http.proxySupport is off)');
        case 'direct': return vscode.l10n.t('Proxy: none (no http.proxy setting and no proxy variable)');
      }
      break;
    case 'no-proxy':
      return fact.entries.length === 0 ? vscode.l10n.t('No-proxy list (http.noProxy, NO_PROXY): empty')
        : vscode.l10n.t('No-proxy list: {0}; matching the service: {1}', fact.entries.map(code).join(', '), fact.matched.length === 0 ? vscode.l10n.t('none') : fact.matched.map(code).join(', '));
    case 'strict-ssl': return fact.on ? vscode.l10n.t('http.proxyStrictSSL: on (certificates are checked)') : vscode.l10n.t('http.proxyStrictSSL: OFF: certificates are not checked, so anyone on the network path could read the requests, the key included');
    case 'certificate-sources':
      return vscode.l10n.t('Certificates trusted: {0} built into VS Code\'s Node.js; system store: {1}; NODE_EXTRA_CA_CERTS: {2}',
        String(fact.node), fact.system === 'off' ? vscode.l10n.t('off (http.systemCertificates)') : String(fact.system),
        fact.extraFile ? vscode.l10n.t('{0} (certificates in it: {1})', code(fact.extraFile), String(fact.extra ?? 0)) : vscode.l10n.t('not set'));
    case 'resolved': return vscode.l10n.t('{0} resolves to {1}', code(fact.host), fact.addresses.map(code).join(', '));
    case 'connected': return vscode.l10n.t('Connected to {0} port {1}', code(fact.host), String(fact.port));
    case 'proxy-answer': return vscode.l10n.t('The proxy answered {0} to CONNECT {1}', String(fact.status), code(fact.target));
    case 'tls':
      return vscode.l10n.t('Protocol {0}; certificate for {1}, issued by {2}, valid until {3}; trusted by: {4}', md(fact.protocol), md(fact.subject || '?'), md(fact.issuer || '?'), fact.validTo || '?', trustWord(fact.trustedBy));
    case 'key':
      return fact.status === 200 && fact.failure === undefined ? vscode.l10n.t('GET /v2/team/token-usage answered 200: the key works ({0})', creditsLeft(fact.remainingTokens))
        : fact.status === 404 && fact.failure === undefined ? vscode.l10n.t('GET /v2/team/token-usage answered 404: no usage information yet, but the key works')
          : vscode.l10n.t('GET /v2/team/token-usage answered {0}', fact.status === 0 ? vscode.l10n.t('nothing') : String(fact.status));
    case 'webhook':
      return [
        vscode.l10n.t('Listening at {0}', code(fact.address)),
        ...(fact.forwarded && fact.forwarded !== fact.address ? [vscode.l10n.t('Forwarded address (Copy URL): {0}', code(fact.forwarded))] : []),
        vscode.l10n.t('Webhook secret: {0}', fact.secretSet ? vscode.l10n.t('set') : vscode.l10n.t('not set')),
        vscode.l10n.t('Signed test delivery from this machine: {0}', fact.deliveryStatus ? vscode.l10n.t('answered {0}', String(fact.deliveryStatus)) : vscode.l10n.t('no answer')),
      ].join('\n- ');
    case 'error': return vscode.l10n.t('Error: {0}', code(fact.code));
  }
  return '';
}

function trustWord(by: string): string {
  switch (by) {
    case 'extra-file': return vscode.l10n.t('the NODE_EXTRA_CA_CERTS file');
    case 'node': return vscode.l10n.t('VS Code\'s built-in authorities');
    case 'system': return vscode.l10n.t('the operating system\'s store');
    case 'not-checked': return vscode.l10n.t('none');
    default: return vscode.l10n.t('an authority in the combined list');
  }
}

/** What to change, in one sentence: the setting, the variable, the certificate. */
function fixWords(fix: Fix): string {
  const where = fix.setting ? vscode.l10n.t('the {0} setting', code(fix.setting)) : fix.variable ? vscode.l10n.t('the {0} environment variable', code(fix.variable)) : '';
  switch (fix.fix) {
    case 'service-address':
      return fix.detail === 'unresolved' ? vscode.l10n.t('The service\'s host name does not resolve: correct the service address ({0}), or check this machine\'s DNS.', where)
        : fix.detail === 'refused' ? vscode.l10n.t('Nothing answers at the service\'s address and port: correct the service address ({0}), or check that the service runs.', where)
          : fix.detail === 'plain-http' ? vscode.l10n.t('The API key is sent only over https://, except to a service on this machine: use the https:// address in {0} (Web Data: Connect).', where)
            : vscode.l10n.t('Set a valid service address in {0} (Web Data: Connect).', where);
    case 'proxy-setting':
      return fix.detail === 'unresolved' ? vscode.l10n.t('The proxy\'s host name does not resolve: correct the proxy in {0}.', where)
        : fix.detail === 'refused' ? vscode.l10n.t('The proxy does not accept connections: correct {0}, or check that the proxy runs.', where)
          : vscode.l10n.t('Correct the proxy in {0} (an http:// or https:// address such as http://proxy.example.com:3128).', where);
    case 'proxy-credentials':
      return vscode.l10n.t('The proxy wants credentials (407): put the user and password in the proxy address, or set {0}.', where);
    case 'proxy-allow':
      return vscode.l10n.t('The proxy refuses connections to {0}: ask whoever runs it to allow that host, or add it to {1} if it can be reached without the proxy.', code(fix.detail ?? ''), where);
    case 'certificates':
      return vscode.l10n.t('The certificate is not trusted by this machine. If your company inspects TLS, trust its certificate authority: add it to the operating system\'s store (with {0} on) or name its file in {1}, then restart VS Code.', code(CERTIFICATES_SETTING), code('NODE_EXTRA_CA_CERTS'));
    case 'certificate-renewal':
      return fix.detail === 'host-name' ? vscode.l10n.t('The certificate is for another host name: check the service address, or ask the certificate\'s owner for one that names this host.')
        : vscode.l10n.t('The certificate is not valid today ({0}): whoever runs the service (or the TLS inspection) must renew it; also check this machine\'s clock.', fix.detail === 'expired' ? vscode.l10n.t('expired') : vscode.l10n.t('not yet valid'));
    case 'api-key':
      return fix.detail === 'no-key' ? vscode.l10n.t('No API key is stored for this address: run Web Data: Connect….') : vscode.l10n.t('The service refused the key (401): run Web Data: Connect… with a valid key.');
    case 'credits': return vscode.l10n.t('The team has no credits left (402): add credits or upgrade the plan in the service\'s dashboard.');
    case 'plan': return vscode.l10n.t('The team\'s plan does not include this (403).');
    case 'webhook-receiver':
      return fix.detail === 'no-secret' ? vscode.l10n.t('Set a webhook secret (Web Data: Set Webhook Secret) so the receiver can tell the service\'s deliveries from anyone else\'s.')
        : vscode.l10n.t('The receiver did not accept a signed delivery at its copied address: check webData.webhooks.port, the bind address and the port forwarding.');
    case 'wait': return vscode.l10n.t('The service or the network did not answer in time: try again in a minute.');
    case 'request': return vscode.l10n.t('See the log for the request that failed.');
  }
}

export function verdict(hops: readonly Hop[], failed: HopId | undefined): string {
  if (failed === undefined) {
    const warned = hops.filter((h) => h.status === 'warning').map((h) => hopName(h.id));
    return warned.length === 0 ? vscode.l10n.t('Connection check: every hop passed.') : vscode.l10n.t('Connection check: every hop passed; see the warnings for {0}.', warned.join(', '));
  }
  const hop = hops.find((h) => h.id === failed);
  return vscode.l10n.t('Connection check failed at {0}. {1}', hopName(failed), hop?.fix ? fixWords(hop.fix) : '');
}

export function reportMarkdown(hops: readonly Hop[], failed: HopId | undefined, at: Date, versions: string): string {
  const lines = [`# ${vscode.l10n.t('Web Data: connection report')}`, '', `${at.toISOString()} · ${versions}`, '', `**${verdict(hops, failed)}**`, ''];
  hops.forEach((hop, i) => {
    lines.push(`## ${i + 1}. ${hopName(hop.id)}: ${statusWord(hop.status)}${hop.status === 'skipped' || hop.status === 'not-needed' ? '' : ` (${hop.ms} ms)`}`, '');
    for (const fact of hop.facts) lines.push(`- ${factLine(fact)}`);
    if (hop.fix && (hop.status === 'failed' || hop.status === 'warning')) lines.push('', `**${vscode.l10n.t('What to change')}:** ${fixWords(hop.fix)}`);
    lines.push('');
  });
  return lines.join('\n');
}

/** The key's credits as the status bar says them: credits, not tokens, with the locale's separators. */
function creditsLeft(remainingTokens: number | undefined): string {
  if (remainingTokens === undefined) return vscode.l10n.t('credits left unknown');
  const credits = tokensToCredits(remainingTokens);
  return credits === 1 ? vscode.l10n.t('1 credit left') : vscode.l10n.t('{0} credits left', formatNumber(credits, safeLocale(vscode.env.language)));
}
