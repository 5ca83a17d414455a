// list_directory: one directory (absolute path), [DIR] entries first, 100 at most, with the
// entries .gitignore and .qwenignore hide counted.
import path from 'node:path';
import { headOf, type ListEntry, unescapeShellPath, type ArgsOf } from '../../engine/index.js';
import { defineTool, type Reply } from '../common/define.js';
import { emptyDirectory, familyList } from '../common/gemini-family.js';
import { TAGS } from '../tags.js';
import { requireAbsolute } from './errors.js';
import { truncatedNote } from './where.js';
import { filtering, qwenObject } from '../common/gemini-family-schema.js';

const MAX_ENTRIES = 100;
const IGNORE_FILE = '.qwenignore';

const schema = qwenObject({ path: 'string', ignore: { items: { type: 'string' }, type: 'array' }, file_filtering_options: filtering('respect_qwen_ignore') }, [
  'path',
]);
type Args = ArgsOf<typeof schema>;

export const listDirectory = defineTool<Args, { path: string; entries: ListEntry[]; gitIgnored: number; qwenIgnored: number }>({
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
    { description: 'List the project root', arguments: { path: '/home/user/project' }, expectedOutcome: 'Listed N item(s) in /home/user/project: ...' },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'invalid_tool_params: a relative path. ls_execution_error (NOT_FOUND): no such directory. path_is_not_a_directory: a file (use read_file).',
    'path_not_in_workspace: outside the workspace.',
  ],
  async call(args, c) {
    const dir = requireAbsolute(args.path, 'path');
    const filt = args.file_filtering_options ?? {};
    // Qwen counts the .git entry it always hides among the git-ignored ones.
    const opts = { ignoreFile: IGNORE_FILE, respectGit: filt.respect_git_ignore, respectVendor: filt.respect_qwen_ignore, countSkipped: true };
    const r = await familyList(c, dir, opts, args.ignore);
    return { path: r.path, entries: r.entries, gitIgnored: r.byOther, qwenIgnored: r.byVendor };
  },
  format(r, args): Reply {
    const shownPath = path.normalize(unescapeShellPath(args.path));
    if (r.entries.length === 0) return emptyDirectory(shownPath, [r.path]);
    const { shown, more } = headOf(r.entries, MAX_ENTRIES);
    const lines = shown.map((e) => (e.type === 'directory' ? `[DIR] ${e.name}` : e.name));
    const ignored = r.gitIgnored + r.qwenIgnored > 0 ? `\n\n(${r.gitIgnored} git-ignored, ${r.qwenIgnored} qwen-ignored)` : '';
    return {
      text: `Listed ${r.entries.length} item(s) in ${shownPath}:\n---\n${lines.join('\n')}${truncatedNote(more, 'item')}${ignored}`,
      host: { paths: [r.path], summary: `Listed ${r.entries.length} item(s)`, counts: { entries: r.entries.length, shown: shown.length }, truncated: more > 0 },
    };
  },
});
