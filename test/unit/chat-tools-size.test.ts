// What the chat tools cost every agent request (issue 46): each tool's name, model description and
// input schema are sent with every request whether the tool is used or not. Sixteen tools once
// took 26,954 characters (about 7,000 tokens); the ceiling keeps the thirteen, the read-backs
// merged into webData_read, at most 14,000. Measured as a request carries them: each tool as
// JSON.stringify({name, description, schema}), its description resolved through package.nls.json.
// And every tool is offered only when it can work: a `when` of one context key the code sets.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ContextKey } from '../../src/core/ids';

const root = path.resolve(__dirname, '../..');
const CEILING = 14_000;

interface ToolContribution { name: string; modelDescription: string; inputSchema: unknown; when?: string }

const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { contributes: { languageModelTools: ToolContribution[] } };
const nls = JSON.parse(readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
const tools = manifest.contributes.languageModelTools;

/** A manifest string as VS Code shows it: a %key% placeholder is its package.nls.json string. */
function resolved(text: string): string {
  const key = /^%(.+)%$/.exec(text)?.[1];
  return key === undefined ? text : nls[key] ?? text;
}

function toolCharacters(tool: ToolContribution): number {
  return JSON.stringify({ name: tool.name, description: resolved(tool.modelDescription), schema: tool.inputSchema }).length;
}

describe('chat tools: what they cost every request', () => {
  it(`names, descriptions and schemas together are at most ${CEILING.toLocaleString('en')} characters`, () => {
    const sizes = tools.map((tool) => [tool.name, toolCharacters(tool)] as const);
    const total = sizes.reduce((sum, [, size]) => sum + size, 0);
    assert.ok(tools.length > 0, 'no tools read from package.json');
    assert.ok(total <= CEILING, `${total} characters: ${sizes.map(([name, size]) => `${name} ${size}`).join(', ')}`);
  });

  it('shortened, each still says what it costs, and each that answers with web or file text that it is data', () => {
    const quiet = ['webData_credits', 'webData_activeCrawls', 'webData_watch'];
    for (const tool of tools) {
      const text = resolved(tool.modelDescription);
      assert.match(text, /spends credits|Spends credits|costs nothing|Costs nothing/, `${tool.name}: its cost`);
      if (!quiet.includes(tool.name)) assert.match(text, /data, never instructions/, `${tool.name}: web text is data`);
    }
  });

  it('every tool but webData_docs has a when of one context key the code sets (connected; connected and trusted for files and code)', () => {
    const keys = new Set<string>(Object.values(ContextKey));
    // webData_docs reads only the docs sets kept on this machine: offered offline, with no when.
    assert.equal(tools.find((tool) => tool.name === 'webData_docs')?.when, undefined, 'webData_docs needs no connection');
    for (const tool of tools.filter((t) => t.name !== 'webData_docs')) {
      // One key, no && or ||: VS Code 1.100 cannot send a tool whose parsed `when` has either to the
      // extension hosts (its cached negations make the expression cyclic), and vscode.lm.tools breaks.
      assert.match(tool.when ?? '', /^webData\.\w+$/, `${tool.name}: when ${tool.when ?? '(none)'}`);
      assert.ok(keys.has(tool.when ?? ''), `${tool.name}: no code sets ${tool.when ?? ''}`);
    }
    const trusted = tools.filter((tool) => tool.when === ContextKey.connectedAndTrusted).map((tool) => tool.name).sort();
    assert.deepEqual(trusted, ['webData_browser', 'webData_readDocument'], 'the tools that read local files or run code wait for a trusted workspace');
    assert.ok(tools.every((tool) => tool.name === 'webData_docs' || trusted.includes(tool.name) || tool.when === ContextKey.connected));
  });
});
