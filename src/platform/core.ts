// dist/core.js: undici, zod, the API client and the webhook receiver (src/core/entry.ts), required
// on first use, never at activation. With a key stored that is the first credits refresh, right
// after startup; without one, activation loads none of it (see the README's Benchmarks).
// It is required through V8's code cache (src/platform/bundles.ts) once activation has said where
// that is. The path is computed so esbuild leaves the require alone.
import { join } from 'node:path';
import { requireBundle } from './bundles';
import type { WebDataError } from '../core/api';
import type { WebhookReceiverError } from '../core/webhooks';
import type * as Core from '../core/entry';

export type CoreModule = typeof Core;

let loaded: CoreModule | undefined;
let codeCacheDir: string | undefined;

/** Where loadCore keeps V8's code cache of dist/core.js; undefined requires it plainly. */
export function cacheCoreIn(dir: string | undefined): void {
  codeCacheDir = dir;
}

export function loadCore(): CoreModule {
  loaded ??= requireBundle(join(__dirname, 'core.js'), codeCacheDir, require) as CoreModule;
  return loaded;
}

/**
 * The client's error, by `instanceof` in dist/core.js, the one bundle that defines the class
 * (dist/extension.js holds no copy of it). Nothing can have thrown one before that bundle loaded.
 */
export function isWebDataError(err: unknown): err is WebDataError {
  return loaded !== undefined && loaded.isWebDataError(err);
}

/** The receiver's error, by `instanceof` in dist/core.js too. */
export function isWebhookReceiverError(err: unknown): err is WebhookReceiverError {
  return loaded !== undefined && err instanceof loaded.WebhookReceiverError;
}
