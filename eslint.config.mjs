// ESLint flat config: typescript-eslint's strict rules, plus the project's own boundaries.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const HEAVY = {
  group: ['**/core/api', '**/core/api/*', '**/core/webhooks', '**/core/webhooks/*', 'undici', 'zod'], allowTypeImports: true,
  message: 'Load the API client and webhook receiver lazily through src/platform/core.ts.',
};
/** The modules of the lazily loaded bundle dist/ui.js (its entry: src/features/entry.ts). */
const LAZY_UI_FILES = [
  'src/features/entry.ts',
  'src/features/connect/{commands,key-check,key-prompt}.ts',
  'src/features/crawls/rows.ts',
  'src/features/search/{actions,command,query-box,history-actions,history-filter}.ts',
  'src/features/search/advanced/{command,inputs,operator-picker,review,steps,words}.ts',
  'src/features/webhooks/{commands,effects,events-store,events-view,feature,notifier,payload-document,receiver-controller,status-bar}.ts',
];
const LAZY_UI = {
  regex: '(^|/)(features/entry|connect/commands|key-check|key-prompt|rows|search/actions|search/command|query-box|history-actions|history-filter|webhooks/commands|effects|events-store|events-view|feature|notifier|payload-document|receiver-controller|status-bar)$|^\\./(commands|actions|command)$',
  allowTypeImports: true,
  message: 'A module of dist/ui.js: reach it through src/platform/ui.ts (loaded on first use); type imports are free.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', '.sandbox/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', URL: 'readonly', Buffer: 'readonly', __dirname: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'eqeqeq': ['error', 'smart'],
    },
  },
  {
    // The core runs in plain Node: no VS Code anywhere below src/core.
    files: ['src/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'src/core must not depend on VS Code.' }] }] },
  },
  {
    // Activation must stay cheap: features reach undici, zod and the client only through
    // src/platform/core.ts (loaded on first use); type-only imports are free.
    files: ['src/extension.ts', 'src/features/**/*.ts', 'src/platform/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [HEAVY] }] },
  },
  {
    // And the code activation loads reaches the modules of dist/ui.js (command bodies, the
    // webhook feature) only through src/platform/ui.ts, or else esbuild pulls them back in.
    files: ['src/extension.ts', 'src/features/**/*.ts', 'src/platform/**/*.ts'],
    ignores: LAZY_UI_FILES,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [HEAVY, LAZY_UI] }] },
  },
);
