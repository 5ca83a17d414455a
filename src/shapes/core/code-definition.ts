// code.definition: where the symbol at a position is defined.
import type { CodeLocation } from '../../engine/index.js';
import { CODE_TAG, placesReply, POSITION_ERRORS, positionSchema as schema } from './code-common.js';
import { type ArgsOf, defineTool, TAGS } from './shared.js';

export const definitionTool = defineTool<ArgsOf<typeof schema>, CodeLocation[]>({
  name: 'code.definition',
  summary: 'Jump to where the symbol at a line and column is defined (across files and packages).',
  description: [
    "Asks the file's language server where the symbol at `line`:`column` (1-based, columns in characters) is defined.",
    'Answers file:line:column with the text of that line; a symbol defined in a dependency may point outside the roots.',
  ],
  schema,
  tags: [TAGS.search, TAGS.readOnly, CODE_TAG],
  examples: [
    {
      description: 'Where is the called function defined',
      arguments: { path: 'src/app.ts', line: 12, column: 10 },
      expectedOutcome: 'src/util.ts:3:17: export function ...',
    },
  ],
  idempotency: 'idempotent',
  errorModes: POSITION_ERRORS,
  call: (args, c) => c.engine.code.definition(c, args.path, { line: args.line, column: args.column }),
  format: (locations, a) =>
    placesReply(locations, `No definition found at ${a.path}:${a.line}:${a.column}.`, 'definition'),
});
