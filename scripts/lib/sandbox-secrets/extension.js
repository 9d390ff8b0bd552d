// Not part of Web Data: a helper extension that scripts/lib/stack.mjs installs next to it in the
// sandbox and e2e VS Code server. The stack starts the server with the emulator's demo key and
// webhook secret in the environment; this hands them to Web Data through its own commands' argument
// forms, as a person's keybinding or another extension could, so Web Data itself reads no
// sandbox environment. The key goes through webData.setApiKey, which checks it with the emulator
// before storing it, exactly like a typed one. Neither value is logged.
/* global require, exports */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- VS Code require()s an extension's main
const vscode = require('vscode');

exports.activate = async function activate() {
  const secret = process.env.WEBDATA_SANDBOX_WEBHOOK_SECRET;
  const apiKey = process.env.WEBDATA_SANDBOX_API_KEY;
  // The secret first: the receiver starts with the window and should not warn about unsigned deliveries.
  if (secret && !(await vscode.commands.executeCommand('webData.setWebhookSecret', { secret }))) {
    console.error('sandbox-secrets: webData.setWebhookSecret did not store the webhook secret');
  }
  if (apiKey && !(await vscode.commands.executeCommand('webData.setApiKey', { apiKey }))) {
    console.error('sandbox-secrets: webData.setApiKey did not store the demo key');
  }
};
