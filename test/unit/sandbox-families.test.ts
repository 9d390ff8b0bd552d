// The sandbox banner names every family of the service (issue 46: it named search and crawls
// only), each by commands the palette really offers, under the titles the manifest gives them.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SAMPLE_DOCUMENT, SANDBOX_FAMILIES, commandTitles, sandboxFamilyLines, writeSampleDocuments } from '../../scripts/sandbox-families';
import { pdfToMarkdown } from '../emulator/documents';

const REPO = path.resolve(__dirname, '..', '..');

interface Manifest { contributes: { menus: { commandPalette?: Array<{ command: string; when?: string }> } } }

describe('the sandbox banner\'s families', () => {
  it('names each family: search, scrape and map, crawls and batch scrapes, documents, extract and research, browser sessions, watches', () => {
    const lines = sandboxFamilyLines().join('\n').toLowerCase();
    for (const family of ['search', 'scrape and map', 'crawls and batch scrapes', 'documents', 'extract and research', 'browser sessions', 'watches', 'docs sets', 'credits']) {
      assert.match(lines, new RegExp(`^ +${family} `, 'm'), `the banner does not name ${family}:\n${lines}`);
    }
  });

  it('names each family\'s commands by the titles the palette shows, and only commands the palette offers', () => {
    const titles = commandTitles();
    const manifest = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as Manifest;
    const hidden = new Set((manifest.contributes.menus.commandPalette ?? []).filter((e) => e.when === 'false').map((e) => e.command));
    const lines = sandboxFamilyLines(titles);
    for (const { family, commands } of SANDBOX_FAMILIES) {
      const line = lines.find((l) => l.trimStart().startsWith(family));
      assert.ok(line, family);
      for (const id of commands) {
        const title = titles.get(id);
        assert.ok(title !== undefined && !title.startsWith('%'), `${id} is not a command of the manifest`);
        assert.ok(!hidden.has(id), `${id} is hidden from the palette`);
        assert.ok(line.includes(title), `${family}: ${line} lacks "${title}"`);
      }
    }
  });

  it('is printed by npm run sandbox, before its searches', () => {
    const script = readFileSync(path.join(REPO, 'scripts', 'sandbox.mjs'), 'utf8');
    const families = script.indexOf('${sandboxFamilyLines().join(');
    assert.ok(families > 0 && families < script.indexOf('${sandboxSearchLines().join('));
  });

  it('gives the folder a document to convert (issue 46: it was empty), which the emulator reads as text, and keeps one a person changed', () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'wd-sandbox-docs-'));
    try {
      const file = writeSampleDocuments(folder);
      assert.equal(path.basename(file), SAMPLE_DOCUMENT);
      const converted = pdfToMarkdown(readFileSync(file));
      assert.equal(converted.pageCount, 2);
      assert.match(converted.markdown, /Harbor Town Quarterly Report[\s\S]*Lighthouse repairs/);
      assert.ok(sandboxFamilyLines().some((line) => line.includes(SAMPLE_DOCUMENT)), 'the banner does not name it');
      writeFileSync(file, 'changed');
      writeSampleDocuments(folder);
      assert.equal(readFileSync(file, 'utf8'), 'changed');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
