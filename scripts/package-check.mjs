// `npm run test:package`: builds the .vsix (`npm run package`) and checks it holds only what
// runs: the manifest, the bundles, media (every file the manifest points at, such as the
// walkthrough's pages, the l10n bundle), and the readme/changelog/license/nls files.
// No sources, tests, source maps or node_modules may slip in through .vscodeignore.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO } from './ensure-tools.mjs';

export const VSIX = path.join(REPO, 'dist', 'web-data.vsix');

const REQUIRED = ['extension/package.json', 'extension/dist/extension.js', 'extension/dist/shell.js', 'extension/dist/shared.js', 'extension/dist/core.js', 'extension/dist/feature-search.js', 'extension/dist/package.json', 'extension/dist/webview/credits-usage.js'];
const ALLOWED = [
  /^\[Content_Types\]\.xml$/,
  /^extension\.vsixmanifest$/,
  /^extension\/package\.json$/,
  /^extension\/package\.nls(\.[a-z-]+)?\.json$/,
  // The English bundle only: the pseudo-locale one (bundle.l10n.qps-ploc.json) is a test artefact.
  /^extension\/l10n\/bundle\.l10n\.json$/,
  // The loader, the shell, the client's bundle, and each lazy feature's (scripts/build.mjs).
  /^extension\/dist\/(extension|shell|shared|core|feature-[a-z-]+)\.js$/,
  // {"type":"commonjs"}, so Node does not parse the manifest for the bundles' type (scripts/build.mjs).
  /^extension\/dist\/package\.json$/,
  /^extension\/dist\/webview\/[a-z-]+\.js$/,
  // Icons only: the README's screenshots stay in the repository.
  /^extension\/media\/(?!screenshots\/)[^/].*[^/]$/,
  /^extension\/(readme|changelog)\.md$/i,
  /^extension\/license(\.txt|\.md)?$/i,
];

/** File names in a zip, read from its central directory (no dependency needed for that). */
export function zipEntries(file) {
  const zip = fs.readFileSync(file);
  // The end-of-central-directory record sits in the last 22 bytes plus an optional comment.
  let eocd = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === 0x06054b50) { eocd = at; break; }
  }
  if (eocd < 0) throw new Error(`${file} is not a zip file`);
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const names = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`${file}: broken central directory`);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    names.push(zip.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/**
 * Files the manifest points at (the icon, view icons, the walkthrough's pages, the l10n bundle),
 * which VS Code reads from the installed package: one left out by .vscodeignore is a blank step or
 * icon. The bundle (package.json "l10n") is the English source each bundle.l10n.<locale>.json beside
 * it translates; shipping it keeps the "l10n" folder the manifest names present.
 */
export function manifestAssets(manifest) {
  const contributes = manifest.contributes ?? {};
  const paths = [
    manifest.icon,
    ...Object.values(contributes.viewsContainers ?? {}).flat().map((c) => c.icon),
    ...Object.values(contributes.views ?? {}).flat().map((v) => v.icon),
    ...(contributes.walkthroughs ?? []).flatMap((w) => w.steps.flatMap((s) => Object.values(s.media ?? {}))),
    ...(typeof manifest.l10n === 'string' ? [path.posix.join(manifest.l10n, 'bundle.l10n.json')] : []),
  ];
  // Icons can be codicons ($(name)) and media can carry an alt text; only relative file paths count.
  const files = paths.filter((p) => typeof p === 'string' && /^[\w./-]+\.\w+$/.test(p) && !p.startsWith('$('));
  return [...new Set(files.map((p) => `extension/${path.posix.normalize(p)}`))];
}

/** Problems with a vsix file list; empty when it is right. */
export function packageProblems(names, required = REQUIRED) {
  const files = names.filter((name) => !name.endsWith('/'));
  const problems = files.filter((name) => !ALLOWED.some((pattern) => pattern.test(name)))
    .map((name) => `not allowed in the package: ${name}`);
  for (const name of required) if (!files.includes(name)) problems.push(`missing from the package: ${name}`);
  return problems;
}

function main() {
  const built = spawnSync('npm', ['run', '--silent', 'package'], { cwd: REPO, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run package failed');
  const names = zipEntries(VSIX);
  console.log(`${path.relative(REPO, VSIX)}: ${names.length} files, ${(fs.statSync(VSIX).size / 1024).toFixed(1)} KiB`);
  for (const name of names) console.log(`  ${name}`);
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
  const problems = packageProblems(names, [...REQUIRED, ...manifestAssets(manifest)]);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  console.log('package check passed: only what runs is in the .vsix');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    main();
  } catch (error) {
    console.error(`package check failed:\n${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
