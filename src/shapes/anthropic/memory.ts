// memory (memory_20250818): files a model keeps across conversations, under the virtual
// directory /memories, stored in the server's memory directory (--memory-dir; one per caller
// or session with --memory-scope). Messages are the docs' (the SDK helpers' where the docs
// say nothing, with the "Error: " the TypeScript runner puts before them).
import type { MemoryOutcome } from '../../engine/index.js';
import type { ArgsOf } from '../kit/args/schema-args.js';
import { commandNeeds } from '../kit/args/command-needs.js';
import { humanSize } from '../kit/text/human-size.js';
import { defineTool, errorTable, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { TOOL_RESULT_OUTPUT } from './errors.js';
import { numbered } from './text.js';

const str = { type: 'string' } as const;

/** The arguments as checked: every command's parameters, typed; which a command needs is checked in the docs' words. */
const ARGS = {
  type: 'object',
  properties: {
    command: str,
    path: str,
    view_range: {},
    file_text: str,
    old_str: str,
    new_str: str,
    insert_line: { type: 'integer' },
    insert_text: str,
    old_path: str,
    new_path: str,
  },
  required: ['command'],
} as const;
type MemoryArgs = ArgsOf<typeof ARGS>;

export const memory = defineTool<MemoryArgs, MemoryOutcome>({
  name: 'memory',
  summary: 'Keep notes across conversations in /memories: view, create, str_replace, insert, delete, rename.',
  description: [
    "Anthropic's memory tool (memory_20250818), executed by this server. Paths start with /memories, a directory kept by the server",
    '(per caller or session, as configured) that survives conversations. view lists a directory two levels deep with sizes (hidden entries and node_modules left out)',
    'or shows a file with numbered lines (view_range [first, last] optional). create writes a new file; str_replace swaps the one occurrence of old_str;',
    'insert puts insert_text after line insert_line (0: the top); delete removes a file or a whole directory; rename moves old_path to new_path (never over an existing one).',
    commandNeeds({
      view: ['path'],
      create: ['path', 'file_text'],
      str_replace: ['path', 'old_str', 'new_str'],
      insert: ['path', 'insert_line', 'insert_text'],
      delete: ['path'],
      rename: ['old_path', 'new_path'],
    }),
  ],
  // One object with every command's parameters (a root oneOf per command is refused by the
  // model APIs); which a command needs is said in the description and checked when called.
  schema: {
    ...ARGS,
    properties: {
      ...ARGS.properties,
      command: { type: 'string', enum: ['view', 'create', 'str_replace', 'insert', 'delete', 'rename'] },
      view_range: { type: 'array', items: { type: 'integer' } },
    },
  },
  argumentsSchema: ARGS,
  output: TOOL_RESULT_OUTPUT,
  tags: [TAGS.filesystem, TAGS.destructive],
  idempotency: 'side_effecting',
  examples: [
    {
      description: 'Look at what earlier conversations left',
      arguments: { command: 'view', path: '/memories' },
      expectedOutcome: "Here're the files and directories up to 2 levels deep in /memories, …",
    },
    {
      description: 'Record progress',
      arguments: { command: 'create', path: '/memories/progress.md', file_text: '# Progress\n- tests pass\n' },
      expectedOutcome: 'File created successfully at: /memories/progress.md',
    },
  ],
  errorModes: [
    'Every failure is a tool_result with is_error: true (the structured data holds that block). Messages are the docs\', or the SDK helpers\' with "Error: " before them.',
    'A path not under /memories: "Error: Path must start with /memories, got: <path>". `..` (also as \\ or %2e%2e): "Error: Path <path> would escape /memories directory". A symlink leading out: "Error: Path would escape /memories directory via symlink".',
    'view of a missing path: "The path <path> does not exist. Please provide a valid path."; a file over 999,999 lines: "File <path> exceeds maximum line limit of 999,999 lines."',
    'create on an existing path: "Error: File <path> already exists" (missing parent directories are made). str_replace on a missing file or a directory: "Error: The path <path> does not exist. Please provide a valid path.";',
    'no match: "No replacement was performed, old_str `<old_str>` did not appear verbatim in <path>."; several: "No replacement was performed. Multiple occurrences of old_str `<old_str>` in lines: 1, 4. Please ensure it is unique" (each line once).',
    'insert on a missing file or directory: "Error: The path <path> does not exist"; insert_line outside [0, n]: "Error: Invalid `insert_line` parameter: <k>. It should be within the range of lines of the file: [0, n]" (n: the lines, a final newline adds none; the file always ends with a newline after an insert).',
    'delete of a missing path: "Error: The path <path> does not exist"; of /memories itself: "Error: Cannot delete the /memories directory itself" (rename likewise, in our words). rename: "Error: The path <old_path> does not exist"; "Error: The destination <new_path> already exists".',
    'A missing parameter: "Error: Parameter `<name>` is required for command: <command>". Sizes in views are file sizes written as du -h does (4.0K, 1.5K, 17B); directories end in "/".',
  ],
  call: (args, c) => c.engine.memory.command(c, args),
  /** What the engine did, in the SDK helpers' words. */
  format(r): Reply {
    if (r.command === 'rename')
      return { text: `Successfully renamed ${r.from} to ${r.to}`, host: { summary: `Renamed ${r.from} to ${r.to}` } };
    const p = r.path;
    if ('directory' in r) {
      const { base, size, entries } = r.directory;
      const lines = [
        `${humanSize(size)}\t${base}`,
        ...entries.map((e) => `${humanSize(e.size)}\t${base}/${e.relative}${e.directory ? '/' : ''}`),
      ];
      const text = `Here're the files and directories up to 2 levels deep in ${base}, excluding hidden items and node_modules:\n${lines.join('\n')}`;
      return { text, host: { summary: `Viewed ${p}` } };
    }
    if ('file' in r)
      return {
        text: `Here's the content of ${p} with line numbers:\n${numbered(r.file.lines, r.file.first)}`,
        host: { summary: `Viewed ${p}`, counts: { lines: r.file.total } },
      };
    if ('snippet' in r) {
      const text = `The memory file has been edited. Here is the snippet showing the change (with line numbers):\n${numbered(r.snippet.lines, r.snippet.first)}`;
      return { text, host: { summary: `Edited ${p}` } };
    }
    if (r.command === 'create')
      return { text: `File created successfully at: ${p}`, host: { summary: `Created ${p}` } };
    if (r.command === 'insert')
      return { text: `The file ${p} has been edited.`, host: { summary: `Inserted into ${p}` } };
    return { text: `Successfully deleted ${p}`, host: { summary: `Deleted ${p}` } };
  },
  errors: errorTable({
    unknown_command: (e) =>
      `Error: Unrecognized command ${e.facts.command}. The allowed commands for the memory tool are: ${e.facts.commands.join(', ')}`,
    parameter_missing: (e) => `Error: Parameter \`${e.facts.param}\` is required for command: ${e.facts.command}`,
    memory_root: (e) => `Error: Cannot ${e.facts.command} the /memories directory itself`,
    path_missing: (e, a) =>
      a.command === 'view'
        ? `The path ${e.facts.path} does not exist. Please provide a valid path.`
        : `Error: The path ${e.facts.path} does not exist${a.command === 'str_replace' ? '. Please provide a valid path.' : ''}`,
    file_exists: (e, a) =>
      a.command === 'rename'
        ? `Error: The destination ${e.facts.path} already exists`
        : `Error: File ${e.facts.path} already exists`,
    memory_too_long: (e) => `File ${e.facts.path} exceeds maximum line limit of 999,999 lines.`,
    memory_no_match: (e) =>
      `No replacement was performed, old_str \`${e.facts.old}\` did not appear verbatim in ${e.facts.path}.`,
    memory_not_unique: (e) =>
      `No replacement was performed. Multiple occurrences of old_str \`${e.facts.old}\` in lines: ${e.facts.lines.join(', ')}. Please ensure it is unique`,
    insert_line_out_of_range: (e) =>
      `Error: Invalid \`insert_line\` parameter: ${e.facts.line}. It should be within the range of lines of the file: [0, ${e.facts.lines}]`,
  }),
});
