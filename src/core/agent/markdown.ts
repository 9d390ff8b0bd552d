// A research run's data as a markdown page to read beside its JSON (issue 36): each key a heading
// or a bold label, a list of flat objects a table, other lists bullets. Every piece of the data is
// outside text: made inert (core/text/inert) so nothing in it becomes a link, an image or HTML.
import { inertMarkdownText } from '../text/inert';

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown): boolean => value === null || ['string', 'number', 'boolean'].includes(typeof value);

function scalar(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return inertMarkdownText(typeof value === 'string' ? value : JSON.stringify(value), 2000);
}

/** A table when every item is an object of plain values; else undefined. */
function table(items: readonly unknown[]): string | undefined {
  if (items.length === 0 || !items.every((item) => isFields(item) && Object.values(item).every(isScalar))) return undefined;
  const columns = [...new Set(items.flatMap((item) => Object.keys(item as Fields)))].slice(0, 12);
  if (columns.length === 0) return undefined;
  const row = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  return [row(columns.map((c) => inertMarkdownText(c, 80))), row(columns.map(() => '---')), ...items.map((item) => row(columns.map((c) => scalar((item as Fields)[c]))))].join('\n');
}

function block(value: unknown, depth: number): string {
  if (isScalar(value)) return scalar(value);
  if (Array.isArray(value)) {
    return table(value) ?? value.map((item) => (isScalar(item) ? `- ${scalar(item)}` : `- ${block(item, depth + 1).replace(/\n/g, '\n  ')}`)).join('\n');
  }
  if (isFields(value)) {
    const heading = '#'.repeat(Math.min(6, depth + 2));
    return Object.entries(value).map(([key, item]) => (isScalar(item) ? `**${inertMarkdownText(key, 200)}:** ${scalar(item)}` : `${heading} ${inertMarkdownText(key, 200)}\n\n${block(item, depth + 1)}`)).join('\n\n');
  }
  return scalar(String(value));
}

/** The page: a title line (the prompt), then the data. */
export function dataAsMarkdown(title: string, data: unknown): string {
  return `# ${inertMarkdownText(title, 200)}\n\n${block(data, 0)}\n`;
}
