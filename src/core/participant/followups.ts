// What @webData offers to ask next (VS Code shows them under the answer as follow-ups), from what
// the turn asked and the pages it cited, both kept in the response's metadata. As structure: the
// feature's words name them. Read back from the chat's history, so checked by hand, never a throw.
import { earlierSources, SOURCES_KEY } from './sources';

/** The key of the turn's command and prompt in a response's metadata. */
const TURN_KEY = 'webDataTurn';

export type FollowupKind = 'read-first-source' | 'research' | 'answer-from-results' | 'search-more';

export interface Followup {
  readonly kind: FollowupKind;
  /** The participant's command to run, or none for a plain question. */
  readonly command?: 'read' | 'research' | 'search';
  readonly prompt: string;
}

/** The turn as kept in the metadata: the command (none for a question) and the prompt as typed. */
export function turnOf(command: string | undefined, prompt: string): Record<string, unknown> {
  return { [TURN_KEY]: { command: command ?? null, prompt } };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The follow-ups of one response: after an answer, read its first source in full or research the
 * question; after /search, answer from those results (free: their pages are in the chat); after
 * /read, search the web for more. None after /research, /cost or a turn that cited nothing.
 */
export function followupsFor(metadata: unknown): Followup[] {
  if (!isRecord(metadata) || !isRecord(metadata[TURN_KEY]) || !Array.isArray(metadata[SOURCES_KEY])) return [];
  const turn = metadata[TURN_KEY];
  const command = typeof turn.command === 'string' ? turn.command : undefined;
  const prompt = typeof turn.prompt === 'string' ? turn.prompt.trim() : '';
  if (prompt === '') return [];
  const first = earlierSources([metadata], 1)[0];
  switch (command) {
    case undefined:
      return [
        ...(first ? [{ kind: 'read-first-source', command: 'read', prompt: `${first.url} ${prompt}` } as const] : []),
        { kind: 'research', command: 'research', prompt },
      ];
    case 'search':
      return first ? [{ kind: 'answer-from-results', prompt }] : [];
    case 'read': {
      // "/read <address> [question]": the question, if any, searched for more.
      const question = prompt.replace(/^\S+\s*/, '').trim();
      return question === '' ? [] : [{ kind: 'search-more', command: 'search', prompt: question }];
    }
    default:
      return [];
  }
}
