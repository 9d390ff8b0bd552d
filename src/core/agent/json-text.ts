// An answer's JSON as its tab shows it (two spaces, as JSON.stringify), with where each value is:
// a mismatch's JSON pointer becomes a place in the text without parsing the text again.

export interface JsonSpan {
  /** Offsets in the text: the value (for a property, from its key) to its end. */
  start: number;
  end: number;
}

export interface PrintedJson {
  text: string;
  /** JSON pointer → where its value is. */
  spans: ReadonlyMap<string, JsonSpan>;
}

const escapePointer = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

export function printJson(value: unknown): PrintedJson {
  const spans = new Map<string, JsonSpan>();
  let text = '';
  const write = (item: unknown, pointer: string, indent: string, keyStart?: number): void => {
    const start = keyStart ?? text.length;
    if (Array.isArray(item) && item.length > 0) {
      text += '[\n';
      item.forEach((element: unknown, index) => {
        text += `${indent}  `;
        write(element, `${pointer}/${index}`, `${indent}  `);
        text += index < item.length - 1 ? ',\n' : '\n';
      });
      text += `${indent}]`;
    } else if (typeof item === 'object' && item !== null && !Array.isArray(item) && Object.keys(item).length > 0) {
      const entries = Object.entries(item);
      text += '{\n';
      entries.forEach(([key, element], index) => {
        text += `${indent}  `;
        const at = text.length;
        text += `${JSON.stringify(key)}: `;
        write(element, `${pointer}/${escapePointer(key)}`, `${indent}  `, at);
        text += index < entries.length - 1 ? ',\n' : '\n';
      });
      text += `${indent}}`;
    } else {
      text += item === undefined ? 'null' : JSON.stringify(item);
    }
    spans.set(pointer, { start, end: text.length });
  };
  write(value, '', '');
  return { text: `${text}\n`, spans };
}

/** Where a pointer's value is, or its nearest parent's when the value is not there (a missing property). */
export function spanOf(printed: PrintedJson, pointer: string): JsonSpan {
  let at = pointer;
  for (;;) {
    const span = printed.spans.get(at);
    if (span) return span;
    if (at === '') return { start: 0, end: 1 };
    at = at.slice(0, Math.max(0, at.lastIndexOf('/')));
  }
}
