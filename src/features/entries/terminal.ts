// The terminal's selected text. VS Code has no stable API for it: Terminal.selection is a proposed
// API (microsoft/vscode#188173) that desktop VS Code refuses to extensions that do not declare it,
// and the Marketplace refuses extensions that do. So: the stable property when a VS Code has one
// (detected by reading it, never by version), else VS Code's own Copy, read from the clipboard,
// and the person's clipboard put back as it was (text only: the clipboard API knows no other kind).
import * as vscode from 'vscode';

export interface TerminalSelection {
  text: string;
  /** How it was read: the stable property, or Copy and the clipboard. */
  via: 'api' | 'clipboard';
}

/** The property's value when this VS Code gives it to us; undefined when it has none or refuses. */
function stableSelection(terminal: vscode.Terminal): string | undefined {
  try {
    // A proposed API not enabled for this extension throws on access.
    const value: unknown = (terminal as { selection?: unknown }).selection;
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Copy, then read the clipboard; a marker written first tells "nothing was selected" from "the same text". */
async function copiedSelection(): Promise<string | undefined> {
  const clipboard = vscode.env.clipboard;
  const saved = await clipboard.readText();
  const marker = `web-data-no-terminal-selection-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  await clipboard.writeText(marker);
  try {
    await vscode.commands.executeCommand('workbench.action.terminal.copySelection');
    const copied = await clipboard.readText();
    return copied === marker ? undefined : copied;
  } finally {
    await clipboard.writeText(saved);
  }
}

/**
 * The active terminal's selection, or undefined when nothing is selected. `useApi: false` skips
 * the stable property (the host tests check the clipboard path, which desktop VS Code takes).
 */
export async function readTerminalSelection(terminal: vscode.Terminal, options: { useApi?: boolean } = {}): Promise<TerminalSelection | undefined> {
  if (options.useApi !== false) {
    const stable = stableSelection(terminal);
    if (stable !== undefined) return stable.trim() === '' ? undefined : { text: stable, via: 'api' };
  }
  const copied = await copiedSelection();
  return copied === undefined || copied.trim() === '' ? undefined : { text: copied, via: 'clipboard' };
}
