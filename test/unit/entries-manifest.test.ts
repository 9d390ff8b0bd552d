// Where the entries show (package.json): the editor's Web Data submenu only with a selection, the
// terminal's only with a selection, the problem command never in the palette (it needs a problem:
// the Code Action gives it), and the setting that turns the Code Action off.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Command, fullSettingKey, Setting } from '../../src/core/ids';

interface Menus { [menu: string]: Array<{ command: string; when?: string; group?: string }> }
const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as {
  contributes: { menus: Menus; configuration: Array<{ properties: Record<string, { type?: string; default?: unknown }> }> };
  capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
};
const menus = manifest.contributes.menus;

function entry(menu: string, command: string): { when?: string; group?: string } | undefined {
  return menus[menu]?.find((item) => item.command === command);
}

describe('entries in the manifest', () => {
  it('the editor\'s and the terminal\'s context menus, only when text is selected', () => {
    assert.equal(entry('webData.editorContext', Command.searchSelection)?.when, 'editorHasSelection');
    assert.equal(entry('terminal/context', Command.searchTerminalSelection)?.when, 'terminalTextSelected');
    assert.equal(entry('commandPalette', Command.searchSelection)?.when, 'editorHasSelection');
    assert.equal(entry('commandPalette', Command.searchTerminalSelection)?.when, 'terminalTextSelected');
    assert.equal(entry('commandPalette', Command.searchProblem)?.when, 'false');
  });

  it('webData.search.problemActions: a boolean, on by default, not a restricted setting', () => {
    const key = fullSettingKey(Setting.searchProblemActions);
    const schema = manifest.contributes.configuration.find((category) => key in category.properties)?.properties[key];
    assert.deepEqual(schema, { ...schema, type: 'boolean', default: true });
    // It can only take an action away: a folder may set it in Restricted Mode too.
    assert.equal(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations.includes(key), false);
  });
});
