// The Web Data Service API v2 client: plain Node, no VS Code. Checks requests before sending
// (once: a body validateSearchRequest already made goes as it is), retries only what is safe to
// retry, validates every answer, and never lets the key out.
import { parseBaseUrl, type ServiceAddress } from './base-url';
import { WebDataError, type WebDataErrorKind } from './errors';
import { ENTERPRISE_FEATURES, errorForFailure, errorForStatus, serviceMessageOf, SET_KEY_HINT, type Context } from './failures';
import { DEFAULT_SEARCH_TIMEOUT_MS, isCheckedSearchRequest, validateSearchRequest, type CheckedSearchRequest, type SearchRequestCheck } from './request';
import type { SearchRequest } from './request-types';
import { readJson, validateBody } from './response';
import { scrub } from './secrets';
import { backoffBaseMs, backoffCeilingMs, backoffMs, DEFAULT_MAX_ATTEMPTS, DEFAULT_MAX_WAIT_MS, parseRetryAfter, parseWaitFromBody, parseWaitFromText, sleep, type RetryOptions } from './retry';
import {
  ActiveCrawlsResponseSchema, SearchResponseSchema, TokenUsageResponseSchema, unknownDataNames,
  type ActiveCrawl, type SearchResponse, type TokenUsage,
} from './schemas';
import { DEFAULT_MAX_BODY_BYTES, Transport, TransportError, type Exchange, type HttpMethod } from './transport';
import { isJobId, jobPath, pageQuery, type JobRef } from './crawl-paging';
import { CancelCrawlSchema } from './crawl-schemas';
import { readErrors, readStatusPage, type CancelOutcome, type CrawlErrors, type CrawlStatusPage } from './crawl-read';
import type { NetworkOptions } from './network';
import { DEFAULT_SCRAPE_TIMEOUT_MS, validateMapRequest, validateScrapeRequest, type Checked, type MapRequest, type ScrapeRequest } from './scrape-request';
import { JobStartedSchema, MapResponseSchema, ScrapeResponseSchema, type JobStarted, type MapLink, type ScrapedPage } from './scrape-schemas';
import { validateBatchScrapeRequest, validateCrawlRequest, type BatchScrapeRequest, type CrawlRequest } from './job-request';
import type { RequestProblem } from './request-types';
import { validateAgentRequest, type AgentRequest } from './agent-request';
import { AgentStartedSchema, AgentStatusSchema, type AgentStarted, type AgentStatus } from './agent-schemas';
import { Readable } from 'node:stream';
import { FileChangedError, multipartBody, type MultipartFile } from '../parse/multipart';
import { DEFAULT_PARSE_TIMEOUT_MS, validateParseOptions, type ParseOptions } from './parse-request';
import { ParseResponseSchema, type ParsedDocument } from './parse-schemas';
import type { StreamedBody } from './transport';

/** One line's worth of facts about a finished call, for a log. Never holds the key. */
export interface RequestInfo {
  method: HttpMethod;
  path: string;
  status?: number;
  ms: number;
  attempts: number;
  retries: number;
  error?: WebDataErrorKind;
  /** Names under a search's `data` that the client does not know and left out ("data.research"). */
  unknownData?: string[];
  /** host:port of the proxy the request went through (never its user or password); absent when direct. */
  proxy?: string;
}

export interface WebDataClientOptions {
  baseUrl: string;
  apiKey: string;
  userAgent?: string;
  retry?: RetryOptions;
  /** Largest body read; larger answers fail with bad-response. Default 64 MiB. */
  maxBodyBytes?: number;
  /** How long a GET may take, per attempt. Default 30000 ms. */
  timeoutMs?: number;
  /** Added to a search's own `timeout` before the client gives up. Default 5000 ms. */
  searchTimeoutMarginMs?: number;
  /** Proxy and certificate settings; by default the environment's (HTTPS_PROXY, NO_PROXY…). */
  network?: NetworkOptions;
  /** Called once per call when it ends, successful or not. */
  onRequest?: (info: RequestInfo) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface SearchCallOptions extends CallOptions {
  /** Given the answer's JSON as the service sent it (the result drops unknown fields): the JSON export keeps it. */
  onBody?: (body: unknown) => void;
}

export interface ParseCallOptions extends CallOptions {
  /** Told as the file's bytes are handed to the socket: bytes of the file sent so far, and its size. */
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  /** The multipart boundary; a fresh random one when not given (the tests give one). */
  boundary?: string;
}

/** An upload is given this long beyond the service's own time: a minute, and a second per 100 KB. */
function uploadAllowanceMs(bytes: number): number {
  return 60_000 + Math.ceil(bytes / 100);
}

interface Operation<T> {
  method: HttpMethod;
  path: string;
  body?: string | StreamedBody;
  timeoutMs: number;
  /** GETs are idempotent: 502/503/504 and lost connections may be retried. */
  idempotent: boolean;
  context: Context;
  read: (value: unknown, status: number) => T;
  /** Parts of a good answer the client left out, for the log line. */
  leftOut?: (value: unknown) => string[];
  /** A 2xx `success: false` is data here (a crawl that failed at its start), not a failure. */
  failureIsData?: boolean;
}

interface AttemptState {
  attempts: number;
  status?: number;
  leftOut?: string[];
}

export const DEFAULT_GET_TIMEOUT_MS = 30000;
export const DEFAULT_SEARCH_MARGIN_MS = 5000;
const DEFAULT_USER_AGENT = 'web-data-vscode/0.1';

export class WebDataClient {
  private readonly address: ServiceAddress;
  private readonly apiKey: string;
  private readonly transport: Transport;
  private readonly maxAttempts: number;
  private readonly maxWaitMs: number;
  private readonly backoffBaseMs: number;
  private readonly timeoutMs: number;
  private readonly searchMarginMs: number;
  private readonly onRequest?: (info: RequestInfo) => void;

  constructor(options: WebDataClientOptions) {
    this.address = parseBaseUrl(options.baseUrl);
    const apiKey = options.apiKey;
    // A key with spaces or control characters cannot go in a header; say so without quoting it.
    if (typeof apiKey !== 'string' || apiKey.trim() === '') throw new WebDataError('unauthorized', `No API key is set. ${SET_KEY_HINT}`);
    if (!/^[\x21-\x7e]+$/.test(apiKey)) throw new WebDataError('unauthorized', `The API key has spaces or characters an API key cannot have. ${SET_KEY_HINT}`);
    this.apiKey = apiKey;
    this.maxAttempts = Math.floor(finite(options.retry?.maxAttempts, 1, DEFAULT_MAX_ATTEMPTS));
    this.maxWaitMs = finite(options.retry?.maxWaitMs, 0, DEFAULT_MAX_WAIT_MS);
    this.backoffBaseMs = backoffBaseMs(this.maxAttempts, this.maxWaitMs);
    this.timeoutMs = finite(options.timeoutMs, 1, DEFAULT_GET_TIMEOUT_MS);
    this.searchMarginMs = finite(options.searchTimeoutMarginMs, 0, DEFAULT_SEARCH_MARGIN_MS);
    this.onRequest = options.onRequest;
    const userAgent = options.userAgent && /^[\x20-\x7e]+$/.test(options.userAgent) ? options.userAgent : DEFAULT_USER_AGENT;
    this.transport = new Transport(this.address, apiKey, userAgent, finite(options.maxBodyBytes, 1, DEFAULT_MAX_BODY_BYTES), options.network);
    this.proxyHost = this.transport.route.kind === 'proxy' ? this.transport.route.proxy.host : undefined;
  }

  /** The service's origin (scheme, host, port) every request of this client goes to: what a person agrees to upload to. */
  get origin(): string {
    return this.address.origin;
  }

  /** host:port of the proxy this client's requests go through, or undefined when they go direct. */
  readonly proxyHost: string | undefined;

  /**
   * POST /v2/search. A request not yet checked is checked first: an invalid one is never sent. A
   * body from validateSearchRequest (the search service's path) was checked and frozen already.
   */
  search(request: SearchRequest | CheckedSearchRequest, options: SearchCallOptions = {}): Promise<SearchResponse> {
    const checked: SearchRequestCheck = isCheckedSearchRequest(request) ? { ok: true, body: request } : this.checkAtEdge(request);
    const path = `${this.address.prefix}/search`;
    if (!checked.ok) {
      const list = checked.problems.map((p) => `${p.field}: ${p.message}`).join(' ');
      const error = new WebDataError('invalid-request', `The search was not sent. ${list}`, { problems: checked.problems });
      this.report({ method: 'POST', path, ms: 0, attempts: 0, retries: 0, error: error.kind });
      return Promise.reject(error);
    }
    return this.call({
      method: 'POST', path: '/search', body: JSON.stringify(checked.body), idempotent: false,
      timeoutMs: (checked.body.timeout ?? DEFAULT_SEARCH_TIMEOUT_MS) + this.searchMarginMs,
      context: {
        ...this.context('the search', path, 'The service answered 404 to the search', ' Check the service address.'),
        features: (checked.body.enterprise ?? []).map((mode) => ENTERPRISE_FEATURES[mode]),
      },
      read: (value, status) => {
        const response = validateBody(SearchResponseSchema, value, 'the search', status);
        options.onBody?.(value);
        return response;
      },
      leftOut: unknownDataNames,
    }, options.signal);
  }

  /**
   * The check of a request that came unchecked. A method of its own so that a subclass can see
   * when it runs: the unit tests count it to show the search service's path checks only once.
   */
  protected checkAtEdge(request: unknown): SearchRequestCheck {
    return validateSearchRequest(request);
  }

  /**
   * POST /v2/scrape: one page as markdown (or the formats asked for). Checked first; an invalid
   * request is never sent. Not retried on a lost connection: a scrape spends credits.
   */
  scrape(request: ScrapeRequest, options: CallOptions = {}): Promise<ScrapedPage> {
    return this.post('/scrape', 'the scrape', validateScrapeRequest(request), options, (body) => (body.timeout ?? DEFAULT_SCRAPE_TIMEOUT_MS) + (body.waitFor ?? 0),
      (value, status) => validateBody(ScrapeResponseSchema, value, 'the scrape', status).data);
  }

  /**
   * POST /v2/parse: a file uploaded as multipart/form-data and its markdown back. The file is read
   * as it is sent (never whole in memory); the options are checked first and an invalid one sends
   * nothing. Never retried on a lost connection: a parse spends credits.
   */
  parse(file: MultipartFile, options: ParseOptions = {}, call: ParseCallOptions = {}): Promise<ParsedDocument> {
    const checked = validateParseOptions(options);
    const path = `${this.address.prefix}/parse`;
    if (!checked.ok) return Promise.reject(this.notSent('the parse', path, checked.problems));
    const body = multipartBody(file, JSON.stringify(checked.body), call.boundary);
    const progress = call.onProgress;
    const onBytes = progress === undefined ? undefined : (sent: number): void => {
      try {
        progress(sent, file.size);
      } catch {
        // A failing progress report must not fail the upload.
      }
    };
    // A file that changed size while it was read fails the upload; said as that, not as the network's.
    let changed = false;
    const chunks = async function* (): AsyncGenerator<Uint8Array> {
      try {
        yield* body.chunks(onBytes);
      } catch (error) {
        if (error instanceof FileChangedError) changed = true;
        throw error;
      }
    };
    const streamed: StreamedBody = { contentType: body.contentType, length: body.length, stream: () => Readable.from(chunks(), { objectMode: false }) };
    return this.call({
      method: 'POST', path: '/parse', body: streamed, idempotent: false,
      timeoutMs: (checked.body.timeout ?? DEFAULT_PARSE_TIMEOUT_MS) + this.searchMarginMs + uploadAllowanceMs(body.length),
      context: this.context('the parse', path, 'The service answered 404 to the parse', ' Check the service address.'),
      read: (value, status) => validateBody(ParseResponseSchema, value, 'the parse', status).data,
    }, call.signal).catch((error: unknown) => {
      if (changed) throw new WebDataError('invalid-request', `${file.name} changed while it was sent, so nothing was converted. Try again once the file is saved.`);
      throw error;
    });
  }

  /** POST /v2/map: a site's addresses, with titles where the service has them. */
  map(request: MapRequest, options: CallOptions = {}): Promise<MapLink[]> {
    return this.post('/map', 'the map', validateMapRequest(request), options, (body) => body.timeout ?? DEFAULT_SCRAPE_TIMEOUT_MS,
      (value, status) => validateBody(MapResponseSchema, value, 'the map', status).links);
  }

  /**
   * POST /v2/crawl: starts a crawl. Never retried, not even on a lost connection: a second start
   * would be a second crawl, spending twice.
   */
  startCrawl(request: CrawlRequest, options: CallOptions = {}): Promise<JobStarted> {
    return this.post('/crawl', 'the crawl start', validateCrawlRequest(request), options, () => this.timeoutMs, (value, status) => this.started(value, status, 'the crawl start'));
  }

  /** POST /v2/batch/scrape: starts a batch scrape; `invalidURLs` are the addresses the service left out. */
  startBatchScrape(request: BatchScrapeRequest, options: CallOptions = {}): Promise<JobStarted> {
    return this.post('/batch/scrape', 'the batch scrape start', validateBatchScrapeRequest(request), options, () => this.timeoutMs, (value, status) => this.started(value, status, 'the batch scrape start'));
  }

  /**
   * POST /v2/agent: starts a research run. Never retried (a second start is a second run). The
   * body must name its `maxCredits`: validateAgentRequest refuses one without.
   */
  startAgent(request: AgentRequest, options: CallOptions = {}): Promise<AgentStarted> {
    return this.post('/agent', 'the research start', validateAgentRequest(request), options, () => this.timeoutMs, (value, status) => {
      const started = validateBody(AgentStartedSchema, value, 'the research start', status);
      if (!isJobId(started.id)) throw new WebDataError('bad-response', 'The service answered the research start with a job id that is not one; the run may have started.', { status });
      return started;
    });
  }

  /** GET /v2/agent/{jobId}: where a research run is, its credits so far, its data once completed. */
  getAgentStatus(id: string, options: CallOptions = {}): Promise<AgentStatus> {
    return this.agentCall(id, 'GET', 'the research status request', options, (value, status) => validateBody(AgentStatusSchema, value, 'the research status request', status));
  }

  /** DELETE /v2/agent/{jobId}: cancels a run. A 409 (it had already ended) is an outcome, not a failure. */
  async cancelAgent(id: string, options: CallOptions = {}): Promise<CancelOutcome> {
    try {
      return await this.agentCall(id, 'DELETE', 'the research cancellation', options, () => ({ kind: 'cancelled' } as const));
    } catch (error) {
      if (error instanceof WebDataError && error.status === 409) return { kind: 'already-finished', serviceMessage: error.serviceMessage };
      throw error;
    }
  }

  private agentCall<T>(id: string, method: HttpMethod, what: string, options: CallOptions, read: (value: unknown, status: number) => T): Promise<T> {
    const below = isJobId(id) ? `/agent/${id.toLowerCase()}` : '/agent/(id)';
    const path = `${this.address.prefix}${below}`;
    if (!isJobId(id)) {
      this.report({ method, path, ms: 0, attempts: 0, retries: 0, error: 'invalid-request' });
      return Promise.reject(new WebDataError('invalid-request', 'A research run id is a UUID such as 3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01; the id given is not one.'));
    }
    return this.call({
      method, path: below, idempotent: method === 'GET', timeoutMs: this.timeoutMs, failureIsData: method === 'GET',
      context: this.context(what, path, 'The service does not know this research run (404): it may belong to another team, or it is past the time the service keeps it', ' Start the research again.'),
      read,
    }, options.signal);
  }

  private started(value: unknown, status: number, what: string): JobStarted {
    const started = validateBody(JobStartedSchema, value, what, status);
    if (!isJobId(started.id)) throw new WebDataError('bad-response', `The service answered ${what} with a job id that is not one; the job may have started: look for it in the Jobs view.`, { status });
    return started;
  }

  private post<B, T>(below: string, what: string, checked: Checked<B>, options: CallOptions, timeoutOf: (body: B) => number, read: (value: unknown, status: number) => T): Promise<T> {
    const path = `${this.address.prefix}${below}`;
    if (!checked.ok) return Promise.reject(this.notSent(what, path, checked.problems));
    return this.call({
      method: 'POST', path: below, body: JSON.stringify(checked.body), idempotent: false,
      timeoutMs: timeoutOf(checked.body) + this.searchMarginMs,
      context: this.context(what, path, `The service answered 404 to ${what}`, ' Check the service address.'),
      read,
    }, options.signal);
  }

  private notSent(what: string, path: string, problems: RequestProblem[]): WebDataError {
    const list = problems.map((p) => `${p.field}: ${p.message}`).join(' ');
    const error = new WebDataError('invalid-request', `${what.charAt(0).toUpperCase()}${what.slice(1)} was not sent. ${list}`, { problems });
    this.report({ method: 'POST', path, ms: 0, attempts: 0, retries: 0, error: error.kind });
    return error;
  }

  /** GET /v2/team/token-usage: the team's remaining tokens (see tokensToCredits). */
  getTokenUsage(options: CallOptions = {}): Promise<TokenUsage> {
    const path = `${this.address.prefix}/team/token-usage`;
    return this.call({
      method: 'GET', path: '/team/token-usage', idempotent: true, timeoutMs: this.timeoutMs,
      context: this.context('the token usage request', path, 'The service has no usage information for this team (404)'),
      read: (value, status) => validateBody(TokenUsageResponseSchema, value, 'the token usage request', status).data,
    }, options.signal);
  }

  /** GET /v2/crawl/active: the team's active crawls. */
  listActiveCrawls(options: CallOptions = {}): Promise<ActiveCrawl[]> {
    const path = `${this.address.prefix}/crawl/active`;
    return this.call({
      method: 'GET', path: '/crawl/active', idempotent: true, timeoutMs: this.timeoutMs,
      context: this.context('the active crawls request', path, 'The service answered 404 to the active crawls request', ' Check the service address.'),
      read: (value, status) => validateBody(ActiveCrawlsResponseSchema, value, 'the active crawls request', status).crawls,
    }, options.signal);
  }

  /**
   * One page of a crawl's or batch scrape's results (GET /v2/crawl/{id} or /v2/batch/scrape/{id}).
   * The answer's `next` comes back judged (./crawl-paging): a cursor to pass as `skip` here, or
   * why it was not followed. This client never requests a `next` address as it is.
   */
  getCrawlStatus(job: JobRef, page: { skip?: number; limit?: number } = {}, options: CallOptions = {}): Promise<CrawlStatusPage> {
    const skip = Math.max(0, Math.floor(page.skip ?? 0));
    const what = job.kind === 'crawl' ? 'the crawl status request' : 'the batch scrape status request';
    return this.jobCall(job, what, '', pageQuery(skip, page.limit), 'GET', options, (value, status) => readStatusPage(value, status, what, this.address, job, skip));
  }

  /** GET /v2/crawl/{id}/errors (or the batch scrape's): failed pages and robots-blocked addresses. */
  getCrawlErrors(job: JobRef, options: CallOptions = {}): Promise<CrawlErrors> {
    const what = job.kind === 'crawl' ? 'the crawl errors request' : 'the batch scrape errors request';
    return this.jobCall(job, what, '/errors', '', 'GET', options, (value, status) => readErrors(value, status, what));
  }

  /**
   * DELETE /v2/crawl/{id}, or /v2/batch/scrape/{id} for a batch scrape (a bare id is a crawl). A 409
   * (the job had already finished) is an outcome, not a failure.
   */
  async cancelCrawl(job: string | JobRef, options: CallOptions = {}): Promise<CancelOutcome> {
    const ref: JobRef = typeof job === 'string' ? { id: job, kind: 'crawl' } : job;
    const what = ref.kind === 'crawl' ? 'the crawl cancellation' : 'the batch scrape cancellation';
    try {
      return await this.jobCall(ref, what, '', '', 'DELETE', options, (value, status) => {
        validateBody(CancelCrawlSchema, value, what, status);
        return { kind: 'cancelled' } as const;
      });
    } catch (error) {
      if (error instanceof WebDataError && error.status === 409) return { kind: 'already-finished', serviceMessage: error.serviceMessage };
      throw error;
    }
  }

  private jobCall<T>(job: JobRef, what: string, suffix: string, query: string, method: HttpMethod, options: CallOptions, read: (value: unknown, status: number) => T): Promise<T> {
    const below = `${isJobId(job.id) ? jobPath(job) : '/crawl/(id)'}${suffix}`;
    const path = `${this.address.prefix}${below}`;
    if (!isJobId(job.id)) {
      // Checked here too so that no text from elsewhere ever becomes part of a request's path.
      this.report({ method, path, ms: 0, attempts: 0, retries: 0, error: 'invalid-request' });
      return Promise.reject(new WebDataError('invalid-request', `${job.kind === 'crawl' ? 'A crawl' : 'A batch scrape'} id is a UUID such as 3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01; the id given is not one.`));
    }
    return this.call({
      method, path: below + query, idempotent: method === 'GET', timeoutMs: this.timeoutMs, failureIsData: suffix === '' && method === 'GET',
      context: this.context(what, path, 'The service does not know this job (404): it may belong to another team, or its results are past the 24 hours the service keeps them', ' Start the job again to read fresh results.'),
      read,
    }, options.signal);
  }

  /**
   * A call whose own module checks the request and reads the answer (src/core/monitor/api.ts): `below`
   * is the path under /v2, made by that module from checked ids only. GETs may be retried; nothing
   * else is, as a second run or create would spend twice.
   */
  serviceCall<T>(op: { method: HttpMethod; below: string; query?: string; body?: unknown; what: string; notFound: string; timeoutMs?: number; read: (value: unknown, status: number) => T }, options: CallOptions = {}): Promise<T> {
    const path = `${this.address.prefix}${op.below}`;
    return this.call({
      method: op.method, path: op.below + (op.query ?? ''), body: op.body === undefined ? undefined : JSON.stringify(op.body),
      // A call that runs for its own time (a browser run) says how long; the rest take the client's.
      idempotent: op.method === 'GET', timeoutMs: op.timeoutMs ?? this.timeoutMs,
      context: this.context(op.what, path, op.notFound),
      read: op.read,
    }, options.signal);
  }

  /** Closes the connections; later calls fail with `network`. */
  close(): Promise<void> {
    return this.transport.close();
  }

  private context(what: string, path: string, notFound: string, notFoundAdvice = ''): Context {
    return { what, path, origin: this.address.origin, apiKey: this.apiKey, notFound, notFoundAdvice };
  }

  /** A 2xx body that says `success: false` is a failure the service reports, not data. */
  private reportedFailure(value: unknown, what: string, status: number): WebDataError | undefined {
    if (typeof value !== 'object' || value === null || (value as { success?: unknown }).success !== false) return undefined;
    const text = (value as { error?: unknown }).error;
    const serviceMessage = typeof text === 'string' && text.trim() !== '' ? scrub(text.trim(), this.apiKey).slice(0, 300) : undefined;
    return new WebDataError('server', `The service reported that ${what} failed${serviceMessage ? `: "${serviceMessage}"` : ', without saying why'}. Try again later.`, { status, serviceMessage });
  }

  private async call<T>(op: Operation<T>, signal: AbortSignal | undefined): Promise<T> {
    const started = performance.now();
    const state: AttemptState = { attempts: 0 };
    try {
      const value = await this.attempt(op, signal, state);
      const unknownData = state.leftOut !== undefined && state.leftOut.length > 0 ? { unknownData: state.leftOut } : {};
      this.report({ method: op.method, path: op.context.path, status: state.status, ms: performance.now() - started, attempts: state.attempts, retries: state.attempts - 1, ...unknownData });
      return value;
    } catch (error) {
      // Anything else (a bug) still leaves as a WebDataError, with a message fit for a person.
      const failure = error instanceof WebDataError ? error
        : new WebDataError('bad-response', `Something unexpected happened while reading the answer to ${op.context.what}. Try again.`, { status: state.status });
      if (failure.attempts === undefined) Object.assign(failure, { attempts: state.attempts });
      this.report({ method: op.method, path: op.context.path, status: state.status, ms: performance.now() - started, attempts: state.attempts, retries: state.attempts - 1, error: failure.kind });
      throw failure;
    }
  }

  private async attempt<T>(op: Operation<T>, signal: AbortSignal | undefined, state: AttemptState): Promise<T> {
    let waited = 0;
    for (;;) {
      state.attempts++;
      const attempts = state.attempts;
      let failure: WebDataError;
      let serverWaitMs: number | undefined;
      let retryable: boolean;
      try {
        const exchange = await this.transport.send(op.method, op.path, op.body, op.timeoutMs, signal);
        const status = (state.status = exchange.status);
        if (status >= 200 && status < 300) {
          const json = readJson(exchange);
          if (!json.ok) throw this.notJson(op, status, exchange.contentType);
          const reported = op.failureIsData ? undefined : this.reportedFailure(json.value, op.context.what, status);
          if (reported) throw reported;
          const value = op.read(json.value, status);
          state.leftOut = op.leftOut?.(json.value);
          return value;
        }
        if (status === 429) {
          serverWaitMs = this.serverWait(exchange);
          retryable = true;
        } else retryable = op.idempotent && (status === 502 || status === 503 || status === 504);
        failure = errorForStatus(exchange, op.context, attempts, status !== 429 ? undefined
          : serverWaitMs !== undefined ? { ms: serverWaitMs, fromService: true } : { ms: backoffCeilingMs(attempts, this.backoffBaseMs), fromService: false });
      } catch (error) {
        if (!(error instanceof TransportError)) throw error;
        failure = errorForFailure(error.failure, op.context, attempts, op.timeoutMs, !op.idempotent);
        retryable = op.idempotent && error.failure.reason === 'network' && !this.transport.closed;
      }
      if (!retryable || attempts >= this.maxAttempts) throw failure;
      const budget = this.maxWaitMs - waited;
      // A wait the service asked for is honoured in full or not at all; our own backoff may be cut short.
      if (serverWaitMs !== undefined ? serverWaitMs > budget : budget <= 0) throw failure;
      const wait = serverWaitMs ?? Math.min(backoffMs(attempts - 1, this.backoffBaseMs), budget);
      try {
        await sleep(wait, signal);
      } catch {
        throw errorForFailure({ reason: 'cancelled' }, op.context, attempts, op.timeoutMs, !op.idempotent);
      }
      waited += wait;
    }
  }

  /** The wait a 429 names: Retry-After, then `retry_after_seconds` in the body, then its text. */
  private serverWait(exchange: Exchange): number | undefined {
    const body = readJson(exchange);
    return parseRetryAfter(exchange.headers['retry-after'])
      ?? (body.ok ? parseWaitFromBody(body.value) : undefined)
      ?? parseWaitFromText(serviceMessageOf(exchange, this.apiKey) ?? exchange.text.slice(0, 1000));
  }

  private notJson(op: Operation<unknown>, status: number, contentType: string): WebDataError {
    const type = contentType.split(';')[0] || 'no content type';
    return new WebDataError('bad-response', `The service answered ${op.context.what} with ${status} but the body is not JSON (${type}); check the service address (${op.context.origin}).`, { status });
  }

  private report(info: RequestInfo): void {
    if (!this.onRequest) return;
    try {
      this.onRequest(this.proxyHost === undefined ? info : { ...info, proxy: this.proxyHost });
    } catch {
      // A failing log line must not fail the request.
    }
  }
}

/**
 * A numeric option raised to its minimum, or its default when absent or not finite: NaN or
 * Infinity would silently lift the bounds on attempts, waiting, time and body size.
 */
function finite(value: number | undefined, min: number, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(min, value) : fallback;
}
