// The argument webData.searchProblem takes, decoded field by field: a Code Action passes one, and
// so may a keybinding or another extension. Only a plain object with the fields of their types is
// taken (a Uri, an array or a class instance is not), so nothing unexpected reaches the query.
import { isPlainObject } from '../plain-object';

export interface ProblemArgument {
  message: string;
  /** `ts`, `eslint`, `Pylance`… */
  source?: string;
  /** `2322`, `no-unused-vars`. */
  code?: string | number;
  /** The document's URI, as text. */
  uri: string;
  /** 1-based. */
  line: number;
}

/** The argument, or undefined when it is not one (then the command uses the problem under the cursor). */
export function readProblemArgument(value: unknown): ProblemArgument | undefined {
  if (!isPlainObject(value)) return undefined;
  const { message, source, code, uri, line } = value;
  if (typeof message !== 'string' || typeof uri !== 'string' || uri === '') return undefined;
  if (typeof line !== 'number' || !Number.isSafeInteger(line) || line < 1) return undefined;
  if (source !== undefined && typeof source !== 'string') return undefined;
  if (code !== undefined && typeof code !== 'string' && !(typeof code === 'number' && Number.isFinite(code))) return undefined;
  return { message, uri, line, ...(source !== undefined ? { source } : {}), ...(code !== undefined ? { code } : {}) };
}
