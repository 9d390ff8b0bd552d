// Active crawls: the view, its refresh and copy commands. Opening a crawl's URL is the shared
// webData.openInBrowser handler of the search feature, which takes any node with a `url`.
import * as vscode from 'vscode';
import { pickOne } from '../../platform/quick-inputs';
import type { ActiveCrawlsModel } from '../../core/crawls';
import { decodeCrawlId } from '../../core/commands/crawls';
import { Command } from '../../core/ids';
import { noArgument, registerCommand } from '../../platform/commands';
import { inertQuickPick } from '../../core/text/inert';
import { copyText } from '../../platform/clipboard';
import type { Services } from '../../platform/services';
import { ActiveCrawlsView } from './view';

export { ActiveCrawlsView };
export type { BrowserSessionSource } from './rows';

/**
 * Registers the view and its commands. The returned view's `model` is the handle for the webhook
 * feature (`remove(id)` on crawl.completed, then `refresh()`), the chat tools and the crawl
 * results; the view itself for the host tests.
 */
export function registerCrawls(services: Services): ActiveCrawlsView {
  const view = new ActiveCrawlsView(services);
  services.context.subscriptions.push(
    view,
    registerCommand(Command.refreshCrawls, noArgument, () => view.refresh({ notify: true })),
    registerCommand(Command.copyCrawlId, decodeCrawlId, (id) => copyCrawlId(view.model, id)),
  );
  return view;
}

async function copyCrawlId(crawls: ActiveCrawlsModel, given: string | undefined): Promise<string | undefined> {
  let id = given;
  if (id === undefined) {
    // Without a row (a keybinding): pick one of the listed crawls.
    const picked = await pickOne(
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
