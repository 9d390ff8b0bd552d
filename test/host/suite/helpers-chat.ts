// For the @webData suite: a response stream that records what the participant streamed, a request
// as VS Code would hand it, a history turn, and the scripted model of test/host/fake-model.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeModelApi } from '../fake-model/extension';

export const PARTICIPANT_ID = 'webData.participant';

export type Streamed =
  | { kind: 'markdown'; value: string }
  | { kind: 'anchor'; uri: vscode.Uri; title: string | undefined }
  | { kind: 'reference'; uri: vscode.Uri }
  | { kind: 'button'; command: vscode.Command }
  | { kind: 'progress'; value: string };

function uriOf(value: vscode.Uri | vscode.Location): vscode.Uri {
  return value instanceof vscode.Uri ? value : value.uri;
}

/** A ChatResponseStream that keeps every part, in order. */
export class RecordingStream implements vscode.ChatResponseStream {
  readonly parts: Streamed[] = [];
  /** Called after each part (a test cancels midway with it). */
  onPart: ((part: Streamed) => void) | undefined;

  private add(part: Streamed): void {
    this.parts.push(part);
    this.onPart?.(part);
  }

  markdown(value: string | vscode.MarkdownString): void {
    this.add({ kind: 'markdown', value: typeof value === 'string' ? value : value.value });
  }

  anchor(value: vscode.Uri | vscode.Location, title?: string): void {
    this.add({ kind: 'anchor', uri: uriOf(value), title });
  }

  button(command: vscode.Command): void {
    this.add({ kind: 'button', command });
  }

  filetree(): void {
    assert.fail('the participant streamed a file tree');
  }

  progress(value: string): void {
    this.add({ kind: 'progress', value });
  }

  reference(value: vscode.Uri | vscode.Location): void {
    this.add({ kind: 'reference', uri: uriOf(value) });
  }

  push(): void {
    assert.fail('the participant pushed a raw part');
  }

  /** Every markdown part, joined. */
  get text(): string {
    return this.parts.map((p) => (p.kind === 'markdown' ? p.value : p.kind === 'anchor' ? `{${p.title ?? ''}}` : '')).join('');
  }

  anchors(): Array<{ uri: vscode.Uri; title: string | undefined }> {
    return this.parts.flatMap((p) => (p.kind === 'anchor' ? [{ uri: p.uri, title: p.title }] : []));
  }

  references(): vscode.Uri[] {
    return this.parts.flatMap((p) => (p.kind === 'reference' ? [p.uri] : []));
  }

  buttons(): vscode.Command[] {
    return this.parts.flatMap((p) => (p.kind === 'button' ? [p.command] : []));
  }
}

/** A request as VS Code hands one to the participant. */
export function chatRequest(prompt: string, model: vscode.LanguageModelChat, command?: string): vscode.ChatRequest {
  const request: Omit<vscode.ChatRequest, 'toolInvocationToken'> = { prompt, command, references: [], toolReferences: [], model };
  return request as vscode.ChatRequest;
}

/** An earlier answer of the participant, as the chat's history holds it. */
export function responseTurn(result: vscode.ChatResult): vscode.ChatResponseTurn {
  // The class's constructor is not public in the API's types; the extension host's is the one the participant checks against.
  return Reflect.construct(vscode.ChatResponseTurn, [[], result, PARTICIPANT_ID]) as vscode.ChatResponseTurn;
}

/** The scripted model extension's API (loaded beside the extension on VS Code 1.104 and later). */
export async function fakeModel(): Promise<FakeModelApi> {
  const extension = vscode.extensions.getExtension<FakeModelApi>('webdata-test.fake-model');
  assert.ok(extension, 'the scripted model extension is not loaded');
  return extension.activate();
}

export async function modelWithId(id: 'fake-small' | 'fake-large'): Promise<vscode.LanguageModelChat> {
  const [model] = await vscode.lm.selectChatModels({ vendor: 'webdata-test', id });
  assert.ok(model, `no model ${id}`);
  return model;
}
