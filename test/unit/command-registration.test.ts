// One way to register a command (src/platform/commands.ts): its id, a decoder of what it is
// given, and a body that never sees `unknown`. A plain scan of the sources, as the history-owner
// test does: it fails the day a command is registered around the decoders again.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Command } from '../../src/core/ids';

const ROOT = path.join(__dirname, '..', '..');
// VS Code's registration is made in one place: the stand-ins every command has from activation on,
// whose handler registerCommand (src/platform/commands.ts) gives (or VS Code's, for a command with no stand-in).
const REGISTRAR = 'src/platform/stand-ins.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return entry.name.endsWith('.ts') ? [relative] : [];
  });
}

const sources = sourceFiles('src').map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));

describe('commands: one registration, a decoder each', () => {
  it('only src/platform/stand-ins.ts calls vscode.commands.registerCommand', () => {
    const others = sources.filter(({ file, text }) => file !== REGISTRAR && /commands\s*\.\s*registerCommand\s*\(/.test(text)).map(({ file }) => file);
    assert.deepEqual(others, []);
  });

  it('every command is registered once, with its decoder next to its id', () => {
    const named = new Map<string, number>();
    for (const { text } of sources) {
      // registerCommand(Command.x, decoder, run), or a row of the webhooks' decoder table.
      for (const match of text.matchAll(/registerCommand\(\s*Command\.(\w+),\s*\w+|\[Command\.(\w+)\]:\s*(?:noArgument|decode\w+),/g)) {
        const name = match[1] ?? match[2] ?? '';
        named.set(name, (named.get(name) ?? 0) + 1);
      }
    }
    const missing = Object.keys(Command).filter((name) => named.get(name) !== 1);
    assert.deepEqual(missing, [], 'commands registered other than once through registerCommand');
  });

  it('no command body takes `unknown` or `never[]` arguments', () => {
    const loose = sources.flatMap(({ file, text }) => [...text.matchAll(/\((?:arg|args|argument|node|options)\?: unknown\)\s*=>|\.\.\.args: never\[\]/g)].map((m) => `${file}: ${m[0]}`));
    assert.deepEqual(loose, []);
  });
});
