// The pages an answer cited, kept in the chat's own history (ChatResult.metadata) so that a
// follow-up reads them again, free, instead of searching: each names where its text is kept (a
// search result in the search history, a page the scrape feature kept, or a kept docs set's page)
// and the tab it opens.
// Read back from history, which any version of the extension may have written, so checked by hand.

export type SourcePage =
  | { kind: 'result'; searchId: string; index: number }
  | { kind: 'page'; pageId: string }
  /** A kept docs set's page (/docs): read again from the set on this machine. */
  | { kind: 'docs'; setId: string; url: string };

export interface CitedSource {
  readonly n: number;
  readonly title: string;
  readonly url: string;
  readonly page: SourcePage;
}

/** The key of the sources in a response's metadata. */
export const SOURCES_KEY = 'webDataSources';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function pageOf(value: unknown): SourcePage | undefined {
  if (!isRecord(value)) return undefined;
  if (value.kind === 'result' && typeof value.searchId === 'string' && Number.isInteger(value.index) && typeof value.index === 'number' && value.index >= 0) {
    return { kind: 'result', searchId: value.searchId, index: value.index };
  }
  if (value.kind === 'page' && typeof value.pageId === 'string') return { kind: 'page', pageId: value.pageId };
  if (value.kind === 'docs' && typeof value.setId === 'string' && typeof value.url === 'string') return { kind: 'docs', setId: value.setId, url: value.url };
  return undefined;
}

/** The sources of one response's metadata; anything else is left out (never a throw). */
function sourcesOf(metadata: unknown): CitedSource[] {
  if (!isRecord(metadata)) return [];
  const list = metadata[SOURCES_KEY];
  if (!Array.isArray(list)) return [];
  const sources: CitedSource[] = [];
  for (const item of list) {
    if (!isRecord(item)) continue;
    const page = pageOf(item.page);
    const { n, title, url } = item;
    if (page && typeof n === 'number' && typeof title === 'string' && typeof url === 'string') sources.push({ n, title, url, page });
  }
  return sources;
}

/** The pages of earlier turns, newest turn first, each page once (by where it is kept). */
export function earlierSources(metadatas: readonly unknown[], max: number): CitedSource[] {
  const seen = new Set<string>();
  const found: CitedSource[] = [];
  for (const metadata of [...metadatas].reverse()) {
    for (const source of sourcesOf(metadata)) {
      const key = JSON.stringify(source.page);
      if (seen.has(key) || found.length >= max) continue;
      seen.add(key);
      found.push(source);
    }
  }
  return found;
}
