// replace: instruction + old_string/new_string (allow_multiple for every occurrence) over the
// tolerant ladder (exact, indentation, tokens, fuzzy); an empty old_string creates the file.
import type { EditOptions, EditResult, Opts } from '../../engine/index.js';
import type { ArgsOf } from '../kit/args/schema-args.js';
import { addedPlaceholders } from '../kit/files/placeholders.js';
import { changeSnippet } from '../kit/files/snippet.js';
import { literalEdit } from '../kit/files/literal-edits.js';
import { defineTool } from '../common/define.js';
import { changeHost, refuseExisting } from '../gemini-family/shared.js';
import { refuseNul, refusePlaceholder, TAGS_WRITE } from './reading.js';
import { object } from '../gemini-family/schema.js';

const schema = object(
  { file_path: 'string', instruction: 'string', old_string: 'string', new_string: 'string', allow_multiple: 'boolean' },
  ['file_path', 'instruction', 'old_string', 'new_string'],
);
type Args = ArgsOf<typeof schema>;

/** How Gemini replaces: its rungs of matching, the first line's indent kept, a new file's line endings as given. */
const EDIT = {
  ladder: ['exact', 'indentation', 'tokens', 'fuzzy'],
  firstLineIndent: true,
  newFileKeepsEndings: true,
  createParents: true,
  keepText: true, // the answer shows a snippet of the new text
} satisfies Opts<EditOptions>;

/** Gemini tells its model where a fuzzy match was applied: " Applied fuzzy match at lines 3-5, 9-11." */
function fuzzyNote(lines: Array<[number, number]>): string {
  if (lines.length === 0) return '';
  const spans = lines.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(', ');
  return ` Applied fuzzy match at line${lines.length > 1 ? 's' : ''} ${spans}.`;
}

export const replace = defineTool<Args, EditResult>({
  name: 'replace',
  fields: { path: 'file_path' },
  summary:
    'Replace text in a file (one occurrence, or all with allow_multiple); an empty old_string creates a new file.',
  description: [
    'Finds old_string in the file and puts new_string in its place. The text must occur exactly once unless',
    'allow_multiple is true (then every occurrence is replaced). Matching tries the exact text (CRLF read as LF),',
    'then the same lines ignoring leading and trailing whitespace, then the same tokens with any whitespace between',
    'them (from a line start), then a fuzzy match of as many lines (small differences such as a missing comma or other quotes;',
    'the note "Applied fuzzy match at line N-M." says where). With a tolerant match every line of new_string is re-indented',
    'from its first line to the indentation of the first matched line. `instruction` says in words what the edit is for; it is recorded, never used to guess.',
    "An empty old_string creates the file (with parents) when it does not exist, with new_string's line endings. Line endings and the final",
    'newline are kept. Read the file first so old_string is copied exactly, with enough context to be unique.',
  ],
  schema,
  tags: TAGS_WRITE,
  examples: [
    {
      description: 'Fix a comparison',
      arguments: {
        file_path: 'src/math.js',
        instruction: 'Use strict equality in isZero.',
        old_string: 'return n == 0;',
        new_string: 'return n === 0;',
      },
      expectedOutcome: 'Successfully modified file (1 replacements) and the updated code.',
    },
    {
      description: 'Rename every call',
      arguments: {
        file_path: 'src/app.js',
        instruction: 'Rename oldName to newName everywhere.',
        old_string: 'oldName(',
        new_string: 'newName(',
        allow_multiple: true,
      },
      expectedOutcome: 'Every occurrence replaced.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'edit_no_occurrence_found (INVALID_ARGUMENT): old_string is not in the file; re-read the lines and copy them exactly.',
    'edit_expected_occurrence_mismatch (CONFLICT): several matches without allow_multiple; add context or set allow_multiple.',
    'edit_no_change: old_string equals new_string. attempt_to_create_existing_file (ALREADY_EXISTS): empty old_string on an existing file.',
    'file_not_found: the file does not exist and old_string is not empty. invalid_tool_params: new_string adds an omission placeholder.',
    'invalid_tool_params: file_path holds a NUL byte (Gemini CLI drops it silently and edits the file without it; Facet refuses).',
    'Differences from Gemini CLI: no model-based self-correction (it guesses, and a wrong guess edits the wrong place).',
    'The rung that matched (exact, indentation, tokens, fuzzy) is reported in details.rung. Not done: no GEMINI.md context is appended.',
  ],
  async call(args, c) {
    refuseNul(args.file_path, 'file_path');
    refusePlaceholder(
      addedPlaceholders(args.old_string, args.new_string)[0],
      'new_string',
      'give the exact literal replacement text',
    );
    if (args.old_string === '') await refuseExisting(c, args.file_path);
    return c.engine.files.edit(
      c,
      args.file_path,
      [literalEdit(args.old_string, args.new_string, args.allow_multiple)],
      EDIT,
    );
  },
  format(r, args) {
    const head = r.created
      ? `Created new file: ${r.path} with provided content.`
      : `Successfully modified file: ${r.path} (${r.replacements} replacements).`;
    const fuzzy = r.edits[0]?.rung === 'fuzzy' ? fuzzyNote(r.edits[0].lines ?? []) : '';
    return {
      text: `${head} Here is the updated code:\n${changeSnippet(!r.created, r.text ?? '', r.diff)}${fuzzy}`,
      host: changeHost(
        head,
        r,
        { replacements: r.replacements },
        { rung: r.edits[0]?.rung ?? 'exact', instruction: args.instruction },
      ),
    };
  },
});
