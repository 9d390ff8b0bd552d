// The name of a docs set's file in its folder, `<id>.docs.json`: here, without zod, so the feature
// can tell whether any set is kept without loading dist/core.js (the Docs Sets view's first draw
// at start-up reads the folder, nothing more, when it holds none).
export const DOCS_FILE_SUFFIX = '.docs.json';

export function isDocsFile(name: string): boolean {
  return name.endsWith(DOCS_FILE_SUFFIX);
}
