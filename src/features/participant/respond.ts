// The answer itself: the pages fitted into the model's window with the chat tools' fitter, sent to
// the model the person picked (request.model), and its answer streamed with every citation made
// a link to its page's tab (stream.anchor), its fenced code blocks passed on as code blocks and
// every other character inert; then the sources, each with its tab and its address as text.
// Cancelling stops the stream at once.
import * as vscode from 'vscode';
import { stopped } from './stopped';
import { tokenBudget } from '../../core/chat/fit';
import { AnswerStream, type AnswerPart } from '../../core/participant/answer-stream';
import { inertAnswerText } from '../../core/participant/citations';
import { fitPrompt } from '../../core/participant/prompt';
import { inertLabel, inertMarkdown } from '../../core/text/inert';
import type { ReadPage } from './pages';
import { askingWords, cancelledWords, modelFailedWords, noModelAnswerWords, sourcesHeading, windowTooSmallWords } from './words';

/** The share of the model's window the message may fill: token counts of a whole message run a little over its parts'. */
const WINDOW_SHARE = 0.9;

export type Responded = 'answered' | 'cancelled' | 'failed';

/** The pages' tabs as the chat's references, shown above the answer. */
export function referencePages(pages: readonly ReadPage[], stream: vscode.ChatResponseStream): void {
  for (const page of pages) stream.reference(page.uri);
}

/** The numbered sources, each its tab and its address (as text, never a link of its own). */
export function listSources(pages: readonly ReadPage[], stream: vscode.ChatResponseStream): void {
  if (pages.length === 0) return;
  stream.markdown(`\n\n**${sourcesHeading()}**\n\n`);
  for (const page of pages) {
    stream.markdown(`${page.n}\\. `);
    stream.anchor(page.uri, inertLabel(page.title, 120));
    stream.markdown(` — ${inertMarkdown(page.url, 300)}\n\n`);
  }
}

function emit(parts: readonly AnswerPart[], pages: readonly ReadPage[], stream: vscode.ChatResponseStream): void {
  for (const part of parts) {
    if (part.kind === 'text') {
      if (part.text !== '') stream.markdown(inertAnswerText(part.text));
      continue;
    }
    // A code block: shown as code, where nothing is a link, HTML or command.
    if (part.kind === 'code') {
      stream.markdown(part.text);
      continue;
    }
    const page = pages.find((p) => p.n === part.n);
    if (page) stream.anchor(page.uri, `[${part.n}]`);
  }
}

/** Asks the model about the pages and streams its cited answer. */
export async function respond(question: string, pages: readonly ReadPage[], model: vscode.LanguageModelChat, stream: vscode.ChatResponseStream, token: vscode.CancellationToken): Promise<Responded> {
  const window = Math.floor(model.maxInputTokens * WINDOW_SHARE);
  const budget = tokenBudget(window, (text) => model.countTokens(text, token));
  const fitted = await fitPrompt(question, pages, budget);
  if (!fitted) {
    stream.markdown(windowTooSmallWords(model.maxInputTokens));
    return 'failed';
  }
  if (stopped(token)) return cancelled(stream);
  stream.progress(askingWords());
  const known = (n: number): boolean => pages.some((p) => p.n === n);
  const answer = new AnswerStream(known);
  let said = false;
  try {
    const response = await model.sendRequest([vscode.LanguageModelChatMessage.User(fitted.text)], { justification: vscode.l10n.t('@webData answers your question from the web pages it read, citing them.') }, token);
    for await (const piece of response.text) {
      if (stopped(token)) break;
      said ||= piece.trim() !== '';
      emit(answer.push(piece), pages, stream);
    }
  } catch (error) {
    emit(answer.close(), pages, stream);
    if (stopped(token)) return cancelled(stream);
    stream.markdown(modelFailedWords(error instanceof Error ? error.message : String(error)));
    return 'failed';
  }
  if (stopped(token)) {
    emit(answer.close(), pages, stream);
    return cancelled(stream);
  }
  emit(answer.end(), pages, stream);
  if (!said) stream.markdown(noModelAnswerWords());
  return 'answered';
}

function cancelled(stream: vscode.ChatResponseStream): Responded {
  stream.markdown(`\n\n${cancelledWords()}`);
  return 'cancelled';
}
