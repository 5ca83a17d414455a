// Lint: typescript-eslint's type-aware recommended rules over src, test and bench.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // bench/.work holds what benches generate (the search bench's tree: ~100,000 files).
  { ignores: ['dist/**', 'node_modules/**', 'src/gen/**', 'scripts/**', 'bench/.work/**', '*.js', '*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // node:test's test() and describe() return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] },
          ],
        },
      ],
      // Non-null assertions on indexes say what the code knows (noUncheckedIndexedAccess is off).
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // Handlers and providers are async by contract: a throw inside one must become a rejection,
      // which the registry turns into an in-band failure, even when nothing is awaited.
      '@typescript-eslint/require-await': 'off',
      // Terminal escapes and NUL bytes are what some patterns are written to find.
      'no-control-regex': 'off',
      // Lines fit 120 columns (prettier's printWidth); a string, template or regex is kept whole so
      // the exact texts a model sees can be found by grep.
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
      // A leading underscore marks a name kept for its position (arguments, destructured rests).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    // Tests read JSON answers and pass grpc-js client methods with their client (unary(fn, client)).
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    // Shapes and their kit (src/shapes/kit) reach the engine through its entry only, so they can
    // be built over a fake engine and the engine's inner modules can move without touching them.
    files: ['src/shapes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/engine/*', '**/engine/*/**', '!**/engine/index.js'],
              message: 'Shapes and the kit import the engine from its entry, src/engine/index.ts, only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The kit is shared by every shape: it may not reach into one shape's folder (shapes import
    // the kit, never the other way round).
    files: ['src/shapes/kit/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/engine/*', '**/engine/*/**', '!**/engine/index.js'],
              message: 'The kit imports the engine from its entry, src/engine/index.ts, only.',
            },
            // From src/shapes/kit/<area>/: "../../x" is a shape's (or the registry's) module.
            { regex: '^\\.\\./\\.\\./(?!\\.\\./engine/index\\.js$)', message: 'The kit imports itself and the engine entry only, never a shape.' },
          ],
        },
      ],
    },
  },
  {
    // The engine knows nothing of who calls it: no shape, kit, registry or server code.
    files: ['src/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/shapes/**', '**/registry/**', '**/server/**'], message: 'The engine imports neither shapes, the kit, the registry nor the server.' },
          ],
        },
      ],
    },
  },
);
