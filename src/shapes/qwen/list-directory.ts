// list_directory: one directory (absolute path), [DIR] entries first, 100 at most, with the
// entries .gitignore and .qwenignore hide counted.
import path from 'node:path';
import type { ListEntry } from '../../engine/index.js';
import { headPage } from '../kit/text/head-of.js';
import type { ArgsOf } from '../kit/args/schema-args.js';
import { unescapeShellPath } from '../kit/files/path-escapes.js';
import { defineTool, type Reply } from '../common/define.js';
import { emptyDirectory, familyList } from '../gemini-family/shared.js';
import { TAGS } from '../tags.js';
import { requireAbsolute } from './errors.js';
import { listed } from './where.js';
import { filtering, qwenObject } from '../gemini-family/schema.js';
import { filteringOptions } from '../gemini-family/filtering.js';

const MAX_ENTRIES = 100;
const IGNORE_FILE = '.qwenignore';

const schema = qwenObject(
  {
    path: 'string',
    ignore: { items: { type: 'string' }, type: 'array' },
    file_filtering_options: filtering('respect_qwen_ignore'),
  },
  ['path'],
);
type Args = ArgsOf<typeof schema>;

export const listDirectory = defineTool<
  Args,
  { path: string; entries: ListEntry[]; byVendor: number; byOther: number }
>({
  name: 'list_directory',
  summary: 'List the entries of one directory (absolute path): sub-directories first as [DIR], then files.',
  description: [
    'Lists the directory at `path` (absolute): "[DIR] name" for directories first, then file names, each group in',
    'alphabetical order; at most 100 entries, the rest counted. `ignore` drops names matching its globs (* and ? only).',
    'Entries hidden by .gitignore or .qwenignore (both on by default) are left out and counted at the end.',
  ],
  schema,
  tags: [TAGS.filesystem, TAGS.readOnly, TAGS.search],
  examples: [
    {
      description: 'List the project root',
      arguments: { path: '/home/user/project' },
      expectedOutcome: 'Listed N item(s) in /home/user/project: ...',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'invalid_tool_params: a relative path. ls_execution_error (NOT_FOUND): no such directory. path_is_not_a_directory: a file (use read_file).',
    'path_not_in_workspace: outside the workspace.',
  ],
  async call(args, c) {
    const dir = requireAbsolute(args.path, 'path');
    return familyList(
      c,
      dir,
      filteringOptions(IGNORE_FILE, 'respect_qwen_ignore', args.file_filtering_options),
      args.ignore,
    );
  },
  format(r, args): Reply {
    const shownPath = path.normalize(unescapeShellPath(args.path));
    if (r.entries.length === 0) return emptyDirectory(shownPath, [r.path]);
    const { shown, more, counts, truncated } = headPage(r.entries, MAX_ENTRIES, 'entries');
    const lines = shown.map((e) => (e.type === 'directory' ? `[DIR] ${e.name}` : e.name));
    // Qwen counts the .git entry it always hides among the git-ignored ones.
    const ignored = r.byOther + r.byVendor > 0 ? `\n\n(${r.byOther} git-ignored, ${r.byVendor} qwen-ignored)` : '';
    const text = listed(`Listed ${r.entries.length} item(s) in ${shownPath}:`, lines, more, 'item') + ignored;
    return { text, host: { paths: [r.path], summary: `Listed ${r.entries.length} item(s)`, counts, truncated } };
  },
});
