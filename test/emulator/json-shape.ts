// A JSON answer shaped by a JSON Schema, made from a page (issue 36): what the service's model
// would fill in, plausibly, from the demo page's title, description, text and links. The same page
// and schema always make the same answer. Like a model, it follows the shape (types, properties,
// enums, `required`) and not every constraint: a `pattern`, a `format` or a `minItems` above three
// is not looked at, so a schema that asks for them gets an answer the client's check flags.
import type { DemoPage } from './demo-pages';

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The sentences of a page's text, headings and links left out. */
function sentencesOf(page: DemoPage): string[] {
  const text = page.markdown.split('\n').filter((line) => line.trim() !== '' && !/^(#|-|\*|\d+\.)\s/.test(line.trim())).join(' ');
  const found = text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').match(/[^.!?]+[.!?]/g) ?? [];
  return found.map((s) => s.trim()).filter((s) => s.length > 0);
}

function linksOf(page: DemoPage): Array<{ label: string; url: string }> {
  return [...page.markdown.matchAll(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g)].map((m) => ({ label: m[1] ?? '', url: m[2] ?? '' }));
}

function numbersOf(page: DemoPage): number[] {
  return [...page.markdown.matchAll(/\b\d+(?:\.\d+)?\b/g)].map((m) => Number(m[0])).filter((n) => Number.isFinite(n));
}

/** The type a schema names (the first of a list, `null` last). */
function typeOf(schema: Fields): string | undefined {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((t): t is string => typeof t === 'string' && t !== 'null') ?? 'null';
  if (isFields(schema.properties)) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

interface Reader {
  page: DemoPage;
  sentences: string[];
  links: Array<{ label: string; url: string }>;
  numbers: number[];
  /** Turns through the page's sentences and links so that siblings differ. */
  turn: number;
}

function stringFor(name: string, reader: Reader, index: number): string {
  const key = name.toLowerCase();
  const { page } = reader;
  if (/^(title|name|heading)$/.test(key) || key.endsWith('title') || key.endsWith('name')) return index === 0 ? page.title : reader.links[index % Math.max(1, reader.links.length)]?.label ?? page.title;
  if (/url|link|href|source/.test(key)) return index === 0 ? page.url : reader.links[index % Math.max(1, reader.links.length)]?.url ?? page.url;
  if (/description|summary|about|overview/.test(key)) return page.description;
  if (/lang/.test(key)) return 'en';
  if (/date|time|updated|published/.test(key)) return '2026-08-21';
  const sentence = reader.sentences[(reader.turn++ + index) % Math.max(1, reader.sentences.length)];
  return sentence ?? page.description;
}

function numberFor(reader: Reader, integer: boolean): number {
  const found = reader.numbers[reader.turn++ % Math.max(1, reader.numbers.length)] ?? reader.page.markdown.length % 100;
  return integer ? Math.round(found) : found;
}

function valueFor(schema: unknown, name: string, reader: Reader, depth: number, index = 0): unknown {
  if (!isFields(schema) || depth > 8) return stringFor(name, reader, index);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[index % schema.enum.length];
  if ('const' in schema) return schema.const;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives) && alternatives.length > 0) return valueFor(alternatives[0], name, reader, depth + 1, index);
  switch (typeOf(schema)) {
    case 'object': {
      const properties = isFields(schema.properties) ? schema.properties : {};
      return Object.fromEntries(Object.entries(properties).map(([key, sub]) => [key, valueFor(sub, key, reader, depth + 1, index)]));
    }
    case 'array': {
      const count = Math.max(1, Math.min(3, reader.links.length || 2));
      return Array.from({ length: count }, (_, i) => valueFor(schema.items, singular(name), reader, depth + 1, i));
    }
    case 'integer': return numberFor(reader, true);
    case 'number': return numberFor(reader, false);
    case 'boolean': return reader.sentences.length % 2 === 0;
    case 'null': return null;
    default: return stringFor(name, reader, index);
  }
}

function singular(name: string): string {
  return name.endsWith('s') ? name.slice(0, -1) : name;
}

/**
 * The page's answer in the schema's shape; with no schema, what a model gives for a prompt alone:
 * the page's title, what it says and its links.
 */
export function jsonFromPage(page: DemoPage, schema: unknown, prompt?: string): Fields {
  const reader: Reader = { page, sentences: sentencesOf(page), links: linksOf(page), numbers: numbersOf(page), turn: 0 };
  if (isFields(schema)) {
    const made = valueFor(schema, 'data', reader, 0);
    return isFields(made) ? made : { data: made };
  }
  return {
    title: page.title,
    summary: page.description,
    ...(prompt ? { answer: reader.sentences[0] ?? page.description } : {}),
    links: reader.links.slice(0, 5).map((link) => link.url),
  };
}
