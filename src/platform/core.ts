// dist/core.js: undici, zod, the API client and the webhook receiver (src/core/entry.ts), required
// on first use, never at activation. With a key stored that is the first credits refresh, right
// after startup; without one, activation loads none of it (see the README's Benchmarks).
// The path is computed so esbuild leaves the require alone.
import * as path from 'node:path';
import type * as Core from '../core/entry';

export type CoreModule = typeof Core;

let loaded: CoreModule | undefined;

export function loadCore(): CoreModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require(path.join(__dirname, 'core.js')) as CoreModule;
  return loaded;
}
