// The commands a memory directory answers (the memory tool, memory_20250818, is the
// protocol it serves, so requests use that tool's parameter names): view, create,
// str_replace, insert, delete and rename, each checked in the order the SDK helpers check
// them. Every refusal is a condition with its facts; a shape words them.
import { engineFailure } from './errors.js';
import { MEMORY_ROOT, type MemoryDir, type MemoryEntry } from './memory.js';
import { countOf, insertLines, linesAround, linesOf, replaceFirst } from './text/occurrences.js';

export const MEMORY_COMMANDS = ['view', 'create', 'str_replace', 'insert', 'delete', 'rename'];
/** The SDK helpers refuse to show a file of more lines. */
const MAX_LINES = 999_999;

export interface MemoryRequest {
  command: string;
  path?: string;
  view_range?: unknown;
  file_text?: string;
  old_str?: string;
  new_str?: string;
  insert_line?: number;
  insert_text?: string;
  old_path?: string;
  new_path?: string;
}

export type MemoryOutcome =
  | { command: 'view'; path: string; directory: { base: string; size: number; entries: MemoryEntry[] } }
  | { command: 'view'; path: string; file: { first: number; lines: string[]; total: number } }
  | { command: 'str_replace'; path: string; snippet: { first: number; lines: string[] } }
  | { command: 'create' | 'insert' | 'delete'; path: string }
  | { command: 'rename'; from: string; to: string };

type Param = Exclude<keyof MemoryRequest, 'command'>;

function need<P extends Param>(req: MemoryRequest, param: P): NonNullable<MemoryRequest[P]> {
  const v = req[param];
  if (v === undefined)
    throw engineFailure(
      'parameter_missing',
      `${param} is required for ${req.command}`,
      { param, command: req.command },
      { field: param },
    );
  return v as NonNullable<MemoryRequest[P]>;
}

const missing = (path: string, field = 'path') =>
  engineFailure('path_missing', `${path} does not exist`, { path }, { field });

/** /memories itself may be neither deleted nor renamed. */
function notRoot(path: string, command: string, field: string): void {
  if (path.replace(/\/+$/, '') === MEMORY_ROOT)
    throw engineFailure('memory_root', `cannot ${command} ${MEMORY_ROOT} itself`, { path, command }, { field });
}

/** A file's real path and text; a missing path or a directory is `path_missing`. */
async function fileOf(mem: MemoryDir, path: string): Promise<{ real: string; text: string }> {
  const real = await mem.locate(path);
  if ((await mem.stat(real)).kind !== 'file') throw missing(path);
  return { real, text: await mem.read(real, path) };
}

async function view(mem: MemoryDir, req: MemoryRequest, path: string): Promise<MemoryOutcome> {
  const real = await mem.locate(path);
  const st = await mem.stat(real);
  if (st.kind === 'directory')
    return {
      command: 'view',
      path,
      directory: { base: path.replace(/\/+$/, '') || MEMORY_ROOT, size: st.size, entries: await mem.list(real) },
    };
  if (st.kind !== 'file') throw missing(path);
  const lines = (await mem.read(real, path)).split('\n');
  if (lines.length > MAX_LINES)
    throw engineFailure(
      'memory_too_long',
      `${path} has more than ${MAX_LINES} lines`,
      { path, lines: lines.length, max: MAX_LINES },
      { field: 'path' },
    );
  const range = req.view_range;
  // A range that is not two integers is ignored, as the SDK helpers do.
  if (!Array.isArray(range) || range.length !== 2 || !range.every((x) => Number.isSafeInteger(x)))
    return { command: 'view', path, file: { first: 1, lines, total: lines.length } };
  const [a, b] = range as [number, number];
  const first = Math.max(1, a);
  return {
    command: 'view',
    path,
    file: { first, lines: b === -1 ? lines.slice(first - 1) : lines.slice(first - 1, b), total: lines.length },
  };
}

async function strReplace(mem: MemoryDir, req: MemoryRequest, path: string): Promise<MemoryOutcome> {
  const old = need(req, 'old_str');
  const next = need(req, 'new_str');
  const { real, text } = await fileOf(mem, path);
  const n = countOf(text, old);
  if (n === 0 || old === '')
    throw engineFailure('memory_no_match', `old_str does not occur in ${path}`, { path, old }, { field: 'old_str' });
  if (n > 1) {
    const lines = linesOf(text, old);
    throw engineFailure(
      'memory_not_unique',
      `old_str occurs ${n} times in ${path}`,
      { path, old, lines },
      { field: 'old_str' },
    );
  }
  const edit = replaceFirst(text, old, next);
  await mem.write(real, path, edit.text);
  return {
    command: 'str_replace',
    path,
    snippet: linesAround(edit.text.split('\n'), edit.line, next.split('\n').length, 2),
  };
}

async function insert(mem: MemoryDir, req: MemoryRequest, path: string): Promise<MemoryOutcome> {
  const k = need(req, 'insert_line');
  const inserted = need(req, 'insert_text');
  const { real, text } = await fileOf(mem, path);
  // Lines as the SDK helpers count them: a final newline adds none.
  const lines = text === '' ? [] : (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
  if (!Number.isSafeInteger(k) || k < 0 || k > lines.length)
    throw engineFailure(
      'insert_line_out_of_range',
      `insert_line ${k} is outside [0, ${lines.length}]`,
      { line: k, lines: lines.length },
      { field: 'insert_line' },
    );
  await mem.write(real, path, insertLines(lines, k, inserted.replace(/\n+$/, '').split('\n')).join('\n') + '\n');
  return { command: 'insert', path };
}

/** Runs one command of the memory tool on `mem`. */
export async function memoryCommand(mem: MemoryDir, req: MemoryRequest): Promise<MemoryOutcome> {
  if (!MEMORY_COMMANDS.includes(req.command))
    throw engineFailure(
      'unknown_command',
      `unknown command ${req.command}`,
      { command: req.command, commands: MEMORY_COMMANDS },
      { field: 'command' },
    );
  if (req.command === 'rename') {
    const from = need(req, 'old_path');
    const to = need(req, 'new_path');
    notRoot(from, 'rename', 'old_path');
    if ((await mem.stat(await mem.locate(from))).kind === 'missing') throw missing(from, 'old_path');
    if ((await mem.stat(await mem.locate(to))).kind !== 'missing')
      throw engineFailure('file_exists', `${to} already exists`, { path: to }, { field: 'new_path' });
    await mem.rename(from, to, to);
    return { command: 'rename', from, to };
  }
  const path = need(req, 'path');
  switch (req.command) {
    case 'view':
      return view(mem, req, path);
    case 'create': {
      const text = need(req, 'file_text');
      const real = await mem.locate(path);
      if ((await mem.stat(real)).kind !== 'missing')
        throw engineFailure('file_exists', `${path} already exists`, { path }, { field: 'path' });
      await mem.create(real, path, text);
      return { command: 'create', path };
    }
    case 'str_replace':
      return strReplace(mem, req, path);
    case 'insert':
      return insert(mem, req, path);
    default: {
      notRoot(path, 'delete', 'path');
      if ((await mem.stat(await mem.locate(path))).kind === 'missing') throw missing(path);
      await mem.remove(path);
      return { command: 'delete', path };
    }
  }
}
