// The command and settings tables (docs/reference.md, and the README's webhook table) and the manifest
// cannot drift apart: every contributed command and setting is in a table, and every name in those
// tables is contributed. The
// failure messages name each missing entry and where it is missing, so a merge of parallel work
// shows at once what to add. Reads the files as text.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../..');

interface Manifest {
  contributes: {
    languageModelTools: Array<{ name: string; toolReferenceName: string }>;
    commands: Array<{ command: string; title: string }>;
    configuration: Array<{ properties: Record<string, { default?: unknown }> }>;
  };
}

const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
const nls = JSON.parse(readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
const settingProperties: Record<string, { default?: unknown }> = Object.fromEntries(manifest.contributes.configuration.flatMap((category) => Object.entries(category.properties)));
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
/** Every setting and command, with its default and title (the README's sections name theirs and link here). */
const reference = readFileSync(path.join(root, 'docs', 'reference.md'), 'utf8');

interface Table {
  /** The first header cell, e.g. "Command" or "Setting". */
  kind: string;
  /** Every header cell. */
  header: string[];
  /** Data rows as trimmed cells; the separator row is left out. */
  rows: string[][];
}

function cells(line: string): string[] {
  // `\|` inside a cell is a literal bar (the README's `floor\|latest` does this).
  return line.trim().replace(/^\||\|$/g, '').split(/(?<!\\)\|/).map((cell) => cell.trim());
}

/** Every markdown table of the README, in order. */
function tablesOf(markdown: string): Table[] {
  const tables: Table[] = [];
  let current: Table | undefined;
  for (const line of markdown.split('\n')) {
    if (!line.trimStart().startsWith('|')) {
      current = undefined;
      continue;
    }
    const row = cells(line);
    if (current === undefined) {
      current = { kind: row[0] ?? '', header: row, rows: [] };
      tables.push(current);
    } else if (!row.every((cell) => /^:?-+:?$/.test(cell))) {
      current.rows.push(row);
    }
  }
  return tables;
}

/**
 * The `webData.…` names in the first column of the tables of one kind, with their rows. Only
 * tables whose second column is `second` count: other tables name settings too (the Restricted
 * Mode table, "Setting | Why"), without being the reference tables.
 */
function namesIn(kind: string, second: string): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const table of [...tablesOf(readme), ...tablesOf(reference)].filter((t) => t.kind === kind && t.header[1] === second)) {
    for (const row of table.rows) {
      const name = /^`(webData\.[\w.]+)`$/.exec(row[0] ?? '')?.[1];
      if (name === undefined) continue;
      assert.ok(!names.has(name), `the README lists ${name} twice in its ${kind} tables`);
      names.set(name, row);
    }
  }
  return names;
}

/** Both directions at once, in words that say which names are missing where. */
function assertSameNames(what: string, manifestNames: string[], readmeNames: string[]): void {
  const inReadme = new Set(readmeNames);
  const inManifest = new Set(manifestNames);
  const notInReadme = manifestNames.filter((n) => !inReadme.has(n));
  const notInManifest = readmeNames.filter((n) => !inManifest.has(n));
  const problems = [
    notInReadme.length > 0 ? `in package.json but missing from the README's ${what} table: ${notInReadme.join(', ')}` : '',
    notInManifest.length > 0 ? `in the README's ${what} table but missing from package.json: ${notInManifest.join(', ')}` : '',
  ].filter((p) => p !== '');
  assert.deepEqual(problems, [], problems.join('\n'));
}

describe('README tables match the manifest', () => {
  const commands = namesIn('Command', 'Title');
  const settings = namesIn('Setting', 'Default');

  it('finds the tables at all (the parser still reads the README)', () => {
    assert.ok(commands.size >= 10, `only ${commands.size} commands found in the README`);
    assert.ok(settings.size >= 10, `only ${settings.size} settings found in the README`);
  });

  it('every contributed command is in the command table, and every command there is contributed', () => {
    assertSameNames('command', manifest.contributes.commands.map((c) => c.command), [...commands.keys()]);
  });

  it('the command table gives each command its title', () => {
    const wrong = manifest.contributes.commands.flatMap(({ command, title }) => {
      const row = commands.get(command);
      const expected = nls[title.replace(/^%|%$/g, '')] ?? title;
      return row === undefined || row[1] === expected ? [] : [`${command}: README says "${row[1] ?? ''}", package.nls.json says "${expected}"`];
    });
    assert.deepEqual(wrong, [], wrong.join('\n'));
  });

  it('every contributed setting is in a settings table, and every setting there is contributed', () => {
    assertSameNames('settings', Object.keys(settingProperties), [...settings.keys()]);
  });

  it('the settings tables give each setting its default', () => {
    const wrong = Object.entries(settingProperties).flatMap(([name, schema]) => {
      const cell = settings.get(name)?.[1];
      // An object's default is described in words ("all on"); the rest are written as JSON, or
      // as a bare string in the webhook table.
      if (cell === undefined || typeof schema.default === 'object' && !Array.isArray(schema.default)) return [];
      const written = cell.replace(/^`|`$/g, '');
      const json = JSON.stringify(schema.default);
      return written === json || written === schema.default ? [] : [`${name}: README says ${cell}, package.json says ${json}`];
    });
    assert.deepEqual(wrong, [], wrong.join('\n'));
  });

  it('the chat table has a row for every language-model tool (its #name and name), and the count in words is right', () => {
    const table = tablesOf(readme).find((t) => t.kind === 'In a prompt');
    assert.ok(table, 'no "In a prompt | Tool" table in the README');
    const rows = table.rows.map((row) => `${row[0] ?? ''} ${row[1] ?? ''}`);
    const expected = manifest.contributes.languageModelTools.map((t) => `\`#${t.toolReferenceName}\` \`${t.name}\``);
    assert.deepEqual(rows.sort(), [...expected].sort());
    const words = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'];
    assert.match(readme, new RegExp(`chat agents ${words[expected.length] ?? String(expected.length)} language-model tools`));
  });
});
