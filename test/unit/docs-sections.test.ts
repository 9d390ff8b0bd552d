import * as assert from 'node:assert/strict';
import { anchorOf, MAX_PASSAGE_CHARS, passageText, splitPassages, splitSpans } from '../../src/core/docs/sections';

describe('Docs passages (splitPassages)', () => {
  it('cuts a page at its headings, each passage with its heading path, anchor and line', () => {
    const md = ['Intro words.', '', '# Client', 'About the client.', '## `Client.request(options)`', 'Sends a request.', '### Options', 'timeout', '## Pool', 'Pools.'].join('\n');
    const passages = splitPassages(md, 'Page title');
    assert.deepEqual(passages.map((p) => [p.heading, p.path.join(' › '), p.anchor, p.line]), [
      ['Page title', '', '', 0],
      ['Client', 'Client', 'client', 2],
      ['Client.request(options)', 'Client › Client.request(options)', 'clientrequestoptions', 4],
      ['Options', 'Client › Client.request(options) › Options', 'options', 6],
      ['Pool', 'Client › Pool', 'pool', 8],
    ]);
    assert.equal(passages[2]?.text, '## `Client.request(options)`\nSends a request.');
  });

  it('keeps a code block with its heading: a # inside a fence is code, not a heading', () => {
    const md = ['# Install', '```sh', '# a shell comment', 'npm i undici', '```', 'Done.', '# Next', 'x'].join('\n');
    const passages = splitPassages(md, 't');
    assert.deepEqual(passages.map((p) => p.heading), ['Install', 'Next']);
    assert.ok(passages[0]?.text.includes('# a shell comment\nnpm i undici'));
  });

  it('numbers a repeated heading\'s anchor as GitHub does', () => {
    const passages = splitPassages('# Example\na\n# Example\nb\n# Example\nc', 't');
    assert.deepEqual(passages.map((p) => p.anchor), ['example', 'example-1', 'example-2']);
    assert.equal(anchorOf('Dispatcher.request(options[, callback])'), 'dispatcherrequestoptions-callback');
  });

  it('answers a 250 KB page in sections: a long section is cut at blank lines outside code, each part under its heading', () => {
    const filler = (n: number) => Array.from({ length: n }, (_, i) => `Paragraph ${i} of plain words about nothing in particular, repeated.\n`).join('\n');
    const code = `\`\`\`js\n${Array.from({ length: 200 }, (_, i) => `const v${i} = ${i};`).join('\n\n')}\n\`\`\``;
    const md = `# Big\n${filler(1500)}\n${code}\n\n# Small\nThe needle sentence.\n${filler(1500)}`;
    assert.ok(md.length > 200_000);
    const passages = splitPassages(md, 't');
    assert.ok(passages.every((p) => p.text.length <= MAX_PASSAGE_CHARS + 200 || p.text.includes('```')), 'each part near the bound, or a whole code block');
    const withCode = passages.filter((p) => p.text.includes('const v0 = 0;'));
    assert.equal(withCode.length, 1);
    assert.ok(withCode[0]?.text.includes('const v199 = 199;'), 'the code block is not cut');
    const needle = passages.filter((p) => p.text.includes('needle'));
    assert.equal(needle.length, 1);
    assert.equal(needle[0]?.heading, 'Small');
    assert.ok(needle.every((p) => p.text.length < 10_000));
    assert.ok(passages.filter((p) => p.heading === 'Big').length > 10);
  });

  it('gives each passage as a span of the page whose text is the passage\'s, line ends and blank lines around it included', () => {
    const md = '\r\nIntro.\r\n\r\n# A\r\nline one\r\n\r\n  \r\n## B  \r\ntext\r\n```\r\n# not a heading\r\n```\r\n\r\n';
    const spans = splitSpans(md, 't');
    assert.deepEqual(spans.map((s) => passageText(md, s)), splitPassages(md, 't').map((p) => p.text));
    assert.deepEqual(splitPassages(md, 't').map((p) => p.text), ['Intro.', '# A\nline one', '## B  \ntext\n```\n# not a heading\n```']);
    assert.deepEqual(spans.map((s) => md.slice(s.start, s.end).trim() === md.slice(s.start, s.end)), [true, true, true], 'no blank space at either end');
  });
});
