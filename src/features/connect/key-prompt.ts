// The API key prompt: a password input box that checks the key with the service before saving it,
// and stays open after a refusal so the next try needs no new command.
import * as vscode from 'vscode';
import type { Services } from '../../platform/services';
import { inertNotification } from '../../core/text/inert';
import { checkApiKey } from './key-check';
import { showLogError } from '../../platform/notify';
import { showQuickInput } from '../../platform/quick-inputs';
import { baseUrlSetting, folderThatChoseBaseUrl } from '../../platform/settings';
import { keyPromptWords, refusedWords, unverifiedWords } from './words';

/** Shape problems found while typing; the service is only asked on Enter. */
function shapeProblem(value: string): string | undefined {
  const key = value.trim();
  if (key === '') return undefined;
  if (/\s/.test(key)) return keyPromptWords.hasSpaces();
  if (!/^[\x21-\x7e]+$/.test(key)) return keyPromptWords.badCharacters();
  return undefined;
}

export type KeyPromptResult = 'saved' | 'cancelled' | 'change-address';

/**
 * Shows the prompt for `baseUrl` and resolves 'saved' once a key is checked and stored. When the
 * service cannot be reached, a second Enter saves without checking. A title button asks to
 * change the service address instead ('change-address'), for the caller to handle.
 */
export function promptForApiKey(services: Services, baseUrl: string): Promise<KeyPromptResult> {
  const { log } = services;
  const box = vscode.window.createInputBox();
  box.title = keyPromptWords.title(baseUrl);
  const folder = folderThatChoseBaseUrl();
  box.prompt = folder !== undefined && baseUrl === baseUrlSetting() ? keyPromptWords.promptForFolderAddress(inertNotification(folder, 80)) : keyPromptWords.prompt();
  box.placeholder = keyPromptWords.placeholder();
  box.password = true;
  box.ignoreFocusOut = true;
  const changeAddress: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('edit'), tooltip: keyPromptWords.changeAddress() };
  box.buttons = [changeAddress];

  let result: KeyPromptResult = 'cancelled';
  let checking: AbortController | undefined;
  /** The key that could not be checked: Enter again with it saves it unchecked. */
  let unverifiedKey: string | undefined;

  /** True from this box's own save on: the change event that follows is ours. */
  let saving = false;
  const save = async (apiKey: string): Promise<void> => {
    saving = true;
    await services.secrets.setApiKey(baseUrl, apiKey).catch((err: unknown) => {
      saving = false;
      throw err;
    });
    await services.connection.refresh();
    result = 'saved';
    box.hide();
  };

  // A key for this address stored elsewhere while the box is open (another window, or a
  // command's argument form, as a task or test uses) answers the prompt: it closes as saved.
  const keyBefore = services.secrets.getApiKey(baseUrl).catch(() => undefined);
  let closed = false;
  const keyArrived = async (): Promise<void> => {
    const [before, now] = await Promise.all([keyBefore, services.secrets.getApiKey(baseUrl).catch(() => undefined)]);
    if (closed || saving || now === undefined || now === before) return;
    log.info(`API key for ${baseUrl} was stored elsewhere (another window or a command); the key prompt closed.`);
    await services.connection.refresh();
    result = 'saved';
    box.hide();
  };

  return new Promise<KeyPromptResult>((resolve) => {
    const listeners: vscode.Disposable[] = [
      services.secrets.onDidChangeApiKey(() => void keyArrived().catch(() => undefined)),
      box.onDidTriggerButton((button) => {
        if (button !== changeAddress) return;
        result = 'change-address';
        box.hide();
      }),
      box.onDidChangeValue((value) => {
        const problem = shapeProblem(value);
        box.validationMessage = problem ? { message: problem, severity: vscode.InputBoxValidationSeverity.Error } : undefined;
      }),
      box.onDidAccept(() => void accept().catch((err: unknown) => {
        // Secret storage can fail (a locked keyring): say so in the box and keep it open.
        checking = undefined;
        box.busy = false;
        box.enabled = true;
        log.error(`Saving the API key for ${baseUrl} failed: ${err instanceof Error ? err.message : String(err)}`);
        box.validationMessage = keyPromptWords.notStored();
        // The box cannot hold a button: the notification beside it opens the log, which says why.
        void showLogError(log, keyPromptWords.notStored());
      })),
      box.onDidHide(() => {
        closed = true;
        checking?.abort();
        for (const listener of listeners) listener.dispose();
        box.dispose();
        resolve(result);
      }),
    ];

    async function accept(): Promise<void> {
      if (checking) return;
      const apiKey = box.value.trim();
      if (apiKey === '') {
        box.validationMessage = keyPromptWords.empty();
        return;
      }
      if (shapeProblem(apiKey)) return;
      if (apiKey === unverifiedKey) {
        log.warn(`API key for ${baseUrl} saved without being checked: the service could not be reached.`);
        await save(apiKey);
        return;
      }
      checking = new AbortController();
      box.busy = true;
      box.enabled = false;
      box.validationMessage = undefined;
      const check = await checkApiKey(services.connection, baseUrl, apiKey, checking.signal);
      checking = undefined;
      box.busy = false;
      box.enabled = true;
      switch (check.outcome) {
        case 'accepted':
          log.info(`API key for ${baseUrl} checked: accepted${check.usage ? '' : ' (the service has no usage information for the team)'}.`);
          await save(apiKey);
          return;
        case 'refused':
          log.warn(`API key for ${baseUrl} checked: refused${check.status ? ` (${check.status})` : ''}.`);
          box.validationMessage = { message: refusedWords(check), severity: vscode.InputBoxValidationSeverity.Error };
          return;
        case 'unverified':
          log.warn(`API key for ${baseUrl} could not be checked: ${check.message}`);
          unverifiedKey = apiKey;
          box.validationMessage = {
            message: unverifiedWords(check),
            severity: vscode.InputBoxValidationSeverity.Warning,
          };
          return;
        case 'cancelled':
          return;
      }
    }
    showQuickInput(box);
    log.info(`Asking for the API key for ${baseUrl}.`);
  });
}
