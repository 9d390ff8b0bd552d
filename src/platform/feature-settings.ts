// The settings only features loaded on first use read (documents, research runs, watches, the
// @webData participant): kept out of ./settings.ts, which the shell loads at every start.
import { Setting } from '../core/ids';
import { section } from './settings';

/** Above this many credits (or when the price is not known yet), @webData asks before it spends. */
export function chatConfirmAboveCredits(): number {
  const value = section().get<number>(Setting.chatConfirmAboveCredits, 5);
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, value) : 5;
}

export interface ParseSettings {
  maxFileSizeMB: number;
  pdfMode: 'fast' | 'auto' | 'ocr';
  /** 0: the service's own limit. */
  maxPages: number;
}

/** How a document is parsed: the largest file sent, the PDF mode and page limit. */
export function parseSettings(): ParseSettings {
  const s = section();
  const size = s.get<number>(Setting.parseMaxFileSizeMB, 50);
  const mode = s.get<string>(Setting.parsePdfMode, 'auto');
  const pages = s.get<number>(Setting.parseMaxPages, 0);
  return {
    maxFileSizeMB: typeof size === 'number' && Number.isFinite(size) && size > 0 ? size : 50,
    pdfMode: mode === 'fast' || mode === 'ocr' ? mode : 'auto',
    maxPages: typeof pages === 'number' && Number.isInteger(pages) && pages >= 0 && pages <= 10_000 ? pages : 0,
  };
}

export interface AgentSettings {
  /** The bound a research run starts with (credits). */
  maxCredits: number;
  /** Above this bound, a modal names it before the run starts. */
  confirmAboveCredits: number;
  /** The most a chat agent's research run may be bound to. */
  chatMaxResearchCredits: number;
}

/**
 * Research runs' bounds. Application-scoped in the manifest, as the job settings are: a folder's
 * settings cannot raise what a run may spend.
 */
export function agentSettings(): AgentSettings {
  const s = section();
  const whole = (value: number, fallback: number, min: number): number => (typeof value === 'number' && Number.isInteger(value) && value >= min ? value : fallback);
  return {
    maxCredits: whole(s.get<number>(Setting.agentMaxCredits, 100), 100, 1),
    confirmAboveCredits: whole(s.get<number>(Setting.agentConfirmAboveCredits, 500), 500, 0),
    chatMaxResearchCredits: whole(s.get<number>(Setting.chatMaxResearchCredits, 50), 50, 1),
  };
}

/** Above this many credits a month, a watch's modal names its bound before it is created (user settings only). */
export function watchConfirmAbove(): number {
  const value = section().get<number>(Setting.watchConfirmAboveCreditsPerMonth, 300);
  return Number.isFinite(value) && value >= 0 ? value : 300;
}

/** The most credits a month a watch a chat agent sets up may be bound to (user settings only: application scope). */
export function chatMaxWatchCredits(): number {
  const value = section().get<number>(Setting.chatMaxWatchCreditsPerMonth, 100);
  return Number.isFinite(value) && value >= 0 ? value : 100;
}

/** Minutes between reads of the watches while VS Code runs (0: only when the window gets the focus). */
export function watchRefreshMinutes(): number {
  const value = section().get<number>(Setting.watchRefreshMinutes, 15);
  return Number.isFinite(value) && value >= 0 ? value : 15;
}

/** Where a browser session's live view opens: beside the editor in VS Code's Simple Browser, or in the system's browser. */
export function browserLiveView(): 'beside' | 'external' {
  return section().get<string>(Setting.browserLiveView, 'beside') === 'external' ? 'external' : 'beside';
}

/** Seconds without a run after which a chat agent's browser session is stopped (the service's activityTtl range). */
export function chatBrowserIdleSeconds(): number {
  const value = section().get<number>(Setting.chatBrowserIdleSeconds, 120);
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(Math.max(10, Math.min(3600, value))) : 120;
}

/** The minutes chat agents' browser sessions of a window may live in all (webData_browser). */
export function chatMaxBrowserMinutes(): number {
  const value = section().get<number>(Setting.chatMaxBrowserMinutes, 5);
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.min(60, value)) : 5;
}

/** The bound in pages Add Docs… offers (webData.docs.maxPages). */
export function docsMaxPages(): number {
  const value = section().get<number>(Setting.docsMaxPages, 500);
  return Number.isInteger(value) && value >= 1 ? value : 500;
}

/** The room the docs sets may take on disk, in megabytes (application scope: a folder cannot raise it). */
export function docsMaxDiskMb(): number {
  const value = section().get<number>(Setting.docsMaxDiskMB, 500);
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 500;
}

/** The most pages a chat agent's docs set may be crawled to (user settings only: application scope). */
export function chatMaxDocsPages(): number {
  const value = section().get<number>(Setting.chatMaxDocsPages, 200);
  return Number.isInteger(value) && value >= 1 ? value : 200;
}
