// The messages between the credits panel's page (src/webview/credits-usage.ts) and the extension.
// What the page sends is decoded here before anything acts on it: the page draws outside text, so
// it is not trusted to send only what it should.
import type { PanelData } from './panel-data';

/** The words the page shows, made by the extension in the person's language: the page makes none. */
export interface PanelWords {
  title: string;
  kinds: Record<string, string>;
  perDay: string;
  creditsLeft: string;
  forecastLine: string;
  range30: string;
  range90: string;
  exportCsv: string;
  chartLabel: string;
  summary: string[];
  spendersHeading: string;
  spenders: { text: string; opens: boolean }[];
  periodsHeading: string;
  periodColumns: string[];
  periodRows: string[][];
  tableHeading: string;
  dayColumn: string;
  totalColumn: string;
  empty: string;
}

export type ToPage = { type: 'data'; data: PanelData; words: PanelWords };

export type FromPage =
  | { type: 'ready' }
  | { type: 'range'; range: 30 | 90 }
  | { type: 'export' }
  /** A spender's link: its place in the list sent. */
  | { type: 'open'; index: number };

export function decodeFromPage(message: unknown): FromPage | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const m = message as Record<string, unknown>;
  switch (m.type) {
    case 'ready': return { type: 'ready' };
    case 'export': return { type: 'export' };
    case 'range': return m.range === 30 || m.range === 90 ? { type: 'range', range: m.range } : undefined;
    case 'open': return typeof m.index === 'number' && Number.isInteger(m.index) && m.index >= 0 && m.index < 100 ? { type: 'open', index: m.index } : undefined;
    default: return undefined;
  }
}

