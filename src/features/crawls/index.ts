// Active crawls: the view, its refresh and copy commands. Opening a crawl's URL is the shared
// webData.openInBrowser handler of the search feature, which takes any node with a `url`.
import * as vscode from 'vscode';
import type { ActiveCrawlsModel } from '../../core/crawls';
import { Command } from '../../core/ids';
import { inertQuickPick } from '../../core/text/inert';
import { copyText } from '../../platform/clipboard';
import type { Services } from '../../platform/services';
import { ActiveCrawlsView } from './view';

export { ActiveCrawlsView };

/**
 * Registers the view and its commands. The returned view's `model` is the handle for the webhook
 * feature (`remove(id)` on crawl.completed, then `refresh()`), the chat tools and the crawl
 * results; the view itself for the host tests.
 */
export function registerCrawls(services: Services): ActiveCrawlsView {
  const view = new ActiveCrawlsView(services);
  services.context.subscriptions.push(
    view,
    vscode.commands.registerCommand(Command.refreshCrawls, () => view.model.refresh({ asked: true })),
    vscode.commands.registerCommand(Command.copyCrawlId, (node?: unknown) => copyCrawlId(view.model, node)),
  );
  return view;
}

function crawlIdOf(node: unknown): string | undefined {
  if (typeof node === 'string') return node;
  if (typeof node === 'object' && node !== null && 'id' in node && typeof node.id === 'string') return node.id;
  return undefined;
}

async function copyCrawlId(crawls: ActiveCrawlsModel, node: unknown): Promise<string | undefined> {
  let id = crawlIdOf(node);
  if (id === undefined) {
    // Without a row (a keybinding): pick one of the listed crawls.
    const picked = await vscode.window.showQuickPick(
      // The service's URLs and ids: quick picks render $(icon), so they pass through inertQuickPick.
      crawls.crawls.map((crawl) => ({ label: inertQuickPick(crawl.url), description: inertQuickPick(crawl.id), id: crawl.id })),
      { title: vscode.l10n.t('Copy Crawl ID'), placeHolder: vscode.l10n.t('Which crawl?') },
    );
    id = picked?.id;
  }
  if (id === undefined) return undefined;
  await copyText(id, vscode.l10n.t('crawl id'));
  return id;
}
