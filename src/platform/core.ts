// dist/core.js: undici, zod, the API client and the webhook receiver (src/core/entry.ts), loaded
// on first use, never at activation.
import type * as Core from '../core/entry';
import { lazyBundle } from './lazy-bundle';

export type CoreModule = typeof Core;

export const loadCore = lazyBundle<CoreModule>('core.js');
