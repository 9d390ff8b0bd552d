// dist/ui.js: command bodies and the webhook feature (src/features/entry.ts), loaded on first use,
// so that activation parses and runs only the registrations.
import type * as Ui from '../features/entry';
import { lazyBundle } from './lazy-bundle';

export type UiModule = typeof Ui;

export const loadUi = lazyBundle<UiModule>('ui.js');
