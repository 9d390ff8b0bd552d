// What the browser feature decides without VS Code (issue 39): the review rule (every run reviewed
// unless "don't ask again" for that one session; a stopped session's choice goes with it), the
// language a file runs as, time left and recent use, the code preview of the review, a run's output
// read from either answer's shape, and the bound from the last bill seen (none published).
import assert from 'node:assert/strict';
import { boundAtRate, codePreview, creditsPerMinute, hidesText, languageForId, pageRowName, ReviewRule, runOutputOf, secondsLeft, usedRecently } from '../../src/core/browser/present';
import { decodeBrowserSessionId, decodeStartSessionArgument } from '../../src/core/commands/browser';

describe('browser sessions: the review rule and what is shown', () => {
  it('reviews every run of every session until told not to for one session, and only that one', () => {
    const rule = new ReviewRule();
    assert.equal(rule.needsReview('a'), true);
    assert.equal(rule.needsReview('a'), true, 'a review does not wear off by itself');
    rule.dontAskAgain('a');
    assert.equal(rule.needsReview('a'), false);
    assert.equal(rule.needsReview('b'), true);
    rule.forget('a');
    assert.equal(rule.needsReview('a'), true, 'a stopped session\'s choice goes with it');
  });

  it('runs JavaScript and TypeScript as node, Python as python, shell as bash; asks for anything else', () => {
    assert.equal(languageForId('javascript'), 'node');
    assert.equal(languageForId('typescript'), 'node');
    assert.equal(languageForId('python'), 'python');
    assert.equal(languageForId('shellscript'), 'bash');
    assert.equal(languageForId('markdown'), undefined);
    assert.equal(languageForId('toString'), undefined);
  });

  it('names a page\'s browser row by its address without the scheme or a last slash', () => {
    assert.equal(pageRowName('https://docs.tideflow.dev/getting-started'), 'docs.tideflow.dev/getting-started');
    assert.equal(pageRowName('HTTP://example.com/'), 'example.com');
    assert.equal(pageRowName('https://example.com/a?b=https://c/'), 'example.com/a?b=https://c');
  });

  it('counts time left down to 0, and tells recent use from the last minute', () => {
    const now = Date.parse('2026-11-28T09:00:00Z');
    assert.equal(secondsLeft('2026-11-28T09:04:30Z', now), 270);
    assert.equal(secondsLeft(now - 5, now), 0);
    assert.equal(secondsLeft('not a date', now), undefined);
    assert.equal(secondsLeft(undefined, now), undefined);
    assert.equal(usedRecently(now - 59_000, now), true);
    assert.equal(usedRecently(now - 61_000, now), false);
    assert.equal(usedRecently(undefined, now), false);
  });

  it('tells code that reads differently from how it runs (bidirectional controls), so its review is refused', () => {
    assert.equal(hidesText('console.log("ok")'), false);
    assert.equal(hidesText('const isAdmin = false; /*\u202e } \u2066if (isAdmin)\u2069 \u2066 begin admins only */'), true);
    assert.equal(hidesText('const name = "\u2067x\u2069";'), true);
    assert.equal(hidesText('Grüße, 日本語, emoji 🙂'), false);
  });

  it('previews at most 40 lines of the code and says how many more', () => {
    const code = Array.from({ length: 45 }, (_, i) => `line ${i + 1}`).join('\r\n');
    const preview = codePreview(code);
    assert.equal(preview.shown.split('\n').length, 40);
    assert.equal(preview.moreLines, 5);
    assert.deepEqual(codePreview('one'), { shown: 'one', moreLines: 0 });
  });

  it('reads a run\'s output from a session\'s answer and from a scraped page\'s (output)', () => {
    assert.deepEqual(runOutputOf({ stdout: 'a\n', stderr: null, exitCode: 0, killed: false }), { stdout: 'a\n', stderr: '', exitCode: 0, killed: false, error: null });
    assert.deepEqual(runOutputOf({ output: 'b', exitCode: null, killed: true, error: 'Execution timed out' }), { stdout: 'b', stderr: '', exitCode: null, killed: true, error: 'Execution timed out' });
  });

  it('bounds a session by the last bill seen, a started minute at a time; nothing without one', () => {
    assert.equal(boundAtRate(300, undefined), undefined);
    assert.equal(creditsPerMinute({ credits: 6, durationMs: 150_000 }), 2);
    assert.equal(boundAtRate(300, { credits: 6, durationMs: 150_000 }), 10);
    assert.equal(boundAtRate(300, { credits: 4, durationMs: 0 }), undefined);
  });

  it('takes a session id, `{ sessionId }` or `{ id }`; refuses an id that could leave its path', () => {
    assert.equal(decodeBrowserSessionId('3f0c9a52-6a3e'), '3f0c9a52-6a3e');
    assert.equal(decodeBrowserSessionId({ sessionId: 'abc_1' }), 'abc_1');
    assert.equal(decodeBrowserSessionId({ id: 'abc' }), 'abc');
    assert.equal(decodeBrowserSessionId('../team'), undefined);
    assert.equal(decodeBrowserSessionId(42), undefined);
    assert.deepEqual(decodeStartSessionArgument({ ttl: 60, profile: 'work', extra: true }), { ttl: 60, profile: 'work' });
    assert.deepEqual(decodeStartSessionArgument('nope'), {});
  });
});
