// apply_patch: one operation of the Responses API's apply_patch_call (create_file or
// update_file with a V4A diff, or delete_file), applied atomically; the result's data is the
// apply_patch_call_output item a host sends back unchanged.
import type { DiffOperation, DiffOperationResult } from '../../engine/index.js';
import { commandNeeds } from '../kit/args/command-needs.js';
import { fileChangeHost } from '../kit/files/file-change-host.js';
import { diffOperation } from '../kit/files/v4a-operation.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { CALL_ID_MODE, CALL_ID_SCHEMA, inItem, outputItem, type WithCallId } from './errors.js';

interface Args extends WithCallId {
  type?: unknown;
  path?: unknown;
  diff?: unknown;
}

const S = { type: 'string' };

/** The output item for the host: status and the text the model reads. */
const patchOutput = (args: unknown, status: 'completed' | 'failed', output: string) =>
  outputItem('apply_patch_call_output', args, { status, output });

const DONE: Record<DiffOperation['type'], string> = {
  create_file: 'Created',
  update_file: 'Updated',
  delete_file: 'Deleted',
};

export const applyPatch = defineTool<Args, DiffOperationResult>({
  name: 'apply_patch',
  summary: 'Create, update (V4A diff) or delete one file: the operation of a Responses API apply_patch_call.',
  description: [
    'The arguments are the `operation` object of an apply_patch_call item. create_file: `diff` holds the whole new file,',
    'every line starting with "+" (no newline is added at the end; a last bare "+" line gives one). update_file: `diff`',
    'is a headerless V4A diff: hunks of lines starting with " " (context), "-" (removed) or "+" (added), each found in',
    'file order from where the previous one ended; "@@ <line>" before a hunk moves the search past that line (several',
    '"@@" lines narrow it step by step and must all be found), and "*** End of File" after a hunk looks for it at the',
    'end first. Lines are matched exactly, then ignoring trailing whitespace, then ignoring surrounding whitespace.',
    'delete_file: no diff. Paths are relative to the session directory and must stay inside the roots. The change is',
    'written in one atomic step: if the diff does not apply, the file is untouched. The result text is the `output`',
    '("Created <path>", "Updated <path>", "Deleted <path>", or the error); the structured data is the',
    'apply_patch_call_output item {type, call_id?, status: completed|failed, output} to send back as it is.',
    commandNeeds({ create_file: ['diff'], update_file: ['diff'] }, 'operation type'),
  ],
  // The API's operation as one object (a root oneOf per type is refused by the model APIs); which
  // type needs a diff is said above and checked by the call. Arguments are checked against the
  // loose object below so that every failure gets its output item.
  schema: {
    type: 'object',
    properties: { type: { type: 'string', enum: ['create_file', 'update_file', 'delete_file'] }, path: S, diff: S },
    required: ['type', 'path'],
  },
  argumentsSchema: { type: 'object', properties: { call_id: CALL_ID_SCHEMA } },
  output: {
    type: 'object',
    properties: {
      type: { type: 'string', enum: ['apply_patch_call_output'] },
      call_id: CALL_ID_SCHEMA,
      status: { enum: ['completed', 'failed'] },
      output: S,
    },
    required: ['type', 'status', 'output'],
    additionalProperties: false,
  },
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Rename a function (update_file)',
      arguments: {
        type: 'update_file',
        path: 'lib/fib.py',
        diff: '@@\n-def fib(n):\n+def fibonacci(n):\n     if n < 2:',
      },
      expectedOutcome: '"Updated lib/fib.py"; data {type: apply_patch_call_output, status: completed, output}.',
    },
    {
      description: 'Create a file',
      arguments: { type: 'create_file', path: 'notes/todo.md', diff: '+# Todo\n+- write tests\n+' },
      expectedOutcome: '"Created notes/todo.md".',
    },
    {
      description: 'Delete a file',
      arguments: { type: 'delete_file', path: 'old.txt' },
      expectedOutcome: '"Deleted old.txt".',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'Every failure still returns the output item, with status "failed" and the error as output, so the host can send it and the model can repair its call.',
    'Bad operations, in the Agents SDK\'s words (INVALID_ARGUMENT): "Unknown apply_patch operation: <type>", "Apply patch operation is missing a valid path.", "Apply patch operation <type> is missing the required diff payload.".',
    'A diff that does not parse, in the reference apply_diff\'s words (INVALID_ARGUMENT): "Invalid Add File Line: <line>", "Invalid Line: <line>", "Invalid Line:\\n<line>", "Nothing in this section - index=<i> <line>", "applyDiff: chunk.origIndex <i> > input length <n>", "applyDiff: overlapping chunk at <i> (cursor <c>)".',
    'A hunk not found (PRECONDITION_FAILED): "Invalid Context <cursor>:\\n<lines sought>", "Invalid EOF Context <cursor>:\\n<lines sought>"; a stacked "@@" anchor not found: "Invalid Anchor <cursor>:\\n<anchor>". A single anchor that is not found is only a hint and is skipped, as in the reference. Read the file again and resend the diff with lines that are in it, in file order.',
    'update_file or delete_file of a missing file: "Error: File not found at path \'<path>\'" (NOT_FOUND; the sample editor of the SDK silently accepts deleting a missing file).',
    'create_file of an existing file is refused (ALREADY_EXISTS; the reference editors overwrite it silently): use update_file, or delete_file first.',
    'A path outside the roots (PERMISSION_DENIED). The file is written in one atomic replacement: a failed operation changes nothing.',
    'Line endings follow the current reference: an updated file that has CRLF endings keeps CRLF for every line; a created file uses CRLF only when the diff does. The 2025 reference and the JS version have no CRLF handling [unverified which one the model expects]; the documented current behaviour is kept.',
    CALL_ID_MODE,
  ],
  // The operation is checked (in the SDK's words: see errors.ts) before anything is touched.
  call: (args, c) => c.engine.files.applyDiff(c, diffOperation(args)),
  format(r, args) {
    const output = `${DONE[r.type]} ${args.path as string}`;
    const host = fileChangeHost(
      output,
      r,
      { bytes: r.bytes },
      { lineCounts: false, noteNamesFile: true, details: { operation: r.type } },
    );
    return { text: output, data: patchOutput(args, 'completed', output), host };
  },
  errors: inItem((args, text) => patchOutput(args, 'failed', text)),
});
