// What the user sees of the credits and the active crawls, read through what VS Code itself reads:
// the Active Crawls tree data provider (the API's `crawls.tree`) and the credits status bar item.
import type * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';

export interface ShownRow {
  label: string;
  description?: string;
  /** The tooltip's text (markdown source for a MarkdownString). */
  tooltip?: string;
  contextValue?: string;
  children: ShownRow[];
}

export async function crawlRows(api: WebDataApi): Promise<ShownRow[]> {
  const provider = api.crawls.tree;
  type Node = Parameters<typeof provider.getTreeItem>[0];
  const read = async (node: Node): Promise<ShownRow> => {
    const item: vscode.TreeItem = await provider.getTreeItem(node);
    const tooltip = item.tooltip;
    return {
      label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
      description: typeof item.description === 'string' ? item.description : undefined,
      tooltip: typeof tooltip === 'string' ? tooltip : tooltip?.value,
      contextValue: item.contextValue,
      children: await Promise.all(((await provider.getChildren(node)) ?? []).map(read)),
    };
  };
  // The team's recent jobs (issue 49) are a group of their own, read from the service when expanded:
  // test/host/suite/team-jobs.test.ts reads them; the rows here are this window's.
  return Promise.all(((await provider.getChildren()) ?? []).filter((node) => node.kind !== 'teamGroup').map(read));
}

/** The status bar item's text, tooltip (markdown source), command id and background colour id. */
export function creditsItem(api: WebDataApi): { text: string; tooltip: string; command: string | undefined; backgroundColor: string | undefined } {
  const { item } = api.usage;
  const tooltip = item.tooltip;
  return {
    text: item.text,
    tooltip: typeof tooltip === 'string' ? tooltip : (tooltip?.value ?? ''),
    command: typeof item.command === 'string' ? item.command : item.command?.command,
    backgroundColor: item.backgroundColor?.id,
  };
}
