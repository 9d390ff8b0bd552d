// The search query, written by the model the person picked from their question alone (before
// any page is read), shown as it is sent. When the model fails or says nothing usable, the
// question itself is the query: a search never waits on a model that cannot answer.
import * as vscode from 'vscode';
import { queryFrom, queryPrompt } from '../../core/participant/query';
import { stopped } from './stopped';

/** Characters of the model's answer read: a query is one short line. */
const MAX_ANSWER = 1000;

/** The query to send, or undefined when the person stopped the request meanwhile. */
export async function writeQuery(model: vscode.LanguageModelChat, question: string, token: vscode.CancellationToken): Promise<string | undefined> {
  let answer = '';
  try {
    const response = await model.sendRequest([vscode.LanguageModelChatMessage.User(queryPrompt(question))], { justification: vscode.l10n.t('@webData asks the model for a web search query for your question.') }, token);
    for await (const piece of response.text) {
      answer += piece;
      if (answer.length >= MAX_ANSWER || stopped(token)) break;
    }
  } catch {
    // The question is the query.
  }
  return stopped(token) ? undefined : queryFrom(answer.slice(0, MAX_ANSWER), question);
}
