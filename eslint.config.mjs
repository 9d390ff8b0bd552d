// ESLint flat config: typescript-eslint's strict rules, plus the project's own boundaries.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const HEAVY = {
  group: ['**/core/api', '**/core/api/*', '**/core/webhooks', '**/core/webhooks/*', 'undici', 'zod'], allowTypeImports: true,
  message: 'Load the API client and webhook receiver lazily through src/platform/core.ts.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', '.sandbox/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    // Type-aware rules read types through the TS project service (one program for the whole tsconfig).
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', URL: 'readonly', Buffer: 'readonly', __dirname: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'eqeqeq': ['error', 'smart'],
      // Numbers and booleans print unambiguously in messages; objects, null and undefined do not.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // `() => doThing()` shorthands and `return refuse(...)` early exits from void functions read fine; a void used as a value stays flagged.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true, ignoreVoidReturningFunctions: true }],
    },
  },
  {
    // Plain JS build scripts and this config have no types to check (after the rule options above, which would turn typed rules back on).
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
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
);
