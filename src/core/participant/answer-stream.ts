// The model's answer on its way to the chat, line by line: a fenced code block the model writes
// (``` or ~~~ at a line's start, with a plain language word) is passed on as a code block, which
// the chat shows as code, never as markup; everything else goes through the citations
// (./citations.ts) and is made inert there. Inside a block nothing acts, so its lines are passed as
// written (invisible and bidi characters removed); the block ends where markdown would end it (the
// same character, at least as many, nothing after), and a block the model left open is closed
// before anything of the participant's own follows. A line that may still become a fence is held
// until it is whole.
import { CitationStream, type AnswerPart as CitedPart } from './citations';

export type AnswerPart = CitedPart | { kind: 'code'; text: string };

/** An opening fence: at most 3 spaces, 3 or more of one character, an optional plain language word. */
const OPENING = /^ {0,3}(`{3,}|~{3,})[ \t]*([\w+#.-]{0,30})[ \t]*\n?$/;
/** What may still become a fence once its line is whole. */
const MAYBE_FENCE = /^ {0,3}[`~][\w`~+#. \t-]{0,40}$/;
const LONGEST_HELD = 48;

// Bidi, zero-width and control characters but \n and \t.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b-\u200d\u2060\ufeff]/g;

interface Fence { readonly char: string; readonly length: number; readonly text: string }

function closes(line: string, fence: Fence): boolean {
  const match = /^ {0,3}(`{3,}|~{3,})[ \t]*\n?$/.exec(line);
  return match?.[1] !== undefined && match[1].startsWith(fence.char) && match[1].length >= fence.length;
}

export class AnswerStream {
  private readonly citations: CitationStream;
  private fence: Fence | undefined;
  private held = '';
  private atLineStart = true;

  constructor(known: (n: number) => boolean) {
    this.citations = new CitationStream(known);
  }

  push(piece: string): AnswerPart[] {
    const parts: AnswerPart[] = [];
    let text = this.held + piece;
    this.held = '';
    while (text !== '') {
      const newline = text.indexOf('\n');
      const whole = newline !== -1;
      const segment = whole ? text.slice(0, newline + 1) : text;
      text = whole ? text.slice(newline + 1) : '';
      if (!whole && this.atLineStart && segment.length <= LONGEST_HELD && (this.fence ? /^ {0,3}[`~]*[ \t]*$/.test(segment) : MAYBE_FENCE.test(segment))) {
        this.held = segment;
        break;
      }
      parts.push(...this.take(segment, this.atLineStart && whole));
      this.atLineStart = whole;
    }
    return parts;
  }

  /** The end of the answer: what was held back, and the close of a block left open. */
  end(): AnswerPart[] {
    const held = this.held;
    this.held = '';
    const parts = held === '' ? [] : this.take(held, this.atLineStart && this.fence !== undefined);
    return [...parts, ...this.citations.end(), ...this.close()];
  }

  /** The close of a block left open (a stop in the middle of one), so what follows is not code. */
  close(): AnswerPart[] {
    const fence = this.fence;
    if (!fence) return [];
    this.fence = undefined;
    const close = `${this.atLineStart ? '' : '\n'}${fence.text}\n`;
    this.atLineStart = true;
    return [{ kind: 'code', text: close }];
  }

  private take(segment: string, wholeLine: boolean): AnswerPart[] {
    if (this.fence) {
      if (wholeLine && closes(segment, this.fence)) {
        const close = `${this.fence.text}\n`;
        this.fence = undefined;
        return [{ kind: 'code', text: close }];
      }
      return [{ kind: 'code', text: segment.replace(INVISIBLE, '') }];
    }
    const opening = wholeLine ? OPENING.exec(segment) : null;
    const fence = opening?.[1];
    if (fence === undefined) return this.citations.push(segment);
    this.fence = { char: fence.charAt(0), length: fence.length, text: fence };
    return [...this.citations.end(), { kind: 'code', text: `${fence}${opening?.[2] ?? ''}\n` }];
  }
}
