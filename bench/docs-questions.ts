// The questions of the docs quality bench (bench/docs.ts), written before any tuning of the docs
// search, each with the page(s) of undici's own documentation (node_modules/undici/docs/docs, a
// corpus nobody here wrote) that answer it. A question is answered at rank k when one of the first
// k passages comes from one of its pages. Worded as a person asks, not copied from the headings.
// Do not edit a question to fit the ranking: add new ones instead.

export interface DocsQuestion {
  question: string;
  /** Paths under node_modules/undici/docs/docs. */
  pages: readonly string[];
}

export const DOCS_QUESTIONS: readonly DocsQuestion[] = [
  { question: 'how do I send requests through an HTTP proxy with a username and password', pages: ['best-practices/proxy.md', 'api/ProxyAgent.md'] },
  { question: 'use HTTP_PROXY and NO_PROXY environment variables', pages: ['api/EnvHttpProxyAgent.md'] },
  { question: 'route traffic through a SOCKS5 proxy', pages: ['api/Socks5ProxyAgent.md'] },
  { question: 'mock a request in tests so nothing goes to the network', pages: ['api/MockAgent.md', 'best-practices/mocking-request.md', 'api/MockPool.md'] },
  { question: 'throw an error when a request was not mocked, disable real network connections', pages: ['api/MockAgent.md'] },
  { question: 'list which calls the mock agent received', pages: ['api/MockCallHistory.md', 'best-practices/mocking-request.md', 'api/MockAgent.md'] },
  { question: 'record real responses and replay them later in tests', pages: ['api/SnapshotAgent.md'] },
  { question: 'retry a failed request automatically with exponential backoff', pages: ['api/RetryAgent.md', 'api/RetryHandler.md'] },
  { question: 'which status codes are retried by default', pages: ['api/RetryHandler.md', 'api/RetryAgent.md'] },
  { question: 'follow redirects', pages: ['api/RedirectHandler.md', 'api/Dispatcher.md'] },
  { question: 'cache responses in memory with a size limit', pages: ['api/CacheStore.md'] },
  { question: 'persist the HTTP cache to a sqlite database', pages: ['api/CacheStore.md'] },
  { question: 'write my own cache store', pages: ['api/CacheStore.md'] },
  { question: 'how many connections does a pool open to one origin', pages: ['api/Pool.md', 'api/Agent.md'] },
  { question: 'spread requests over several upstream servers', pages: ['api/BalancedPool.md', 'api/RoundRobinPool.md'] },
  { question: 'add and remove an upstream from a balanced pool', pages: ['api/BalancedPool.md'] },
  { question: 'round robin load distribution across connections', pages: ['api/RoundRobinPool.md'] },
  { question: 'number of pending and running requests on a client', pages: ['api/ClientStats.md', 'api/PoolStats.md', 'api/Client.md'] },
  { question: 'free and queued counts of a pool', pages: ['api/PoolStats.md'] },
  { question: 'set keep alive timeout for idle sockets', pages: ['api/Client.md'] },
  { question: 'headers timeout and body timeout options', pages: ['api/Client.md', 'api/Dispatcher.md'] },
  { question: 'abort a request with an AbortSignal', pages: ['api/Dispatcher.md'] },
  { question: 'stream a response body directly into a writable stream', pages: ['api/Dispatcher.md'] },
  { question: 'upgrade a connection to websocket at the dispatcher level', pages: ['api/Dispatcher.md', 'api/WebSocket.md'] },
  { question: 'add interceptors to a dispatcher with compose', pages: ['api/Dispatcher.md'] },
  { question: 'open a websocket and send a ping', pages: ['api/WebSocket.md'] },
  { question: 'receive server-sent events', pages: ['api/EventSource.md'] },
  { question: 'validate the server certificate fingerprint in a custom connector', pages: ['api/Connector.md'] },
  { question: 'authenticate with a client certificate (mutual TLS)', pages: ['best-practices/client-certificate.md'] },
  { question: 'use HTTP/2 without TLS (h2c)', pages: ['api/H2CClient.md'] },
  { question: 'parse a Content-Type header into its MIME type', pages: ['api/ContentType.md'] },
  { question: 'read and set cookies on headers', pages: ['api/Cookies.md'] },
  { question: 'turn on debug logging with NODE_DEBUG', pages: ['api/Debug.md'] },
  { question: 'subscribe to diagnostics channel events when a request is created', pages: ['api/DiagnosticsChannel.md'] },
  { question: 'what does SocketError contain', pages: ['api/Errors.md'] },
  { question: 'error thrown when a mock does not match', pages: ['api/MockErrors.md', 'api/MockAgent.md'] },
  { question: 'install undici fetch as the global fetch', pages: ['api/GlobalInstallation.md', 'best-practices/undici-vs-builtin-fetch.md'] },
  { question: 'difference between the undici package and Node built-in fetch', pages: ['best-practices/undici-vs-builtin-fetch.md'] },
  { question: 'FormData from a different implementation fails with fetch', pages: ['best-practices/undici-vs-builtin-fetch.md', 'api/GlobalInstallation.md', 'api/Fetch.md'] },
  { question: 'open a Cache object with the CacheStorage API', pages: ['api/CacheStorage.md'] },
  { question: 'states a client goes through from idle to destroyed', pages: ['api/api-lifecycle.md'] },
  { question: 'be polite when crawling: rate limits and robots', pages: ['best-practices/crawling.md'] },
  { question: 'tests hang or fail on an unexpected disconnect', pages: ['best-practices/writing-tests.md'] },
  { question: 'parse raw headers array into an object', pages: ['api/Util.md'] },
  { question: 'close an agent gracefully versus destroy it', pages: ['api/Agent.md', 'api/Dispatcher.md', 'api/Client.md'] },
];
