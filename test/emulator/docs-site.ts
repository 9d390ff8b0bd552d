// A documentation site of real size for docs sets (issue 48): Harborline, a made-up job queue
// library, at https://docs.harborline.dev/manual/ — an index, guides, an API reference with many
// headings and code blocks per page, a changelog. A crawl of it (POST /v2/crawl with its address)
// finds these pages, under the start's path and within includePaths and the limit, in the emulator
// for tests and in the sandbox alike. The site changes between crawls, as a live one does: the
// changelog gains a release each crawl, one guide is rewritten after the first, a migration page
// appears from the second, and a legacy page is gone after the first. Made up here, not read from
// anywhere, so every test sees the same words.
import type { DemoPage } from './demo-pages';

export const DOCS_SITE = 'https://docs.harborline.dev/manual/';
const HOST = 'docs.harborline.dev';

interface Section { heading: string; text: string; code?: string }

const QUEUE_METHODS: Array<[string, string, string]> = [
  ['enqueue', 'Adds a job to the queue and returns its id once the broker has stored it.', 'const id = await queue.enqueue(\'resize-image\', { src: \'cat.png\', width: 640 });'],
  ['enqueueMany', 'Adds several jobs in one round trip; either all are stored or none is.', 'await queue.enqueueMany([{ name: \'email\', data: { to } }, { name: \'audit\', data: { to } }]);'],
  ['schedule', 'Adds a job that becomes ready at a given time, or on a cron pattern.', 'await queue.schedule(\'report\', { at: \'0 6 * * 1\' }, { team: 42 });'],
  ['pause', 'Stops handing jobs to workers; jobs already running finish.', 'await queue.pause();'],
  ['resume', 'Hands jobs to workers again after pause.', 'await queue.resume();'],
  ['drain', 'Waits until every ready job has been taken and finished.', 'await queue.drain({ timeoutMs: 30_000 });'],
  ['getJob', 'Reads one job by id: its state, attempts, result and last error.', 'const job = await queue.getJob(id);\nconsole.log(job.state, job.attemptsMade);'],
  ['removeJob', 'Deletes a waiting or finished job; a running job is refused.', 'await queue.removeJob(id);'],
  ['counts', 'Counts jobs by state: waiting, active, delayed, completed, failed.', 'const { waiting, failed } = await queue.counts();'],
  ['close', 'Closes the queue\'s connections; pending calls reject.', 'await queue.close();'],
];

const WORKER_OPTIONS: Array<[string, string]> = [
  ['concurrency', 'How many jobs one worker runs at once. Defaults to 1; raise it for jobs that mostly wait on the network.'],
  ['lockDurationMs', 'How long a worker holds a job before the broker hands it to another worker. Renewed while the handler runs.'],
  ['backoff', 'How long to wait between attempts: `{ type: \'exponential\', delayMs: 1000 }` doubles the delay each time.'],
  ['maxAttempts', 'How many times a failing job runs before it is moved to the failed list. Defaults to 3.'],
  ['rateLimit', 'At most `max` jobs per `durationMs` across all workers of the queue, enforced by the broker.'],
  ['shutdownGraceMs', 'How long close() waits for running jobs before it stops them.'],
];

function section(heading: string, text: string, code?: string): Section {
  return code === undefined ? { heading, text } : { heading, text, code };
}

function render(title: string, intro: string, sections: readonly Section[], level = 2): string {
  const hashes = '#'.repeat(level);
  const body = sections.map((s) => `${hashes} ${s.heading}\n\n${s.text}${s.code !== undefined ? `\n\n\`\`\`ts\n${s.code}\n\`\`\`` : ''}`).join('\n\n');
  return `# ${title}\n\n${intro}\n\n${body}\n`;
}

function page(path: string, title: string, markdown: string): DemoPage {
  return { url: `https://${HOST}/manual/${path}`, title: `${title} | Harborline`, description: `${title}: Harborline documentation.`, markdown };
}

const PARAGRAPH = 'Harborline keeps every job in the broker until a worker acknowledges it, so a worker that crashes loses nothing: the job becomes ready again once its lock expires.';

function methodPages(): DemoPage[] {
  return QUEUE_METHODS.map(([name, what, code]) => page(`api/queue/${name.toLowerCase()}`, `queue.${name}()`, render(`queue.${name}()`, what, [
    section('Signature', `\`queue.${name}(...)\` returns a promise. ${what}`, code),
    section('Parameters', `Each parameter is checked before anything is sent to the broker; a wrong type throws a \`HarborlineArgumentError\` naming it. ${PARAGRAPH}`),
    section('Errors', `A lost connection rejects with \`BrokerUnavailableError\`; the call can be retried safely, since ${name} is idempotent by job id.`, `try {\n  await queue.${name}();\n} catch (err) {\n  if (err instanceof BrokerUnavailableError) await sleep(1000);\n}`),
    section('Examples', `A complete example of ${name} inside an HTTP handler.`, `app.post('/jobs', async (req, res) => {\n  const id = await queue.${name === 'enqueue' ? 'enqueue(\'work\', req.body)' : `${name}()`};\n  res.json({ id });\n});`),
    section('See also', 'The Queue class overview, the Worker options, and the guide on retries and backoff.'),
  ])));
}

function workerPage(): DemoPage {
  return page('api/worker', 'Worker', render('Worker', 'A Worker takes ready jobs from one queue and runs a handler for each.', [
    section('Creating a worker', 'Give the queue\'s name, the handler and options. The worker starts taking jobs at once.', 'const worker = new Worker(\'images\', async (job) => resize(job.data), { concurrency: 4 });'),
    ...WORKER_OPTIONS.map(([name, text]) => section(`Option: ${name}`, text, `new Worker('images', handler, { ${name}: ${name === 'backoff' ? '{ type: \'exponential\', delayMs: 1000 }' : '5'} });`)),
    section('Events', 'A worker emits `completed`, `failed`, `stalled` and `drained`. A stalled job is one whose lock expired while it ran.', 'worker.on(\'failed\', (job, err) => log.warn(job.id, err.message));'),
    section('Graceful shutdown', 'Call close() on SIGTERM; running jobs get shutdownGraceMs to finish.', 'process.on(\'SIGTERM\', () => worker.close());'),
  ]));
}

function guidePages(crawl: number): DemoPage[] {
  const retries = crawl >= 2
    ? 'Since 2.4, retries use full jitter by default: each delay is a random time up to the exponential bound, so a thousand failing jobs do not retry in the same second.'
    : 'Retries wait the backoff delay exactly: a thousand jobs failing together retry together.';
  return [
    page('guides/getting-started', 'Getting started', render('Getting started', 'Install Harborline, connect to a broker, enqueue a job and run a worker.', [
      section('Installation', 'Harborline needs Node.js 20 or later and a Redis 7 broker.', 'npm install harborline'),
      section('Connecting to the broker', 'Give the broker\'s address once; every queue and worker shares the connection pool.', 'import { Harborline } from \'harborline\';\nconst hl = new Harborline({ url: process.env.REDIS_URL });'),
      section('Your first job', 'Enqueue a job with a name and JSON data.', 'const queue = hl.queue(\'email\');\nawait queue.enqueue(\'welcome\', { to: \'ada@example.com\' });'),
      section('Your first worker', 'A worker runs the handler for each job; what it returns is the job\'s result.', 'hl.worker(\'email\', async (job) => sendMail(job.data.to));'),
    ])),
    page('guides/retries', 'Retries and backoff', render('Retries and backoff', 'A job whose handler throws is retried until maxAttempts is reached.', [
      section('How retries work', `${retries} ${PARAGRAPH}`),
      section('Exponential backoff', 'The delay doubles after each failed attempt, starting at delayMs.', 'hl.worker(\'email\', handler, { maxAttempts: 5, backoff: { type: \'exponential\', delayMs: 500 } });'),
      section('Giving up early', 'Throw an `UnrecoverableError` to move the job to the failed list at once, without further attempts.', 'if (!user) throw new UnrecoverableError(\'no such user\');'),
      section('Dead letter queue', 'Failed jobs can be copied to another queue for inspection with the deadLetter option.', 'hl.worker(\'email\', handler, { deadLetter: \'email-failed\' });'),
    ])),
    page('guides/rate-limiting', 'Rate limiting', render('Rate limiting', 'Limit how fast a queue\'s jobs run across every worker, for APIs with quotas.', [
      section('A global limit', 'The broker counts jobs started per window; workers wait when the window is full.', 'hl.worker(\'sms\', handler, { rateLimit: { max: 10, durationMs: 1000 } });'),
      section('Per-key limits', 'Group jobs by a key (a customer id) and limit each group on its own.', 'await queue.enqueue(\'sms\', data, { group: customerId });'),
      section('Backpressure', 'When producers are faster than workers, enqueue can wait for room: set maxWaiting on the queue and enqueue blocks until the waiting list is under it.', 'const queue = hl.queue(\'sms\', { maxWaiting: 10_000 });'),
    ])),
    page('guides/scheduling', 'Scheduling and cron', render('Scheduling and cron', 'Run jobs later, or repeatedly on a cron pattern.', [
      section('Delayed jobs', 'Give a delay in milliseconds, or a date.', 'await queue.enqueue(\'reminder\', data, { delayMs: 3_600_000 });'),
      section('Repeatable jobs', 'A cron pattern in the broker\'s time zone; one job per tick however many producers schedule it.', 'await queue.schedule(\'digest\', { at: \'0 8 * * *\', tz: \'Europe/Berlin\' });'),
      section('Removing a schedule', 'Remove by the schedule\'s key.', 'await queue.unschedule(\'digest\');'),
    ])),
    page('guides/testing', 'Testing', render('Testing', 'Run queues in memory in unit tests.', [
      section('The memory broker', 'No Redis needed: the memory broker keeps jobs in the process.', 'const hl = new Harborline({ broker: \'memory\' });'),
      section('Running jobs synchronously', 'runUntilEmpty() runs every ready job and returns their results.', 'const results = await hl.runUntilEmpty();'),
      section('Fake timers', 'Delayed jobs follow the clock you give, so tests need not wait.', 'const hl = new Harborline({ broker: \'memory\', now: () => clock.now() });'),
    ])),
    page('guides/observability', 'Observability', render('Observability', 'Metrics, logs and traces of queues and workers.', [
      section('Metrics', 'Counts and durations per queue, in Prometheus format.', 'app.get(\'/metrics\', (req, res) => res.send(hl.metrics()));'),
      section('Tracing', 'Each job carries its trace context from the producer to the worker.', 'hl.use(openTelemetry());'),
      section('Stalled jobs', 'A stalled job is logged with the worker that held it; raise lockDurationMs for long handlers.'),
    ])),
  ];
}

function changelog(crawl: number): DemoPage {
  const releases: Section[] = [];
  for (let minor = 3 + crawl; minor >= 0; minor--) {
    releases.push(section(`2.${minor}.0`, minor === 3 + crawl
      ? `The newest release. Workers report their heap in metrics; queue.counts() includes paused jobs (release ${minor}).`
      : `Fixes and small features of release 2.${minor}: faster enqueueMany, clearer BrokerUnavailableError messages.`));
  }
  return page('changelog', 'Changelog', render('Changelog', 'Every release of Harborline 2, newest first.', releases));
}

/** The site as its crawl number `crawl` (from 1) finds it: the index first. */
export function docsSitePages(crawl: number): DemoPage[] {
  const pages: DemoPage[] = [
    page('', 'Harborline manual', render('Harborline manual', 'Harborline is a job queue for Node.js over Redis: producers enqueue jobs, workers run them, and the broker keeps them safe in between.', [
      section('Guides', 'Getting started, retries and backoff, rate limiting, scheduling, testing, observability.'),
      section('API reference', 'The Queue class and its methods, the Worker class and its options.'),
      section('Concepts', PARAGRAPH),
    ])),
    ...guidePages(crawl),
    page('api/queue', 'Queue', render('Queue', 'A Queue adds jobs and reads their state.', QUEUE_METHODS.map(([name, what, code]) => section(`queue.${name}()`, what, code)))),
    ...methodPages(),
    workerPage(),
    changelog(crawl),
  ];
  if (crawl >= 2) {
    pages.push(page('migration/v3', 'Migrating to Harborline 3', render('Migrating to Harborline 3', 'What changes in version 3, and how to move.', [
      section('Named exports only', 'The default export is gone.', 'import { Harborline } from \'harborline\';'),
      section('Promises everywhere', 'Callbacks are removed; every method returns a promise.'),
    ])));
  } else {
    pages.push(page('legacy/callbacks', 'Callback API (legacy)', render('Callback API (legacy)', 'The callback style of Harborline 1, kept for old code.', [
      section('enqueue with a callback', 'The last argument is a node-style callback.', 'queue.enqueue(\'email\', data, (err, id) => {});'),
      section('Errors in callbacks', 'An error is the callback\'s first argument; nothing is thrown.', 'queue.getJob(id, (err, job) => { if (err) return log(err); });'),
    ])));
  }
  return pages;
}

/** Crawls of the site so far, per emulator (a restarted emulator starts again at the first). */
const crawls = new WeakMap<object, number>();

/**
 * The pages a crawl from `start` finds, or undefined when `start` is not on the site: those under
 * the start's path and matching includePaths (when given), at most `limit`. Each call is the
 * site's next crawl.
 */
export function docsSiteCrawl(state: object, start: string, limit: number, includePaths: unknown): DemoPage[] | undefined {
  let url: URL;
  try {
    url = new URL(start);
  } catch {
    return undefined;
  }
  if (url.hostname !== HOST) return undefined;
  const crawl = (crawls.get(state) ?? 0) + 1;
  crawls.set(state, crawl);
  const patterns = Array.isArray(includePaths) ? includePaths.filter((p): p is string => typeof p === 'string').map((p) => new RegExp(p)) : [];
  const base = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  return docsSitePages(crawl)
    .filter((p) => {
      const path = new URL(p.url).pathname;
      return (path === url.pathname || path.startsWith(base)) && (patterns.length === 0 || patterns.some((re) => re.test(path)));
    })
    .slice(0, limit);
}

/** A page of the site as its latest crawl found it (the first's before any crawl): what a watch's check of it scrapes. */
export function docsSitePage(state: object, url: string): DemoPage | undefined {
  try {
    if (new URL(url).hostname !== HOST) return undefined;
  } catch {
    return undefined;
  }
  return docsSitePages(Math.max(1, crawls.get(state) ?? 0)).find((p) => p.url === url);
}
