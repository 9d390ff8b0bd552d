// The pseudo-locale run of the host tests (WEBDATA_PSEUDO_L10N=1): every string of the l10n bundle
// and of package.nls.json, pseudo-localized by @vscode/l10n-dev ("Retry" -> "Řḗḗŧřẏ"), so a host
// test can tell a localized string from one that escaped localization by looking at it.
//
// How the locale reaches the extension: the server's `--locale qps-ploc` picks the workbench's
// language, and the workbench hands it to the extension host, but a VS Code server only switches
// to a language it has a language pack for (resolveNLSConfiguration reads languagepacks.json in
// the user-data folder; otherwise everything stays "en" and vscode.l10n never reads a bundle).
// These machines cannot install the Marketplace's pseudo language pack, so a stand-in one is
// registered there: no translations of VS Code itself (its own strings stay English), which is
// all the extension needs: its vscode.l10n then reads l10n/bundle.l10n.qps-ploc.json, and the
// server localizes its manifest from package.nls.qps-ploc.json.
import fs from 'node:fs';
import path from 'node:path';
import l10nDev from '@vscode/l10n-dev';

export const PSEUDO_LOCALE = 'qps-ploc';

function pseudoLocalize(source, target) {
  const strings = JSON.parse(fs.readFileSync(source, 'utf8'));
  fs.writeFileSync(target, `${JSON.stringify(l10nDev.getL10nPseudoLocalized(strings), null, 2)}\n`);
}

/**
 * Writes the pseudo-localized bundles beside the English ones in `repo` (both are git-ignored and
 * left out of the package) and registers the stand-in language pack in `userDataDir`.
 * Returns a function that removes the bundles again.
 */
export function preparePseudoLocale({ repo, userDataDir, runDir }) {
  const manifest = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
  const written = [
    [path.join(repo, manifest.l10n, 'bundle.l10n.json'), path.join(repo, manifest.l10n, `bundle.l10n.${PSEUDO_LOCALE}.json`)],
    [path.join(repo, 'package.nls.json'), path.join(repo, `package.nls.${PSEUDO_LOCALE}.json`)],
  ].map(([source, target]) => {
    pseudoLocalize(source, target);
    return target;
  });
  // The language pack's translations of VS Code: none, so the server builds its messages from English.
  const coreTranslations = path.join(runDir, 'pseudo-language-pack', 'main.i18n.json');
  fs.mkdirSync(path.dirname(coreTranslations), { recursive: true });
  fs.writeFileSync(coreTranslations, JSON.stringify({ version: '1.0.0', contents: {} }));
  fs.mkdirSync(userDataDir, { recursive: true });
  fs.writeFileSync(path.join(userDataDir, 'languagepacks.json'), JSON.stringify({
    [PSEUDO_LOCALE]: {
      hash: 'webdata-pseudo',
      label: 'Pseudo Language',
      // The server lists installed languages by their pack's first extension: without one, it throws.
      extensions: [{ extensionIdentifier: { id: 'web-data.pseudo-language-pack' }, version: '0.0.0' }],
      translations: { vscode: coreTranslations },
    },
  }, null, 2));
  return () => { for (const file of written) fs.rmSync(file, { force: true }); };
}
