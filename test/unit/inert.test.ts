// Outside text made inert, sink by sink: hostile strings (command links, codicons, bidi overrides,
// zero-width characters, lone \r, very long text, path tricks) come out as plain, readable text.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  cleanText, cutText, inertFileName, inertLabel, inertMarkdown, inertMarkdownText, inertNotification, inertQuickPick, inertStatusBar, inertTabTitle,
} from '../../src/core/text/inert';

/** VS Code 1.100's parseLinkedText (src/vs/base/common/linkedText.ts): what a notification turns into links. */
const LINK_REGEX = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;
function notificationLinks(message: string): string[] {
  // The workbench also folds line breaks into spaces before parsing.
  return [...message.replace(/(\r\n|\n|\r)/gm, ' ').matchAll(LINK_REGEX)].map((m) => m[2] ?? '');
}

const COMMAND_LINK = '[Open](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%20-rf%20~%5Cn%22%7D)';
/** Characters no label, title or file name may keep. */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b-\u200d\u2060\ufeff]/;

describe('inert text: the shared cleaning', () => {
  it('drops controls, bidi overrides and isolates, and zero-width characters; line breaks become spaces', () => {
    assert.equal(cleanText('a\u0000b\u0007c\u007fd\u009be', 100), 'abcde');
    assert.equal(cleanText('evil\u202Etxt.exe\u202C and \u2066iso\u2069', 100), 'eviltxt.exe and iso');
    assert.equal(cleanText('zero\u200Bwidth\u200C\u200D\u2060\uFEFF!', 100), 'zerowidth!');
    assert.equal(cleanText('one\rtwo\r\nthree\nfour\u2028five\u2029six\fseven\tend', 100), 'one two three four five six seven end');
  });

  it('cuts long text by code points with an ellipsis, never half an emoji', () => {
    const long = '😀'.repeat(300);
    const cut = cleanText(long, 50);
    assert.equal(Array.from(cut).length, 50);
    assert.ok(cut.endsWith('…'));
    assert.doesNotMatch(cut, /[\ud800-\udbff](?![\udc00-\udfff])/, 'a lone high surrogate');
    assert.equal(cutText('short', 10), 'short');
  });

  it('never leaves an invisible character, for any input', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
      for (const out of [inertLabel(text), inertTabTitle(text), inertNotification(text), inertStatusBar(text), inertQuickPick(text), inertFileName(text, 'x')]) {
        assert.doesNotMatch(out, INVISIBLE);
      }
    }));
  });
});

describe('inert text: notifications', () => {
  it('keeps no link of any scheme VS Code would make clickable, and stays readable', () => {
    const out = inertNotification(`Batch scrape ${COMMAND_LINK} started.`);
    assert.deepEqual(notificationLinks(`Batch scrape ${COMMAND_LINK} started.`).length, 1, 'the test regex finds the raw link');
    assert.deepEqual(notificationLinks(out), []);
    assert.ok(!out.includes(']('));
    assert.ok(!/command:\S/i.test(out), out);
    assert.match(out, /^Batch scrape \[Open\] \(command: workbench\.action\.terminal\.sendSequence/);
    for (const link of ['[x](https://evil.example)', '[x](HTTP://evil.example)', '[x](file:///etc/passwd)', '[x](CoMmAnD:foo)', '[x](vscode://ext/cmd)']) {
      assert.deepEqual(notificationLinks(inertNotification(link)), [], link);
    }
  });

  it('does not let a stripped character or a line break glue a link back together', () => {
    for (const sneaky of ['[x]\u200B(command:foo)', '[x]\u202E(command:foo)', '[x]\u0000(command:foo)', '[x]\r(command:foo)', '[x]\n(command:foo)']) {
      const out = inertNotification(sneaky);
      assert.deepEqual(notificationLinks(out), [], JSON.stringify(sneaky));
      assert.ok(!out.includes(']('), out);
    }
  });

  it('defangs bare command:, vscode: and file: URIs and codicons', () => {
    assert.equal(inertNotification('run command:evil.cmd or vscode://x/y'), 'run command: evil.cmd or vscode: //x/y');
    assert.equal(inertNotification('$(zap) alarm $(alert~spin)'), '$ (zap) alarm $ (alert~spin)');
  });

  it('leaves ordinary messages alone, and is idempotent', () => {
    const plain = 'The search for “tideflow” failed: Service unavailable. Please try again later.';
    assert.equal(inertNotification(plain), plain);
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (text) => {
      const once = inertNotification(text, 50);
      assert.equal(inertNotification(once, 50), once);
      assert.deepEqual(notificationLinks(once), []);
    }));
  });

  it('cuts a very long message', () => {
    assert.equal(Array.from(inertNotification('x'.repeat(5000))).length, 1000);
    assert.equal(Array.from(inertNotification('x'.repeat(5000), 120)).length, 120);
  });
});

describe('inert text: status bar and quick picks', () => {
  it('shows $(icon) from outside as written, not as an icon', () => {
    assert.equal(inertStatusBar('https://x.example/$(zap)'), 'https://x.example/$ (zap)');
    assert.equal(inertQuickPick('$(warning) crawl\u202E'), '$ (warning) crawl');
    assert.doesNotMatch(inertStatusBar('$($(x))'), /\$\(/);
  });

  it('are one short line', () => {
    assert.equal(inertStatusBar('a\rb\nc'), 'a b c');
    assert.equal(Array.from(inertStatusBar('y'.repeat(500))).length, 80);
    assert.equal(Array.from(inertQuickPick('y'.repeat(500))).length, 200);
  });
});

describe('inert text: tree labels and tab titles', () => {
  it('are one clean line, cut to length', () => {
    assert.equal(inertLabel('  Title\r# heading\u202E\u200B  '), 'Title # heading');
    assert.equal(Array.from(inertLabel('z'.repeat(1000))).length, 200);
    assert.equal(inertTabTitle('\u2067Report\u2069 2026\r\n'), 'Report 2026');
    assert.equal(Array.from(inertTabTitle('t'.repeat(300))).length, 80);
  });

  it('keep the text as written otherwise (trees show no links or icons in labels)', () => {
    assert.equal(inertLabel('[Open](command:x) $(zap)'), '[Open](command:x) $(zap)');
  });
});

describe('inert text: file names', () => {
  it('has no path separators, traversal, reserved characters or device names', () => {
    assert.equal(inertFileName('../../etc/passwd', 'page'), 'etc passwd');
    assert.equal(inertFileName('..\\..\\Windows\\win.ini', 'page'), 'Windows win.ini');
    assert.equal(inertFileName('a:b*c?d"e<f>g|h#i%j', 'page'), 'a b c d e f g h i j');
    assert.equal(inertFileName('CON', 'page'), '_CON');
    assert.equal(inertFileName('nul.txt', 'page'), '_nul.txt');
    assert.equal(inertFileName('Lpt1', 'page'), '_Lpt1');
    assert.equal(inertFileName('console', 'page'), 'console');
  });

  it('is never empty, never dots alone, and cut to length', () => {
    assert.equal(inertFileName('..', 'page'), 'page');
    assert.equal(inertFileName(' \u202E\u200B / ', 'page'), 'page');
    assert.equal(inertFileName('name. . ', 'page'), 'name');
    assert.equal(Array.from(inertFileName('f'.repeat(300), 'page')).length, 80);
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
      const name = inertFileName(text, 'page');
      assert.ok(name.length > 0);
      assert.doesNotMatch(name, /[/\\:*?"<>|#%]|^\.|\.$|^\s|\s$/);
      assert.doesNotMatch(name, INVISIBLE);
    }));
  });

  it('drops bidi tricks that disguise an extension', () => {
    assert.equal(inertFileName('invoice\u202Efdp.exe', 'page'), 'invoicefdp.exe');
  });
});

describe('inert text: markdown for tooltips', () => {
  it('never lets a lone \\r (or any line separator) start a heading, list, quote or setext heading', () => {
    for (const separator of ['\r', '\r\n', '\n', '\u2028', '\u2029', '\f', '\v', '\u0085']) {
      const out = inertMarkdown(`Title${separator}# Heading${separator}===${separator}> quote${separator}1. item`);
      assert.doesNotMatch(out, /[\r\n\f\v\u0085\u2028\u2029]/, JSON.stringify(separator));
      assert.equal(out, 'Title \\# Heading \\=\\=\\= \\> quote 1\\. item');
    }
  });

  it('escapes links, HTML and icons', () => {
    assert.equal(inertMarkdown('[a](command:x) <img> $(zap)'), '\\[a\\]\\(command\\:x\\) \\<img\\> \\$\\(zap\\)');
  });
});

describe('inert text: a line of a markdown document read as source', () => {
  it('reads as the title it is (dots, dashes, parentheses as written) and forms no link, HTML, entity, emphasis or math', () => {
    assert.equal(inertMarkdownText('Page 1 of handbook.tideflow.dev (v2) - intro!'), 'Page 1 of handbook.tideflow.dev (v2) - intro!');
    assert.equal(inertMarkdownText('[x](command:a) <img> &#8238; *b* _c_ `d` ~e~ $f$ #g |h \\i'),
      '\\[x\\](command:a) \\<img\\> \\&\\#8238; \\*b\\* \\_c\\_ \\`d\\` \\~e\\~ \\$f\\$ \\#g \\|h \\\\i');
    assert.equal(inertMarkdownText('two\nlines\u202e'), 'two lines');
  });

  it('a file name may keep a title\'s slash as U+2215, never as a separator, never only that', () => {
    assert.equal(inertFileName('TCP / IP', 'page', 80, { keepSlash: true }), 'TCP \u2215 IP');
    assert.equal(inertFileName('TCP / IP', 'page'), 'TCP IP');
    assert.equal(inertFileName('//..//', 'page', 80, { keepSlash: true }), 'page');
    fc.assert(fc.property(fc.string({ maxLength: 60 }), (text) => {
      const name = inertFileName(text, 'page', 80, { keepSlash: true });
      assert.doesNotMatch(name, /[/\\]/);
      assert.ok(!['.', '..', ''].includes(name));
    }));
  });
});
