// Types for browser.mjs (used from the TypeScript e2e tests).
import type { Browser } from 'playwright-core';

export declare const CHROMIUM_FLAGS: string[];
export declare function launchChromium(options: { runDir: string; executablePath?: string }): Promise<Browser>;
