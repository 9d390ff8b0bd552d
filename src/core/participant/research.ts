// @webData /research (issue 38): the question handed to the service's agent, bounded as a chat
// agent's run is (webData.chat.maxResearchCredits), its whole bound counted against the daily limit
// before it starts. Its answer shown readably: the data as an indented JSON block inside a fence
// no value can close (so nothing in it is markup), and the addresses the data holds as the
// answer's sources. Structure only: the feature words it.
import { checkCap, type CapCheck } from '../spend/ledger';
import { fenced, modelPage } from '../chat/model-text';

/** How many addresses of the data become sources. */
const MAX_SOURCES = 10;
/** How much of the data is shown in the chat; the whole is kept (Open Result). */
const MAX_SHOWN_CHARS = 20_000;

export interface ResearchBound {
  /** The run's maxCredits: the cap, webData.chat.maxResearchCredits. */
  readonly most: number;
  readonly cap: CapCheck;
  /** Asked before starting: the bound is above webData.chat.confirmAboveCredits. */
  readonly confirm: boolean;
}

/** The run's bound against today's chat spend, the daily limit and the confirmation threshold. */
export function researchBound(most: number, today: { spent: number; limit: number; confirmAbove: number }): ResearchBound {
  return { most, cap: checkCap(today.spent, today.limit, most), confirm: most > today.confirmAbove };
}

/** Every http(s) address among the data's string values, in order, each once, at most MAX_SOURCES. */
export function sourcesOf(data: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (found.length >= MAX_SOURCES || depth > 20) return;
    if (typeof value === 'string') {
      const text = value.trim();
      if (/^https?:\/\/[^\s]+$/i.test(text) && text.length <= 2000 && !found.includes(text)) found.push(text);
      return;
    }
    if (Array.isArray(value)) for (const item of value) visit(item, depth + 1);
    else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) visit(item, depth + 1);
  };
  visit(data, 0);
  return found;
}

/** The data as a JSON block of markdown that shows as code whatever the values hold; cut when long, and says so. */
export function dataBlock(data: unknown): { markdown: string; cut: boolean } {
  const whole = modelPage(JSON.stringify(data ?? null, null, 2));
  const cut = whole.length > MAX_SHOWN_CHARS;
  const text = cut ? `${whole.slice(0, MAX_SHOWN_CHARS)}\n…` : whole;
  return { markdown: `${fenced(text, 'json')}\n`, cut };
}
