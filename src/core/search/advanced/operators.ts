// The operators of spec 2.4 as the operator picker offers them, and the warnings a query box shows
// while a query is typed. Structure only: the picker and the boxes put it into words.
import { IMAGE_OPERATORS, operatorExample, operatorFindings, queryTokens, type OperatorFinding, type OperatorName } from '../../api/operators';
import type { SourceType } from '../../api/request-types';

export type OperatorId = 'phrase' | 'exclude' | OperatorName;

export interface OperatorHelp {
  id: OperatorId;
  /** What the picker lists: `site:`, `"…"`, `-`. */
  syntax: string;
  /** What is inserted into the query: an example whose value part is selected, to type over. */
  example: string;
  /** The [start, end) of the value part of `example`. */
  valueRange: [number, number];
}

/** In the order of spec 2.4. */
export const OPERATOR_IDS: readonly OperatorId[] = [
  'phrase', 'exclude', 'site', 'filetype', 'inurl', 'allinurl', 'intitle', 'allintitle', 'related', 'imagesize', 'larger',
];

export function operatorHelp(id: OperatorId): OperatorHelp {
  if (id === 'phrase') return { id, syntax: '"…"', example: '"exact phrase"', valueRange: [1, 13] };
  if (id === 'exclude') return { id, syntax: '-', example: '-word', valueRange: [1, 5] };
  const example = operatorExample(id);
  const colon = example.indexOf(':') + 1;
  const start = example.charAt(colon) === ' ' ? colon + 1 : colon;
  return { id, syntax: `${id}:`, example, valueRange: [start, example.length] };
}

/**
 * The query with `help.example` added at the end (a space between), and the range of the
 * inserted value so the box can select it. Input boxes do not tell where the cursor is, so the end.
 */
export function insertOperator(query: string, help: OperatorHelp): { value: string; selection: [number, number] } {
  const head = query === '' || /\s$/.test(query) ? query : `${query} `;
  const value = `${head}${help.example}`;
  return { value, selection: [head.length + help.valueRange[0], head.length + help.valueRange[1]] };
}

export type QueryWarning =
  | Exclude<OperatorFinding, { kind: 'missingValue' }>
  /** imagesize:/larger: in a search that does not ask for images. */
  | { kind: 'imagesWithoutSource'; operator: OperatorName };

/**
 * What a box says while the query is typed: every operator finding (the blocking ones too: while
 * typing they are warnings, Enter makes them errors) but an operator still waiting for its value,
 * which is the normal state of a query being typed; and image operators without the images source.
 */
export function queryWarnings(query: string, sources: readonly SourceType[]): QueryWarning[] {
  const warnings: QueryWarning[] = operatorFindings(query).filter((f): f is Exclude<OperatorFinding, { kind: 'missingValue' }> => f.kind !== 'missingValue');
  if (!sources.includes('images')) {
    const image = queryTokens(query).find((t) => t.operator !== undefined && IMAGE_OPERATORS.has(t.operator));
    if (image?.operator) warnings.push({ kind: 'imagesWithoutSource', operator: image.operator });
  }
  return warnings;
}
