// The queries the editor, problem and terminal entries put in the box: real messages from several
// toolchains with the query each must give, and hostile ones (a key in the message, a path with
// the user name, a 10,000-character message, bidi and control characters). Nothing here may leave
// the machine that names the person, their machine or their accounts.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { cutAtWord, problemQuery, selectionQuery, terminalQuery, type ProblemText } from '../../src/core/entries/query';
import { QUERY_MAX_LENGTH } from '../../src/core/search/query-input';

const ALICE = { homeDir: '/home/alice', userName: 'alice' };

const PROBLEMS: Array<{ name: string; problem: ProblemText; query: string }> = [
  { name: 'TypeScript', problem: { source: 'ts', code: 2322, message: "Type 'string' is not assignable to type 'number'." }, query: "ts 2322 Type 'string' is not assignable to type 'number'." },
  { name: 'TypeScript, a project package quoted', problem: { source: 'ts', code: 2307, message: "Cannot find module '@acme/billing-core' or its corresponding type declarations." }, query: "ts 2307 Cannot find module '@acme/billing-core' or its corresponding type declarations." },
  { name: 'TypeScript, a property named token', problem: { source: 'ts', code: 2741, message: "Property 'token' is missing in type '{ token: string; }' but required in type 'Session'." }, query: "ts 2741 Property 'token' is missing in type '{ token: string; }' but required in type 'Session'." },
  { name: 'ESLint', problem: { source: 'eslint', code: 'no-unused-vars', message: "'invoiceTotal' is assigned a value but never used." }, query: "eslint no-unused-vars 'invoiceTotal' is assigned a value but never used." },
  { name: 'ESLint, a plugin rule', problem: { source: 'eslint', code: '@typescript-eslint/no-explicit-any', message: 'Unexpected any. Specify a different type.' }, query: 'eslint @typescript-eslint/no-explicit-any Unexpected any. Specify a different type.' },
  { name: 'Python (Pylance)', problem: { source: 'Pylance', code: 'reportMissingImports', message: 'Import "pandas" could not be resolved' }, query: 'Pylance reportMissingImports Import "pandas" could not be resolved' },
  { name: 'Python, a traceback with the home folder', problem: { source: 'python', message: 'Traceback (most recent call last):\n  File "/home/alice/src/acme/app.py", line 12, in <module>\nModuleNotFoundError: No module named \'pandas\'' }, query: 'python Traceback (most recent call last): File "app.py", line 12, in <module> ModuleNotFoundError: No module named \'pandas\'' },
  { name: 'Rust', problem: { source: 'rustc', code: 'E0308', message: 'mismatched types\nexpected `u32`, found `&str`' }, query: 'rustc E0308 mismatched types expected `u32`, found `&str`' },
  { name: 'Rust, the code repeated in the message', problem: { source: 'rustc', code: 'E0432', message: 'E0432: unresolved import `tokio::sync::mpsc2`' }, query: 'rustc E0432: unresolved import `tokio::sync::mpsc2`' },
  { name: 'Go', problem: { source: 'compiler', code: 'UndeclaredName', message: 'undefined: fmt.Printlnx' }, query: 'compiler UndeclaredName undefined: fmt.Printlnx' },
  { name: 'Java', problem: { source: 'Java', code: '16777218', message: 'String cannot be resolved to a type' }, query: 'Java 16777218 String cannot be resolved to a type' },
  { name: 'a shell (ShellCheck)', problem: { source: 'shellcheck', code: 'SC2086', message: 'Double quote to prevent globbing and word splitting.' }, query: 'shellcheck SC2086 Double quote to prevent globbing and word splitting.' },
  { name: 'C#, a Windows path with the user name', problem: { source: 'msbuild', message: 'Could not find file C:\\Users\\alice\\source\\repos\\Acme\\Program.cs' }, query: 'msbuild Could not find file Program.cs' },
  // What VS Code's own CSS and JSON language servers report (checked in the host's workbench).
  { name: 'CSS (built in)', problem: { source: 'css', code: 'unknownProperties', message: "Unknown property: 'colr'" }, query: "css unknownProperties Unknown property: 'colr'" },
  { name: 'JSON (built in)', problem: { source: 'json', code: 519, message: 'Trailing comma' }, query: 'json 519 Trailing comma' },
  { name: 'no source, no code', problem: { message: 'Unexpected token' }, query: 'Unexpected token' },
  // Hostile: what must not leave the machine.
  { name: 'a key in a string literal', problem: { source: 'ts', code: 2345, message: "Argument of type '\"sk-proj-Abc123Def456Ghi789Jkl012Mno345\"' is not assignable to parameter of type 'Config'." }, query: "ts 2345 Argument of type is not assignable to parameter of type 'Config'." },
  { name: 'a database URL with credentials, an IP address', problem: { source: 'node', message: 'connect ECONNREFUSED 10.0.4.17:5432 while opening postgres://admin:Sup3rS3cret@db.internal.acme.io:5432/orders?sslmode=require&token=abc' }, query: 'node connect ECONNREFUSED while opening postgres://db.internal.acme.io:5432/orders' },
  { name: 'an e-mail, the user name, a macOS home folder', problem: { message: 'Permission denied for alice.smith@acme.com (uid alice) reading /Users/alice/work/acme/.env' }, query: 'Permission denied for (uid ) reading' },
  { name: 'a commit id, a UUID, an IPv6 address', problem: { message: 'object 3f786850e387550fdab836ed7e6dc881de23001b not found (request 550e8400-e29b-41d4-a716-446655440000) from fe80::1ff:fe23:4567:890a' }, query: 'object not found (request ) from' },
  { name: 'a bearer JWT, a password, a named key', problem: { message: 'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U rejected; password=hunter2 apiKey: "AbC9dEf8GhI7jKl6MnO5pQr4"' }, query: 'Authorization: Bearer rejected; password apiKey' },
  { name: 'a GitHub token and an AWS key id', problem: { message: 'token ghp_16C7e42F292c6912E7710c838347Ae178B4a and key AKIAIOSFODNN7EXAMPLE were refused' }, query: 'token and key were refused' },
  { name: 'an unnamed key-shaped word', problem: { message: 'Invalid credential Zk93hQ2mXr7LpV4tWs8YbN1c' }, query: 'Invalid credential' },
  { name: 'bidi overrides, zero-width and control characters', problem: { source: 'ts\u0007', code: 2304, message: "Cannot find name 'acc\u202Ess\u202C'.\u0007\u200B\u2066x\u2069" }, query: "ts 2304 Cannot find name 'accss'. x" },
];

const TERMINAL: Array<{ name: string; text: string; query: string }> = [
  { name: 'npm, coloured, a user@host prompt', text: '\u001b[32malice@box\u001b[0m:\u001b[34m~/proj\u001b[0m$ npm run build\n\u001b[31mnpm ERR!\u001b[0m code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree', query: 'npm run build npm ERR! code ERESOLVE npm ERR! ERESOLVE unable to resolve dependency tree' },
  { name: 'PowerShell, Rust', text: 'PS C:\\Users\\alice\\proj> cargo build\nerror[E0432]: unresolved import `tokio::sync::mpsc2`', query: 'cargo build error[E0432]: unresolved import `tokio::sync::mpsc2`' },
  { name: 'a $ prompt, Go', text: '$ go build ./...\n./main.go:12:2: undefined: fmt.Printlnx', query: 'go build ./... ./main.go:12:2: undefined: fmt.Printlnx' },
  { name: 'the Python REPL', text: ">>> import numpy\nModuleNotFoundError: No module named 'numpy'", query: "import numpy ModuleNotFoundError: No module named 'numpy'" },
  { name: 'a virtualenv prompt, pytest', text: '(venv) alice@box:~/proj$ pytest\nE   AssertionError: assert 1 == 2', query: 'pytest E AssertionError: assert 1 == 2' },
  { name: 'oh-my-zsh', text: "➜  proj git:(main) ✗ ls /nonexistent\nls: cannot access '/nonexistent': No such file or directory", query: 'ls ls: cannot access: No such file or directory' },
  { name: 'Java, a cmd prompt', text: 'C:\\src\\app>java -jar app.jar\nException in thread "main" java.lang.NullPointerException\r\n\tat com.acme.App.main(App.java:7)', query: 'java -jar app.jar Exception in thread "main" java.lang.NullPointerException at com.acme.App.main(App.java:7)' },
  { name: 'a shell, no prompt', text: 'bash: kubectl: command not found', query: 'bash: kubectl: command not found' },
  { name: 'a hyperlink (OSC 8) and a title escape', text: '\u001b]0;alice@box: ~\u0007\u001b]8;;file:///home/alice/x.ts\u001b\\x.ts\u001b]8;;\u001b\\ failed', query: 'x.ts failed' },
];

describe('entry queries: a problem, made general', () => {
  for (const { name, problem, query } of PROBLEMS) {
    it(name, () => {
      assert.deepEqual(problemQuery(problem, ALICE), { query, cut: false });
    });
  }

  it('a 10,000-character message: cut at a word boundary to the limit, saying so', () => {
    const message = `${'overflowing '.repeat(833)}end`;
    assert.ok(message.length > 9_990);
    const { query, cut } = problemQuery({ source: 'ts', code: 2589, message }, ALICE);
    assert.equal(cut, true);
    assert.ok(query.length <= QUERY_MAX_LENGTH && query.length > QUERY_MAX_LENGTH - 15, `length ${query.length}`);
    assert.match(query, /^ts 2589 (overflowing )+overflowing$/);
  });

  it('a 10,000-character single word: nothing of it is sent (no half key can be left)', () => {
    const { query, cut } = problemQuery({ source: 'ts', message: 'a1B2c3D4'.repeat(1250) }, ALICE);
    assert.deepEqual({ query, cut }, { query: 'ts', cut: true });
  });

  it('never leaves the user name, the e-mail or the key, wherever they sit in any message', () => {
    const secrets = ['alice', 'alice@acme.com', 'sk-live-Q9w8E7r6T5y4U3i2O1p0', '192.168.1.20'];
    fc.assert(fc.property(fc.array(fc.oneof(fc.constantFrom(...secrets, '/home/alice/x', ' ', '\n', "'", ':', '='), fc.string({ maxLength: 6 })), { maxLength: 30 }), (parts) => {
      const { query } = problemQuery({ message: parts.join(' ') }, ALICE);
      for (const secret of secrets) assert.ok(!query.toLowerCase().includes(secret), `${JSON.stringify(query)} holds ${secret}`);
    }));
  });

  it('never leaves a control, bidi or zero-width character', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (message) => {
      // eslint-disable-next-line no-control-regex
      assert.doesNotMatch(problemQuery({ message }, ALICE).query, /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b-\u200f\u2060\ufeff]/);
    }));
  });
});

describe('entry queries: the terminal selection', () => {
  for (const { name, text, query } of TERMINAL) {
    it(name, () => {
      assert.deepEqual(terminalQuery(text, ALICE), { query, cut: false });
    });
  }
});

describe('entry queries: an editor selection', () => {
  it('is kept as selected, whitespace collapsed, invisible characters out', () => {
    assert.deepEqual(selectionQuery('  useEffect(() =>\n   {\t fetch(url) })\u202E  '), { query: 'useEffect(() => { fetch(url) })', cut: false });
    // Selected on purpose: an id or an address is what the person means to search.
    assert.equal(selectionQuery('3f786850e387550fdab836ed7e6dc881de23001b').query, '3f786850e387550fdab836ed7e6dc881de23001b');
  });

  it('a long selection: cut at the last word within the limit, saying so', () => {
    const { query, cut } = selectionQuery('word '.repeat(200));
    assert.equal(cut, true);
    assert.equal(query, Array(100).fill('word').join(' '));
    assert.equal(selectionQuery('x'.repeat(600)).query.length, QUERY_MAX_LENGTH);
  });

  it('never cuts an emoji in half', () => {
    const { query } = cutAtWord('😀'.repeat(400));
    assert.equal(query.length, 500);
    assert.doesNotMatch(query, /[\ud800-\udbff]$/);
    assert.equal(cutAtWord('a😀'.repeat(200)).query.length, 499);
  });
});
