// code.symbols: a file's outline, or symbols by name across a project.
import { type CodeSymbol, EngineError } from '../../engine/index.js';
import { CODE_TAG, POSITION_ERRORS, symbolLine } from './code-common.js';
import { type ArgsOf, defineTool, pathProp, plural, TAGS } from './shared.js';

const schema = {
  type: 'object',
  properties: {
    path: {
      ...pathProp,
      description:
        "Without query: the file to outline. With query: any file of the project to search (default: every running server's project).",
    },
    query: {
      type: 'string',
      minLength: 1,
      description: 'Search the whole project for symbols whose names match this (fuzzy, as an editor does).',
    },
  },
  additionalProperties: false,
} as const;

export const symbolsTool = defineTool<ArgsOf<typeof schema>, CodeSymbol[]>({
  name: 'code.symbols',
  summary: "List a file's classes, functions and variables (its outline), or find symbols by name across the project.",
  description: [
    'With `path` alone: the outline of that file, nested by indentation, each with its kind and line:column.',
    'With `query`: the symbols of the project whose names match it (workspace symbols), dependencies left out.',
  ],
  schema,
  tags: [TAGS.search, TAGS.readOnly, CODE_TAG],
  examples: [
    {
      description: "A file's outline",
      arguments: { path: 'src/app.ts' },
      expectedOutcome: 'Classes, methods, functions with their lines.',
    },
    {
      description: 'Find a class by name',
      arguments: { query: 'UserService', path: 'src/app.ts' },
      expectedOutcome: 'Where UserService and similar names are defined.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: ['INVALID_ARGUMENT: neither path nor query given.', ...POSITION_ERRORS],
  call(args, c) {
    if (args.query !== undefined) return c.engine.code.workspaceSymbols(c, args.query, args.path);
    if (args.path === undefined)
      throw new EngineError('invalid_argument', 'give path (a file to outline) or query (a name to search for)', {
        field: 'path',
      });
    return c.engine.code.documentSymbols(c, args.path);
  },
  format(symbols, args) {
    const text =
      symbols.length === 0
        ? args.query !== undefined
          ? `No symbols match "${args.query}".`
          : `No symbols in ${args.path}.`
        : symbols.map(symbolLine).join('\n');
    return {
      text,
      data: { symbols },
      host: { summary: plural(symbols.length, 'symbol'), counts: { symbols: symbols.length } },
    };
  },
});
