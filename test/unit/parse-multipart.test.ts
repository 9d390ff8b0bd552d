// The parse upload's multipart body (issue 35), its file rules and its path rules, without a socket:
// the boundary, the order of the fields, file names with quotes, line breaks and non-ASCII letters
// (read back by the emulator's own reader, as a server would), the size check, the secret-looking
// names, and paths inside, outside and through links.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { checkSize, contentTypeOf, isParseable, looksSecret, PARSE_EXTENSIONS } from '../../src/core/parse/files';
import { multipartBody, newBoundary, quotedName, type MultipartFile } from '../../src/core/parse/multipart';
import { checkDocumentPath } from '../../src/core/parse/paths';
import { PARSE_EXTENSIONS as EMULATOR_EXTENSIONS, readForm } from '../emulator/parse';

function memoryFile(name: string, data: Buffer, chunk = 3): MultipartFile {
  return {
    name, contentType: contentTypeOf(name) ?? 'application/octet-stream', size: data.length,
    open: () => Readable.from(Array.from({ length: Math.ceil(data.length / chunk) }, (_, i) => data.subarray(i * chunk, (i + 1) * chunk))),
  };
}

async function bytesOf(body: ReturnType<typeof multipartBody>, onBytes?: (sent: number) => void): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body.chunks(onBytes)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('parse: the multipart body', () => {
  it('is options then file, each part delimited by the boundary, with the length it declares', async () => {
    const data = Buffer.from('a,b\n1,2\n');
    const body = multipartBody(memoryFile('table.csv', data), '{"formats":[{"type":"markdown"}]}', 'test-boundary-1');
    const bytes = await bytesOf(body);
    assert.equal(body.contentType, 'multipart/form-data; boundary=test-boundary-1');
    assert.equal(bytes.length, body.length, 'the content-length is the bytes sent');
    assert.equal(bytes.toString('utf8'), [
      '--test-boundary-1',
      'Content-Disposition: form-data; name="options"',
      'Content-Type: application/json',
      '',
      '{"formats":[{"type":"markdown"}]}',
      '--test-boundary-1',
      'Content-Disposition: form-data; name="file"; filename="table.csv"',
      'Content-Type: text/csv',
      '',
      'a,b\n1,2\n',
      '--test-boundary-1--',
      '',
    ].join('\r\n'));
    const form = readForm(body.contentType, bytes);
    assert.deepEqual(form?.map((p) => p.name), ['options', 'file']);
    assert.deepEqual(form[1]?.data, data);
  });

  it('writes a name with quotes, line breaks and non-ASCII letters so it cannot close its quotes, and a server reads it back', async () => {
    const name = 'Ünïcødé "quoted"\r\nX-Evil: 1 日本語.pdf';
    assert.equal(quotedName(name), '"Ünïcødé %22quoted%22%0D%0AX-Evil: 1 日本語.pdf"');
    const body = multipartBody(memoryFile(name, Buffer.from('%PDF-1.4 x')), undefined, newBoundary());
    const bytes = await bytesOf(body);
    assert.equal(bytes.length, body.length, 'non-ASCII letters are counted in bytes');
    const text = bytes.toString('utf8');
    assert.ok(!text.includes('\r\nX-Evil'), 'no line of the name starts a header');
    const form = readForm(body.contentType, bytes);
    assert.equal(form?.length, 1, 'no options part when none is given');
    assert.equal(form[0]?.fileName, name);
  });

  it('makes a fresh random boundary each time, and refuses one a header could not carry', () => {
    const a = newBoundary();
    const b = newBoundary();
    assert.notEqual(a, b);
    assert.match(a, /^----webdata-[0-9a-f]{48}$/);
    assert.throws(() => multipartBody(memoryFile('a.csv', Buffer.from('x')), undefined, 'bad\r\nboundary'));
  });

  it('reports each chunk sent, and fails when the file is not the size it had (changed while sent)', async () => {
    const data = Buffer.alloc(10, 1);
    const heard: number[] = [];
    await bytesOf(multipartBody(memoryFile('a.csv', data, 4), undefined, 'b'), (sent) => heard.push(sent));
    assert.deepEqual(heard, [4, 8, 10]);
    const shrunk = { ...memoryFile('a.csv', data.subarray(0, 6)), size: 10 };
    await assert.rejects(bytesOf(multipartBody(shrunk, undefined, 'b')), /changed while it was sent/);
    const grown = { ...memoryFile('a.csv', Buffer.alloc(14)), size: 10 };
    await assert.rejects(bytesOf(multipartBody(grown, undefined, 'b')), /changed while it was sent/);
  });
});

describe('parse: which files', () => {
  it('takes exactly the extensions the service lists, in any case', () => {
    assert.deepEqual([...PARSE_EXTENSIONS].sort(), [...EMULATOR_EXTENSIONS].sort());
    assert.ok(isParseable('Spec.PDF'));
    assert.ok(isParseable('dir.v2/report.docx'));
    assert.ok(!isParseable('notes.txt'));
    assert.ok(!isParseable('pdf'));
    assert.ok(!isParseable('.pdf'), 'a dot file has no extension');
    assert.equal(contentTypeOf('a.xlsx'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    assert.equal(contentTypeOf('a.exe'), undefined);
  });

  it('knows names that look like secrets', () => {
    for (const name of ['.env', '.env.local', 'prod.env', 'server.pem', 'tls.key', 'id_rsa', 'id_ed25519.pub', 'aws-credentials.csv', 'Credentials.xlsx', 'secrets.docx', 'passwords.xlsx', 'api-token.csv']) {
      assert.ok(looksSecret(name), name);
    }
    for (const name of ['report.pdf', 'design.docx', 'budget.xlsx', 'environment.html', 'keynote.pptx', 'identity.pdf']) {
      assert.ok(!looksSecret(name), name);
    }
  });

  it('refuses an empty file and one over the size setting, before anything is sent', () => {
    const MB = 1024 * 1024;
    assert.deepEqual(checkSize(50 * MB, 50), { ok: true });
    assert.deepEqual(checkSize(50 * MB + 1, 50), { ok: false, kind: 'too-large', bytes: 50 * MB + 1, maxBytes: 50 * MB });
    assert.deepEqual(checkSize(0, 50), { ok: false, kind: 'empty' });
    assert.deepEqual(checkSize(2 * MB, 1.5), { ok: false, kind: 'too-large', bytes: 2 * MB, maxBytes: 1.5 * MB });
    assert.deepEqual(checkSize(51 * MB, Number.NaN), { ok: false, kind: 'too-large', bytes: 51 * MB, maxBytes: 50 * MB }, 'a broken setting is the default');
  });
});

describe('parse: the path rules of an agent\'s document', () => {
  let root: string;
  let folder: string;
  let outside: string;
  const rules = (excluded: readonly string[] = []): { folders: string[]; isExcluded(path: string, p: string): boolean } => ({ folders: [folder], isExcluded: (_path, p) => excluded.some((e) => p.startsWith(e)) });

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'webdata-parse-paths-'));
    folder = join(root, 'workspace');
    outside = join(root, 'outside');
    mkdirSync(join(folder, 'docs'), { recursive: true });
    mkdirSync(join(folder, 'node_modules'), { recursive: true });
    mkdirSync(outside, { recursive: true });
    writeFileSync(join(folder, 'docs', 'spec.pdf'), '%PDF-1.4');
    writeFileSync(join(folder, 'node_modules', 'readme.html'), '<p>x</p>');
    writeFileSync(join(folder, '.env'), 'KEY=1');
    writeFileSync(join(folder, 'notes.txt'), 'x');
    writeFileSync(join(outside, 'private.pdf'), '%PDF-1.4');
    writeFileSync(join(outside, 'keys.pem'), 'x');
    symlinkSync(join(outside, 'private.pdf'), join(folder, 'docs', 'link.pdf'));
    symlinkSync(join(folder, '.env'), join(folder, 'docs', 'innocent.csv'));
    mkdirSync(join(folder, 'docs', 'folder.pdf'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('takes a supported file inside a folder, relative or absolute', async () => {
    const relative = await checkDocumentPath('docs/spec.pdf', rules(), fs);
    assert.ok(relative.ok);
    assert.equal(relative.relativePath, 'docs/spec.pdf');
    assert.equal(relative.bytes, 8);
    assert.ok((await checkDocumentPath(join(folder, 'docs', 'spec.pdf'), rules(), fs)).ok);
  });

  it('refuses each other case with why', async () => {
    const kind = async (path: string, excluded?: readonly string[]): Promise<string> => {
      const checked = await checkDocumentPath(path, rules(excluded), fs);
      return checked.ok ? 'ok' : checked.refusal.kind;
    };
    assert.equal(await kind(join(outside, 'private.pdf')), 'outside');
    assert.equal(await kind('../outside/private.pdf'), 'outside');
    assert.equal(await kind('docs/link.pdf'), 'link-outside');
    assert.equal(await kind('.env'), 'secret');
    assert.equal(await kind('docs/innocent.csv'), 'secret', 'a link named like a document to a secret');
    assert.equal(await kind('notes.txt'), 'unsupported');
    assert.equal(await kind('node_modules/readme.html', ['node_modules']), 'excluded');
    assert.equal(await kind('docs/missing.pdf'), 'missing');
    assert.equal(await kind('docs/folder.pdf'), 'not-a-file');
    assert.equal(await kind('  '), 'empty');
    const none = await checkDocumentPath('docs/spec.pdf', { folders: [], isExcluded: () => false }, fs);
    assert.deepEqual(none, { ok: false, refusal: { kind: 'no-folder' } });
  });
});

describe('parse: the Explorer\'s Open as Markdown', () => {
  it('is offered on a file of each extension the service takes, in any case, and on no other file or folder', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { contributes: { menus: Record<string, Array<{ command: string; when?: string }>> } };
    const [entry, ...others] = manifest.contributes.menus['explorer/context'] ?? [];
    assert.equal(others.length, 0);
    assert.equal(entry?.command, 'webData.openAsMarkdown');
    const when = entry.when ?? '';
    assert.match(when, /^!explorerResourceIsFolder && resourceExtname =~ /);
    const pattern = /resourceExtname =~ \/(.+)\/i$/.exec(when)?.[1];
    assert.ok(pattern, when);
    const offered = new RegExp(pattern, 'i');
    for (const extension of PARSE_EXTENSIONS) {
      assert.ok(offered.test(`.${extension}`), extension);
      assert.ok(offered.test(`.${extension.toUpperCase()}`), extension);
    }
    for (const other of ['.txt', '.md', '.pdfx', '.xpdf', '.json', '']) assert.ok(!offered.test(other), other);
  });
});
