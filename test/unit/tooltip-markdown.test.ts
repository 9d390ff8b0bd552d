// One helper for hovers made of outside text: core's tooltipMarkdown escapes every word (through
// inertMarkdown, the one escaper), and src/platform/markdown.ts's plainTooltip is the only place a
// hover's MarkdownString is made from words. The other MarkdownStrings in src/ are listed with why.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { inertMarkdown, tooltipMarkdown } from '../../src/core/text/inert';
import { ROOT, sourceFiles } from './source-files';


/** Where a MarkdownString is made of something other than a tooltip's words, and why. */
const OTHER_MARKDOWN: Readonly<Record<string, string>> = {
  'src/platform/markdown.ts': 'the one helper',
  'src/platform/stand-ins.ts': 'our own note on a read-only tab (src/platform/readonly-notes.ts)',
  'src/features/chat/words.ts': 'chat invocation and confirmation messages, each value made inert with inertMarkdown',
  'src/features/webhooks/status-bar.ts': 'a trusted hover with our own command links; its words added with appendText',
};

describe('tooltips: one helper for hover markdown', () => {
  it('a string paragraph, a paragraph of lines, no heading; empty paragraphs leave no gap', () => {
    assert.equal(tooltipMarkdown({ paragraphs: ['a [b](command:x)', [], ['c*', 'd'], ''] }), 'a \\[b\\]\\(command\\:x\\)\n\nc\\*  \nd');
    assert.equal(tooltipMarkdown({ heading: '# H', paragraphs: [] }), `**${inertMarkdown('# H')}**`);
  });

  it('a code block no line can close: the fence is longer than any run of backticks in it', () => {
    const md = tooltipMarkdown({ paragraphs: ['Metadata:'], code: { language: 'yaml', lines: ['a: ```', 'b: [x](command:y)\n# not a heading'] } });
    assert.equal(md, 'Metadata\\:\n\n````yaml\na: ```\nb: [x](command:y) # not a heading\n````');
    assert.equal(tooltipMarkdown({ paragraphs: [], code: { language: 'yaml', lines: ['plain'] } }), '```yaml\nplain\n```');
  });

  it('no other module makes a MarkdownString (a hover of words goes through plainTooltip)', () => {
    const makers = sourceFiles('src').filter((file) => /new vscode\.MarkdownString\(/.test(readFileSync(path.join(ROOT, file), 'utf8')));
    assert.deepEqual(makers.filter((file) => !(file in OTHER_MARKDOWN)), []);
  });
});
