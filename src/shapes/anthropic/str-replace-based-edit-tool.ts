// str_replace_based_edit_tool (text_editor_20250728): Anthropic's text editor for Claude 4
// models: view, create, str_replace, insert (with insert_text); no undo_edit.
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { TOOL_RESULT_OUTPUT } from './errors.js';
import { runEditor, type EditorArgs, type EditorVariant } from './editor.js';
import { commandNeeds } from '../kit/args/command-needs.js';
import { EDITOR_ERROR_MODES, editorArguments } from './editor-shared.js';

const VARIANT: EditorVariant = {
  name: 'str_replace_based_edit_tool',
  commands: ['view', 'create', 'str_replace', 'insert'],
  insertParam: 'insert_text',
  undo: false,
};

export const strReplaceBasedEditTool = defineTool<EditorArgs>({
  name: VARIANT.name,
  summary:
    'View, create and edit text files: cat -n views, directory listings, unique string replacement, line inserts.',
  description: [
    "Anthropic's text editor tool (text_editor_20250728), executed by this server.",
    'view: a file as numbered lines (`cat -n`: number right-aligned to 6 columns, a tab, the text; a file ending in a newline shows an empty last line),',
    'optionally only view_range [first, last] (1-based; last -1 is the end); a directory as the paths up to 2 levels below it, hidden entries left out.',
    'create: a new file with file_text (an existing path is refused). str_replace: old_str must occur exactly once, whitespace included; it becomes new_str',
    '(absent: deleted). insert: insert_text goes after line insert_line (0: the top). Edits answer with numbered lines around the change.',
    'Paths are absolute or relative to the session directory, and must be inside the roots.',
    commandNeeds({ create: ['file_text'], str_replace: ['old_str'], insert: ['insert_line', 'insert_text'] }),
  ],
  schema: {
    type: 'object',
    properties: {
      command: { type: 'string', enum: VARIANT.commands },
      path: { type: 'string' },
      view_range: { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2 },
      file_text: { type: 'string' },
      old_str: { type: 'string' },
      new_str: { type: 'string' },
      insert_line: { type: 'integer', minimum: 0 },
      insert_text: { type: 'string' },
    },
    required: ['command', 'path'],
  },
  argumentsSchema: editorArguments(['insert_text', 'new_str']),
  output: TOOL_RESULT_OUTPUT,
  tags: [TAGS.filesystem, TAGS.destructive],
  idempotency: 'side_effecting',
  examples: [
    {
      description: 'View a file',
      arguments: { command: 'view', path: 'src/app.py' },
      expectedOutcome: "Here's the result of running `cat -n` on src/app.py: …",
    },
    {
      description: 'Replace one unique line',
      arguments: { command: 'str_replace', path: 'src/app.py', old_str: 'DEBUG = True', new_str: 'DEBUG = False' },
      expectedOutcome: 'The file src/app.py has been edited. … a numbered snippet around the change.',
    },
    {
      description: 'Insert a line at the top',
      arguments: { command: 'insert', path: 'src/app.py', insert_line: 0, insert_text: 'import os\n' },
      expectedOutcome: 'The file src/app.py has been edited. …',
    },
  ],
  errorModes: [
    ...EDITOR_ERROR_MODES,
    'undo_edit is not a command of this version: "Unrecognized command undo_edit. The allowed commands for the str_replace_based_edit_tool tool are: view, create, str_replace, insert".',
    'insert also accepts new_str when insert_text is absent (some clients send it; 2025 copies of the docs named it).',
    'max_characters is the server option --anthropic-max-characters (0, the default: the whole file, as the docs say for an unset max_characters); a view over it is cut and followed by the reference\'s "<response clipped><NOTE>…</NOTE>".',
  ],
  call: (args, c) => runEditor(c, VARIANT, args),
});
