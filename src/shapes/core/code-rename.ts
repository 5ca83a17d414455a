// code.rename: renames a symbol everywhere it is used, as a diff, written only when asked.
import type { RenameResult } from '../../engine/index.js';
import { CODE_TAG, POSITION_ERRORS, positionProps } from './code-common.js';
import { type ArgsOf, defineTool, plural, TAGS } from './shared.js';

const schema = {
  type: 'object',
  properties: {
    ...positionProps,
    new_name: { type: 'string', minLength: 1, description: 'The new name.' },
    apply: { type: 'boolean', description: 'Write the change (default false: only show the diff).' },
  },
  required: ['path', 'line', 'column', 'new_name'],
  additionalProperties: false,
} as const;

export const renameTool = defineTool<ArgsOf<typeof schema>, RenameResult>({
  name: 'code.rename',
  summary: 'Rename a symbol and every reference to it across files, previewed as a diff and applied only when asked.',
  description: [
    "Asks the file's language server to rename the symbol at `line`:`column` to `new_name` and returns the change as",
    'one unified diff per file. With `apply: true` the files are written all or none, each atomically (a failure',
    'part-way restores those already written), and only if none changed since the server computed the rename.',
  ],
  schema,
  tags: [TAGS.filesystem, TAGS.destructive, CODE_TAG],
  examples: [
    {
      description: 'Preview a rename',
      arguments: { path: 'src/util.ts', line: 3, column: 17, new_name: 'sumOf' },
      expectedOutcome: 'Diffs of every file that would change.',
    },
    {
      description: 'Apply it',
      arguments: { path: 'src/util.ts', line: 3, column: 17, new_name: 'sumOf', apply: true },
      expectedOutcome: 'The files written, with their diffs.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'INVALID_ARGUMENT: nothing renameable at the position, the server would also create or move files, or a file changed while the rename was computed (ask again).',
    ...POSITION_ERRORS,
  ],
  call: (args, c) =>
    c.engine.code.rename(c, args.path, { line: args.line, column: args.column }, args.new_name, args.apply ?? false),
  format(r) {
    const edits = r.files.reduce((n, f) => n + f.edits, 0);
    const head = `${r.applied ? 'Renamed' : 'Would rename'} to ${r.newName}: ${plural(edits, 'edit')} in ${plural(r.files.length, 'file')}${r.applied ? '' : ' (not written; pass apply: true)'}.`;
    const diff = r.files
      .map((f) => f.diff.unified || `${f.relative}: ${f.diff.added} added, ${f.diff.removed} removed`)
      .join('\n');
    return {
      text: `${head}\n${diff}`,
      data: {
        applied: r.applied,
        files: r.files.map((f) => ({ path: f.path, relative: f.relative, edits: f.edits, diff: f.diff.unified })),
      },
      host: { summary: head, paths: r.files.map((f) => f.path), diff, counts: { files: r.files.length, edits } },
    };
  },
});
