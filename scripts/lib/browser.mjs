// Debian's Chromium headless shell through playwright-core (never `playwright install`: it downloads).
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../ensure-tools.mjs';

export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Launches chromium with its profile, crash reports and caches inside runDir; otherwise it
 * creates ~/.config/chromium and ~/.pki on every run.
 */
export async function launchChromium({ runDir, executablePath = CHROMIUM }) {
  const home = path.join(runDir, 'chromium-home');
  fs.mkdirSync(home, { recursive: true });
  return chromium.launch({
    executablePath, headless: true, args: CHROMIUM_FLAGS, timeout: 60_000,
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_CACHE_HOME: path.join(home, '.cache') },
  });
}
