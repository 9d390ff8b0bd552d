// Query operators: what blocks a search (the client's check) and what the query boxes warn about
// while a query is typed, and the operator picker's insertion.
import assert from 'node:assert/strict';
import { checkQueryOperators, operatorFindings } from '../../src/core/api/operators';
import { insertOperator, OPERATOR_IDS, operatorHelp, queryWarnings } from '../../src/core/search/advanced/operators';

const kinds = (query: string, sources: Array<'web' | 'images' | 'news'> = ['web']): string[] => queryWarnings(query, sources).map((w) => w.kind);

describe('operator warnings while a query is typed', () => {
  it('says nothing about a clean query with every operator', () => {
    assert.deepEqual(kinds('"exact words" -spam site:example.com -filetype:doc inurl:docs allinurl: api v2 intitle:"web data" related:example.com imagesize:1920x1080 larger:800x600', ['web', 'images']), []);
  });

  it('imagesize:/larger: need WIDTHxHEIGHT', () => {
    assert.deepEqual(queryWarnings('cats imagesize:big', ['images']), [{ kind: 'badSize', operator: 'imagesize', value: 'big' }]);
    assert.deepEqual(kinds('cats larger:800x', ['images']), ['badSize']);
    assert.deepEqual(kinds('cats larger:0x600', ['images']), ['badSize']);
    assert.deepEqual(kinds('cats larger:800X600', ['images']), []);
  });

  it('an unbalanced double quote', () => {
    assert.deepEqual(kinds('"exact phrase'), ['unbalancedQuote']);
    assert.deepEqual(kinds('intitle:"a b" "c'), ['unbalancedQuote']);
    assert.deepEqual(kinds('"a" "b"'), []);
  });

  it('site:/related: with a scheme or a path, with the hostname meant', () => {
    assert.deepEqual(queryWarnings('x site:https://docs.example.com/guide', ['web']),
      [{ kind: 'notHostname', operator: 'site', part: 'scheme', value: 'https://docs.example.com/guide', hostname: 'docs.example.com' }]);
    assert.deepEqual(queryWarnings('x related:example.com/about', ['web']),
      [{ kind: 'notHostname', operator: 'related', part: 'path', value: 'example.com/about', hostname: 'example.com' }]);
    assert.deepEqual(kinds('x site:example.com related:sub.example.org'), []);
  });

  it('a negated operator that cannot be negated, and not the ones that can', () => {
    assert.deepEqual(queryWarnings('x -related:example.com', ['web']), [{ kind: 'notNegatable', operator: 'related' }]);
    assert.deepEqual(kinds('x -allintitle: a b'), ['notNegatable']);
    assert.deepEqual(kinds('x -allinurl: a'), ['notNegatable']);
    assert.deepEqual(kinds('x -filetype:pdf -site:example.com -intitle:draft -"a phrase" -word'), []);
  });

  it('an image operator without the images source', () => {
    assert.deepEqual(queryWarnings('cats larger:800x600', ['web', 'news']), [{ kind: 'imagesWithoutSource', operator: 'larger' }]);
    assert.deepEqual(kinds('cats imagesize:800x600', ['images']), []);
  });

  it('an operator still waiting for its value is not a warning (it is being typed), but blocks the search', () => {
    assert.deepEqual(kinds('cats site:'), []);
    assert.equal(operatorFindings('cats site:')[0]?.kind, 'missingValue');
    assert.equal(checkQueryOperators('cats site:').length, 1);
  });

  it('the client blocks only missing values and bad sizes, not the warnings', () => {
    assert.deepEqual(checkQueryOperators('"open -related:a.com site:https://a.com/x larger:800x600'), []);
    assert.match(checkQueryOperators('imagesize:big')[0] ?? '', /WIDTHxHEIGHT/);
  });
});

describe('operator picker', () => {
  it('lists every operator of spec 2.4, each with an example whose value part is marked', () => {
    assert.equal(OPERATOR_IDS.length, 11);
    for (const id of OPERATOR_IDS) {
      const help = operatorHelp(id);
      const [start, end] = help.valueRange;
      assert.ok(start > 0 && end > start && end <= help.example.length, id);
      // The example is a clean query on its own (with images asked for).
      assert.deepEqual(queryWarnings(help.example, ['images']), [], id);
      assert.deepEqual(checkQueryOperators(help.example), [], id);
    }
    assert.equal(operatorHelp('site').example.slice(...operatorHelp('site').valueRange), 'example.com');
    assert.equal(operatorHelp('allintitle').example.slice(...operatorHelp('allintitle').valueRange), 'release notes');
    assert.equal(operatorHelp('phrase').example.slice(...operatorHelp('phrase').valueRange), 'exact phrase');
  });

  it('inserts at the end with one space between, and selects the value to type over', () => {
    const inserted = insertOperator('tideflow', operatorHelp('site'));
    assert.deepEqual(inserted, { value: 'tideflow site:example.com', selection: [14, 25] });
    assert.equal(inserted.value.slice(...inserted.selection), 'example.com');
    assert.equal(insertOperator('', operatorHelp('exclude')).value, '-word');
    assert.equal(insertOperator('a ', operatorHelp('filetype')).value, 'a filetype:pdf');
  });
});
