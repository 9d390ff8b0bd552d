// A JSON watch's change (a monitor whose scrape format is json): the service gives its per-field
// changes (`diff.json`: each field's {previous, current}). They open in VS Code's diff editor as two
// pretty-printed JSON documents, one field a property, so the editor marks exactly the values that
// changed, keeps JSON's colours and folding, and shows long or nested values whole; a markdown table
// would squeeze nested values onto one escaped line and show every field twice without marking what
// differs. A field that appeared or went is left out of the side it is absent from.

export interface FieldChange {
  field: string;
  /** undefined: the field was not there before. */
  previous: unknown;
  /** undefined: the field is no longer there. */
  current: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The per-field changes of `diff.json`, by field name; entries that are not {previous, current} are left out. */
export function fieldChanges(json: Record<string, unknown> | null | undefined): FieldChange[] {
  if (!json) return [];
  const out: FieldChange[] = [];
  for (const [field, change] of Object.entries(json)) {
    if (!isRecord(change) || !('previous' in change || 'current' in change)) continue;
    out.push({ field, previous: change.previous, current: change.current });
  }
  return out.sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
}

/** The two sides, each a JSON object of the fields as they were and are, two spaces indented. */
export function jsonSides(changes: readonly FieldChange[]): { previous: string; current: string } {
  const side = (which: 'previous' | 'current'): string => {
    const fields: Record<string, unknown> = {};
    for (const change of changes) if (change[which] !== undefined) fields[change.field] = change[which];
    return `${JSON.stringify(fields, null, 2)}\n`;
  };
  return { previous: side('previous'), current: side('current') };
}

/** Lines of text as JSONC comments (the header both sides open with): one comment a line, none able to end it. */
export function jsonComment(text: string): string {
  return text.split(/\r\n?|\n|[\u2028\u2029]/).map((line) => `// ${line}`.trimEnd()).join('\n');
}
