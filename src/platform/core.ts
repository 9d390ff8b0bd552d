// The bundles of dist/ that load on first use, through the loader src/main.ts made (src/platform/bundles.ts,
// V8's code cache): dist/core.js (undici, zod, the API client and the webhook receiver,
// src/core/entry.ts), never at activation (with a key stored it is the first credits refresh, right
// after startup; without one, nothing loads it), and each feature's dist/feature-<name>.js
// (src/platform/features.ts).
import type { Bundles } from './bundles';
import type { WebDataError } from '../core/api';
import type { WebhookReceiverError } from '../core/webhooks';
import type * as Core from '../core/entry';

export type CoreModule = typeof Core;

let loaded: CoreModule | undefined;
let bundles: Bundles | undefined;

/** The loader src/main.ts made, which every later bundle goes through. */
export function useBundles(loader: Bundles): void {
  bundles = loader;
}

function loader(): Bundles {
  if (!bundles) throw new Error('The extension was not started through dist/extension.js');
  return bundles;
}

export function loadCore(): CoreModule {
  loaded ??= loader().requireWhole('core.js') as CoreModule;
  return loaded;
}

/** A feature's bundle (dist/feature-<name>.js): its module's exports. */
export function loadFeatureBundle(name: string): unknown {
  return loader().require(`feature-${name}.js`);
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
