// list_directory: one level, "[DIR] name" first then "name (N bytes)", with the count of
// entries .gitignore and .geminiignore hid.
import type { ListEntry } from '../../engine/index.js';
import type { ArgsOf } from '../kit/args/schema-args.js';
import { defineTool } from '../common/define.js';
import { emptyDirectory, familyList } from '../gemini-family/shared.js';
import { TAGS } from '../tags.js';
import { filtering, object } from '../gemini-family/schema.js';

const schema = object(
  {
    dir_path: 'string',
    ignore: { items: { type: 'string' }, type: 'array' },
    file_filtering_options: filtering('respect_gemini_ignore'),
  },
  ['dir_path'],
);
type Args = ArgsOf<typeof schema>;

export const listDirectory = defineTool<Args, { path: string; entries: ListEntry[]; ignored: number }>({
  name: 'list_directory',
  fields: { path: 'dir_path' },
  summary: 'List the files and sub-directories of one directory, with file sizes.',
  description: [
    'Lists the entries of dir_path (relative paths start at the session directory): directories first as "[DIR] name",',
    'then files as "name (N bytes)", each group in alphabetical order. `ignore` drops entries whose name matches one of',
    'its globs (* and ? only). Entries hidden by .gitignore or .geminiignore (on by default; see file_filtering_options)',
    'are left out and counted at the end. Not recursive and no cap; use glob to find files deeper down.',
  ],
  schema,
  tags: [TAGS.filesystem, TAGS.readOnly, TAGS.search],
  examples: [
    {
      description: 'List the project root',
      arguments: { dir_path: '.' },
      expectedOutcome: 'Directory listing with [DIR] entries first.',
    },
    {
      description: 'List src without test files',
      arguments: { dir_path: 'src', ignore: ['*.test.ts'] },
      expectedOutcome: 'The entries of src except tests.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'ls_execution_error (NOT_FOUND): the directory does not exist. path_is_not_a_directory: dir_path is a file (use read_file).',
    'path_not_in_workspace: dir_path is outside the workspace roots. Not done: no GEMINI.md context is appended.',
    'invalid_tool_params (INVALID_ARGUMENT): more than 1000 `ignore` globs, refused before the directory is read.',
  ],
  async call(args, c) {
    const filt = args.file_filtering_options ?? {};
    const opts = {
      ignoreFile: '.geminiignore',
      respectGit: filt.respect_git_ignore,
      respectVendor: filt.respect_gemini_ignore,
      countSkipped: true,
    };
    const r = await familyList(c, args.dir_path, opts, args.ignore);
    // Gemini counts .git with the entries its ignore rules hid, not those its own globs dropped.
    return { path: r.path, entries: r.entries, ignored: r.byVendor + r.byOther };
  },
  format({ path, entries, ignored }) {
    if (entries.length === 0) return emptyDirectory(path, [path], { ignored });
    const lines = entries.map((e) => (e.type === 'directory' ? `[DIR] ${e.name}` : `${e.name} (${e.size} bytes)`));
    return {
      text: `Directory listing for ${path}:\n${lines.join('\n')}${ignored > 0 ? `\n\n(${ignored} ignored)` : ''}`,
      host: {
        paths: [path],
        summary: `Listed ${entries.length} item(s)`,
        counts: { entries: entries.length, ignored },
      },
    };
  },
});
