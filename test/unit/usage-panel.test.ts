// The credits panel's data and page (issue 49): the breakdown by day and kind over 30 or 90 days, the
// biggest spenders (a watch by its name, a job, a whole kind), the forecast from the team's current
// period, the CSV (a hostile watch name or a formula stays text), the page's messages decoded before
// anything acts on them, and the page's content security policy.
import assert from 'node:assert/strict';
import { usageHistory, withUsage, type WindowUsage } from '../../src/core/usage-ledger/ledger';
import { buildPanelData, csvCell, usageCsv, type PanelInput } from '../../src/core/usage-ledger/panel-data';
import { decodeShowCreditsUsage } from '../../src/core/commands/credits-usage';
import { decodeFromPage } from '../../src/core/usage-ledger/panel-messages';
import { contentSecurityPolicy, pageHtml } from '../../src/features/credits-usage/page';

const HOSTILE = '<img src=x onerror=alert(1)> =HYPERLINK("http://evil")';

/** The panel's input as the feature builds it: the ledger read over the range shown. */
function input(over: Partial<PanelInput> = {}): PanelInput {
  const range = over.range ?? 30;
  let w: WindowUsage = { days: {} };
  w = withUsage(w, '2026-11-28', { kind: 'search', credits: 10, id: 's1' });
  w = withUsage(w, '2026-11-28', { kind: 'watch', credits: 50, id: 'check:1', subject: 'watch-1' });
  w = withUsage(w, '2026-11-29', { kind: 'crawl', credits: 120, id: 'job:j1', subject: 'j1' });
  w = withUsage(w, '2026-11-29', { kind: 'page', credits: 3, id: 'p1' });
  w = withUsage(w, '2026-09-15', { kind: 'research', credits: 70, id: 'research:r1', subject: 'r1' });
  return {
    now: new Date('2026-11-29T12:00:00'),
    range,
    history: usageHistory([w], range === 90 ? '2026-09-01' : '2026-10-31', '2026-11-29'),
    periods: [
      { startDate: '2026-11-01T00:00:00Z', endDate: '2026-12-01T00:00:00Z', apiKey: '…0000', totalCredits: 2000 },
      { startDate: '2026-11-01T00:00:00Z', endDate: '2026-12-01T00:00:00Z', apiKey: '…0001', totalCredits: 800 },
      { startDate: '2026-10-01T00:00:00Z', endDate: '2026-11-01T00:00:00Z', apiKey: '…0000', totalCredits: 3000 },
    ],
    remainingCredits: 1000,
    periodStart: '2026-11-01T00:00:00Z',
    periodEnd: '2026-12-01T00:00:00Z',
    watches: [{ id: 'watch-1', name: HOSTILE, status: 'active', estimatedCreditsPerMonth: 600 }],
    ...over,
  };
}

describe('credits panel: data', () => {
  it('shows the last 30 days by kind, only the kinds that spent, today last', () => {
    const data = buildPanelData(input());
    assert.equal(data.days.length, 30);
    assert.equal(data.days.at(-1)?.day, '2026-11-29');
    assert.deepEqual(data.kinds, ['search', 'page', 'crawl', 'watch']);
    assert.equal(data.total, 183);
    assert.deepEqual(data.days.at(-2)?.byKind, { search: 10, page: 0, crawl: 0, watch: 50 });
  });

  it('reaches back 90 days when asked: the research run of September counts', () => {
    const data = buildPanelData(input({ range: 90 }));
    assert.equal(data.days.length, 90);
    assert.ok(data.kinds.includes('research'));
    assert.equal(data.total, 253);
  });

  it('lists the biggest spenders of the range, a watch by its name as given, a job, the kinds', () => {
    const data = buildPanelData(input());
    assert.deepEqual(data.spenders, [
      { kind: 'crawl', subject: 'j1', credits: 120 }, { kind: 'crawl', credits: 120 },
      { kind: 'watch', subject: 'watch-1', credits: 50, name: HOSTILE }, { kind: 'watch', credits: 50 },
      { kind: 'search', credits: 10 }, { kind: 'page', credits: 3 },
    ]);
    assert.ok(buildPanelData(input({ range: 90 })).spenders.some((s) => s.subject === 'r1'), 'the run of September, within 90 days');
  });

  it("forecasts from the team's current period, summed over its keys, and counts the watches by the period's end", () => {
    const data = buildPanelData(input());
    assert.equal(data.byKey, true);
    const forecast = data.forecast;
    assert.ok(forecast);
    assert.equal(forecast.basis, 'team-period');
    // 2,800 credits over the 28.5 days since 1 November: about 98 a day; 1,000 left last about 10
    // days, past the period's end; 100 left, about one day, before it.
    assert.ok(Math.abs(forecast.perDay - 2800 / ((Date.parse('2026-11-29T12:00:00') - Date.parse('2026-11-01T00:00:00Z')) / 86_400_000)) < 1e-9);
    assert.equal(forecast.endsBeforePeriod, false);
    assert.ok((forecast.watchesByPeriodEnd ?? 0) > 0);
    assert.equal(forecast.line[0]?.remainingCredits, 1000);
    assert.equal(buildPanelData(input({ remainingCredits: 100 })).forecast?.endsBeforePeriod, true);
  });

  it('has no forecast while the credits left are unknown', () => {
    assert.equal(buildPanelData(input({ remainingCredits: undefined })).forecast, undefined);
  });
});

describe('credits panel: CSV', () => {
  it('writes a row per day and a column per kind, in the names given', () => {
    const data = buildPanelData(input());
    const names = { search: 'Searches', page: 'Pages', document: 'Documents', crawl: 'Crawls', extract: 'Extractions', research: 'Research', watch: 'Watches', browser: 'Browser', docs: 'Docs' };
    const csv = usageCsv(data, names, 'Day', 'Total').split('\r\n');
    assert.equal(csv[0], 'Day,Searches,Pages,Crawls,Watches,Total');
    assert.equal(csv.at(-2), '2026-11-29,0,3,120,0,123');
    assert.equal(csv.length, 32);
  });

  it('keeps a formula or a quote text, never a formula a spreadsheet would run', () => {
    assert.equal(csvCell(HOSTILE), '"<img src=x onerror=alert(1)> =HYPERLINK(""http://evil"")"');
    assert.equal(csvCell('=HYPERLINK("http://evil")'), `"'=HYPERLINK(""http://evil"")"`);
    assert.equal(csvCell('=1+1'), "'=1+1");
    assert.equal(csvCell('@SUM(A1)'), "'@SUM(A1)");
    assert.equal(csvCell(-5), '-5');
    assert.equal(csvCell('a,b'), '"a,b"');
  });
});

describe('credits panel: the page and its messages', () => {
  it('acts only on the messages the page sends, with their values checked', () => {
    assert.deepEqual(decodeFromPage({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(decodeFromPage({ type: 'range', range: 90 }), { type: 'range', range: 90 });
    assert.deepEqual(decodeFromPage({ type: 'open', index: 2 }), { type: 'open', index: 2 });
    assert.deepEqual(decodeFromPage({ type: 'export', path: '/etc/passwd' }), { type: 'export' });
    for (const bad of [null, 'ready', { type: 'range', range: 7 }, { type: 'open', index: -1 }, { type: 'open', index: 1.5 }, { type: 'open', index: '1' }, { type: 'command', id: 'workbench.action.terminal.new' }]) {
      assert.equal(decodeFromPage(bad), undefined, JSON.stringify(bad));
    }
    assert.deepEqual(decodeShowCreditsUsage({ range: 90 }), { range: 90 });
    assert.deepEqual(decodeShowCreditsUsage({ range: 7 }), { range: 30 });
    assert.deepEqual(decodeShowCreditsUsage(undefined), { range: 30 });
  });

  it("allows the extension's own script with this load's nonce and nothing remote, inline or evaluated", () => {
    const csp = contentSecurityPolicy('vscode-webview://abc', 'N0nce');
    assert.match(csp, /^default-src 'none';/);
    assert.match(csp, /script-src 'nonce-N0nce'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|https?:|\*/);
    const html = pageHtml({ cspSource: 'vscode-webview://abc', scriptUri: 'vscode-webview://abc/dist/webview/credits-usage.js', styleUri: 'vscode-webview://abc/media/credits-usage.css' }, 'N0nce');
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    assert.deepEqual(scripts, ['<script nonce="N0nce" src="vscode-webview://abc/dist/webview/credits-usage.js">']);
    assert.doesNotMatch(html, /\son[a-z]+=|style="/i, 'no inline handler or style');
  });
});
