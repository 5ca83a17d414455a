// code.references: every use of the symbol at a position.
import type { CodeLocation } from '../../engine/index.js';
import { CODE_TAG, placesReply, POSITION_ERRORS, positionProps } from './code-common.js';
import { type ArgsOf, defineTool, TAGS } from './shared.js';

const schema = {
  type: 'object',
  properties: {
    ...positionProps,
    include_declaration: { type: 'boolean', description: 'List the declaration too (default true).' },
  },
  required: ['path', 'line', 'column'],
  additionalProperties: false,
} as const;

export const referencesTool = defineTool<ArgsOf<typeof schema>, CodeLocation[]>({
  name: 'code.references',
  summary: 'Find every reference to the symbol at a line and column, by meaning rather than by text.',
  description: [
    "Asks the file's language server for the references to the symbol at `line`:`column` across the project:",
    'file:line:column with the text of each line, sorted by file and line. Unlike search.grep it skips',
    'same-named symbols and finds uses through imports and renames.',
  ],
  schema,
  tags: [TAGS.search, TAGS.readOnly, CODE_TAG],
  examples: [
    {
      description: 'Who calls this function',
      arguments: { path: 'src/util.ts', line: 3, column: 17 },
      expectedOutcome: 'One file:line:column per use.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: POSITION_ERRORS,
  call: (args, c) =>
    c.engine.code.references(c, args.path, { line: args.line, column: args.column }, args.include_declaration ?? true),
  format: (locations, a) =>
    placesReply(locations, `No references found at ${a.path}:${a.line}:${a.column}.`, 'reference', 'references'),
});
