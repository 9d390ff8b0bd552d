// The path rules of a document an agent asks to read (webData_readDocument): a file inside one of
// the open workspace folders, also once its links are followed (a link inside that leads outside is
// refused), of an extension the service takes, not hidden by files.exclude, and not named like a
// secret. Each refusal says why, as structure; the feature words it. The person's own commands
// pass a file they picked, so only the extension and size rules apply there.
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { isParseable, looksSecret } from './files';

export type PathRefusal =
  | { kind: 'no-folder' }
  | { kind: 'empty' }
  | { kind: 'outside' }
  | { kind: 'link-outside' }
  | { kind: 'missing' }
  | { kind: 'not-a-file' }
  | { kind: 'unsupported'; extension: string }
  | { kind: 'excluded' }
  | { kind: 'secret' };

export type PathCheck = { ok: true; path: string; relativePath: string; bytes: number } | { ok: false; refusal: PathRefusal };

export interface PathFileSystem {
  realpath(path: string): Promise<string>;
  stat(path: string): Promise<{ isFile(): boolean; size: number }>;
}

export interface PathRules {
  /** The open workspace folders' paths on disk. */
  folders: readonly string[];
  /** Whether files.exclude hides a path (the path on disk, and relative to its folder with forward slashes). */
  isExcluded(path: string, relativePath: string): boolean | Promise<boolean>;
}

/** Whether `path` is `folder` or below it. */
function within(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Checks a path an agent gave (absolute, or relative to the first folder). The name rules are
 * checked on the path as given and on the file it leads to, so a link named `notes.pdf` to `.env`
 * is refused too.
 */
export async function checkDocumentPath(given: string, rules: PathRules, fs: PathFileSystem): Promise<PathCheck> {
  const [first] = rules.folders;
  if (first === undefined) return { ok: false, refusal: { kind: 'no-folder' } };
  const typed = given.trim();
  if (typed === '') return { ok: false, refusal: { kind: 'empty' } };
  const asked = resolve(isAbsolute(typed) ? typed : join(first, typed));
  const folder = rules.folders.find((f) => within(resolve(f), asked));
  if (folder === undefined) return { ok: false, refusal: { kind: 'outside' } };
  const relativePath = relative(resolve(folder), asked).split(sep).join('/');
  const named = await nameRefusal(asked, relativePath, rules);
  if (named) return { ok: false, refusal: named };
  let real: string;
  try {
    real = await fs.realpath(asked);
  } catch {
    return { ok: false, refusal: { kind: 'missing' } };
  }
  const realFolders = await Promise.all(rules.folders.map((f) => fs.realpath(f).catch(() => resolve(f))));
  const realFolder = realFolders.find((f) => within(f, real));
  if (realFolder === undefined) return { ok: false, refusal: { kind: 'link-outside' } };
  const realRelative = relative(realFolder, real).split(sep).join('/');
  const target = await nameRefusal(real, realRelative, rules);
  if (target) return { ok: false, refusal: target };
  let stat: { isFile(): boolean; size: number };
  try {
    stat = await fs.stat(real);
  } catch {
    return { ok: false, refusal: { kind: 'missing' } };
  }
  if (!stat.isFile()) return { ok: false, refusal: { kind: 'not-a-file' } };
  return { ok: true, path: real, relativePath, bytes: stat.size };
}

async function nameRefusal(path: string, relativePath: string, rules: PathRules): Promise<PathRefusal | undefined> {
  // Every part of the path: a document inside `.ssh/` or `secrets/` is as private as its folder.
  if (relativePath.split('/').some((part) => looksSecret(part) || part === '.ssh' || part === '.gnupg' || part === '.aws')) return { kind: 'secret' };
  if (!isParseable(path)) {
    const dot = path.lastIndexOf('.');
    return { kind: 'unsupported', extension: dot > path.lastIndexOf(sep) ? path.slice(dot + 1).slice(0, 12) : '' };
  }
  if (await rules.isExcluded(path, relativePath)) return { kind: 'excluded' };
  return undefined;
}
