// Whether the person has used the extension in this VS Code profile: a command run through the
// palette, a menu or a keybinding, a view drawn, a chat tool called. Kept in global state, so every
// window of the profile knows it. The credits item shows for people who never connected only once
// they used the extension: the welcome view and the walkthrough cover the rest (issue 34).
import * as vscode from 'vscode';

/** The global state key; host tests reset it. */
export const USED_IN_PROFILE_KEY = 'webData.usedInProfile';

export class ProfileUse implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** After the first use in this profile (once). */
  readonly onDidChange = this.changed.event;

  constructor(private readonly globalState: vscode.Memento) {}

  /** Read each time: another window may have been the first to use it. */
  get used(): boolean {
    return this.globalState.get<boolean>(USED_IN_PROFILE_KEY) === true;
  }

  mark(): void {
    if (this.used) return;
    void Promise.resolve(this.globalState.update(USED_IN_PROFILE_KEY, true)).then(() => { this.changed.fire(); }, () => undefined);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
