// VS Code's own network settings (the `http.*` section), which requests to the service follow:
// Web Data opens its own connections, which VS Code's proxy support does not cover (see
// src/core/api/network.ts). Kept apart from ./settings.ts, which holds only webData.* settings.
import * as vscode from 'vscode';
import type { NetworkOptions } from '../core/api/network';

/** VS Code's own network settings that requests to the service follow (see ../core/api/network). */
export const NETWORK_SETTINGS = ['http.proxy', 'http.noProxy', 'http.proxyStrictSSL', 'http.proxyAuthorization', 'http.systemCertificates', 'http.proxySupport'] as const;

/**
 * Read on every request, so a change applies to the next one. VS Code scopes http.proxy and its
 * kin to the application or machine: a workspace folder (trusted or not) cannot set them.
 */
export function networkSettings(): NetworkOptions {
  const http = vscode.workspace.getConfiguration('http');
  const authorization = http.get<unknown>('proxyAuthorization');
  const noProxy = http.get<unknown>('noProxy');
  return {
    proxy: http.get<string>('proxy', '') || undefined,
    noProxy: Array.isArray(noProxy) ? noProxy.filter((entry): entry is string => typeof entry === 'string') : [],
    proxyAuthorization: typeof authorization === 'string' && authorization.trim() !== '' ? authorization : undefined,
    strictSSL: http.get<boolean>('proxyStrictSSL', true),
    systemCertificates: http.get<boolean>('systemCertificates', true),
    proxySupport: http.get<string>('proxySupport', 'override') !== 'off',
  };
}
