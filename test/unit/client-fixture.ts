// What the client tests against the emulator share: one emulator per suite, clients that are
// closed after each test, faults and the rate limit reset after each test, and a count of what reached the server.
import { DEMO_API_KEY, startEmulator, type Emulator, type EmulatorOptions } from '../emulator';
import { WebDataClient, type WebDataClientOptions } from '../../src/core/api';

export const SEARCH = '/v2/search';
export const USAGE = '/v2/team/token-usage';
export const CRAWLS = '/v2/crawl/active';

export interface ClientFixture {
  readonly emulator: Emulator;
  /** A client of the demo team, with `defaults` and then `options` over them; closed after the test. */
  // Function properties, not methods: suites destructure them.
  readonly client: (options?: Partial<WebDataClientOptions>) => WebDataClient;
  /** How many requests to `path` the emulator received since its request log had `from` entries. */
  readonly sentSince: (from: number, path: string) => number;
}

/** Registers the suite's hooks; call it inside a `describe`. */
export function useClientFixture(emulatorOptions: EmulatorOptions = {}, defaults: Partial<WebDataClientOptions> = {}): ClientFixture {
  let emulator: Emulator | undefined;
  const clients: WebDataClient[] = [];
  const running = (): Emulator => {
    if (!emulator) throw new Error('the emulator is not running: use the fixture inside a describe');
    return emulator;
  };
  before(async () => {
    emulator = await startEmulator(emulatorOptions);
  });
  after(async () => {
    await emulator?.close();
  });
  afterEach(async () => {
    emulator?.clearFaults();
    // A test that changed the rate limit leaves the next one the suite's own, even if it failed midway.
    emulator?.setRateLimit(emulatorOptions.rateLimit ?? null);
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  return {
    get emulator() {
      return running();
    },
    client(options = {}) {
      const created = new WebDataClient({ baseUrl: running().url, apiKey: DEMO_API_KEY, ...defaults, ...options });
      clients.push(created);
      return created;
    },
    sentSince: (from, path) => running().requests.slice(from).filter((r) => r.path === path).length,
  };
}
