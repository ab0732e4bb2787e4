// ESLint flat config: typescript-eslint's recommended rules everywhere, react-hooks in the web app.
// Not type-aware on purpose: recommendedTypeChecked took 83 s and 1.7 GB here against 19 s (2 cores).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
);
