// Corpus pages a developer searches for (issue 46): guides on docs sites for Node.js streams and
// buffers, TypeScript, the VS Code extension API, HTTP retries, git, Docker, Python's asyncio,
// React hooks, SQL indexes and regular expressions, and a forum answer about a refused connection,
// so that "node stream backpressure" or "vscode tree view" in the sandbox finds a page about it
// instead of aphids. The sites are fictional (.example), as the rest of the corpus's are; the
// text is written for the emulator, not copied from the projects' own documentation. They come
// after the other pages, so a query those answer as well (backpressure) keeps its first result.
import type { RawPage } from './corpus';

export const DEV_PAGES: RawPage[] = [
  {
    url: 'https://nodejs.example/learn/streams/backpressure',
    kind: 'docs',
    ageDays: 60,
    title: 'Backpressure in Node.js streams',
    description: 'Why a Node.js stream pauses when the writable side is slow, what write() returning false means, and how pipeline() handles it for you.',
    markdown: `# Backpressure in Node.js streams

When a readable stream produces data faster than a writable stream can consume it, the data waits in memory. Node.js streams limit that with backpressure: the writable side tells the readable side to pause.

## What write() returns

\`writable.write(chunk)\` returns \`false\` once the internal buffer holds \`highWaterMark\` bytes (16 KiB by default, 16 objects in object mode). Stop writing then, and continue on the \`'drain'\` event.

\`\`\`js
if (!out.write(chunk)) await once(out, 'drain');
\`\`\`

## Let pipeline() do it

\`stream.pipeline(source, transform, destination, callback)\` (or \`stream/promises\`' \`pipeline\`) connects the streams, pauses and resumes them as the buffers fill and drain, and destroys every stream when one fails. Prefer it to \`.pipe()\`, which does not forward errors.
`,
  },
  {
    url: 'https://nodejs.example/api/buffer',
    kind: 'docs',
    ageDays: 90,
    title: 'Buffer - Node.js API',
    description: 'Buffer objects hold raw bytes in Node.js: allocating them, encodings, slicing without copying, and converting to and from strings.',
    markdown: `# Buffer

A Buffer is a fixed-length sequence of bytes, a subclass of Uint8Array. Node.js uses buffers for files, sockets and anything else that is binary.

## Allocating

- \`Buffer.alloc(size)\`: zero-filled, safe.
- \`Buffer.allocUnsafe(size)\`: faster, but holds old memory until you overwrite it.
- \`Buffer.from('héllo', 'utf8')\`: from a string in an encoding (utf8, latin1, base64, hex).

## Slicing shares memory

\`buf.subarray(start, end)\` returns a view of the same memory: changing it changes the original. Copy with \`Buffer.from(view)\` when the bytes must outlive the source.

## Buffer size limits

The largest buffer is \`buffer.constants.MAX_LENGTH\` bytes. Reading a large file in one buffer holds all of it in memory; a stream reads it in chunks.
`,
  },
  {
    url: 'https://www.typescript-handbook.example/docs/generics',
    kind: 'docs',
    ageDays: 120,
    title: 'Generics - TypeScript Handbook',
    description: 'Generic functions, interfaces and classes in TypeScript: type parameters, constraints with extends, and defaults.',
    markdown: `# Generics

Generics let a function or a type work with many types while keeping them checked. A type parameter names the type a caller supplies.

\`\`\`ts
function first<T>(items: readonly T[]): T | undefined {
  return items[0];
}
const n = first([1, 2, 3]); // number | undefined
\`\`\`

## Constraints

\`<T extends { length: number }>\` accepts only types with a length. Use \`keyof\` to constrain a key to an object's keys: \`function get<T, K extends keyof T>(o: T, k: K): T[K]\`.

## Defaults and inference

TypeScript infers type arguments from the call; write them out only when it cannot. A type parameter may have a default: \`interface Box<T = string> { value: T }\`.
`,
  },
  {
    url: 'https://www.typescript-handbook.example/docs/narrowing',
    kind: 'docs',
    ageDays: 110,
    title: 'Narrowing - TypeScript Handbook',
    description: 'How TypeScript narrows a union type with typeof, instanceof, in, equality checks and discriminated unions.',
    markdown: `# Narrowing

A value of a union type such as \`string | number\` can be used as one of its members once a check proves which one it is. TypeScript follows the checks through the control flow.

## Type guards

\`typeof x === 'string'\`, \`x instanceof Date\` and \`'kind' in x\` each narrow \`x\` inside the branch. A function returning \`x is Fish\` is a user-defined type guard.

## Discriminated unions

Give each member of a union a literal \`kind\` field and switch on it; a \`never\` check in the default branch makes the compiler report a member you forgot.
`,
  },
  {
    url: 'https://code.visualstudio.example/api/extension-guides/tree-view',
    kind: 'docs',
    ageDays: 45,
    title: 'Tree View API - VS Code Extension Guides',
    description: 'Contribute a tree view to VS Code: the views contribution point, a TreeDataProvider, refreshing with onDidChangeTreeData, and welcome content.',
    markdown: `# Tree View API

A tree view shows your extension's data in the sidebar, as the Explorer shows files. You declare it in \`package.json\` and fill it from code with the \`vscode\` module.

## Contribute the view

Add it under \`contributes.views\` with an id and a name, in an existing view container or your own under \`viewsContainers\`.

## Provide the data

\`\`\`ts
vscode.window.createTreeView('nodeDependencies', { treeDataProvider: new DepsProvider() });
\`\`\`

A \`TreeDataProvider\` implements \`getChildren(element)\` and \`getTreeItem(element)\`. Fire \`onDidChangeTreeData\` to refresh the tree view when the data changes.

## Empty views

\`viewsWelcome\` shows text and command links while the view has no items.
`,
  },
  {
    url: 'https://code.visualstudio.example/api/references/activation-events',
    kind: 'docs',
    ageDays: 50,
    title: 'Activation Events - VS Code Extension API',
    description: 'When VS Code loads an extension: onCommand, onView, onLanguage, workspaceContains, onStartupFinished, and why * slows startup.',
    markdown: `# Activation Events

An extension is loaded when one of its activation events fires, not when VS Code starts. Since VS Code 1.74 the commands, views and languages an extension contributes activate it on their own.

## Common events

- \`onLanguage:python\`: a file of that language is opened.
- \`workspaceContains:**/package.json\`: the folder holds such a file.
- \`onStartupFinished\`: some time after the window has started, without slowing it.

Avoid \`*\`: the extension then loads with every window and delays the vscode startup of every user.
`,
  },
  {
    url: 'https://httpguide.example/retries-and-backoff',
    kind: 'article',
    ageDays: 200,
    title: 'HTTP retries with exponential backoff and Retry-After',
    description: 'Which HTTP requests are safe to retry, how to space retries with exponential backoff and jitter, and honouring 429 and 503 Retry-After.',
    markdown: `# HTTP retries with exponential backoff

A failed HTTP request is worth retrying only when a second try can succeed and cannot do harm twice.

## What to retry

Retry network errors, 429 Too Many Requests, 502, 503 and 504. Do not retry 400, 401, 403 or 404: the same request fails the same way. Retry a POST only when the API takes an idempotency key.

## How long to wait

Wait \`base * 2^attempt\` milliseconds with random jitter, up to a cap, so that many clients do not retry in step. When the answer carries \`Retry-After\` (seconds or a date), wait that long instead. Give up after a few attempts and report the last error.
`,
  },
  {
    url: 'https://git-book.example/docs/rewriting-history/interactive-rebase',
    kind: 'docs',
    ageDays: 365,
    title: 'Interactive rebase - Git book',
    description: 'Reorder, squash, edit and drop commits with git rebase -i, and recover with git reflog when a rebase goes wrong.',
    markdown: `# Interactive rebase

\`git rebase -i HEAD~3\` opens the last three commits in an editor, one line each. Change \`pick\` to \`squash\`, \`reword\`, \`edit\` or \`drop\`, or reorder the lines, then save.

## Resolving conflicts

When a commit does not apply, git stops: fix the files, \`git add\` them and run \`git rebase --continue\`, or \`git rebase --abort\` to return to where you started.

## Undo

Every commit you had is still in \`git reflog\` for a while; \`git reset --hard HEAD@{2}\` returns to it. Never rebase commits others have already pulled.
`,
  },
  {
    url: 'https://docs.docker.example/build/multi-stage',
    kind: 'docs',
    ageDays: 80,
    title: 'Multi-stage builds - Docker docs',
    description: 'Use several FROM stages in one Dockerfile to build with a full toolchain and ship a small image holding only the result.',
    markdown: `# Multi-stage builds

A Dockerfile may have several \`FROM\` lines; each starts a stage. Build in one stage and copy only what you need into the last one, so the final image carries no compiler.

\`\`\`dockerfile
FROM node:20 AS build
WORKDIR /app
COPY . .
RUN npm ci && npm run build

FROM node:20-slim
COPY --from=build /app/dist /app
CMD ["node", "/app/main.js"]
\`\`\`

## Caching

Docker caches each layer. Copy \`package.json\` and install dependencies before copying the source, so an edit to the source does not reinstall them.
`,
  },
  {
    url: 'https://docs.python.example/3/library/asyncio-task',
    kind: 'docs',
    ageDays: 150,
    title: 'Coroutines and tasks - Python asyncio',
    description: 'Running coroutines concurrently with asyncio: create_task, gather, TaskGroup, timeouts and cancellation.',
    markdown: `# Coroutines and tasks

Python's asyncio runs many coroutines on one thread: each \`await\` returns control to the event loop while it waits for I/O.

## Running things concurrently

\`asyncio.create_task(coro())\` schedules a coroutine and returns a Task. \`await asyncio.gather(a(), b())\` waits for several and returns their results in order. Since Python 3.11, \`async with asyncio.TaskGroup() as tg:\` cancels the rest when one task fails.

## Timeouts

\`async with asyncio.timeout(5):\` cancels the block after five seconds. Never call a blocking function such as \`time.sleep\` inside a coroutine; use \`await asyncio.sleep\` or \`asyncio.to_thread\`.
`,
  },
  {
    url: 'https://react-docs.example/reference/react/useEffect',
    kind: 'docs',
    ageDays: 70,
    title: 'useEffect - React hooks reference',
    description: 'Synchronize a React component with an external system: the effect, its dependencies, and the cleanup function.',
    markdown: `# useEffect

\`useEffect(setup, dependencies)\` is a React hook that runs \`setup\` after the component renders, and again when a dependency changes.

## Cleanup

Return a function from the effect to undo it: close the connection, clear the timer, ignore a stale fetch. React runs the cleanup before the next effect and when the component unmounts.

\`\`\`jsx
useEffect(() => {
  const connection = connect(roomId);
  return () => connection.close();
}, [roomId]);
\`\`\`

## Rules of hooks

Call hooks only at the top level of a component or of another hook, never in a loop or a condition.
`,
  },
  {
    url: 'https://postgres-guide.example/performance/indexes',
    kind: 'article',
    ageDays: 240,
    title: 'SQL indexes explained: B-tree, composite and covering',
    description: 'How a database uses an index to find rows, why column order matters in a composite index, and reading EXPLAIN.',
    markdown: `# SQL indexes explained

Without an index a query reads every row of the table. A B-tree index keeps a column's values sorted, so \`WHERE email = ?\` finds its row in a few page reads.

## Composite indexes

An index on \`(customer_id, created_at)\` serves \`WHERE customer_id = ?\` and \`WHERE customer_id = ? ORDER BY created_at\`, but not \`WHERE created_at > ?\` alone: the leftmost column comes first.

## Check the plan

\`EXPLAIN ANALYZE SELECT …\` shows whether the database used an index scan or a sequential scan. Every index slows writes a little, so index what your queries filter and sort on.
`,
  },
  {
    url: 'https://regex-guide.example/lookaround',
    kind: 'article',
    ageDays: 400,
    title: 'Regex lookahead and lookbehind',
    description: 'Regular expression lookarounds: match a position followed or preceded by a pattern without consuming it.',
    markdown: `# Regex lookahead and lookbehind

A lookaround checks what comes next or before without making it part of the match.

- \`foo(?=bar)\`: foo followed by bar (positive lookahead).
- \`foo(?!bar)\`: foo not followed by bar (negative lookahead).
- \`(?<=\\$)\\d+\`: digits preceded by a dollar sign (lookbehind).

## Passwords, for example

\`^(?=.*\\d)(?=.*[a-z]).{8,}$\` requires a digit and a lowercase letter anywhere in at least eight characters. JavaScript supports lookbehind since ES2018.
`,
  },
  {
    url: 'https://devforum.example/questions/41877/econnrefused-connecting-to-postgres-from-node',
    kind: 'article',
    ageDays: 22,
    title: 'Error: connect ECONNREFUSED 127.0.0.1:5432 when connecting to Postgres from Node',
    description: 'A forum answer: what ECONNREFUSED means, and checking that the database listens on that host and port, inside and outside Docker.',
    markdown: `# Error: connect ECONNREFUSED 127.0.0.1:5432

Nothing was listening at that address when Node.js tried to connect, so the operating system refused the connection. The database may be stopped, or listening elsewhere.

## Accepted answer

Check that Postgres runs and which address it listens on (\`listen_addresses\` in postgresql.conf). When the app runs in a Docker container, 127.0.0.1 is the container itself: connect to the database's service name instead, for example \`postgres://db:5432/orders\`.
`,
  },
];
