// A watched page's whole diff as a page webData_read reads in parts: the unified markdown diff
// the service kept, or a JSON watch's per-field changes as its two pretty-printed sides. Reading it
// sends nothing new: the check's pages are read (or were read) through the watches' model.
import { modelLine, modelPage } from '../chat/model-text';
import type { PageLookup } from '../chat/read-result';
import { fieldChanges, jsonSides } from './json-diff';
import type { MonitorCheckPage } from './schemas';
import { readBackArgs } from '../chat/read-back';

function sameAddress(a: string, b: string): boolean {
  const strip = (u: string): string => u.trim().replace(/\/+$/, '');
  return strip(a) === strip(b);
}

/** `id` is "<watchId>/<checkId>"; the page is found by its address among the check's pages. */
export function watchDiffPage(pages: readonly MonitorCheckPage[] | undefined, id: string, address: string): PageLookup {
  const [watchId = '', checkId = ''] = id.split('/');
  if (!pages) return { ok: false, problem: `No check ${checkId} of watch ${watchId} could be read. Use the ids a changes answer named.` };
  const page = pages.find((p) => sameAddress(p.url, address));
  if (!page) return { ok: false, problem: `No page of check ${checkId} has that url; give it exactly as the changes answer did.` };
  const fields = fieldChanges(page.diff?.json);
  let text: string;
  if (fields.length > 0) {
    const sides = jsonSides(fields);
    text = `Previous fields:\n${sides.previous}\nCurrent fields:\n${sides.current}`;
  } else if (typeof page.diff?.text === 'string' && page.diff.text !== '') text = page.diff.text;
  else return { ok: false, problem: `The page ${page.url} has no diff in check ${checkId} (it is ${page.status}).` };
  return { ok: true, page: {
    what: `the change of ${modelLine(page.url, 500)} in check ${checkId} of watch ${watchId}`,
    label: 'diff',
    text: modelPage(text),
    call: (part) => readBackArgs('diff', { watchId, checkId, url: page.url, part }),
  } };
}
