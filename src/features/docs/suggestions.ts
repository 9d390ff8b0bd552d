// Suggestions from the workspace (issue 48): the documentation sites its installed dependencies
// name (src/core/docs/suggest.ts reads node_modules and a virtual environment's dist-info, on this
// machine, sending nothing), beside the kept sets. Add Docs…'s first step lists the ones whose docs
// are not kept yet, or kept for another version; the Docs Sets view's welcome names them. The view
// reads the folders once per window (and again when its folders change): a crawl's every page would
// otherwise read them again. Add Docs… reads them at each start (forget), so a dependency installed
// since is offered (about a quarter of a second for this project's 274 packages).
import * as vscode from 'vscode';
import type { DocsSuggestion, InstalledPackage } from '../../core/docs/suggest';
import { loadCore } from '../../platform/core';
import { Disposable } from '../../platform/disposable';
import type { DocsSets } from './sets';

export class DocsSuggestions extends Disposable {
  private scanned: Promise<InstalledPackage[]> | undefined;

  constructor(private readonly sets: DocsSets) {
    super();
    this._register(vscode.workspace.onDidChangeWorkspaceFolders(() => { this.scanned = undefined; }));
  }

  /** Read the folders again at the next ask (host tests, after writing a package). */
  forget(): void {
    this.scanned = undefined;
  }

  private packages(): Promise<InstalledPackage[]> {
    this.scanned ??= (async () => {
      const found: InstalledPackage[] = [];
      for (const folder of vscode.workspace.workspaceFolders ?? []) {
        if (folder.uri.scheme !== 'file') continue;
        found.push(...(await loadCore().scanWorkspace(folder.uri.fsPath)).packages);
      }
      // One row per documentation site: two folders (or an npm and a Python package) naming the same.
      const seen = new Set<string>();
      return found.filter((pkg) => !seen.has(pkg.docsUrl) && seen.add(pkg.docsUrl));
    })();
    return this.scanned;
  }

  /** The dependencies whose docs are not kept yet, or kept for another version than the installed one. */
  async list(): Promise<DocsSuggestion[]> {
    const suggestions = loadCore().suggestionsOf(await this.packages(), await this.sets.list());
    return suggestions.filter((s) => s.kept === undefined || s.versionDiffers);
  }
}
