// What both editors declare alike: the arguments checked before a call (types only; which
// parameters a command needs is checked by the tool, in the reference's words) and their
// failure modes.
import type { JsonSchema } from '../../registry/types.js';

/** The editors' arguments as checked: known fields typed, others let through as the vendor schema does. */
export const editorArguments = (textParams: string[]): JsonSchema => ({
  type: 'object',
  properties: {
    command: { type: 'string' },
    path: { type: 'string' },
    view_range: {},
    file_text: { type: 'string' },
    old_str: { type: 'string' },
    insert_line: { type: 'integer' },
    ...Object.fromEntries(textParams.map((p) => [p, { type: 'string' }])),
  },
  required: ['command', 'path'],
});

export const EDITOR_ERROR_MODES = [
  'Every failure is a tool_result with is_error: true whose content is the message (the structured data holds that block).',
  'A missing file: "Error: File not found" (the docs\' words). A path outside the roots: "Error: Permission denied. Cannot write to file." (or "Cannot read file." for view) and the roots.',
  'str_replace with no match: "Error: No match found for replacement. Please check your text and try again."; with several: "Error: Found N matches for replacement text. Please provide more context to make a unique match." (the docs\' words; nothing is written).',
  'create on an existing path: "File already exists at: <path>. Cannot overwrite files using command `create`." A non-view command on a directory: "The path <path> is a directory and only the `view` command can be used on directories".',
  'A missing parameter: "Parameter `file_text` is required for command: create" (old_str, insert_line, the insert text likewise). An unknown command: "Unrecognized command <c>. The allowed commands for the <tool> tool are: …".',
  'view_range: "Invalid `view_range`. It should be a list of two integers.", or the reference\'s messages for a first line outside [1, n], a last line over n, or a last line before the first; on a directory: "The `view_range` parameter is not allowed when `path` points to a directory."',
  'insert_line outside [0, n]: "Invalid `insert_line` parameter: <k>. It should be within the range of lines of the file: [0, n]" (n counts the empty line after a final newline).',
  'A directory view is headed "Here\'s the files and directories up to 2 levels deep in <path>, excluding hidden items:" as in the reference; the "Here are … and node_modules" header with sizes seen in third-party transcripts is unverified (and not this API tool), so it is not used.',
  'Other I/O failures: "Ran into <reason> while trying to read <path>" / "… write to <path>".',
  "Differences from the reference implementation, chosen as documented or safer: relative paths are accepted (the docs' examples use them); tabs are neither expanded in views nor rewritten as spaces on edits; create makes missing parent directories;",
  "a final newline of the inserted text does not add an empty line; the file's line endings are kept. The docs' \"Successfully replaced text at exactly one location.\" is replaced by the reference's numbered snippet.",
];
