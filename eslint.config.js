// Lint: typescript-eslint's type-aware recommended rules over src, test and bench.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/gen/**', 'scripts/**', '*.js', '*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // node:test's test() and describe() return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] }] },
      ],
      // Non-null assertions on indexes say what the code knows (noUncheckedIndexedAccess is off).
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    // Shapes reach the engine through its entry only, so they can be built over a fake engine
    // and the engine's inner modules can move without touching them.
    files: ['src/shapes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/engine/*', '**/engine/*/**', '!**/engine/index.js'], message: 'Shapes import the engine from its entry, src/engine/index.ts, only.' }] },
      ],
    },
  },
);
