// The credits panel's HTML: a strict content security policy (nothing but the extension's own
// script, with this load's nonce, and its own stylesheet; no remote content, no inline style or
// script), the page's skeleton with no text (the script fills it from the extension's words), and
// the table beside the chart for screen readers and copying.
import { randomBytes } from 'node:crypto';

interface PageSources {
  /** The webview's cspSource. */
  cspSource: string;
  scriptUri: string;
  styleUri: string;
}

export function newNonce(): string {
  return randomBytes(18).toString('base64url');
}

/** The policy, on its own so a test can read it. */
export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `style-src ${cspSource}`,
    `img-src ${cspSource}`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export function pageHtml(sources: PageSources, nonce: string): string {
  const attr = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${attr(contentSecurityPolicy(sources.cspSource, nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${attr(sources.styleUri)}">
<title></title>
</head>
<body>
<header>
<h1 id="title"></h1>
<div class="actions" role="toolbar">
<button id="range-30" type="button" aria-pressed="true"></button>
<button id="range-90" type="button" aria-pressed="false"></button>
<button id="export" type="button"></button>
</div>
</header>
<section id="summary" aria-live="polite"></section>
<p id="empty"></p>
<div class="chart"><canvas id="chart" role="img"></canvas></div>
<section>
<h2 id="spenders-heading"></h2>
<ol id="spenders"></ol>
</section>
<section>
<h2 id="periods-heading"></h2>
<table id="periods"></table>
</section>
<section>
<h2 id="table-heading"></h2>
<table id="days"></table>
</section>
<script nonce="${attr(nonce)}" src="${attr(sources.scriptUri)}"></script>
</body>
</html>`;
}
