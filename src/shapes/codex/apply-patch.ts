// apply_patch: the Codex patch format. Codex CLI 0.171.0 declares it only as a freeform (custom,
// lark grammar) tool and verifies the whole patch before writing; the first capture (served as
// codex@0.149.0) declared the JSON function variant {input} beside it. Over CallTool the patch
// always arrives as {"input": "<patch>"}, since arguments are a JSON object.
import { patchHost, patchRun, type PatchRun } from '../kit/files/patch-run.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { structuredOutput } from './output.js';
import { patchText } from './patch.js';
import { patchToolText } from './patch-text.js';
import { workingDir } from '../kit/files/working-dir.js';

/** CallTool's carrier of the freeform text. */
const FREEFORM_ARGS = {
  type: 'object',
  properties: { input: { type: 'string' } },
  required: ['input'],
  additionalProperties: false,
};

/** A patch that changes one file and adds another. */
const EXAMPLE_PATCH =
  '*** Begin Patch\n*** Update File: app.py\n@@ def greet():\n-    print("hi")\n+    print("hello")\n*** Add File: NOTES.md\n+# Notes\n*** End Patch';

const GRAMMAR_NOTE = '<see codex-apply-patch.md; start: begin_patch hunk+ end_patch>';

/** The first capture's apply_patch (codex@0.149.0): JSON result, Add never overwrites. */
export const applyPatch149 = defineTool<{ input: string }, PatchRun>({
  name: 'apply_patch',
  fields: { patch: 'input' },
  summary: 'Edit, create, delete or move files with one patch (*** Begin Patch … *** End Patch), all or nothing.',
  description: [
    'Send the whole patch as `input`. Format: "*** Begin Patch", then hunks, then "*** End Patch".',
    'Hunks: "*** Add File: <path>" followed by "+" lines (the new file); "*** Delete File: <path>";',
    '"*** Update File: <path>", optionally "*** Move to: <new path>", then chunks: an optional "@@ <a line to',
    'find first>" and lines starting with " " (context, kept), "-" (removed) or "+" (added); "*** End of File"',
    'anchors a chunk at the end. Give about three context lines around each change. Paths are relative to the',
    'session directory (absolute paths inside the roots work too). Lines are found exactly, then ignoring',
    'trailing whitespace, then ignoring indentation, then with typographic quotes and dashes as ASCII.',
    'Every hunk is checked before anything is written: if one does not apply, no file changes.',
    'The result is JSON: {"output": "Success. Updated the following files:\\nA …\\nM …\\nD …", "metadata": {"exit_code", "duration_seconds"}}.',
    'Do not use it for binary files; use exec_command to run formatters or generators.',
  ],
  // What DescribeTool serves is the vendor's declaration: a freeform grammar tool with its JSON
  // function variant; arguments are validated against that variant.
  schema: {
    'x-freeform': true,
    format: { type: 'grammar', syntax: 'lark', definition: GRAMMAR_NOTE },
    json_function_variant: FREEFORM_ARGS,
  },
  argumentsSchema: FREEFORM_ARGS,
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Change a line in one file and add another file',
      arguments: { input: EXAMPLE_PATCH },
      expectedOutcome: 'JSON whose output lists "A NOTES.md" and "M app.py".',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'Arguments: DescribeTool serves the vendor\'s declaration (x-freeform, the lark grammar, and json_function_variant), but CallTool arguments are always a JSON object, so the patch is sent as {"input": "<patch>"}, the JSON function variant, and validated against that variant before anything runs: a missing or non-string input, or any other property, is INVALID_ARGUMENT and nothing is applied. Raw patch text is not accepted as arguments; it is accepted inside exec_command/shell as apply_patch <<\'EOF\' … EOF.',
    'All or nothing (safer than Codex, which keeps the hunks applied before a failing one): when any hunk fails, no file is written and the output ends "No file was changed".',
    'Parse errors: "Invalid patch: …" (envelope) or "Invalid patch hunk on line N: …" (INVALID_ARGUMENT); fix the line named.',
    'A chunk whose lines are not in the file: "Could not find the expected lines in <path>:" with the lines sought; an @@ line not found: "Could not find the context line …" (PRECONDITION_FAILED). Read the file again and resend.',
    'Updating or deleting a missing file (NOT_FOUND); a path outside the roots (PERMISSION_DENIED).',
    'An Add File hunk for a file that already exists is refused (ALREADY_EXISTS; Codex silently overwrites it): "Cannot add <path>: the file already exists (hunk on line N). Use "*** Update File: <path>" to change it, or delete it first." and no file is written.',
  ],
  call: (args, c) => patchRun(c.engine.files, c, args.input),
  format: (run, _args, c) => ({
    text: structuredOutput(patchText(run, c), run.exitCode, run.durationSeconds),
    host: patchHost(run),
    failure: run.error,
  }),
});

/** Codex CLI 0.171.0's grammar, as sent in its freeform declaration. */
const GRAMMAR =
  'start: begin_patch hunk+ end_patch\nbegin_patch: "*** Begin Patch" LF\nend_patch: "*** End Patch" LF?\n\nhunk: add_hunk | delete_hunk | update_hunk\nadd_hunk: "*** Add File: " filename LF add_line+\ndelete_hunk: "*** Delete File: " filename LF\nupdate_hunk: "*** Update File: " filename LF change_move? change?\n\nfilename: /(.+)/\nadd_line: "+" /(.*)/ LF -> line\n\nchange_move: "*** Move to: " filename LF\nchange: (change_context | change_line)+ eof_line?\nchange_context: ("@@" | "@@ " /(.+)/) LF\nchange_line: ("+" | "-" | " ") /(.*)/ LF\neof_line: "*** End of File" LF\n\n%import common.LF\n';

/** Codex CLI 0.171.0's apply_patch: freeform, verified whole before any write, answered as text. */
export const applyPatch = defineTool<{ input: string }, PatchRun>({
  name: 'apply_patch',
  fields: { patch: 'input' },
  summary: 'Edit, create, delete or move files with one patch (*** Begin Patch … *** End Patch), all or nothing.',
  description: [
    'A freeform tool: the patch text itself is the input (not JSON); over CallTool it is sent as {"input": "<patch>"}.',
    'Format: "*** Begin Patch", then hunks, then "*** End Patch" (the grammar is in the declaration).',
    'Hunks: "*** Add File: <path>" then "+" lines (the new file; an existing file is replaced); "*** Delete File: <path>";',
    '"*** Update File: <path>", optionally "*** Move to: <new path>", then chunks: an optional "@@ <a line to find',
    'first>" and lines starting with " " (context), "-" (removed) or "+" (added); "*** End of File" anchors a chunk at',
    'the end. Paths are relative to the session directory (absolute paths inside the roots work too).',
    'The whole patch is verified before anything is written: if one hunk does not apply, no file changes.',
    "A file's CRLF line endings are kept, for changed and added lines too.",
    'The answer: "Exit code: 0", "Wall time: <s> seconds", "Output:", then "Success. Updated the following files:"',
    'and one line per file: A (added), M (modified; a move shows the new path), D (deleted).',
  ],
  // DescribeTool serves the declaration as sent; CallTool checks the {input} carrier.
  schema: { 'x-freeform': true, format: { type: 'grammar', syntax: 'lark', definition: GRAMMAR } },
  argumentsSchema: FREEFORM_ARGS,
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Change a line in one file and add another file',
      arguments: { input: EXAMPLE_PATCH },
      expectedOutcome: 'Exit code: 0 … Success. Updated the following files:\nA NOTES.md\nM app.py',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'An empty patch: "patch rejected: empty patch".',
    'Any other refusal starts "apply_patch verification failed: " and nothing is written: "invalid patch: …" or',
    '"invalid hunk at line N, …" (fix the line named); "Failed to find expected lines in <abs path>:" with the lines',
    'sought, or "Failed to find context \'<line>\' in <abs path>" (read the file again and resend);',
    '"Failed to read file to update <abs path>: …" or "Failed to read <abs path>: …" (a missing file);',
    'a path outside the roots is refused too.',
  ],
  call: (args, c) => patchRun(c.engine.files, c, args.input, undefined, true),
  format: (run, _args, c) => ({ text: patchToolText(run, c, workingDir(c)), host: patchHost(run), failure: run.error }),
});
