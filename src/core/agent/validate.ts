// The check of an answer against the schema it was asked with (issue 36), with Ajv: the JSON Schema
// validator most of the ecosystem uses (draft-07 and 2020-12), kept up to date, MIT (CONTRIBUTING
// says why it was taken). Every mismatch is kept, each with the JSON pointer of the value it is
// about, so the tab can place it; a schema Ajv cannot compile is said, not thrown.
import Ajv, { type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import type { JsonObject } from './schema-source';

interface SchemaMismatch {
  /** JSON pointer of the value ("" for the whole answer, "/plans/0/price"). */
  pointer: string;
  /** Ajv's keyword (type, required, pattern, minItems…). */
  keyword: string;
  /** Ajv's sentence ("must be integer"); the pointer names where. */
  message: string;
}

export type SchemaCheck =
  | { kind: 'valid' }
  | { kind: 'mismatches'; mismatches: SchemaMismatch[] }
  | { kind: 'bad-schema'; message: string };

/** At most this many mismatches are listed: an answer of the wrong shape throughout says enough by then. */
const MAX_MISMATCHES = 200;

/** The schema compiled by the draft it names (2020-12), else draft-07, Ajv's default. Throws when it cannot be. */
function compile(schema: JsonObject): ValidateFunction {
  const options = { allErrors: true, strict: false, validateFormats: false } as const;
  if (typeof schema.$schema === 'string' && schema.$schema.includes('2020-12')) return new Ajv2020(options).compile(schema);
  return new Ajv(options).compile(schema);
}

export function checkAgainstSchema(schema: JsonObject, data: unknown): SchemaCheck {
  let validate: ValidateFunction;
  try {
    validate = compile(schema);
  } catch (error) {
    return { kind: 'bad-schema', message: error instanceof Error ? error.message.slice(0, 300) : String(error) };
  }
  if (validate(data)) return { kind: 'valid' };
  const mismatches = (validate.errors ?? []).slice(0, MAX_MISMATCHES).map((error) => {
    // A missing property is about the object holding it; its name is in the pointer too, for the tab.
    const missing = error.keyword === 'required' && typeof error.params.missingProperty === 'string' ? error.params.missingProperty : undefined;
    return {
      pointer: error.instancePath,
      keyword: error.keyword,
      message: missing !== undefined ? `must have property "${missing}"` : (error.message ?? error.keyword),
    };
  });
  return { kind: 'mismatches', mismatches };
}
