// The credits panel's page (issue 49): built into dist/webview/credits-usage.js with Chart.js and
// loaded only when the panel opens. It draws what the extension sends (src/core/usage-ledger/
// panel-messages.ts) and makes no words of its own. Every text is set with textContent: a watch's
// name or a key's name is text on the page, never markup. Colours are VS Code's (CSS variables),
// read again when the theme changes.
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import type { PanelWords, ToPage } from '../core/usage-ledger/panel-messages';
import type { PanelData } from '../core/usage-ledger/panel-data';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip, Legend);

interface VsCodeApi { postMessage(message: unknown): void }
declare function acquireVsCodeApi(): VsCodeApi;
// Not named `vscode`: scripts/build.mjs reads `vscode.<name>` in src/ for the extension's API bindings.
const host = acquireVsCodeApi();

/** VS Code's chart colours first, then its terminal colours: nine kinds, nine colours that follow the theme. */
const PALETTE = ['charts-blue', 'charts-orange', 'charts-green', 'charts-purple', 'charts-yellow', 'charts-red', 'terminal-ansiCyan', 'terminal-ansiMagenta', 'terminal-ansiBrightBlack'];

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.body).getPropertyValue(`--vscode-${name}`).trim() || fallback;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (text !== undefined) el.textContent = text;
  if (className) el.className = className;
  return el;
}

function byId(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`The page has no #${id}`);
  return el;
}

let chart: Chart<'bar' | 'line', Array<number | null>, string> | undefined;
let last: ToPage | undefined;

function drawChart(data: PanelData, words: PanelWords): void {
  const canvas = byId('chart') as HTMLCanvasElement;
  canvas.setAttribute('aria-label', words.chartLabel);
  const future = data.forecast?.line.slice(1).map((p) => p.day) ?? [];
  const labels = [...data.days.map((d) => d.day), ...future];
  const foreground = cssVar('charts-foreground', cssVar('foreground', '#888'));
  const lines = cssVar('charts-lines', 'rgba(128,128,128,0.3)');
  const datasets = data.kinds.map((kind, i) => ({
    type: 'bar' as const,
    label: words.kinds[kind] ?? kind,
    data: data.days.map((d) => d.byKind[kind] ?? 0),
    backgroundColor: cssVar(PALETTE[i % PALETTE.length] ?? 'charts-blue', '#3794ff'),
    stack: 'spent',
    yAxisID: 'y',
  }));
  const line = data.forecast ? [{
    type: 'line' as const,
    label: words.forecastLine,
    // Credits left: from today on, the rate's line; nothing drawn over the days gone.
    data: [...data.days.slice(0, -1).map(() => null), ...data.forecast.line.map((p) => p.remainingCredits)],
    borderColor: cssVar(data.forecast.endsBeforePeriod ? 'charts-red' : 'charts-foreground', foreground),
    borderDash: [6, 4],
    pointRadius: 0,
    yAxisID: 'left',
  }] : [];
  chart?.destroy();
  chart = new Chart<'bar' | 'line', Array<number | null>, string>(canvas, {
    type: 'bar',
    data: { labels, datasets: [...datasets, ...line] },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      plugins: { legend: { labels: { color: foreground } }, tooltip: { mode: 'index', intersect: false } },
      scales: {
        x: { stacked: true, ticks: { color: foreground, maxTicksLimit: 12 }, grid: { color: lines } },
        y: { stacked: true, beginAtZero: true, title: { display: true, text: words.perDay, color: foreground }, ticks: { color: foreground }, grid: { color: lines } },
        left: { position: 'right', beginAtZero: true, display: data.forecast !== undefined, title: { display: true, text: words.creditsLeft, color: foreground }, ticks: { color: foreground }, grid: { drawOnChartArea: false } },
      },
    },
  });
}

function fillTable(table: HTMLElement, head: string[], rows: string[][]): void {
  table.replaceChildren();
  const thead = element('thead');
  const tr = element('tr');
  for (const h of head) { const th = element('th', h); th.scope = 'col'; tr.append(th); }
  thead.append(tr);
  const tbody = element('tbody');
  for (const row of rows) {
    const r = element('tr');
    row.forEach((cell, i) => {
      if (i === 0) { const th = element('th', cell); th.scope = 'row'; r.append(th); } else r.append(element('td', cell, 'number'));
    });
    tbody.append(r);
  }
  table.append(thead, tbody);
}

function draw(message: ToPage): void {
  last = message;
  const { data, words } = message;
  document.title = words.title;
  byId('title').textContent = words.title;
  byId('range-30').textContent = words.range30;
  byId('range-90').textContent = words.range90;
  byId('range-30').setAttribute('aria-pressed', String(data.range === 30));
  byId('range-90').setAttribute('aria-pressed', String(data.range === 90));
  byId('export').textContent = words.exportCsv;
  byId('summary').replaceChildren(...words.summary.map((line) => element('p', line)));
  byId('spenders-heading').textContent = words.spendersHeading;
  byId('spenders').replaceChildren(...words.spenders.map((spender, index) => {
    const item = element('li');
    if (spender.opens) {
      const button = element('button', spender.text, 'link');
      button.addEventListener('click', () => { host.postMessage({ type: 'open', index }); });
      item.append(button);
    } else {
      item.textContent = spender.text;
    }
    return item;
  }));
  byId('periods-heading').textContent = words.periodsHeading;
  fillTable(byId('periods'), words.periodColumns, words.periodRows);
  byId('table-heading').textContent = words.tableHeading;
  fillTable(byId('days'), [words.dayColumn, ...data.kinds.map((k) => words.kinds[k] ?? k), words.totalColumn],
    [...data.days].reverse().map((d) => [d.day, ...data.kinds.map((k) => String(d.byKind[k] ?? 0)), String(d.total)]));
  byId('empty').textContent = data.total === 0 ? words.empty : '';
  drawChart(data, words);
  document.body.dataset.drawn = String(data.range);
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data;
  if (typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'data') draw(message as ToPage);
});

byId('range-30').addEventListener('click', () => { host.postMessage({ type: 'range', range: 30 }); });
byId('range-90').addEventListener('click', () => { host.postMessage({ type: 'range', range: 90 }); });
byId('export').addEventListener('click', () => { host.postMessage({ type: 'export' }); });
// A theme change changes the variables, not the page: draw again with the new colours.
new MutationObserver(() => { if (last) drawChart(last.data, last.words); }).observe(document.body, { attributes: true, attributeFilter: ['class'] });
host.postMessage({ type: 'ready' });
