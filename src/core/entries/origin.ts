// Where a search started, kept with it in the history so its row can say so, and Search Again keeps
// it: an editor selection (the file and line), a problem (its source and code, the file and line),
// or the terminal (its name). Stored as plain data; stored files are outside text when read back,
// so reading checks every field and drops an origin that does not fit rather than the search.

export type SearchOrigin =
  /** `file`: as the workspace names it (relative to its folder), or the untitled tab's name; `line` 1-based. */
  | { kind: 'selection'; file: string; line: number }
  | { kind: 'problem'; file: string; line: number; source?: string; code?: string }
  | { kind: 'terminal'; terminal: string };

/** Longest text kept of each field: an origin is a line of a tooltip, not a copy of the problem. */
const FIELD_MAX = 200;

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, FIELD_MAX);
}

function lineNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 ? value : undefined;
}

/** A code as the problem gives it: a string or a number, as text. */
function codeText(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : text(value);
}

/**
 * An origin from anything (a stored file, a command's argument), or undefined when it is not one.
 * Unknown fields are dropped; a missing optional field stays missing.
 */
export function readSearchOrigin(value: unknown): SearchOrigin | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  switch (record.kind) {
    case 'selection': {
      const file = text(record.file);
      const line = lineNumber(record.line);
      return file !== undefined && line !== undefined ? { kind: 'selection', file, line } : undefined;
    }
    case 'problem': {
      const file = text(record.file);
      const line = lineNumber(record.line);
      if (file === undefined || line === undefined) return undefined;
      const source = text(record.source);
      const code = codeText(record.code);
      return { kind: 'problem', file, line, ...(source !== undefined ? { source } : {}), ...(code !== undefined ? { code } : {}) };
    }
    case 'terminal': {
      const terminal = text(record.terminal);
      return terminal !== undefined ? { kind: 'terminal', terminal } : undefined;
    }
    default:
      return undefined;
  }
}
