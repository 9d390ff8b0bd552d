// Docs sets to suggest from the workspace: the documentation sites of the packages it has installed,
// read from the files on this machine and sent nowhere. npm packages from
// `node_modules/<name>/package.json` (scoped ones under `node_modules/@scope/<name>`), their
// `homepage` and `version`; Python packages from a virtual environment's `*.dist-info/METADATA`,
// their `Project-URL: Documentation` (else their home page) and `Version`. Each suggestion says
// whether a set of that site is kept already and whether its version differs from the installed one.
// Bounded: a workspace's node_modules may hold thousands of packages (the project's own has about
// 1,000), so the packages the workspace names in its package.json come first, at most MAX_PACKAGES
// are read, a few at a time, and the scan stops at its time budget, saying it stopped.
import { promises as nodeFs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { docsSetIdOf, type KeptDocsSet } from './store';

/** The most packages read per ecosystem. */
const MAX_PACKAGES = 600;
/** Files read at once. */
const CONCURRENCY = 16;
/** Of a METADATA file, only its headers are needed; they come before the description. */
const METADATA_HEAD_BYTES = 32 * 1024;
/** Where a workspace's Python virtual environments usually are. */
const VENV_FOLDERS = ['.venv', 'venv', 'env', '.env'];

type Ecosystem = 'npm' | 'python';

export interface InstalledPackage {
  ecosystem: Ecosystem;
  name: string;
  version: string;
  /** Its documentation site (http or https), as the package names it. */
  docsUrl: string;
  /** Where the address came from: a documentation link, or only the home page. */
  docsUrlFrom: 'documentation' | 'homepage';
}

export interface DocsSuggestion extends InstalledPackage {
  /** The kept set of that site, when there is one, with the version it was made for. */
  kept?: { id: string; version?: string };
  /** The installed version is not the one the kept set was made for. */
  versionDiffers: boolean;
}

export interface WorkspaceScan {
  packages: InstalledPackage[];
  /** The scan stopped early (too many packages, or its time ran out): what was found is still given. */
  truncated: boolean;
}

export interface ScanOptions {
  maxPackages?: number;
  /** Milliseconds the scan may take. */
  budgetMs?: number;
  now?: () => number;
}

const packageJsonSchema = z.object({
  name: z.string().min(1),
  version: z.string().min(1),
  homepage: z.string().optional(),
});

const manifestSchema = z.object({
  dependencies: z.record(z.string(), z.unknown()).optional(),
  devDependencies: z.record(z.string(), z.unknown()).optional(),
  peerDependencies: z.record(z.string(), z.unknown()).optional(),
  optionalDependencies: z.record(z.string(), z.unknown()).optional(),
});

/** An address worth suggesting: http or https, of a sane length; anything else is not one. */
function webAddress(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  if (trimmed === undefined || trimmed === '' || trimmed.length > 2048) return undefined;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await nodeFs.readFile(path, 'utf8'));
  } catch {
    return undefined;
  }
}

async function folderNames(path: string): Promise<string[]> {
  try {
    return (await nodeFs.readdir(path, { withFileTypes: true })).filter((e) => e.isDirectory() || e.isSymbolicLink()).map((e) => e.name).sort();
  } catch {
    return [];
  }
}

/** Runs `work` on each item, CONCURRENCY at a time, until the deadline; whether it stopped early. */
async function eachBounded<T>(items: readonly T[], deadline: number, now: () => number, work: (item: T) => Promise<void>): Promise<boolean> {
  let next = 0;
  let stopped = false;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      if (now() > deadline) {
        stopped = true;
        return;
      }
      const item = items[next];
      next++;
      if (item !== undefined) await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return stopped;
}

/** The package names under node_modules: the workspace's own dependencies first, then the rest, scoped ones included. */
async function npmNames(root: string): Promise<string[]> {
  const manifest = manifestSchema.safeParse(await readJson(join(root, 'package.json')));
  const named = manifest.success
    ? [...new Set([manifest.data.dependencies, manifest.data.devDependencies, manifest.data.peerDependencies, manifest.data.optionalDependencies]
      .flatMap((deps) => Object.keys(deps ?? {})))].sort()
    : [];
  const modules = join(root, 'node_modules');
  const installed: string[] = [];
  for (const name of await folderNames(modules)) {
    if (name.startsWith('.')) continue;
    if (name.startsWith('@')) installed.push(...(await folderNames(join(modules, name))).map((inner) => `${name}/${inner}`));
    else installed.push(name);
  }
  const rest = installed.filter((name) => !named.includes(name));
  return [...named.filter((name) => installed.includes(name)), ...rest];
}

async function npmPackage(root: string, name: string): Promise<InstalledPackage | undefined> {
  const parsed = packageJsonSchema.safeParse(await readJson(join(root, 'node_modules', name, 'package.json')));
  if (!parsed.success) return undefined;
  const docsUrl = webAddress(parsed.data.homepage);
  return docsUrl === undefined ? undefined : { ecosystem: 'npm', name: parsed.data.name, version: parsed.data.version, docsUrl, docsUrlFrom: 'homepage' };
}

/** The site-packages folders of the workspace's virtual environments (POSIX and Windows layouts). */
async function sitePackagesFolders(root: string): Promise<string[]> {
  const folders: string[] = [];
  for (const venv of VENV_FOLDERS) {
    const base = join(root, venv);
    folders.push(join(base, 'Lib', 'site-packages'));
    for (const python of (await folderNames(join(base, 'lib'))).filter((n) => n.startsWith('python'))) {
      folders.push(join(base, 'lib', python, 'site-packages'));
    }
  }
  const found: string[] = [];
  for (const folder of folders) if ((await folderNames(folder)).length > 0) found.push(folder);
  return found;
}

/** A METADATA file's headers (name, version, links): the part before its first blank line. */
export function parseMetadata(text: string): InstalledPackage | undefined {
  const head = text.split(/\r?\n\r?\n/, 1)[0] ?? '';
  let name: string | undefined;
  let version: string | undefined;
  let documentation: string | undefined;
  let homepage: string | undefined;
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0 || /^\s/.test(line)) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'name') name ??= value;
    else if (key === 'version') version ??= value;
    else if (key === 'home-page') homepage ??= webAddress(value);
    else if (key === 'project-url') {
      const comma = value.indexOf(',');
      if (comma < 0) continue;
      const label = value.slice(0, comma).trim().toLowerCase().replace(/[\s_-]/g, '');
      const url = webAddress(value.slice(comma + 1));
      if (label.startsWith('doc')) documentation ??= url;
      else if (label === 'homepage' || label === 'home') homepage ??= url;
    }
  }
  if (name === undefined || name === '' || version === undefined || version === '') return undefined;
  if (documentation !== undefined) return { ecosystem: 'python', name, version, docsUrl: documentation, docsUrlFrom: 'documentation' };
  if (homepage !== undefined) return { ecosystem: 'python', name, version, docsUrl: homepage, docsUrlFrom: 'homepage' };
  return undefined;
}

async function readHead(path: string, bytes: number): Promise<string | undefined> {
  let file: FileHandle | undefined;
  try {
    file = await nodeFs.open(path, 'r');
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await file.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } catch {
    return undefined;
  } finally {
    await file?.close();
  }
}

/** The installed packages of the workspace at `root` that name a documentation site. */
export async function scanWorkspace(root: string, options: ScanOptions = {}): Promise<WorkspaceScan> {
  const now = options.now ?? Date.now;
  const max = options.maxPackages ?? MAX_PACKAGES;
  const deadline = now() + (options.budgetMs ?? 2_000);
  const packages: InstalledPackage[] = [];
  let truncated = false;

  const names = await npmNames(root);
  if (names.length > max) truncated = true;
  const npm: (InstalledPackage | undefined)[] = [];
  truncated = await eachBounded(names.slice(0, max).map((name, i) => ({ name, i })), deadline, now, async ({ name, i }) => {
    npm[i] = await npmPackage(root, name);
  }) || truncated;
  packages.push(...npm.filter((p): p is InstalledPackage => p !== undefined));

  const metadata: string[] = [];
  for (const folder of await sitePackagesFolders(root)) {
    for (const name of await folderNames(folder)) if (name.endsWith('.dist-info')) metadata.push(join(folder, name, 'METADATA'));
  }
  if (metadata.length > max) truncated = true;
  const python: (InstalledPackage | undefined)[] = [];
  truncated = await eachBounded(metadata.slice(0, max).map((path, i) => ({ path, i })), deadline, now, async ({ path, i }) => {
    const head = await readHead(path, METADATA_HEAD_BYTES);
    python[i] = head === undefined ? undefined : parseMetadata(head);
  }) || truncated;
  packages.push(...python.filter((p): p is InstalledPackage => p !== undefined));
  return { packages, truncated };
}

/** Each package beside the kept set of its site, if any: whether the installed version is another one. */
export function suggestionsOf(packages: readonly InstalledPackage[], kept: readonly KeptDocsSet[]): DocsSuggestion[] {
  return packages.map((pkg) => {
    const id = docsSetIdOf(pkg.docsUrl);
    const set = kept.find((k) => k.meta.id === id || k.meta.siteUrl === pkg.docsUrl);
    if (set === undefined) return { ...pkg, versionDiffers: false };
    const keptVersion = set.meta.version;
    return { ...pkg, kept: { id: set.meta.id, ...(keptVersion === undefined ? {} : { version: keptVersion }) },
      versionDiffers: keptVersion !== undefined && keptVersion !== pkg.version };
  });
}
