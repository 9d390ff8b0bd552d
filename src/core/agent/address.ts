// Where an extraction's or a research run's tab lives (scheme webdata-data): a path made of words
// only, what was extracted (the page's host and path) or researched (the prompt's start), as the
// tab's title and breadcrumb read it, and the result's id in the query, where neither shows it
// (issue 46: the breadcrumb read "extract > b2eaf358-… > …"). The addresses tabs had before, with
// the id as a folder, are still read, so a tab restored after an update opens.
import { inertFileName } from '../text/inert';

export type ResultView = 'json' | 'markdown';

/** What names a result's tab: its kind, and the page or the prompt (a StructuredResult has them). */
interface Titled {
  kind: 'extract' | 'research';
  url?: string;
  prompt?: string;
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KINDS = new Set(['extract', 'research']);

/** A result's title: the page's host and path for an extraction, the prompt's start for a research run. */
export function resultTitle(result: Titled): string {
  if (result.kind === 'extract' && result.url !== undefined) {
    try {
      const url = new URL(result.url);
      return `${url.hostname}${url.pathname === '/' ? '' : url.pathname}`;
    } catch {
      return result.url;
    }
  }
  return result.prompt ?? result.kind;
}

/** The tab's address: `/<kind>/<title>.json` (or `.md`), the id as the query `id=…`. */
export function resultAddress(result: Titled & { id: string }, view: ResultView): { path: string; query: string } {
  const name = inertFileName(resultTitle(result), result.kind, 60, { keepSlash: true });
  return { path: `/${result.kind}/${name}.${view === 'json' ? 'json' : 'md'}`, query: `id=${result.id}` };
}

/** The result's id and view an address names (this form or the one before it), or undefined. */
export function addressedResult(path: string, query: string): { id: string; view: ResultView } | undefined {
  const view: ResultView | undefined = path.endsWith('.json') ? 'json' : path.endsWith('.md') ? 'markdown' : undefined;
  const parts = path.split('/');
  if (view === undefined || !KINDS.has(parts[1] ?? '')) return undefined;
  const queried = new URLSearchParams(query).get('id') ?? undefined;
  if (parts.length === 3 && queried !== undefined && ID.test(queried)) return { id: queried, view };
  // Before issue 46: `/<kind>/<id>/<title>.json`.
  const folder = parts[2];
  if (parts.length === 4 && folder !== undefined && ID.test(folder)) return { id: folder, view };
  return undefined;
}
