// A context key that a view keeps true or false (a `when` clause shows its commands): set only when
// its value changes, since every draw of the view reports it.
import * as vscode from 'vscode';
import type { ContextKey } from '../core/ids';

type ContextKeyId = (typeof ContextKey)[keyof typeof ContextKey];

export class ContextFlag {
  private value: boolean | undefined;

  constructor(private readonly key: ContextKeyId) {}

  set(value: boolean): void {
    if (value === this.value) return;
    this.value = value;
    void vscode.commands.executeCommand('setContext', this.key, value);
  }
}
