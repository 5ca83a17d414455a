// edit: exact text replaced once (or everywhere with replace_all) in a file read in this
// session; an empty old_string creates a file. The answer shows the edited lines.
import type { EditOptions, EditResult, Opts } from '../../engine/index.js';
import type { ArgsOf } from '../kit/args/schema-args.js';
import { literalEdit } from '../kit/files/literal-edits.js';
import { regionSnippet } from '../kit/files/region-snippet.js';
import { defineTool } from '../common/define.js';
import { changeHost, refuseExisting } from '../gemini-family/shared.js';
import { TAGS } from '../tags.js';
import { requireAbsolute } from './errors.js';
import { qwenObject } from '../gemini-family/schema.js';

const schema = qwenObject({ file_path: 'string', old_string: 'string', new_string: 'string', replace_all: 'boolean' }, [
  'file_path',
  'old_string',
  'new_string',
]);
type Args = ArgsOf<typeof schema>;

/**
 * How Qwen edits: the file read and unchanged since, its rungs of matching, a deleted block's line break taken with it.
 */
const EDIT = {
  freshness: { requireRead: true, requireUnchanged: true },
  // Trailing whitespace before typography: the typography rung also compares lines
  // ignoring trailing whitespace, so in the other order this rung would never be the one reported.
  ladder: ['exact', 'trailing-whitespace', 'typography'],
  absorbNewlineOnDelete: true,
  createParents: true,
  keepText: true, // the answer shows a snippet of the new text
} satisfies Opts<EditOptions>;

export const edit = defineTool<Args, EditResult>({
  name: 'edit',
  fields: { path: 'file_path' },
  summary: 'Replace exact text in a file read in this session (once, or everywhere with replace_all).',
  description: [
    'Replaces old_string with new_string in the file at file_path (absolute). old_string must occur exactly once unless',
    'replace_all is true. When the exact text is absent, lines are compared ignoring trailing whitespace, and then',
    'typographic quotes, dashes and special spaces are read as their ASCII twins; nothing fuzzier. Replacement is literal ($ has',
    'no special meaning). Deleting text also takes the line break after it. An empty old_string creates a new file.',
    'The file must have been read in this session (a partial read is enough) and be unchanged since. Encoding, BOM and',
    'CRLF endings are kept. The answer shows the edited lines with 4 lines of context.',
  ],
  schema,
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Fix an off-by-one',
      arguments: { file_path: '/home/user/project/src/loop.py', old_string: 'range(1, n)', new_string: 'range(0, n)' },
      expectedOutcome: 'The file: ... has been updated, with the edited lines.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'edit_no_occurrence_found (INVALID_ARGUMENT): old_string is not in the file. edit_expected_occurrence_mismatch (CONFLICT): several',
    'occurrences without replace_all. edit_no_change: nothing would change. attempt_to_create_existing_file: empty old_string on',
    'an existing file. file_not_found: missing file with a non-empty old_string.',
    'edit_requires_prior_read / file_changed_since_read (CONFLICT): read the file (again) first.',
    'invalid_tool_params: a relative path. path_not_in_workspace: outside the workspace.',
  ],
  async call(args, c) {
    const file = requireAbsolute(args.file_path, 'file_path');
    if (args.old_string === '') await refuseExisting(c, file);
    return c.engine.files.edit(c, file, [literalEdit(args.old_string, args.new_string, args.replace_all)], EDIT);
  },
  format(r) {
    const head = r.created
      ? `Created new file: ${r.path} with provided content.`
      : `The file: ${r.path} has been updated.`;
    // Qwen counts the lines as its read_file does (a final line break ends in one more, empty, line).
    const snip = r.totalLines > 0 ? regionSnippet(r.text ?? '', r.diff, 4, 1000, { finalEmptyLine: true }) : undefined;
    const shown = snip
      ? ` Showing lines ${snip.start}-${snip.end} of ${snip.total} from the edited file:\n\n---\n\n${snip.text}`
      : '';
    return {
      text: head + shown,
      host: changeHost(head, r, { replacements: r.replacements }, { rung: r.edits[0]?.rung ?? 'exact' }),
    };
  },
});
