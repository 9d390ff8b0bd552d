// Search Docs…: a quick pick of passages of the kept docs sets, searched as the person types (the
// heading, the page's title, a line of the passage); Enter opens the kept page at that heading.
// Free and offline: the sets are on this machine and nothing is sent. The rows are the index's own
// order (every row always shown: the index already matched them, the list's own filter must not).
import * as vscode from 'vscode';
import { searchSets } from '../../core/docs/answer';
import type { DocsHit, DocsSet } from '../../core/docs/docs-set';
import { inertQuickPick } from '../../core/text/inert';
import { showQuickInput } from '../../platform/quick-inputs';
import { words } from './words';

type HitItem = vscode.QuickPickItem & { hit?: DocsHit };

const SHOWN = 30;

function itemsOf(sets: readonly DocsSet[], query: string): HitItem[] {
  if (query.trim() === '') return [];
  const hits = searchSets(sets, query, SHOWN);
  if (hits.length === 0) return [{ label: words.noMatch(), alwaysShow: true }];
  return hits.map((hit) => ({
    label: inertQuickPick(hit.heading, 120), description: inertQuickPick(hit.title === hit.heading ? hit.url.replace(/^https?:\/\//, '') : hit.title, 120),
    detail: inertQuickPick(hit.excerpt, 200), alwaysShow: true, hit,
  }));
}

/** The passage picked, or undefined when the pick was closed. */
export function pickPassage(sets: readonly DocsSet[], query: string, title: string): Promise<DocsHit | undefined> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick<HitItem>();
    pick.title = title;
    pick.placeholder = words.searchPlaceholder();
    pick.matchOnDescription = false;
    pick.matchOnDetail = false;
    pick.value = query;
    pick.items = itemsOf(sets, query);
    let picked: DocsHit | undefined;
    const listeners = [
      pick.onDidChangeValue((value) => { pick.items = itemsOf(sets, value); }),
      pick.onDidAccept(() => {
        picked = pick.activeItems[0]?.hit;
        if (picked) pick.hide();
      }),
      pick.onDidHide(() => {
        for (const listener of listeners) listener.dispose();
        pick.dispose();
        resolve(picked);
      }),
    ];
    showQuickInput(pick);
  });
}
