// Connecting in words: the address and key prompts, what the key check found, and the
// notifications of the connect commands, through vscode.l10n. The only place its English is (the
// address problems of ./base-url.ts excepted: they are checked by plain unit tests).
import * as vscode from 'vscode';
import type { KeyCheck } from './key-check';

export const addressWords = {
  title: (): string => vscode.l10n.t('Web Data: Service Address'),
  prompt: (): string => vscode.l10n.t('The address of the Web Data Service, without /v2. The API key is asked for next.'),
  notSaved: (problem: string): string => vscode.l10n.t('Web Data: no service address was saved. {0}', problem),
  notUsable: (baseUrl: string, problem: string): string => vscode.l10n.t('Web Data: the service address {0} is not usable. {1}', baseUrl, problem),
  neededFirst: (): string => vscode.l10n.t('Web Data: set the service address (webData.baseUrl) before the API key, or run "Web Data: Connect…".'),
};

export const keyPromptWords = {
  title: (baseUrl: string): string => vscode.l10n.t('Web Data: API Key for {0}', baseUrl),
  prompt: (): string => vscode.l10n.t('Paste the API key from the service\'s dashboard. It is checked with the service, then kept in VS Code\'s secret storage.'),
  /** The prompt when a folder's settings chose the address: the key would go where the folder says. */
  promptForFolderAddress: (folder: string): string => vscode.l10n.t('The folder "{0}" chose this address in its settings (webData.baseUrl), not you: paste a key only if you trust it. The key is kept for this address alone and sent nowhere else.', folder),
  placeholder: (): string => vscode.l10n.t('API key'),
  changeAddress: (): string => vscode.l10n.t('Change the service address'),
  hasSpaces: (): string => vscode.l10n.t('An API key has no spaces or line breaks. Paste just the key.'),
  badCharacters: (): string => vscode.l10n.t('This contains characters an API key cannot have. Paste just the key.'),
  empty: (): string => vscode.l10n.t('Paste the API key, or press Escape to cancel.'),
  notStored: (): string => vscode.l10n.t('The key could not be saved in VS Code\'s secret storage.'),
};

/** The key check's refusal in the prompt: a 401 says how to get the whole key; anything else is the client's own sentence. */
export function refusedWords(check: Extract<KeyCheck, { outcome: 'refused' }>): string {
  if (check.status === 401) return vscode.l10n.t('The service did not accept this key (401). Check that you copied the whole key from the dashboard, then try again.');
  if (check.status === 403) return vscode.l10n.t('The service refused this key (403): it may be revoked or lack access. Paste another key.');
  return check.message;
}

/** A key that could not be checked: Enter again saves it; Check Connection is named when the network may be at fault. */
export function unverifiedWords(check: Extract<KeyCheck, { outcome: 'unverified' }>): string {
  return check.network
    ? vscode.l10n.t('The key could not be checked: {0} Press Enter again to save it anyway, or Escape to cancel. Web Data: Check Connection shows which hop fails.', check.message)
    : vscode.l10n.t('The key could not be checked: {0} Press Enter again to save it anyway, or Escape to cancel.', check.message);
}

export const keyCommandWords = {
  notSaved: (why: string): string => vscode.l10n.t('Web Data: the API key was not saved. {0}', why),
  noKeyStored: (baseUrl: string | undefined): string => vscode.l10n.t('Web Data: no API key is stored for {0}.', baseUrl ?? vscode.l10n.t('the service (no address is set)')),
  removeButton: (): string => vscode.l10n.t('Remove Key'),
  removeQuestion: (baseUrl: string): string => vscode.l10n.t('Remove the Web Data API key for {0}?', baseUrl),
  removeDetail: (): string => vscode.l10n.t('It is removed from VS Code\'s secret storage, in every window. You can set it again at any time.'),
};
