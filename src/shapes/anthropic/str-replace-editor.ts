// str_replace_editor (text_editor_20250124, and text_editor_20241022): the legacy editor of
// Claude Sonnet 3.7 and 3.5. As the 2025-07 editor, but insert takes new_str, and undo_edit
// restores a file's text before the last create, str_replace or insert of this session.
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { TOOL_RESULT_OUTPUT } from './errors.js';
import { runEditor, type EditorArgs, type EditorVariant } from './editor.js';
import { commandNeeds } from '../kit/args/command-needs.js';
import { EDITOR_ERROR_MODES, editorArguments } from './editor-shared.js';

const VARIANT: EditorVariant = {
  name: 'str_replace_editor',
  commands: ['view', 'create', 'str_replace', 'insert', 'undo_edit'],
  insertParam: 'new_str',
  undo: true,
};

export const strReplaceEditor = defineTool<EditorArgs>({
  name: VARIANT.name,
  summary:
    "Anthropic's legacy text editor (Claude 3.x): view, create, str_replace, insert with new_str, and undo_edit.",
  description: [
    "Anthropic's text editor tool for Claude Sonnet 3.7 and 3.5 (text_editor_20250124 / 20241022), executed by this server.",
    'view shows a file as `cat -n` numbered lines (view_range [first, last], last -1 for the end) or a directory two levels deep without hidden entries.',
    'create makes a new file from file_text; str_replace swaps the one occurrence of old_str for new_str; insert puts new_str after line insert_line (0: the top).',
    'undo_edit puts back the text a file had before its last edit in this session (one step per call). Paths are absolute or relative to the session directory, inside the roots.',
    commandNeeds({ create: ['file_text'], str_replace: ['old_str'], insert: ['insert_line', 'new_str'] }),
  ],
  schema: {
    type: 'object',
    properties: {
      command: { type: 'string', enum: VARIANT.commands },
      path: { type: 'string' },
      file_text: { type: 'string' },
      insert_line: { type: 'integer' },
      new_str: { type: 'string' },
      old_str: { type: 'string' },
      view_range: { type: 'array', items: { type: 'integer' } },
    },
    required: ['command', 'path'],
  },
  argumentsSchema: editorArguments(['new_str']),
  output: TOOL_RESULT_OUTPUT,
  tags: [TAGS.filesystem, TAGS.destructive],
  idempotency: 'side_effecting',
  examples: [
    {
      description: 'Insert a line at the top',
      arguments: { command: 'insert', path: 'primes.py', insert_line: 0, new_str: '"""Primes."""' },
      expectedOutcome: 'The file primes.py has been edited. …',
    },
    {
      description: 'Undo the last edit of a file',
      arguments: { command: 'undo_edit', path: 'primes.py' },
      expectedOutcome: 'Last edit to primes.py undone successfully. …',
    },
  ],
  errorModes: [
    ...EDITOR_ERROR_MODES,
    'undo_edit with nothing to undo: "No edit history found for <path>." History is kept per session (16 steps per file) and lost when the session ends.',
    'As in the reference, undoing a create writes the created text again (the file is not removed).',
  ],
  call: (args, c) => runEditor(c, VARIANT, args),
});
