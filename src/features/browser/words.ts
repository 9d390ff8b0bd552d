// The browser feature's words: every sentence a person reads about browser sessions, localized.
// Outside text (the service's ids, addresses, a run's output) is made inert by the caller for the
// place it is shown.
import * as vscode from 'vscode';
import { formatNumber, safeLocale } from '../../core/intl';
import type { BrowserLanguage } from '../../core/browser/request';
import type { BrowserSession } from './sessions';

const n = (value: number): string => formatNumber(value, safeLocale(vscode.env.language));

/** "4 min left", "45 s left". */
function timeLeftWords(seconds: number): string {
  if (seconds >= 60) return vscode.l10n.t('{0} min left', n(Math.ceil(seconds / 60)));
  return vscode.l10n.t('{0} s left', n(seconds));
}

function agoWords(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return vscode.l10n.t('used {0} s ago', n(seconds));
  return vscode.l10n.t('used {0} min ago', n(Math.round(seconds / 60)));
}

export function sessionDescriptionWords(session: BrowserSession, secondsLeft: number | undefined, now: number): string {
  const used = session.lastActivity !== undefined ? ` · ${agoWords(now - session.lastActivity)}` : '';
  switch (session.status) {
    case 'stopping': return vscode.l10n.t('stopping…');
    case 'stopped': return session.creditsBilled !== undefined
      ? vscode.l10n.t('stopped · {0} credits', n(session.creditsBilled))
      : vscode.l10n.t('stopped');
    case 'expired': return vscode.l10n.t('ended (its time ran out; billed by the service)');
    case 'active': return `${secondsLeft !== undefined ? timeLeftWords(secondsLeft) : vscode.l10n.t('active')}${used}`;
  }
}

export function sessionTooltipWords(session: BrowserSession, idleSeconds: number): string[] {
  return [
    session.kind === 'scrape' ? vscode.l10n.t('A scraped page\'s own browser. Scrape id: {0}', session.id) : vscode.l10n.t('Session id: {0}', session.id),
    session.startedHere
      ? vscode.l10n.t('Started in this window; stopped when the window closes.')
      : vscode.l10n.t('Started elsewhere (another window, the SDK or the dashboard).'),
    ...(session.startedHere && session.askedBy === 'agent' ? [vscode.l10n.t('Opened by a chat agent: stopped after {0} seconds without a run (webData.chat.browserIdleSeconds).', n(idleSeconds))] : []),
    vscode.l10n.t('The service bills a session by how long it lives: stop it when you are done.'),
  ];
}

export const words = {
  group: () => vscode.l10n.t('Browser Sessions'),
  groupTooltip: () => vscode.l10n.t('The service\'s live browsers. Runs in them act on live sites.'),
  ttlTitle: () => vscode.l10n.t('Web Data: Start a Browser Session (1/2)'),
  ttlPrompt: () => vscode.l10n.t('How many minutes may the session live at most? (1–60) The service stops it then, and bills it by how long it lived.'),
  ttlInvalid: () => vscode.l10n.t('A whole number of minutes from 1 to 60.'),
  profileTitle: () => vscode.l10n.t('Web Data: Start a Browser Session (2/2)'),
  profilePrompt: () => vscode.l10n.t('A profile name keeps cookies and logins between sessions (optional; Enter for none).'),
  boundTitle: (minutes: number) => (minutes === 1 ? vscode.l10n.t('Start a browser session for up to a minute?') : vscode.l10n.t('Start a browser session for up to {0} minutes?', n(minutes))),
  boundAtRate: (credits: number, minutes: number) => (minutes === 1
    ? vscode.l10n.t('At the rate of your last session here, at most about {0} credits for a minute.', n(credits))
    : vscode.l10n.t('At the rate of your last session here, at most about {0} credits for {1} minutes.', n(credits), n(minutes))),
  boundUnknown: () => vscode.l10n.t('The service bills a session by how long it lives and publishes no per-minute price: the credits show on its row when you stop it, and in the credits count.'),
  boundLive: () => vscode.l10n.t('Code run in it acts on live sites: a form sent or a button clicked has effects outside this editor.'),
  start: () => vscode.l10n.t('Start Session'),
  started: () => vscode.l10n.t('Browser session started. It shows under Browser Sessions in the Jobs view.'),
  /** A session started without a profile: named by when it started, not by the service's id (issue 46). */
  unnamedSession: (at: Date) => vscode.l10n.t('Browser session from {0}', at.toLocaleTimeString(safeLocale(vscode.env.language), { hour: '2-digit', minute: '2-digit' })),
  startFailed: () => vscode.l10n.t('Could not start a browser session'),
  notConnected: () => vscode.l10n.t('Connect to the Web Data Service first.'),
  connect: () => vscode.l10n.t('Connect'),
  noSession: () => vscode.l10n.t('No browser session is active. Start one first.'),
  startOne: () => vscode.l10n.t('Start a Browser Session…'),
  pickSession: () => vscode.l10n.t('Which browser session?'),
  stopAsk: () => vscode.l10n.t('This session ran something in the last minute. Stop it?'),
  stopDetail: () => vscode.l10n.t('Its browser closes; the service bills it for the time it lived.'),
  stop: () => vscode.l10n.t('Stop Session'),
  stopped: (credits: number | undefined) => (credits === undefined ? vscode.l10n.t('Browser session stopped.') : vscode.l10n.t('Browser session stopped: {0} credits billed.', n(credits))),
  stopFailed: () => vscode.l10n.t('Could not stop the browser session'),
  noLiveView: () => vscode.l10n.t('The service gave no live view for this session.'),
  badLiveView: () => vscode.l10n.t('The service\'s live view address is not an https address; it was not opened.'),
  liveViewClosed: () => vscode.l10n.t('The live view of a browser session that has ended was closed: the session is no longer running.'),
  copied: () => vscode.l10n.t('session id'),
  hiddenText: () => vscode.l10n.t('This code holds characters that change the order in which it reads (bidirectional controls): what the review would show is not what would run. Remove them first.'),
  noCode: () => vscode.l10n.t('Open the code to run in an editor first, or select part of it: JavaScript or TypeScript (run as node), Python, or a shell script (bash). In it, `page` is the session\'s browser page, e.g. await page.goto(\'https://example.com\') or print(page.title()).'),
  pickLanguage: () => vscode.l10n.t('Run this code as which language?'),
  reviewTitle: (language: BrowserLanguage, label: string) => vscode.l10n.t('Run this {0} code in the browser session {1}?', language, label),
  reviewDetail: (code: string, moreLines: number) => (moreLines > 0 ? vscode.l10n.t('It acts on the live site.\n\n{0}\n… and {1} more lines', code, n(moreLines)) : vscode.l10n.t('It acts on the live site.\n\n{0}', code)),
  run: () => vscode.l10n.t('Run'),
  runDontAsk: () => vscode.l10n.t('Run, Don\'t Ask Again for This Session'),
  running: () => vscode.l10n.t('Running in the browser session…'),
  runFailed: () => vscode.l10n.t('The run in the browser session failed'),
  runCancelled: () => vscode.l10n.t('The run was abandoned: the service may still finish it in the session.'),
  noScrape: () => vscode.l10n.t('Continue in a Browser Session works on a scraped page\'s tab (Scrape URL as Markdown…).'),
  noScrapeId: () => vscode.l10n.t('This page was kept before the service\'s scrape id was; scrape it again to continue in its browser.'),
  scrapeAgain: () => vscode.l10n.t('Scrape Again'),
  continueAsk: (address: string) => vscode.l10n.t('Open the page {0} in the service\'s browser?', address),
  continueDetail: (minutes: number) => vscode.l10n.t('The service opens the scraped page in a live browser and bills it by how long it lives: at most {0} minutes, when this window stops it, unless you stop it first. It acts on the live site.', n(minutes)),
  continue: () => vscode.l10n.t('Open in Browser'),
  channel: (id: string) => vscode.l10n.t('Web Data Browser {0}', id),
  outputHeader: (language: BrowserLanguage, at: string) => vscode.l10n.t('Run ({0}) at {1}', language, at),
  exit: (code: string, killed: boolean) => (killed ? vscode.l10n.t('Exit code: {0} (killed: it ran past its timeout)', code) : vscode.l10n.t('Exit code: {0}', code)),
  stdout: () => vscode.l10n.t('Output:'),
  stderr: () => vscode.l10n.t('Errors:'),
  error: () => vscode.l10n.t('The service said:'),
  runGone: () => vscode.l10n.t('This run\'s output is no longer kept in this window.'),
} as const;
