// Run once before the end-to-end files, which run two at a time (package.json's test:e2e runs mocha
// with --parallel): the extension and the sandbox's helper are packaged here, once, for every
// file's stack. Packaged in each worker instead, two `npm run package` would write dist/ at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { packageExtension, packageSecretsHelper, VSIX } from '../../scripts/lib/stack.mjs';

let dir = '';

export async function mochaGlobalSetup(): Promise<void> {
  // `npm test` made and checked the .vsix just before (its package stage): installed as it is, and
  // dist/ is not rebuilt under the host tests running beside this run.
  if (process.env.WEBDATA_VSIX_FRESH === '1' && fs.existsSync(VSIX)) console.log('    [stack] the extension packaged by this run\'s package check');
  else {
    console.log('    [stack] packaging the extension (npm run package, once for every file)');
    packageExtension();
  }
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wd-e2e-packages-'));
  // The workers start after this and inherit these.
  process.env.WEBDATA_E2E_PACKAGED = '1';
  process.env.WEBDATA_E2E_SECRETS_VSIX = await packageSecretsHelper(dir);
}

export function mochaGlobalTeardown(): void {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
