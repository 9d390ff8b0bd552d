// The search body's fields beyond spec 2.2 that the real service's published request schema
// (searchRequestSchema, apps/api/src/controllers/v2/types.ts, and what its JS SDK 4.42 and MCP
// server 3.26 send) accepts: the emulator accepts them too, acts on none of them and names each
// once in its log. A key in neither list is refused with the real service's 400 body (zod's
// `.strict()`: code BAD_REQUEST, error "Bad Request", `details` holding an unrecognized_keys issue).
import type { Problem } from './validate';

/** The integrations the service lists; any other value must start with "_" (a private one). */
export const INTEGRATIONS: readonly string[] = [
  'dify', 'zapier', 'pipedream', 'raycast', 'langchain', 'crewai', 'llamaindex', 'n8n', 'camelai', 'make', 'flowise',
  'metagpt', 'relevanceai',
];

type Check = (value: unknown) => string | undefined;

const string: Check = (v) => (typeof v === 'string' ? undefined : 'must be a string');
const boolean: Check = (v) => (typeof v === 'boolean' ? undefined : 'must be true or false');
const object: Check = (v) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? undefined : 'must be an object');
const oneOf = (...values: string[]): Check => (v) => (typeof v === 'string' && values.includes(v) ? undefined : `must be one of ${values.map((x) => `"${x}"`).join(', ')}`);

/** Accepted, checked for type, not acted on. */
export const UNUSED_FIELDS: Readonly<Record<string, Check>> = {
  origin: string,
  integration: (v) => (typeof v === 'string' && (INTEGRATIONS.includes(v) || v.startsWith('_')) ? undefined : `must be one of ${INTEGRATIONS.join(', ')} or a name starting with "_"`),
  lang: string,
  filter: string,
  toolDetail: oneOf('compact', 'summary', 'full'),
  domainTools: boolean,
  highlights: boolean,
  threatProtection: object,
  __searchPreviewToken: string,
};

function shown(value: unknown): string {
  const json = JSON.stringify(value) as string | undefined;
  const text = json ?? String(value);
  return text.length > 60 ? text.slice(0, 60) + '…' : text;
}

/** Problems with the unused fields present, and their names (for the log). */
export function checkUnusedFields(body: Record<string, unknown>, problems: Problem[]): string[] {
  const present: string[] = [];
  for (const [field, check] of Object.entries(UNUSED_FIELDS)) {
    if (!(field in body) || body[field] === undefined) continue;
    present.push(field);
    const wrong = check(body[field]);
    if (wrong !== undefined) problems.push({ field, message: `${field} ${wrong}; got ${shown(body[field])}` });
  }
  return present;
}

/** The real service's words for a key its strict schema does not have. */
export const UNRECOGNIZED_KEY_MESSAGE = 'Unrecognized key in body -- please review the v2 API documentation for request body changes';

/** "scrapeOptions.formats[0]" as a zod path: ["scrapeOptions", "formats", 0]. */
function pathOf(field: string): Array<string | number> {
  return [...field.matchAll(/[^.[\]]+/g)].map((m) => (/^\d+$/.test(m[0]) ? Number(m[0]) : m[0]));
}

/** The real service's 400 for a body with unknown keys; the other problems ride along as issues. */
export function unrecognizedKeysBody(keys: string[], others: Problem[]): Record<string, unknown> {
  return {
    success: false,
    code: 'BAD_REQUEST',
    error: 'Bad Request',
    details: [
      { code: 'unrecognized_keys', keys, path: [], message: UNRECOGNIZED_KEY_MESSAGE },
      ...others.map((p) => ({ code: 'custom', path: pathOf(p.field), message: p.message })),
    ],
  };
}
