// A search request is checked once on its way: by the search service, whose body the client then
// sends as it is; a request handed to the client unchecked is still checked at the client's edge.
// Both checks are counted where they really run: the service's `validate` dependency, and the
// client's own edge check (a subclass of the real client). Requests go to the emulator through
// real sockets; nothing is mocked.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WebDataClient, WebDataError, type CheckedSearchRequest, type SearchRequestCheck } from '../../src/core/api';
import { isCheckedSearchRequest, validateSearchRequest } from '../../src/core/api/request';
import { Emitter } from '../../src/core/emitter';
import { SearchHistory } from '../../src/core/search/history';
import { parseSearchIndex, readSearchRecordText, serializeSearchIndex } from '../../src/core/search/record-schema';
import { SearchService } from '../../src/core/search/service';
import { DEMO_API_KEY } from '../emulator';
import { SEARCH, useClientFixture } from './client-fixture';

/** The real client, counting the checks it makes itself. */
class CountingClient extends WebDataClient {
  edgeChecks = 0;

  protected override checkAtEdge(request: unknown): SearchRequestCheck {
    this.edgeChecks++;
    return super.checkAtEdge(request);
  }
}

describe('a search is checked once', () => {
  const fixture = useClientFixture();
  let client: CountingClient;

  beforeEach(() => {
    client = new CountingClient({ baseUrl: fixture.emulator.url, apiKey: DEMO_API_KEY });
  });

  afterEach(() => client.close());

  it('through the service: one check by the service, none by the client, and the checked body is what is sent and stored', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wd-checked-once-'));
    const history = new SearchHistory({
      storageDir: dir,
      codec: { parseIndex: parseSearchIndex, readRecordText: readSearchRecordText, serializeIndex: serializeSearchIndex },
      log: { warn: () => undefined, error: () => undefined },
      limits: () => ({ maxCount: 10, maxBytes: 1e9 }),
    });
    let serviceChecks = 0;
    const changed = new Emitter<void>();
    const service = new SearchService({
      history: Object.assign(history, { onDidChange: changed.event }),
      client: () => Promise.resolve(client),
      validate: (request): SearchRequestCheck => { serviceChecks++; return validateSearchRequest(request); },
      defaults: () => ({ limit: 2, sources: ['web', 'news'], scrapeFormats: 'none', country: 'US', location: '', timeout: 30000 }),
    });
    try {
      const from = fixture.emulator.requests.length;
      const run = await service.run({ query: 'tideflow backpressure' });
      assert.ok(run.ok, JSON.stringify(run));
      assert.equal(serviceChecks, 1, 'the service checked the request more than once');
      assert.equal(client.edgeChecks, 0, 'the client checked the service\'s body again');
      assert.ok(isCheckedSearchRequest(run.record.request));
      const sent = fixture.emulator.requests.slice(from).filter((r) => r.path === SEARCH);
      assert.equal(sent.length, 1);
      assert.deepEqual(sent[0]?.body, { query: 'tideflow backpressure', limit: 2, timeout: 30000, sources: [{ type: 'web' }, { type: 'news' }], country: 'US' });
      assert.deepEqual(run.record.request, sent[0].body);
    } finally {
      service.dispose();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('at the client\'s edge when it comes unchecked: normalised before it is sent, once', async () => {
    const from = fixture.emulator.requests.length;
    await client.search({ query: 'tideflow', sources: ['news'], country: 'de' });
    assert.equal(client.edgeChecks, 1);
    const sent = fixture.emulator.requests.slice(from).filter((r) => r.path === SEARCH);
    assert.deepEqual(sent[0]?.body, { query: 'tideflow', sources: [{ type: 'news' }], country: 'DE' });
  });

  it('at the client\'s edge when only the type says checked: a cast is no proof, and a bad request is not sent', async () => {
    const from = fixture.emulator.requests.length;
    const forged = { query: '', limit: 1000 } as unknown as CheckedSearchRequest;
    await assert.rejects(client.search(forged), (err: unknown) => {
      assert.ok(err instanceof WebDataError);
      assert.equal(err.kind, 'invalid-request');
      assert.match(err.message, /^The search was not sent\. query: .* limit: /);
      return true;
    });
    assert.equal(client.edgeChecks, 1);
    assert.equal(fixture.sentSince(from, SEARCH), 0);
  });

  it('a checked body cannot change between the check and the send', () => {
    const checked = validateSearchRequest({ query: 'tideflow', sources: ['web'], includeDomains: ['example.com'], scrapeOptions: { formats: ['markdown'] } });
    assert.ok(checked.ok);
    const body = checked.body as unknown as { query: string; sources: unknown[]; includeDomains: string[]; scrapeOptions: { formats: Array<{ type: string }> } };
    assert.throws(() => { body.query = ''; }, TypeError);
    assert.throws(() => { body.sources.push('images'); }, TypeError);
    assert.throws(() => { body.includeDomains[0] = 'evil example'; }, TypeError);
    assert.throws(() => { (body.scrapeOptions.formats[0] as { type: string }).type = ''; }, TypeError);
    assert.deepEqual(checked.body, { query: 'tideflow', sources: [{ type: 'web' }], includeDomains: ['example.com'], scrapeOptions: { formats: [{ type: 'markdown' }] } });
    // A copy is a new, unchecked request: the client would check it again.
    assert.equal(isCheckedSearchRequest({ ...checked.body }), false);
  });

  it('the record of a checked body cannot be forged or copied, and leaves the body a plain object', () => {
    const checked = validateSearchRequest({ query: 'tideflow', sources: ['web'] });
    assert.ok(checked.ok);
    assert.ok(isCheckedSearchRequest(checked.body));
    assert.equal(Object.getPrototypeOf(checked.body), Object.prototype);
    assert.deepEqual(Reflect.ownKeys(checked.body), ['query', 'sources']);
    assert.equal(JSON.stringify(checked.body), '{"query":"tideflow","sources":[{"type":"web"}]}');
    assert.equal(isCheckedSearchRequest(structuredClone(checked.body)), false);
    assert.equal(isCheckedSearchRequest(Object.assign(Object.create(Object.getPrototypeOf(checked.body) as object) as object, checked.body)), false);
    assert.equal(isCheckedSearchRequest(JSON.parse(JSON.stringify(checked.body))), false);
    for (const other of [null, undefined, 'x', 1, [], {}]) assert.equal(isCheckedSearchRequest(other), false);
  });
});
