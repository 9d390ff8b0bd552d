// The connect commands' bodies: the address and key prompts, the key check and the secret
// storage writes. Every command also takes its inputs as an argument, so tests, tasks and keybindings run it
// without prompts; each resolves true when it did what was asked.
import * as vscode from 'vscode';
import { askText } from '../../platform/quick-inputs';
import type { ConnectArguments } from '../../core/commands/connect';
import { Command, Setting, SETTINGS_SECTION } from '../../core/ids';
import type { Services } from '../../platform/services';
import { inertNotification } from '../../core/text/inert';
import { errorButtonLabel } from '../../platform/notify';
import { baseUrlSetting } from '../../platform/settings';
import { checkBaseUrl } from './base-url';
import { checkApiKey } from './key-check';
import { promptForApiKey } from './key-prompt';
import { addressWords, keyCommandWords } from './words';

/** An error notification whose text may hold outside text (a typed address, the service's answer). */
function showInertError(message: string): void {
  void vscode.window.showErrorMessage(inertNotification(message));
}

async function offerCheckConnection(message: string): Promise<void> {
  const check = errorButtonLabel('check-connection');
  if (await vscode.window.showErrorMessage(inertNotification(message), check) === check) await vscode.commands.executeCommand(Command.checkConnection);
}

/**
 * Saves the address in the settings (where it is set today: workspace if overridden there, else
 * user). In Restricted Mode a folder's value is ignored (it is a restricted setting), so the user
 * settings are the only place a save takes effect.
 */
async function saveBaseUrl(baseUrl: string): Promise<void> {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const inspected = config.inspect<string>(Setting.baseUrl);
  const target = !vscode.workspace.isTrusted ? vscode.ConfigurationTarget.Global
    : inspected?.workspaceFolderValue !== undefined ? vscode.ConfigurationTarget.WorkspaceFolder
    : inspected?.workspaceValue !== undefined ? vscode.ConfigurationTarget.Workspace
      : vscode.ConfigurationTarget.Global;
  if (config.get<string>(Setting.baseUrl) !== baseUrl) await config.update(Setting.baseUrl, baseUrl, target);
}

async function askForBaseUrl(current?: string): Promise<string | undefined> {
  const value = await askText({
    title: addressWords.title(),
    prompt: addressWords.prompt(),
    placeHolder: 'https://api.example.com',
    value: current ?? 'https://',
    valueSelection: current ? undefined : [8, 8],
    ignoreFocusOut: true,
    validateInput: (text) => {
      if (text.trim() === 'https://' || text.trim() === '') return undefined;
      const check = checkBaseUrl(text);
      return check.ok ? undefined : check.message;
    },
  });
  if (value === undefined) return undefined;
  const check = checkBaseUrl(value);
  if (!check.ok) showInertError(addressWords.notSaved(check.message));
  return check.ok ? check.baseUrl : undefined;
}

/** Arguments: `{ baseUrl?, apiKey? }`; what is missing is asked for. */
export async function connect(services: Services, given: ConnectArguments): Promise<boolean> {
  let baseUrl = given.baseUrl ?? baseUrlSetting();
  if (baseUrl !== undefined) {
    const check = checkBaseUrl(baseUrl);
    if (!check.ok) {
      showInertError(addressWords.notUsable(baseUrl, check.message));
      if (given.baseUrl !== undefined) return false;
      baseUrl = undefined;
    } else baseUrl = check.baseUrl;
  }
  baseUrl ??= await askForBaseUrl();
  if (baseUrl === undefined) return false;
  await saveBaseUrl(baseUrl);
  const apiKey = given.apiKey;
  return setApiKey(services, apiKey !== undefined ? { apiKey, baseUrl } : { baseUrl });
}

/**
 * Arguments: `{ apiKey, baseUrl?, skipCheck? }`: the address defaults to the webData.baseUrl
 * setting; skipCheck saves without asking the service first (offline set-up). No key: the prompt.
 */
export async function setApiKey(services: Services, given: ConnectArguments): Promise<boolean> {
  const rawBaseUrl = given.baseUrl ?? baseUrlSetting();
  if (rawBaseUrl === undefined) {
    if (typeof given.apiKey === 'string') {
      showInertError(addressWords.neededFirst());
      return false;
    }
    // No address yet: Connect asks for it first, then comes back here.
    return connect(services, {});
  }
  const check = checkBaseUrl(rawBaseUrl);
  if (!check.ok) {
    showInertError(addressWords.notUsable(rawBaseUrl, check.message));
    return false;
  }
  const baseUrl = check.baseUrl;
  if (typeof given.apiKey !== 'string') return promptUntilDone(services, baseUrl);

  const apiKey = given.apiKey.trim();
  if (given.skipCheck !== true) {
    const result = await checkApiKey(services.connection, baseUrl, apiKey);
    if (result.outcome === 'refused' || result.outcome === 'unverified') {
      services.log.warn(`API key for ${baseUrl} not saved: ${result.outcome === 'refused' ? 'the service refused it' : 'it could not be checked'}.`);
      const message = keyCommandWords.notSaved(result.message);
      // The service could not be asked and the network may be at fault: the doctor shows where.
      if (result.outcome === 'unverified' && result.network) void offerCheckConnection(message);
      else showInertError(message);
      return false;
    }
    if (result.outcome === 'cancelled') return false;
  }
  await services.secrets.setApiKey(baseUrl, apiKey);
  await services.connection.refresh();
  services.log.info(`API key for ${baseUrl} saved${given.skipCheck === true ? ' without a check' : ''}.`);
  return true;
}

/** The key prompt, and the address prompt whenever its "change address" button is pressed. */
async function promptUntilDone(services: Services, baseUrl: string): Promise<boolean> {
  let address = baseUrl;
  // Bounded: each round is a person pressing a button; ten changes in a row is a stuck loop.
  for (let round = 0; round < 10; round++) {
    const result = await promptForApiKey(services, address);
    if (result !== 'change-address') return result === 'saved';
    const changed = await askForBaseUrl(address);
    if (changed === undefined) return false;
    await saveBaseUrl(changed);
    address = changed;
  }
  return false;
}

/** Arguments: `{ baseUrl?, confirmed? }`; confirmed removes without the confirmation dialog. */
export async function clearApiKey(services: Services, given: ConnectArguments): Promise<boolean> {
  const raw = given.baseUrl ?? baseUrlSetting();
  const checked = raw !== undefined ? checkBaseUrl(raw) : undefined;
  const baseUrl = checked?.ok ? checked.baseUrl : raw;
  if (baseUrl === undefined || (await services.secrets.getApiKey(baseUrl)) === undefined) {
    void vscode.window.showInformationMessage(keyCommandWords.noKeyStored(baseUrl));
    return false;
  }
  if (given.confirmed !== true) {
    const remove = keyCommandWords.removeButton();
    const choice = await vscode.window.showWarningMessage(
      keyCommandWords.removeQuestion(baseUrl),
      { modal: true, detail: keyCommandWords.removeDetail() },
      remove,
    );
    if (choice !== remove) return false;
  }
  await services.secrets.deleteApiKey(baseUrl);
  await services.connection.refresh();
  services.log.info(`API key for ${baseUrl} removed.`);
  return true;
}
