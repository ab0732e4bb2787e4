// ESLint flat config: typescript-eslint's recommended rules everywhere, react-hooks in the web app.
// Not type-aware on purpose: recommendedTypeChecked took 83 s and 1.7 GB here against 19 s (2 cores).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * No feature of the web app imports another (docs/rules.md#feature-imports): a file in
 * frontend/src/features/<a>/ may import its own feature, src/components and src/lib, never
 * features/<b>/. The rule sees the import text, so one block per feature and folder depth knows
 * how many `../` reach the features folder; a path through `features/` is refused at any depth.
 */
const FEATURES_DIR = new URL('./frontend/src/features/', import.meta.url);
const features = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureImportRules = features.flatMap((feature) =>
  [0, 1, 2, 3, 4].map((depth) => ({
    files: [`frontend/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth + 1}}(?!${feature}/|${feature}$)[^./][^/]*(/|$)|(^|/)features/(?!${feature}/|${feature}$)`,
              message: `A feature never imports another feature: move what '${feature}' shares to src/components or src/lib (docs/rules.md#feature-imports).`,
            },
          ],
        },
      ],
    },
  })),
);

export default tseslint.config(
  {
    ignores: ['**/node_modules/', '**/dist/', 'data/', '.tmp/', 'test-results/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore marks a name kept on purpose (express's 4-argument error handler,
      // a placeholder loop variable); a rest sibling is how a field is left out of a copy.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The command side answers from its own events and finds streams through the write side's log
    // index: its source never imports the read side (tests may, to look at the whole app).
    files: ['command-service/src/**/*.ts'],
    ignores: ['command-service/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@panda/projections', '@panda/projections/*', '**/projections/src/*'],
              message: "The command side never reads read models: answer from the command's own events.",
            },
            {
              group: ['@panda/query-service', '@panda/query-service/*', '**/query-service/src/*'],
              message: 'The command side never depends on the query side.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },
  ...featureImportRules,
);
