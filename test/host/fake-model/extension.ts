// A chat model for the host tests (VS Code 1.104 and later, where extensions may provide models):
// two models of the vendor "webdata-test", a small window and a large one, that answer with what
// the test scripted and keep every message they were sent. Built by scripts/run-host-tests.mjs
// into out/host/fake-model/ and loaded as a second extension under development on the newest
// VS Code only. @types/vscode is the floor's, which has no provider API: its shapes are declared here.
import * as vscode from 'vscode';

interface ModelInformation {
  id: string;
  name: string;
  family: string;
  version: string;
  maxInputTokens: number;
  maxOutputTokens: number;
  capabilities: { toolCalling?: boolean; imageInput?: boolean };
}

interface RequestMessage { content: readonly unknown[] }

interface Provider {
  provideLanguageModelChatInformation(options: { silent: boolean }, token: vscode.CancellationToken): ModelInformation[];
  provideLanguageModelChatResponse(model: ModelInformation, messages: readonly RequestMessage[], options: unknown, progress: vscode.Progress<vscode.LanguageModelTextPart>, token: vscode.CancellationToken): Promise<void>;
  provideTokenCount(model: ModelInformation, text: string | RequestMessage, token: vscode.CancellationToken): Promise<number>;
}

type Register = (vendor: string, provider: Provider) => vscode.Disposable;

/** What a test sees of a request: the model's id and every message's text, joined. */
export interface SeenRequest { model: string; text: string; tokens: number }

export interface FakeModelApi {
  /** The next answers, each a list of pieces streamed in order; when none is left the model answers "No script.". */
  answers: string[][];
  /** The answers' requests (not the search queries'), in order. */
  readonly requests: SeenRequest[];
  /** The next search queries to write, for the requests that ask for one; when none is left, the question itself. */
  queries: string[];
  /** The requests that asked for a search query. */
  readonly queryRequests: SeenRequest[];
  /** Milliseconds between pieces, for the tests that stop an answer midway. */
  pieceDelayMs: number;
  /** How many answers ended because the request was cancelled. */
  cancelled: number;
  reset(): void;
}

/** The tokens of a text as these models count them: one per four characters. */
export function countTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

const MODELS: ModelInformation[] = [
  { id: 'fake-small', name: 'Fake Small', family: 'fake', version: '1', maxInputTokens: 700, maxOutputTokens: 500, capabilities: {} },
  { id: 'fake-large', name: 'Fake Large', family: 'fake', version: '1', maxInputTokens: 200_000, maxOutputTokens: 4000, capabilities: {} },
];

function textOf(message: RequestMessage | string): string {
  if (typeof message === 'string') return message;
  return message.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

export function activate(context: vscode.ExtensionContext): FakeModelApi {
  const api: FakeModelApi = {
    answers: [], requests: [], queries: [], queryRequests: [], pieceDelayMs: 0, cancelled: 0,
    reset() {
      api.answers = [];
      api.requests.length = 0;
      api.queries = [];
      api.queryRequests.length = 0;
      api.pieceDelayMs = 0;
      api.cancelled = 0;
    },
  };
  const register = Reflect.get(vscode.lm, 'registerLanguageModelChatProvider') as Register | undefined;
  if (typeof register !== 'function') return api;
  const inPicker = vscode.workspace.getConfiguration('webdataTest').get<boolean>('fakeModel.inPicker') === true;
  if (inPicker) void addProviderGroup();
  context.subscriptions.push(register('webdata-test', {
    // The chat's model picker in agent mode lists only models that call tools.
    provideLanguageModelChatInformation: () => (inPicker ? MODELS.map((m) => ({ ...m, capabilities: { toolCalling: true } })) : MODELS),
    provideLanguageModelChatResponse: async (model, messages, _options, progress, token) => {
      const text = messages.map(textOf).join('\n');
      const seen = { model: model.id, text, tokens: countTokens(text) };
      // @webData asks for a search query first (src/core/participant/query.ts).
      if (text.startsWith('Write one web search query')) {
        api.queryRequests.push(seen);
        progress.report(new vscode.LanguageModelTextPart(api.queries.shift() ?? /Question: (.*)/.exec(text)?.[1] ?? ''));
        return;
      }
      api.requests.push(seen);
      // Unscripted (the end-to-end run has no test beside it to script it): the answer in the
      // machine setting webdataTest.fakeModel.answer when there is one.
      const fromSettings = vscode.workspace.getConfiguration('webdataTest').get<string[]>('fakeModel.answer');
      const pieces = api.answers.shift() ?? (Array.isArray(fromSettings) ? fromSettings : ['No script.']);
      for (const piece of pieces) {
        if (token.isCancellationRequested) {
          api.cancelled++;
          return;
        }
        progress.report(new vscode.LanguageModelTextPart(piece));
        if (api.pieceDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, api.pieceDelayMs));
      }
    },
    provideTokenCount: (_model, text) => Promise.resolve(countTokens(textOf(text))),
  }));
  return api;
}

/**
 * The end-to-end run's workbench (machine setting webdataTest.fakeModel.inPicker): a provider group
 * of this vendor in the profile's chatLanguageModels.json, as Chat: Manage Language Models → Add
 * Models would write it. Without a group of a vendor other than Copilot, VS Code's model picker
 * offers only "Sign in to use Copilot" and answers every request with "Language model unavailable".
 */
async function addProviderGroup(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.openLanguageModelsJson');
  const document = vscode.window.activeTextEditor?.document;
  if (!document || document.getText().includes('"webdata-test"')) return;
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), JSON.stringify([{ name: 'Web Data Test', vendor: 'webdata-test' }], null, '\t'));
  await vscode.workspace.applyEdit(edit);
  await document.save();
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
}
