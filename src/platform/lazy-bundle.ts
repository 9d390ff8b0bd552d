// A sibling bundle in dist/ (core.js, ui.js), required on first use so activation neither parses
// nor runs it. The path is computed so esbuild leaves the require alone.
import * as path from 'node:path';

export function lazyBundle<T>(file: string): () => T {
  let loaded: T | undefined;
  return () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded ??= require(path.join(__dirname, file)) as T;
    return loaded;
  };
}
