// webData_read's input (issue 46): the one tool that reads back, free, what was fetched or is kept.
// It took the place of five tools (readResult, crawlResults, researchResult, changes, and the page
// reader's six kinds), whose schemas together were a quarter of every agent request. The input is
// `{"what": {"source": …, <that source's fields>}}`: the manifest's schema is a `oneOf` with one
// branch per source, nested under `what` because Copilot deletes a top-level oneOf (Claude and
// OpenAI's models reject one) and the model would then see no fields at all. A flat input (the
// branch itself) and a `what` sent as JSON text are read too: models flatten nested inputs.
// Each source's fields are then checked by the decoder of the tool it replaced.
import type { RequestProblem } from '../api/request-types';
import { Tool } from '../ids';

/** Each source's fields, the first ones required (the manifest's branches: test/unit/manifest.test.ts compares). */
export const READ_BACK_SOURCES = {
  search: { required: ['searchId'], optional: ['result', 'url', 'part'] },
  scraped: { required: ['pageId'], optional: ['part'] },
  document: { required: ['documentId'], optional: ['part'] },
  result: { required: ['resultId'], optional: ['part'] },
  job: { required: ['jobId'], optional: ['kind', 'from'] },
  jobPage: { required: ['jobId'], optional: ['kind', 'page', 'url', 'part'] },
  research: { required: ['jobId'], optional: [] },
  changes: { required: [], optional: ['watchId', 'since'] },
  diff: { required: ['watchId', 'checkId', 'url'], optional: ['part'] },
} as const satisfies Record<string, { required: readonly string[]; optional: readonly string[] }>;

export type ReadBackSource = keyof typeof READ_BACK_SOURCES;

interface ReadBackInput {
  source: ReadBackSource;
  /** The source's own fields as the model sent them, without `source`. */
  fields: Record<string, unknown>;
}

export type ReadBackCheck = { ok: true; input: ReadBackInput } | { ok: false; problems: RequestProblem[] };

const SOURCES = Object.keys(READ_BACK_SOURCES) as ReadBackSource[];

function isSource(value: unknown): value is ReadBackSource {
  return typeof value === 'string' && Object.hasOwn(READ_BACK_SOURCES, value);
}

function fieldsOf(source: ReadBackSource): readonly string[] {
  const { required, optional } = READ_BACK_SOURCES[source];
  return [...required, ...optional];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The branch the model meant: `what`, `what` as JSON text, or the input itself when it has `source`. */
function branchOf(input: Record<string, unknown>): Record<string, unknown> | undefined {
  const what = input.what;
  if (isRecord(what)) return what;
  if (typeof what === 'string') {
    try {
      const parsed: unknown = JSON.parse(what);
      if (isRecord(parsed)) return parsed;
    } catch {
      return undefined;
    }
  }
  return 'source' in input ? input : undefined;
}

const EXAMPLE = '{"what": {"source": "search", "searchId": "…", "result": 1}}';

export function readBackInput(value: unknown): ReadBackCheck {
  const branch = isRecord(value) ? branchOf(value) : undefined;
  if (!branch) return { ok: false, problems: [{ field: 'what', message: `Give what: an object naming its source, such as ${EXAMPLE}.` }] };
  const { source } = branch;
  if (!isSource(source)) return { ok: false, problems: [{ field: 'what.source', message: `what.source must be one of ${SOURCES.map((s) => `"${s}"`).join(', ')}.` }] };
  const own = fieldsOf(source);
  const missing = READ_BACK_SOURCES[source].required.filter((field) => branch[field] === undefined);
  if (missing.length > 0) return { ok: false, problems: missing.map((field) => ({ field: `what.${field}`, message: `With source "${source}", give ${field}.` })) };
  // A field of another source only: the model likely meant that source (page with "job" means "jobPage").
  const strays = Object.keys(branch).filter((field) => field !== 'source' && !own.includes(field) && SOURCES.some((s) => fieldsOf(s).includes(field)));
  if (strays.length > 0) {
    return { ok: false, problems: strays.map((field) => ({ field: `what.${field}`, message: `Source "${source}" takes ${own.join(', ') || 'nothing else'}; ${field} belongs to source ${SOURCES.filter((s) => fieldsOf(s).includes(field)).map((s) => `"${s}"`).join(' or ')}.` })) };
  }
  const fields = Object.fromEntries(own.filter((field) => branch[field] !== undefined).map((field) => [field, branch[field]]));
  return { ok: true, input: { source, fields } };
}

/** The tool's input that reads `fields` of `source`, as answers quote it for the next call. */
export function readBackArgs(source: ReadBackSource, fields: Readonly<Record<string, string | number>>): string {
  return JSON.stringify({ what: { source, ...fields } });
}

/** The whole call, tool name first, for answers that point to another kind of read. */
export function readBackCall(source: ReadBackSource, fields: Readonly<Record<string, string | number>>): string {
  return `${Tool.read} ${readBackArgs(source, fields)}`;
}
