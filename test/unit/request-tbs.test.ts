// The tbs grammar of spec 2.3: forms, combinations, real calendar dates, and the words used.
import assert from 'node:assert/strict';
import { checkTbs, validateSearchRequest } from '../../src/core/api';

function ok(tbs: string): string {
  const result = checkTbs(tbs);
  assert.ok(result.ok, `expected ${tbs} to pass: ${JSON.stringify(!result.ok && result.problems)}`);
  return result.tbs;
}

function problems(tbs: string): string[] {
  const result = checkTbs(tbs);
  assert.ok(!result.ok, `expected ${tbs} to fail`);
  return result.problems;
}

describe('tbs', () => {
  it('accepts every predefined range, sort by date, and combinations', () => {
    for (const range of ['h', 'd', 'w', 'm', 'y']) ok(`qdr:${range}`);
    ok('sbd:1');
    ok('sbd:1,qdr:w');
    ok('qdr:m,sbd:1');
    ok('cdr:1,cd_min:01/01/2024,cd_max:12/31/2024');
    ok('sbd:1,cdr:1,cd_min:02/29/2024,cd_max:02/29/2024');
  });

  it('tidies spaces around commas', () => {
    assert.equal(ok(' sbd:1 , qdr:w '), 'sbd:1,qdr:w');
  });

  it('refuses unknown ranges and parts, in words', () => {
    assert.match(problems('qdr:x')[0] ?? '', /qdr:h \(hour\)/);
    assert.match(problems('qdr:h2')[0] ?? '', /not a time range/);
    assert.match(problems('sbd:0')[0] ?? '', /sbd:1/);
    assert.match(problems('past_week')[0] ?? '', /not a time filter/);
    assert.match(problems('qdr:d,,sbd:1')[0] ?? '', /empty part/);
    assert.match(problems('qdr:d,qdr:w')[0] ?? '', /more than once/);
  });

  it('refuses dates that do not exist: 02/30, 13th month, 02/29 of a common year', () => {
    assert.match(problems('cdr:1,cd_min:02/30/2024,cd_max:03/01/2024')[0] ?? '', /month 2 of 2024 has 29 days/);
    assert.match(problems('cdr:1,cd_min:13/01/2024,cd_max:12/31/2024')[0] ?? '', /no month 13/);
    problems('cdr:1,cd_min:02/29/2023,cd_max:03/01/2023');
    problems('cdr:1,cd_min:04/31/2024,cd_max:05/01/2024');
    ok('cdr:1,cd_min:02/29/2000,cd_max:03/01/2000');
    problems('cdr:1,cd_min:02/29/1900,cd_max:03/01/1900');
  });

  it('refuses dates not written MM/DD/YYYY', () => {
    assert.match(problems('cdr:1,cd_min:2024-01-01,cd_max:12/31/2024')[0] ?? '', /MM\/DD\/YYYY/);
    problems('cdr:1,cd_min:001/1/2024,cd_max:12/31/2024');
    problems('cdr:1,cd_min:1/1/24,cd_max:12/31/2024');
  });

  it('accepts one-digit months and days, as the live service does, and sends them as MM/DD/YYYY', () => {
    assert.equal(ok('cdr:1,cd_min:12/1/2024,cd_max:1/5/2025'), 'cdr:1,cd_min:12/01/2024,cd_max:01/05/2025');
    assert.equal(ok(' sbd:1, cdr:1,cd_min:2/29/2024,cd_max:3/1/2024'), 'sbd:1,cdr:1,cd_min:02/29/2024,cd_max:03/01/2024');
    assert.match(problems('cdr:1,cd_min:2/30/2024,cd_max:3/1/2024')[0] ?? '', /month 2 of 2024 has 29 days/);
    assert.match(problems('cdr:1,cd_min:12/1/2024,cd_max:1/1/2024')[0] ?? '', /starts on 12\/01\/2024, after it ends on 01\/01\/2024/);
    const sent = validateSearchRequest({ query: 'q', tbs: 'cdr:1,cd_min:12/1/2024,cd_max:12/9/2024' });
    assert.ok(sent.ok && sent.body.tbs === 'cdr:1,cd_min:12/01/2024,cd_max:12/09/2024', JSON.stringify(sent));
  });

  it('refuses a range that starts after it ends', () => {
    assert.match(problems('cdr:1,cd_min:12/31/2024,cd_max:01/01/2024')[0] ?? '', /starts on 12\/31\/2024, after it ends on 01\/01\/2024/);
  });

  it('refuses an incomplete custom range, dates without cdr:1, and qdr with cdr', () => {
    assert.match(problems('cdr:1,cd_min:01/01/2024')[0] ?? '', /cd_max missing/);
    problems('cdr:1');
    assert.match(problems('cd_min:01/01/2024,cd_max:12/31/2024')[0] ?? '', /need cdr:1/);
    assert.match(problems('qdr:w,cdr:1,cd_min:01/01/2024,cd_max:12/31/2024')[0] ?? '', /either a time range/);
    problems('cdr:2,cd_min:01/01/2024,cd_max:12/31/2024');
  });

  it('is checked as part of a search request, and an empty one is left out', () => {
    const result = validateSearchRequest({ query: 'q', tbs: 'qdr:q' });
    assert.ok(!result.ok && result.problems[0]?.field === 'tbs');
    const empty = validateSearchRequest({ query: 'q', tbs: '' });
    assert.ok(empty.ok && !('tbs' in empty.body));
    assert.ok(!validateSearchRequest({ query: 'q', tbs: 5 }).ok);
  });
});
