// memory (memory_20250818): files a model keeps across conversations, under the virtual
// directory /memories, stored in the server's memory directory (--memory-dir; one per caller
// or session with --memory-scope). Messages are the docs' (the SDK helpers' where the docs
// say nothing, with the "Error: " the TypeScript runner puts before them).
import { type ArgsOf, countOf, humanSize, insertLines, linesAround, linesOf, MEMORY_ROOT, type MemoryDir, replaceFirst } from '../../engine/index.js';
import { defineTool, type Call, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { said } from './errors.js';
import { numbered } from './text.js';

const COMMANDS = ['view', 'create', 'str_replace', 'insert', 'delete', 'rename'];
const MAX_LINES = 999_999;

const str = { type: 'string' } as const;
const variant = (command: string, props: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties: { command: { const: command }, ...props },
  required: ['command', ...required],
});

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

const need = (args: MemoryArgs, param: keyof MemoryArgs): string => {
  const v = args[param];
  if (v === undefined) throw said('invalid_argument', `Error: Parameter \`${param}\` is required for command: ${args.command}`, param);
  return v as string;
};

const missing = (p: string, more = '') => said('not_found', `Error: The path ${p} does not exist${more}`, 'path');

async function viewDir(mem: MemoryDir, p: string, real: string, size: number): Promise<string> {
  const base = p.replace(/\/+$/, '') || MEMORY_ROOT;
  const entries = await mem.list(real);
  const lines = [`${humanSize(size)}\t${base}`, ...entries.map((e) => `${humanSize(e.size)}\t${base}/${e.relative}${e.directory ? '/' : ''}`)];
  return `Here're the files and directories up to 2 levels deep in ${base}, excluding hidden items and node_modules:\n${lines.join('\n')}`;
}

async function view(mem: MemoryDir, args: MemoryArgs, p: string): Promise<Reply> {
  const real = await mem.locate(p);
  const st = await mem.stat(real);
  if (st.kind === 'directory') return { text: await viewDir(mem, p, real, st.size), host: { summary: `Viewed ${p}` } };
  if (st.kind !== 'file') throw said('not_found', `The path ${p} does not exist. Please provide a valid path.`, 'path');
  const lines = (await mem.read(real, p)).split('\n');
  if (lines.length > MAX_LINES) throw said('resource_exhausted', `File ${p} exceeds maximum line limit of 999,999 lines.`, 'path');
  let first = 1;
  let shown = lines;
  const range = args.view_range;
  if (Array.isArray(range) && range.length === 2 && range.every((x) => Number.isSafeInteger(x))) {
    const [a, b] = range as [number, number];
    first = Math.max(1, a);
    shown = b === -1 ? lines.slice(first - 1) : lines.slice(first - 1, b);
  }
  return {
    text: `Here's the content of ${p} with line numbers:\n${numbered(shown, first)}`,
    host: { summary: `Viewed ${p}`, counts: { lines: lines.length } },
  };
}

async function fileOf(mem: MemoryDir, p: string, onMissing: () => Error): Promise<{ real: string; text: string }> {
  const real = await mem.locate(p);
  if ((await mem.stat(real)).kind !== 'file') throw onMissing();
  return { real, text: await mem.read(real, p) };
}

async function run(c: Call, args: MemoryArgs): Promise<Reply> {
  if (!COMMANDS.includes(args.command)) {
    throw said(
      'invalid_argument',
      `Error: Unrecognized command ${args.command}. The allowed commands for the memory tool are: ${COMMANDS.join(', ')}`,
      'command',
    );
  }
  const mem = c.engine.memory.dir(c);
  if (args.command === 'rename') {
    const from = need(args, 'old_path');
    const to = need(args, 'new_path');
    if (from.replace(/\/+$/, '') === MEMORY_ROOT) throw said('invalid_argument', `Error: Cannot rename the ${MEMORY_ROOT} directory itself`, 'old_path');
    const source = await mem.locate(from);
    if ((await mem.stat(source)).kind === 'missing') throw said('not_found', `Error: The path ${from} does not exist`, 'old_path');
    const target = await mem.locate(to);
    if ((await mem.stat(target)).kind !== 'missing') throw said('already_exists', `Error: The destination ${to} already exists`, 'new_path');
    await mem.rename(from, to, to);
    return { text: `Successfully renamed ${from} to ${to}`, host: { summary: `Renamed ${from} to ${to}` } };
  }
  const p = need(args, 'path');
  switch (args.command) {
    case 'view':
      return view(mem, args, p);
    case 'create': {
      const text = need(args, 'file_text');
      const real = await mem.locate(p);
      if ((await mem.stat(real)).kind !== 'missing') throw said('already_exists', `Error: File ${p} already exists`, 'path');
      await mem.create(real, p, text);
      return { text: `File created successfully at: ${p}`, host: { summary: `Created ${p}` } };
    }
    case 'str_replace': {
      const oldStr = need(args, 'old_str');
      const newStr = need(args, 'new_str');
      const { real, text } = await fileOf(mem, p, () => missing(p, '. Please provide a valid path.'));
      const n = countOf(text, oldStr);
      if (n === 0 || oldStr === '') {
        throw said('conflict', `No replacement was performed, old_str \`${oldStr}\` did not appear verbatim in ${p}.`, 'old_str');
      }
      if (n > 1) {
        throw said(
          'conflict',
          `No replacement was performed. Multiple occurrences of old_str \`${oldStr}\` in lines: ${linesOf(text, oldStr).join(', ')}. Please ensure it is unique`,
          'old_str',
        );
      }
      const edit = replaceFirst(text, oldStr, newStr);
      await mem.write(real, p, edit.text);
      const snip = linesAround(edit.text.split('\n'), edit.line, newStr.split('\n').length, 2);
      return {
        text: `The memory file has been edited. Here is the snippet showing the change (with line numbers):\n${numbered(snip.lines, snip.first)}`,
        host: { summary: `Edited ${p}` },
      };
    }
    case 'insert': {
      if (args.insert_line === undefined) need(args, 'insert_line');
      const inserted = need(args, 'insert_text');
      const { real, text } = await fileOf(mem, p, () => missing(p));
      const lines = text === '' ? [] : (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
      const k = args.insert_line!;
      if (!Number.isSafeInteger(k) || k < 0 || k > lines.length) {
        throw said(
          'invalid_argument',
          `Error: Invalid \`insert_line\` parameter: ${k}. It should be within the range of lines of the file: [0, ${lines.length}]`,
          'insert_line',
        );
      }
      const added = inserted.replace(/\n+$/, '').split('\n');
      await mem.write(real, p, insertLines(lines, k, added).join('\n') + '\n');
      return { text: `The file ${p} has been edited.`, host: { summary: `Inserted into ${p}` } };
    }
    default: {
      if (p.replace(/\/+$/, '') === MEMORY_ROOT) throw said('invalid_argument', `Error: Cannot delete the ${MEMORY_ROOT} directory itself`, 'path');
      const real = await mem.locate(p);
      if ((await mem.stat(real)).kind === 'missing') throw missing(p);
      await mem.remove(p);
      return { text: `Successfully deleted ${p}`, host: { summary: `Deleted ${p}` } };
    }
  }
}

export const memory = defineTool<MemoryArgs>({
  name: 'memory',
  summary: 'Keep notes across conversations in /memories: view, create, str_replace, insert, delete, rename.',
  description: [
    "Anthropic's memory tool (memory_20250818), executed by this server. Paths start with /memories, a directory kept by the server",
    '(per caller or session, as configured) that survives conversations. view lists a directory two levels deep with sizes (hidden entries and node_modules left out)',
    'or shows a file with numbered lines (view_range [first, last] optional). create writes a new file; str_replace swaps the one occurrence of old_str;',
    'insert puts insert_text after line insert_line (0: the top); delete removes a file or a whole directory; rename moves old_path to new_path (never over an existing one).',
  ],
  schema: {
    oneOf: [
      variant('view', { path: str, view_range: { type: 'array', items: { type: 'integer' } } }, ['path']),
      variant('create', { path: str, file_text: str }, ['path', 'file_text']),
      variant('str_replace', { path: str, old_str: str, new_str: str }, ['path', 'old_str', 'new_str']),
      variant('insert', { path: str, insert_line: { type: 'integer' }, insert_text: str }, ['path', 'insert_line', 'insert_text']),
      variant('delete', { path: str }, ['path']),
      variant('rename', { old_path: str, new_path: str }, ['old_path', 'new_path']),
    ],
  },
  argumentsSchema: ARGS,
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
  call: (args, c) => run(c, args),
});
