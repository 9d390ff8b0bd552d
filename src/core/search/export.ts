// A search saved as a file: markdown (YAML front matter with the query, date, request options and
// credits used, then each result's content) or JSON (the answer as the service sent it). Pure
// builders; the VS Code side only asks where to write. Front matter values are JSON strings and
// objects, which YAML reads as they are, so no web text can end the block or add a key.
import { addressLine } from './document';
import { resultContent } from './all-results';
import { oneLine, resultTitle, resultUrl } from './present';
import { resultsOf, shownKinds, type SearchRecord } from './record';
import { inertFileName, inertMarkdown } from '../text/inert';

export type ExportFormat = 'markdown' | 'json';

const EXPORT_EXTENSIONS: Readonly<Record<ExportFormat, string>> = { markdown: 'md', json: 'json' };

/** The format a chosen file name asks for: `.json` is JSON, anything else markdown. */
export function exportFormatOf(fileName: string): ExportFormat {
  return /\.json$/i.test(fileName) ? 'json' : 'markdown';
}

/** A file name to offer in the save dialog: the query, made safe. */
export function exportFileName(query: string, format: ExportFormat): string {
  return `${inertFileName(query, 'search', 60)}.${EXPORT_EXTENSIONS[format]}`;
}

/** JSON text that YAML reads as one value on one line: the line breaks JSON leaves raw are escaped too. */
export function yamlValue(value: unknown): string {
  return JSON.stringify(value).replace(/[\u0085\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function exportMarkdown(record: Pick<SearchRecord, 'request' | 'response' | 'createdAt'>): string {
  const { query, ...options } = record.request;
  const front = [
    '---',
    `query: ${yamlValue(query)}`,
    `date: ${yamlValue(record.createdAt)}`,
    `request: ${yamlValue(options)}`,
    `creditsUsed: ${typeof record.response.creditsUsed === 'number' ? record.response.creditsUsed : 'null'}`,
    '---',
  ];
  const lines = [...front, '', `# ${inertMarkdown(oneLine(query, 500)) || '(empty query)'}`];
  for (const kind of shownKinds(record)) {
    for (const typed of resultsOf(record.response, kind)) {
      const url = resultUrl(typed);
      lines.push('', `## ${inertMarkdown(resultTitle(typed))}`, '', url !== undefined ? addressLine(url) : 'No page address was given for this result.');
      if (typed.kind === 'images') {
        if (typed.result.imageUrl) lines.push('', `Image: ${addressLine(typed.result.imageUrl)}`);
        continue;
      }
      const content = resultContent(typed);
      if (content !== undefined) lines.push('', content);
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The answer as the service sent it, when the record kept it (searches from this version on);
 * older records kept only the parsed answer, which is written instead.
 */
export function exportJson(record: Pick<SearchRecord, 'response' | 'raw'>): string {
  return `${JSON.stringify(record.raw !== undefined ? record.raw : record.response, null, 2)}\n`;
}
