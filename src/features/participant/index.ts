// @webData in chat (issue 38): answers from searched and read pages, with numbered citations that
// open the pages' read-only tabs. The participant itself is made at activation by its stand-in
// (src/platform/stand-ins.ts), since VS Code routes `@webData` only to a participant that exists;
// this feature loads on the first question and answers through it. Registering sends nothing.
import * as vscode from 'vscode';
import { Command, Participant } from '../../core/ids';
import { followupsFor } from '../../core/participant/followups';
import { registerCommand } from '../../platform/commands';
import type { Services } from '../../platform/services';
import { answerParticipant } from '../../platform/stand-ins';
import { ParticipantAnswers, type ParticipantDeps } from './answer';
import { Confirmations } from './confirmations';
import { confirmExpiredWords, followupWords } from './words';

export interface ParticipantApi {
  /** The participant's handler, as VS Code calls it (host tests call it with a stream of their own). */
  readonly handle: vscode.ChatRequestHandler;
  /** The follow-ups VS Code shows under an answer, as it asks for them. */
  readonly followups: (result: vscode.ChatResult) => vscode.ChatFollowup[];
  /** The button's yes, without asking the question again in the chat (host tests). */
  confirm(id: string): boolean;
}

/** The button's argument: the waiting question's id. */
function decodeId(argument: unknown): string | undefined {
  return typeof argument === 'string' && argument.length <= 64 ? argument : undefined;
}

export function registerParticipant(services: Services, deps: ParticipantDeps): ParticipantApi {
  const confirmations = new Confirmations();
  const answers = new ParticipantAnswers(services, deps, confirmations);
  const handle: vscode.ChatRequestHandler = (request, context, stream, token) => answers.handle(request, context, stream, token);
  const followups = (result: vscode.ChatResult): vscode.ChatFollowup[] => followupsFor(result.metadata).map((followup) => ({
    prompt: followup.prompt, label: followupWords(followup.kind), ...(followup.command ? { command: followup.command } : {}),
  }));
  services.context.subscriptions.push(
    answerParticipant(Participant.webData, { handler: handle, followups }),
    registerCommand(Command.answerInChat, decodeId, async (id) => {
      const key = id === undefined ? undefined : confirmations.confirm(id);
      if (key === undefined) {
        void vscode.window.showInformationMessage(confirmExpiredWords());
        return;
      }
      const [command, prompt] = key.split('\u0000');
      const query = `@webData ${command ? `/${command} ` : ''}${prompt ?? ''}`;
      // Participants answer in Ask mode (agent mode has tools, not participants); older chats ignore the mode.
      await vscode.commands.executeCommand('workbench.action.chat.open', { query, isPartialQuery: false, mode: 'ask' });
    }),
  );
  return { handle, followups, confirm: (id) => confirmations.confirm(id) !== undefined };
}
