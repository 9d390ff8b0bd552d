// A kept extraction or research result (src/core/agent/store.ts) as a source of webData_read:
// its JSON, printed as its tab shows it, read in parts that fit the budget, so webData_extract's and
// research results' answers can point to it when the data was cut to fit. Sends nothing:
// the result was paid for when it was asked. English for the model.
import type { StructuredResult } from '../agent/store';
import { modelLine, modelPage } from './model-text';
import type { PageLookup } from './read-result';
import { readBackArgs } from './read-back';

/** The webData_read input that reads part `part` of a kept result. */
export function resultReadCall(resultId: string, part: number): string {
  return readBackArgs('result', { resultId, part });
}

/** A kept result as a page to read in parts; a problem the model can act on when it is not kept. */
export function structuredResultLookup(result: StructuredResult | undefined, resultId: string): PageLookup {
  if (!result) return { ok: false, problem: `No extraction or research result with id ${JSON.stringify(modelLine(resultId, 80))} is kept (only the last 50 are, and the person may have removed it). Use the result id a webData_extract or research result answer named.` };
  const what = result.kind === 'extract'
    ? `extraction ${result.id}${result.url === undefined ? '' : ` from ${modelLine(result.url, 300)}`}`
    : `research result ${result.id}${result.prompt === undefined ? '' : ` for the prompt ${JSON.stringify(modelLine(result.prompt, 200))}`}`;
  return { ok: true, page: {
    what,
    label: 'json',
    text: modelPage(JSON.stringify(result.data ?? null, null, 2)),
    call: (part) => resultReadCall(result.id, part),
  } };
}

/**
 * A kept result's answer within `max` characters: the whole when it fits; else `head`, as much of
 * the JSON as fits and the call that reads it whole; else, when not even that fits, `lead` (the
 * answer's first sentence) and the call. The call is never the part that is cut.
 */
export function fittedResultText(parts: { lead: string; head: string; json: string; resultId: string }, max: number): string {
  const whole = `${parts.head}${parts.json}`;
  if (whole.length <= max) return whole;
  // Part 1 is the default: the call left short, so that the lead and the call fit at 64 tokens.
  const call = readBackArgs('result', { resultId: parts.resultId });
  const note = `\n… (cut to fit; read the whole JSON in parts with webData_read ${call}, free)`;
  if (parts.head.length + note.length < max) return `${parts.head}${parts.json.slice(0, max - parts.head.length - note.length)}${note}`;
  const short = `${parts.lead} Read its JSON in parts with webData_read ${call}, free.`;
  return short.length <= max ? short : `Read the result with webData_read ${call}.`.slice(0, max);
}
