// code.hover: the type and documentation of the symbol at a position.
import { CODE_TAG, POSITION_ERRORS, positionSchema as schema } from './code-common.js';
import { type ArgsOf, defineTool, TAGS } from './shared.js';

export const hoverTool = defineTool<ArgsOf<typeof schema>, string | undefined>({
  name: 'code.hover',
  summary: 'Show the type signature and documentation of the symbol at a line and column.',
  description:
    "Asks the file's language server what an editor would show on hover at `line`:`column`: the symbol's type or signature and its documentation, as Markdown. Says so when the server has nothing there; to find where a symbol is declared, use code.definition instead.",
  schema,
  tags: [TAGS.search, TAGS.readOnly, CODE_TAG],
  examples: [
    {
      description: 'What type is this variable',
      arguments: { path: 'src/app.ts', line: 8, column: 9 },
      expectedOutcome: 'The type, e.g. const total: number.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: POSITION_ERRORS,
  call: (args, c) => c.engine.code.hover(c, args.path, { line: args.line, column: args.column }),
  format(text, args) {
    const out = text ?? `Nothing to show at ${args.path}:${args.line}:${args.column}.`;
    return { text: out, data: { hover: text ?? null }, host: { summary: text ? 'hover' : 'no hover' } };
  },
});
