// Claude Code's Edit: read-before-write and changed-since-read refusals, exact (then
// quote-normalised, then \uXXXX-respelt) unique matching or replace_all, literal replacement,
// trailing whitespace stripped outside Markdown, and Claude Code's result sentences.
import { type EditResult, plural } from '../../engine/index.js';
import { editDetails, editHost } from '../kit/files/change-host.js';
import { literalEdit } from '../kit/files/literal-edits.js';
import { withEscapeRetry } from '../kit/files/escape-retry.js';
import { type Call, defineTool, errorTable, firstWording, type ToolTable } from '../common/define.js';
import { TAGS } from '../tags.js';
import { claudeErrors, resolvedFrom, toolUseError } from './errors.js';
import { closed, CURRENT, here, READ_FIRST, readState, stripTrailingWhitespace } from './render.js';
import { MAX_EDIT_BYTES, tooLarge } from './write.js';

interface Args {
  file_path: string;
  old_string: string;
  new_string: string;
  replace_all?: boolean;
}

/** Claude Code's own alias names for Edit's parameters; refused here, but the refusal names the right ones. */
const ALIASES: Record<string, string> = {
  path: 'file_path',
  old_str: 'old_string',
  new_str: 'new_string',
  replace_name: 'replace_all',
};

const EDIT = {
  freshness: READ_FIRST,
  ladder: ['exact' as const, 'typography' as const],
  requote: true,
  absorbNewlineOnDelete: true,
  refuseNotebooks: true,
  maxBytes: MAX_EDIT_BYTES,
  createParents: true,
};

const byCondition = errorTable<Args>({
  no_change: () => toolUseError('old_string and new_string are identical, so there is nothing to change.'),
  file_missing: (_e, a, c) =>
    toolUseError(
      `File does not exist: ${a.file_path}. ${resolvedFrom(c)} To create a file, use Write or an empty old_string.`,
    ),
  file_exists: () =>
    toolUseError(
      'An empty old_string creates a new file, but this file already exists and is not empty. Put the text to replace in old_string.',
    ),
  notebook: () => toolUseError('This file is a Jupyter notebook; change its cells with NotebookEdit.'),
  no_match: (_e, a) =>
    toolUseError(
      `old_string was not found in the file. It must match the file exactly, whitespace and indentation included; Read the file again if unsure.\nString: ${a.old_string}`,
    ),
  ambiguous: (e, a) =>
    toolUseError(
      `old_string occurs ${e.facts.count} times in the file and replace_all is false. Set replace_all to true to change every occurrence, or add surrounding lines to old_string so that it matches only one.\nString: ${a.old_string}`,
    ),
});

/** Arguments under Claude Code's alias names fail validation; the words name the right ones. */
function aliases(err: Parameters<typeof claudeErrors>[0], a: Args, c: Call): string | undefined {
  const used = Object.keys(ALIASES).filter((k) => a !== null && typeof a === 'object' && k in a);
  const text = claudeErrors(err, a, c);
  if (used.length === 0 || !err.facts.violations || typeof text !== 'string') return undefined;
  return text.replace(
    /<\/tool_use_error>$/,
    `\nUse Edit's parameter names: ${used.map((k) => `${ALIASES[k]} instead of ${k}`).join(', ')}.</tool_use_error>`,
  );
}

/** Edit as Claude Code 2.1.197 answered it (a Read first, unchanged since): claude@2.1.197 serves it. */
const TABLE_197 = {
  name: 'Edit',
  fields: { path: 'file_path' },
  summary:
    'Replace an exact, unique piece of text in a file (or every occurrence with replace_all). Read the file first.',
  description: [
    'Replaces old_string with new_string in file_path. old_string must match the file exactly (indentation included;',
    'do not copy the "N<TAB>" prefix Read adds) and occur once, unless replace_all is true. When it is not found',
    'verbatim, typographic quotes (and dashes) in the file are read as straight ones, and straight quotes in new_string',
    'are turned into the curly ones the file uses. Replacement is literal ($& means nothing). Deleting text (empty',
    'new_string) also removes the line break after it. Outside .md/.mdx files trailing whitespace is removed from each',
    'line of new_string. An empty old_string creates a new file holding new_string. The file must have been Read in this',
    'session and be unchanged since. Encoding, BOM and CRLF line endings are kept. Notebooks go to NotebookEdit.',
  ],
  schema: closed(
    {
      file_path: 'string',
      old_string: 'string',
      new_string: 'string',
      replace_all: { default: false, type: 'boolean' },
    },
    ['file_path', 'old_string', 'new_string'],
  ),
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Change one line',
      arguments: {
        file_path: '/srv/app/src/main.ts',
        old_string: 'const retries = 3;',
        new_string: 'const retries = 5;',
      },
      expectedOutcome: 'The file /srv/app/src/main.ts has been updated successfully. ...',
    },
    {
      description: 'Rename an identifier everywhere in a file',
      arguments: { file_path: '/srv/app/src/main.ts', old_string: 'oldName', new_string: 'newName', replace_all: true },
      expectedOutcome: 'All occurrences were successfully replaced.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'All of these come back wrapped in <tool_use_error>, checked in this order:',
    'INVALID_ARGUMENT: old_string equals new_string.',
    'RESOURCE_EXHAUSTED: the file is over 100MB (Claude Code allows 1GB; loading that much text would exhaust this server).',
    'NOT_FOUND: the file does not exist and old_string is not empty.',
    'ALREADY_EXISTS: old_string is empty but the file exists and is not empty.',
    'UNSUPPORTED_OPERATION: the file is a .ipynb notebook (use NotebookEdit).',
    'CONFLICT: the file was not Read in this session (or only a truncated partial view was).',
    'CONFLICT: the file changed on disk after the Read; Read it again.',
    'INVALID_ARGUMENT: old_string is not in the file (the message repeats it).',
    'CONFLICT: old_string occurs more than once and replace_all is false; add context or set replace_all.',
    'PERMISSION_DENIED: the path resolves outside the roots.',
    'As in Claude Code, an old_string not found verbatim is tried again with its \\uXXXX escapes swapped for the characters (or the characters for escapes), new_string changed alike.',
    'Differences from Claude Code: the alias names path, old_str, new_str and replace_name are not accepted (INVALID_ARGUMENT, unknown parameters, and the message names the right ones: file_path, old_string, new_string, replace_all), since the declared schema forbids extra properties;',
    'API-sanitized tokens (such as "<fnr>" or "\\n\\nH:") in old_string are not mapped back to their originals: old_string must match the text of the file.',
  ],
  call: (a, c) =>
    withEscapeRetry(a.old_string, stripTrailingWhitespace(a.file_path, a.new_string), (oldString, newString) =>
      c.engine.files.edit(here(c), a.file_path, [literalEdit(oldString, newString, a.replace_all)], EDIT),
    ),
  format: (r, a) => ({
    text: `The file ${a.file_path} has been updated${a.replace_all ? '. All occurrences were successfully replaced.' : ' successfully.'} ${CURRENT}`,
    host: {
      summary: `${r.created ? 'Created' : 'Edited'} ${r.relative}: ${plural(r.replacements, 'replacement')}`,
      ...editHost(r),
      details: editDetails(r),
    },
  }),
  errors: firstWording(byCondition, tooLarge, aliases),
} satisfies ToolTable<Args, EditResult>;

export const edit197 = defineTool<Args, EditResult>(TABLE_197);

/** Claude Code 2.1.332's words for the two refusals the replay checks (S13, S14). */
const byCondition332 = errorTable<Args>({
  no_change: () => toolUseError('No changes to make: old_string and new_string are exactly the same.'),
  no_match: (_e, a) => toolUseError(`String to replace not found in file.\nString: ${a.old_string}`),
});

const EDIT_332 = { ...EDIT, freshness: undefined };

/** 2.1.332's note on an Edit of a file changed on disk since the session read it (it applies, from 2.1.208). */
export const STALE_NOTE =
  '(note: the file had been modified on disk since you last read it — the edit applied cleanly, but the file contains other changes not in your context. Read it before edits that depend on surrounding content.)';

/**
 * Claude Code 2.1.332's Edit, as it answers the newer models (from 2.1.208): no Read needed
 * first (the result then lacks the file-state note), and a file changed since the Read is
 * edited when old_string still matches, with a note saying so.
 */
export const edit = defineTool<Args, { r: EditResult; state: Awaited<ReturnType<typeof readState>> }>({
  ...TABLE_197,
  summary: 'Replace an exact, unique piece of text in a file (or every occurrence with replace_all).',
  description: [
    ...TABLE_197.description.slice(0, 5),
    'line of new_string. An empty old_string creates a new file holding new_string. A Read of the file first is not',
    'required, but shows the exact text to match; a file changed on disk since the Read is edited when old_string still',
    'matches, with a note that the file holds changes you have not seen. Encoding, BOM and CRLF line endings are kept.',
    'Notebooks go to NotebookEdit.',
  ],
  errorModes: TABLE_197.errorModes.filter((l) => !l.startsWith('CONFLICT: the file')),
  async call(a, c) {
    const state = await readState(c, a.file_path);
    const r = await withEscapeRetry(a.old_string, stripTrailingWhitespace(a.file_path, a.new_string), (o, n) =>
      c.engine.files.edit(here(c), a.file_path, [literalEdit(o, n, a.replace_all)], EDIT_332),
    );
    return { r, state };
  },
  format: ({ r, state }, a) => {
    const said = TABLE_197.format(r, a);
    const note = state === 'read' ? ` ${CURRENT}` : state === 'stale' ? ` ${STALE_NOTE}` : '';
    return { ...said, text: `${said.text.slice(0, -(CURRENT.length + 1))}${note}` };
  },
  errors: firstWording(byCondition332, byCondition, tooLarge, aliases),
});
