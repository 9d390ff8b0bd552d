// The emulator's watch judge (issue 46): a change is meaningful for a goal only through the goal's
// distinctive words, never through its filler or the words of change itself ("default", "change",
// "update", "new"), which a diff of a page's updates is full of.
import assert from 'node:assert/strict';
import { goalWords, judge, pageVersion, unifiedDiff } from '../emulator/monitor-diff';

const BASE = '# Getting started\n\nInstall it and run it.\n';
/** The emulator's own first change: "connect() no longer retries by default", a breaking change. */
const RETRIES = unifiedDiff(pageVersion(BASE, 0, 0) ?? '', pageVersion(BASE, 0, 1) ?? '');

describe('emulator: the watch judge', () => {
  it('keeps a goal\'s distinctive words only, singular', () => {
    assert.deepEqual(goalWords('Tell me when the default buffer sizes change'), ['buffer', 'size']);
    assert.deepEqual(goalWords('any new update or change'), []);
    assert.deepEqual(goalWords('a new CVE'), ['cve']);
  });

  it('does not call a change about connect() retries meaningful for a goal about buffer sizes', () => {
    assert.match(RETRIES, /^\+Update 1: .*connect\(\) no longer retries by default\.$/m);
    for (const goal of ['a change to the default buffer size', 'Tell me when the default buffer sizes change', 'new default buffer size update']) {
      const judged = judge(goal, RETRIES);
      assert.equal(judged.meaningful, false, goal);
      assert.deepEqual(judged.meaningfulChanges, []);
    }
  });

  it('still calls a real relevant change meaningful, naming the words it found', () => {
    const buffers = unifiedDiff('# Buffers\n\nThe default buffer holds 64 events.\n', '# Buffers\n\nThe default buffer holds 128 events.\n');
    const judged = judge('a change to the default buffer size', buffers);
    assert.equal(judged.meaningful, true);
    assert.deepEqual(judged.meaningfulChanges.map((c) => c.type), ['removed', 'added']);
    assert.match(judged.reason, /"buffer"/);
    assert.doesNotMatch(judged.reason, /"default"|"change"/);
    const sized = judge('buffer sizes', unifiedDiff('Buffer size: 64.\n', 'Buffer size: 128.\n'));
    assert.equal(sized.meaningful, true);
    assert.equal(sized.confidence, 'high', 'both words found');
  });

  it('the goal the tests and the sandbox use still finds the breaking change, and not the typo fixes', () => {
    assert.equal(judge('breaking change', RETRIES).meaningful, true);
    assert.equal(judge('a breaking change in the migration guide', RETRIES).meaningful, true);
    const typos = unifiedDiff(pageVersion(BASE, 0, 1) ?? '', pageVersion(BASE, 0, 2) ?? '');
    assert.match(typos, /^\+Update 2: typo fixes/m);
    assert.equal(judge('breaking change', typos).meaningful, false);
  });

  it('a line must hold half of a longer goal\'s words: one shared word of three is not enough', () => {
    const diff = unifiedDiff('a\n', 'a\nThe guide was proofread.\n');
    assert.equal(judge('buffer size guide', diff).meaningful, false);
    assert.equal(judge('buffer size guide', unifiedDiff('a\n', 'a\nThe guide lists the buffer limits.\n')).meaningful, true);
  });
});
