// Loads dist/core.js (undici, zod, the API client, the webhook receiver) on first use, so that
// activation loads none of it. The path is computed so esbuild leaves the require alone.
import * as path from 'node:path';
import type * as Core from '../core/entry';

export type CoreModule = typeof Core;

let loaded: CoreModule | undefined;

export function loadCore(): CoreModule {
  if (!loaded) {
    const corePath = path.join(__dirname, 'core.js');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require(corePath) as CoreModule;
  }
  return loaded;
}
