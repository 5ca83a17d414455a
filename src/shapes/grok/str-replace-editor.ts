// str_replace_editor: a literal replacement in one file, unique unless replace_all.
import { ALL_RUNGS, type EditResult, engineFailure } from '../../engine/index.js';
import { editHost } from '../kit/files/change-host.js';
import { literalEdit } from '../kit/files/literal-edits.js';
import { defineTool, errorTable } from '../common/define.js';
import { TAGS } from '../tags.js';
import { changeText } from './text.js';

interface Args {
  path: string;
  old_str: string;
  new_str: string;
  replace_all?: boolean;
}

export const strReplaceEditor = defineTool<Args, EditResult>({
  name: 'str_replace_editor',
  summary: 'Replace text in an existing file: old_str must match once (or set replace_all); shows the diff.',
  description: [
    'Replaces `old_str` with `new_str` in a file inside the workspace. The replacement is literal ($&, $1 and the like are kept as written). old_str',
    'must occur exactly once unless replace_all is true; when a multi-line old_str is not found exactly, it is matched again ignoring trailing',
    'whitespace, then indentation. Identical old_str and new_str change nothing ("No changes in <path>"). The result is "Updated <path> with N',
    'additions and M removals" and a unified diff with 3 lines of context. View the file first so old_str is exact; create new files with',
    'create_file.',
  ],
  schema: {
    type: 'object',
    properties: {
      path: { type: 'string' },
      old_str: { type: 'string' },
      new_str: { type: 'string' },
      replace_all: { type: 'boolean' },
    },
    required: ['path', 'old_str', 'new_str'],
  },
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Fix a typo',
      arguments: { path: 'README.md', old_str: 'recieve', new_str: 'receive' },
      expectedOutcome: 'Updated README.md with 1 addition and 1 removal, and the diff.',
    },
    {
      description: 'Rename everywhere in a file',
      arguments: { path: 'src/app.js', old_str: 'oldName', new_str: 'newName', replace_all: true },
      expectedOutcome: 'The diff of every change.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'NOT_FOUND: "File not found: <path>", or old_str is not in the file ("String not found in file: …").',
    'CONFLICT: old_str occurs more than once and replace_all is not set. Grok CLI silently replaces the first occurrence;',
    'this server refuses instead, so include more surrounding lines or set replace_all.',
    'Unlike Grok CLI, "$&", "$`", "$\'" and "$$" in new_str are inserted literally, never expanded.',
    'INVALID_ARGUMENT: empty old_str. PERMISSION_DENIED: the path resolves outside the workspace.',
  ],
  async call(args, c) {
    if (args.old_str === '') throw engineFailure('empty_old', 'old_str is empty', {}, { field: 'old_str' });
    const ladder = args.old_str.includes('\n') ? ALL_RUNGS : (['exact'] as const);
    return c.engine.files.edit(c, args.path, [literalEdit(args.old_str, args.new_str, args.replace_all)], {
      ladder,
      allowNoChange: true,
    });
  },
  format(r, args) {
    const host = editHost(r);
    return r.changed
      ? { text: changeText(args.path, r.diff), host: { ...host, summary: `Edited ${r.relative}` } }
      : { text: `No changes in ${args.path}`, host };
  },
  errors: errorTable<Args>({
    file_missing: (_e, args) => `File not found: ${args.path}`,
    no_match: (_e, args) =>
      args.old_str.includes('\n')
        ? 'String not found in file, not even ignoring whitespace and indentation. View the lines with view_file and copy them exactly into old_str.'
        : `String not found in file: "${args.old_str}"`,
    ambiguous: (e, args) =>
      `String found ${e.facts.count} times in ${args.path}; nothing was changed. Include more surrounding lines in old_str so it matches once, or set replace_all to true.`,
    empty_old: () => 'old_str is empty; give the exact text to replace (create new files with create_file).',
  }),
});
