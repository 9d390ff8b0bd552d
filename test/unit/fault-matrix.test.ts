// The fault matrix (issue 22): every endpoint the editor reads × every fault the emulator makes,
// through the real client over real sockets. Each cell: the right error kind (or the answer, where
// the fault must be tolerated), the attempts the retry rules allow, one clear message, a text
// answer from the chat tools' failure text, and an end within a bound. The axes live in
// ./fault-matrix-table.ts: a new fault is one row there.
import assert from 'node:assert/strict';
import { DEMO_API_KEY } from '../emulator';
import { WebDataError, type RequestInfo } from '../../src/core/api';
import { failureText } from '../../src/core/chat/failure-text';
import { useClientFixture } from './client-fixture';
import { ENDPOINTS, FAULTS, MATRIX_CLIENT, UNICODE_MARKDOWN, UNICODE_TITLE, type Endpoint, type FaultRow } from './fault-matrix-table';
import { within } from './wait';

/** Longest a cell may take: three attempts of the 250 ms deadline and the 60 ms wait budget, with room for a loaded machine. */
const CELL_BOUND_MS = 4000;

/** One sentence for a person: no stack, no `undefined`, no `[object …]`, no key, on one line. */
function assertClearMessage(text: string, where: string): void {
  assert.ok(text.trim().length > 10, `${where}: an empty message`);
  assert.ok(text.length < 1200, `${where}: ${text.length} characters`);
  assert.doesNotMatch(text, /\n/, `${where}: more than one line: ${text}`);
  assert.doesNotMatch(text, /\bat .+:\d+:\d+|\bat (async )?\w+ \(/, `${where}: a stack trace: ${text}`);
  assert.doesNotMatch(text, /undefined|\[object|NaN/, `${where}: ${text}`);
  assert.ok(!text.includes(DEMO_API_KEY), `${where}: the key is in the message`);
}

describe('fault matrix: every endpoint × every fault, through the client', () => {
  const fixture = useClientFixture({}, MATRIX_CLIENT);

  async function runCell(endpoint: Endpoint, row: FaultRow): Promise<void> {
    const fault = row.fault(endpoint);
    const expected = row.expect(endpoint);
    if (fault !== undefined) fixture.emulator.injectFault({ fault, path: endpoint.path, times: row.times ?? Infinity });
    const infos: RequestInfo[] = [];
    const client = fixture.client({ onRequest: (info) => infos.push(info) });
    const started = performance.now();
    const settled = await within(endpoint.call(client).then((value) => ({ value }), (error: unknown) => ({ error })), CELL_BOUND_MS, `${endpoint.name} under "${row.name}" to settle`);
    const ms = performance.now() - started;
    assert.ok(ms < CELL_BOUND_MS, `${Math.round(ms)} ms`);
    const where = `${endpoint.name} × ${row.name}`;

    if (expected.kind === 'ok') {
      assert.ok('value' in settled, `${where}: expected the answer, got ${'error' in settled ? String(settled.error) : 'nothing'}`);
      assert.equal(infos[0]?.attempts, expected.attempts, `${where}: attempts`);
      if (expected.unicode && endpoint.markdown) {
        const read = endpoint.markdown.read(settled.value);
        // Byte for byte: nothing normalised, cut or re-encoded on the way in.
        assert.ok(read.markdown === UNICODE_MARKDOWN, `${where}: the markdown came back changed (${read.markdown?.length ?? 0} of ${UNICODE_MARKDOWN.length} characters)`);
        assert.equal(read.title, UNICODE_TITLE);
      }
      return;
    }
    assert.ok('error' in settled, `${where}: expected ${expected.kind}, got an answer`);
    const error = settled.error;
    assert.ok(error instanceof WebDataError, `${where}: not a WebDataError: ${String(error)}`);
    assert.equal(error.kind, expected.kind, `${where}: ${error.message}`);
    assert.equal(error.attempts, expected.attempts, `${where}: attempts (${error.message})`);
    if (expected.retryAfterMs !== undefined) assert.equal(error.retryAfterMs, expected.retryAfterMs, where);
    assertClearMessage(error.message, where);
    if (expected.says) assert.match(error.message, expected.says, where);
    assert.equal(infos.length, 1, `${where}: one log line per call`);
    assert.equal(infos[0]?.error, expected.kind);

    // The chat tools turn the same failure into a text answer, never a throw.
    let text: string | undefined;
    assert.doesNotThrow(() => {
      text = failureText(endpoint.chatWhat, { kind: error.kind, message: error.message, problems: error.problems, retryAfterMs: error.retryAfterMs }, endpoint.name === 'search');
    });
    assert.equal(typeof text, 'string');
    assertClearMessage(text ?? '', `${where} (chat)`);
    if (error.kind === 'rate-limited' && expected.retryAfterMs !== undefined) assert.match(text ?? '', /Wait 7 seconds/);
  }

  for (const endpoint of ENDPOINTS) {
    describe(endpoint.name, () => {
      for (const row of FAULTS) {
        if (row.fault(endpoint) === undefined && row.name !== FAULTS[0]?.name) continue;
        it(row.name, () => runCell(endpoint, row));
      }
    });
  }

  it('covers every endpoint × every fault that applies to it', () => {
    const cells = ENDPOINTS.flatMap((e) => FAULTS.filter((r, i) => i === 0 || r.fault(e) !== undefined).map((r) => `${e.name} × ${r.name}`));
    // Unicode markdown applies where an answer carries markdown: search, crawl and batch status.
    assert.equal(cells.length, ENDPOINTS.length * FAULTS.length - ENDPOINTS.filter((e) => !e.markdown).length);
  });
});
