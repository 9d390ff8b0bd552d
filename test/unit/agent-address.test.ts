// Where an extraction's and a research run's tabs live (issue 46): named by what was extracted or
// researched, the id in the query and never in the path (the tab and its breadcrumb read the path);
// an address of the form before, with the id as a folder, is still read.
import assert from 'node:assert/strict';
import { addressedResult, resultAddress } from '../../src/core/agent/address';

const ID = 'b2eaf358-4a51-4f0e-9d55-2f1f1c0c9a11';

describe('a structured result\'s tab address', () => {
  it('an extraction: the page\'s host and path, the id in the query only', () => {
    const address = resultAddress({ id: ID, kind: 'extract', url: 'https://docs.tideflow.dev/guide/streams?x=1' }, 'json');
    assert.deepEqual(address, { path: '/extract/docs.tideflow.dev\u2215guide\u2215streams.json', query: `id=${ID}` });
    assert.ok(!address.path.includes(ID));
    assert.deepEqual(addressedResult(address.path, address.query), { id: ID, view: 'json' });
  });

  it('a research run: its prompt\'s first words, in both views', () => {
    const prompt = 'the rate limits of the GitHub, Stripe and Slack APIs, and how each one counts requests over time';
    const json = resultAddress({ id: ID, kind: 'research', prompt }, 'json');
    const markdown = resultAddress({ id: ID, kind: 'research', prompt }, 'markdown');
    assert.equal(json.path, `/research/${prompt.slice(0, 60).trimEnd()}.json`);
    assert.match(markdown.path, /^\/research\/the rate limits of the GitHub, Stripe and Slack APIs, .+\.md$/);
    assert.deepEqual(addressedResult(markdown.path, markdown.query), { id: ID, view: 'markdown' });
  });

  it('reads the addresses tabs had before, and nothing else', () => {
    assert.deepEqual(addressedResult(`/extract/${ID}/docs.tideflow.dev\u2215guide.json`, ''), { id: ID, view: 'json' });
    assert.equal(addressedResult('/extract/page.json', 'id=not-an-id'), undefined);
    assert.equal(addressedResult('/extract/page.json', ''), undefined);
    assert.equal(addressedResult('/other/page.json', `id=${ID}`), undefined);
    assert.equal(addressedResult('/extract/page.txt', `id=${ID}`), undefined);
  });
});
