// Where the schema of an extraction or a research run comes from (issue 36): a selected JSON
// Schema, a `*.schema.json` file, or a JSON sample whose shape becomes the schema. Plain text in,
// a schema (or why there is none) out; the editor side shows the made schema before anything is sent.

export type JsonObject = Record<string, unknown>;

export type SchemaSource =
  /** Text that is a JSON Schema already (a `*.schema.json` file, or one that reads as a schema). */
  | { kind: 'schema'; schema: JsonObject }
  /** A JSON sample: the schema is its shape. */
  | { kind: 'sample'; schema: JsonObject; sample: unknown }
  | { kind: 'not-json'; message: string }
  | { kind: 'empty' };

const SCHEMA_WORDS = ['$schema', 'properties', 'items', 'anyOf', 'oneOf', 'allOf', '$ref', 'enum', 'required'];
const TYPE_NAMES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a parsed value reads as a JSON Schema rather than a sample of the data. */
export function looksLikeSchema(value: unknown): value is JsonObject {
  if (!isObject(value)) return false;
  if (typeof value.$schema === 'string') return true;
  const type = value.type;
  const typed = typeof type === 'string' ? TYPE_NAMES.has(type) : Array.isArray(type) && type.length > 0 && type.every((t) => typeof t === 'string' && TYPE_NAMES.has(t));
  if (typed && (isObject(value.properties) || value.items !== undefined || Object.keys(value).length <= 4)) return true;
  return isObject(value.properties) && SCHEMA_WORDS.some((word) => word in value);
}

/** A JSON Schema describing a sample: each object's keys required, an array's items from its first. */
export function schemaOfSample(sample: unknown): JsonObject {
  if (sample === null) return { type: 'null' };
  if (Array.isArray(sample)) return sample.length === 0 ? { type: 'array' } : { type: 'array', items: schemaOfSample(sample[0]) };
  switch (typeof sample) {
    case 'string': return { type: 'string' };
    case 'number': return { type: Number.isInteger(sample) ? 'integer' : 'number' };
    case 'boolean': return { type: 'boolean' };
    case 'object': {
      const entries = Object.entries(sample as JsonObject);
      return { type: 'object', properties: Object.fromEntries(entries.map(([key, value]) => [key, schemaOfSample(value)])), required: entries.map(([key]) => key) };
    }
    default: return {};
  }
}

/**
 * The schema in a text. `fileName` decides for a `*.schema.json` file (always a schema); otherwise
 * the parsed value's look does. JSON with comments is not read: a schema goes as JSON.
 */
export function schemaFromText(text: string, fileName?: string): SchemaSource {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    return { kind: 'not-json', message: error instanceof Error ? error.message : String(error) };
  }
  const named = fileName !== undefined && /\.schema\.json$/i.test(fileName);
  if (named || looksLikeSchema(value)) {
    return isObject(value) ? { kind: 'schema', schema: value } : { kind: 'not-json', message: 'A JSON Schema is an object.' };
  }
  return { kind: 'sample', schema: schemaOfSample(value), sample: value };
}
