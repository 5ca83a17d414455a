// What Anthropic's two text editors share: view (a file in `cat -n` lines, a directory two
// levels deep), create, str_replace and insert, with the reference implementation's
// messages and the docs' words where they give them. The 2025-07 editor
// (str_replace_based_edit_tool) takes insert_text and has no undo; the legacy one
// (str_replace_editor) takes new_str for insert and keeps the files' earlier texts per
// session for undo_edit.
import { countOf, insertLines, linesAround, replaceFirst, type TextRead } from '../../engine/index.js';
import { rememberText, takeRemembered } from '../kit/files/undo-history.js';
import { findListing } from '../kit/search/find-listing.js';
import type { Call, Reply } from '../common/define.js';
import { said } from './errors.js';
import { catN, clip, numbered, pyList } from './text.js';

export interface EditorArgs {
  command: string;
  path: string;
  view_range?: unknown;
  file_text?: string;
  old_str?: string;
  new_str?: string;
  insert_line?: number;
  insert_text?: string;
}

export interface EditorVariant {
  name: string;
  commands: readonly string[];
  /** The insert command's text parameter. */
  insertParam: 'insert_text' | 'new_str';
  /** Earlier texts kept per session for undo_edit. */
  undo: boolean;
}

/** Earlier texts kept per file for undo_edit. */
const UNDO_DEPTH = 16;

const required = (param: string, command: string) =>
  said('invalid_argument', `Parameter \`${param}\` is required for command: ${command}`, param);

/**
 * The whole text of a file with its line breaks as "\n" (as the reference reads text), and its
 * real path. Writes keep the file's own line endings (CRLF stays CRLF).
 */
async function readWhole(c: Call, file: string): Promise<{ text: string; real: string }> {
  const r = await c.engine.files.read(c, file, { finalEmptyLine: true, media: [] });
  if (r.kind !== 'text')
    throw said(
      'invalid_argument',
      `Ran into a binary file (${r.kind}) while trying to read ${file}: only text files can be viewed or edited`,
      'path',
    );
  return { text: joinLines(r), real: r.path };
}

const joinLines = (r: TextRead) => r.lines.map((l, i) => l + (r.eols[i] ? '\n' : '')).join('');

/** The path's kind, refusing what the reference refuses before any command runs. */
async function checkPath(c: Call, args: EditorArgs): Promise<{ exists: boolean; dir: boolean; real: string }> {
  const st = await c.engine.files.stat(c, args.path);
  if (!st.exists && args.command !== 'create') throw said('not_found', 'Error: File not found', 'path');
  if (st.exists && args.command === 'create') {
    throw said(
      'already_exists',
      `File already exists at: ${args.path}. Cannot overwrite files using command \`create\`.`,
      'path',
    );
  }
  if (st.isDirectory && args.command !== 'view') {
    throw said(
      'invalid_argument',
      `The path ${args.path} is a directory and only the \`view\` command can be used on directories`,
      'path',
    );
  }
  return { exists: st.exists, dir: st.isDirectory, real: st.path };
}

function isIntPair(v: unknown): v is [number, number] {
  return Array.isArray(v) && v.length === 2 && v.every((x) => Number.isSafeInteger(x));
}

async function view(c: Call, args: EditorArgs, dir: boolean): Promise<Reply> {
  if (dir) {
    if (args.view_range !== undefined)
      throw said(
        'invalid_argument',
        'The `view_range` parameter is not allowed when `path` points to a directory.',
        'view_range',
      );
    const list = await c.engine.search.list(c, args.path, { depth: 2, includeHidden: false });
    return {
      text: `Here's the files and directories up to 2 levels deep in ${args.path}, excluding hidden items:\n${findListing(args.path, list.entries)}\n`,
      host: {
        summary: `Listed ${list.entries.length} entries of ${args.path}`,
        paths: [list.path],
        counts: { entries: list.entries.length },
      },
    };
  }
  const { text, real } = await readWhole(c, args.path);
  const max = c.config.anthropic?.maxCharacters ?? 0;
  if (args.view_range === undefined) {
    const lines = text.split('\n').length;
    return {
      text: catN(clip(text, max), args.path),
      host: { summary: `Viewed ${args.path}`, paths: [real], counts: { lines } },
    };
  }
  const range = args.view_range;
  if (!isIntPair(range))
    throw said('invalid_argument', 'Invalid `view_range`. It should be a list of two integers.', 'view_range');
  const lines = text.split('\n');
  const n = lines.length;
  const [first, last] = range;
  const bad = (why: string) =>
    said('invalid_argument', `Invalid \`view_range\`: ${pyList(range)}. ${why}`, 'view_range');
  if (first < 1 || first > n)
    throw bad(`Its first element \`${first}\` should be within the range of lines of the file: ${pyList([1, n])}`);
  if (last > n)
    throw bad(`Its second element \`${last}\` should be smaller than the number of lines in the file: \`${n}\``);
  if (last !== -1 && last < first)
    throw bad(`Its second element \`${last}\` should be larger or equal than its first \`${first}\``);
  const shown = (last === -1 ? lines.slice(first - 1) : lines.slice(first - 1, last)).join('\n');
  return {
    text: catN(clip(shown, max), args.path, first),
    host: {
      summary: `Viewed lines ${first}-${last === -1 ? n : last} of ${args.path}`,
      paths: [real],
      counts: { lines: n },
    },
  };
}

async function create(c: Call, v: EditorVariant, args: EditorArgs): Promise<Reply> {
  if (args.file_text === undefined) throw required('file_text', 'create');
  const w = await c.engine.files.write(c, args.path, args.file_text, { mode: 'create', lineEnding: 'asis' });
  if (v.undo) rememberText(c.session, w.path, args.file_text, UNDO_DEPTH);
  return {
    text: `File created successfully at: ${args.path}`,
    host: { summary: `Created ${args.path}`, paths: [w.path], diff: w.diff?.unified },
  };
}

async function strReplace(c: Call, v: EditorVariant, args: EditorArgs): Promise<Reply> {
  if (args.old_str === undefined) throw required('old_str', 'str_replace');
  const oldStr = args.old_str;
  const newStr = args.new_str ?? '';
  const { text, real } = await readWhole(c, args.path);
  const n = countOf(text, oldStr);
  if (n === 0)
    throw said('conflict', 'Error: No match found for replacement. Please check your text and try again.', 'old_str');
  if (n > 1)
    throw said(
      'conflict',
      `Error: Found ${n} matches for replacement text. Please provide more context to make a unique match.`,
      'old_str',
    );
  const edit = replaceFirst(text, oldStr, newStr);
  const w = await c.engine.files.write(c, args.path, edit.text, { lineEnding: 'keep' });
  if (v.undo) rememberText(c.session, real, text, UNDO_DEPTH);
  const snip = linesAround(edit.text.split('\n'), edit.line, newStr.split('\n').length, 4);
  return {
    text:
      `The file ${args.path} has been edited. Here's the result of running \`cat -n\` on a snippet of ${args.path}:\n${numbered(snip.lines, snip.first)}\n` +
      'Review the changes and make sure they are as expected. Edit the file again if necessary.',
    host: { summary: `Edited ${args.path}`, paths: [w.path], diff: w.diff?.unified },
  };
}

async function insert(c: Call, v: EditorVariant, args: EditorArgs): Promise<Reply> {
  // The 2025-07 editor takes insert_text; like other clients, new_str stands in when it is absent.
  const inserted = v.insertParam === 'insert_text' ? (args.insert_text ?? args.new_str) : args.new_str;
  if (args.insert_line === undefined) throw required('insert_line', 'insert');
  if (inserted === undefined) throw required(v.insertParam, 'insert');
  const { text, real } = await readWhole(c, args.path);
  const lines = text.split('\n');
  const n = lines.length;
  const k = args.insert_line;
  if (!Number.isSafeInteger(k) || k < 0 || k > n) {
    throw said(
      'invalid_argument',
      `Invalid \`insert_line\` parameter: ${k}. It should be within the range of lines of the file: ${pyList([0, n])}`,
      'insert_line',
    );
  }
  // A final newline ends the inserted text's last line; it does not add an empty one.
  const added = (inserted.endsWith('\n') ? inserted.slice(0, -1) : inserted).split('\n');
  const all = insertLines(lines, k, added);
  const w = await c.engine.files.write(c, args.path, all.join('\n'), { lineEnding: 'keep' });
  if (v.undo) rememberText(c.session, real, text, UNDO_DEPTH);
  const snip = linesAround(all, k + 1, added.length, 4);
  return {
    text:
      `The file ${args.path} has been edited. Here's the result of running \`cat -n\` on a snippet of the edited file:\n${numbered(snip.lines, snip.first)}\n` +
      'Review the changes and make sure they are as expected (correct indentation, no duplicate lines, etc). Edit the file again if necessary.',
    host: {
      summary: `Inserted ${added.length} line(s) after line ${k} of ${args.path}`,
      paths: [w.path],
      diff: w.diff?.unified,
    },
  };
}

async function undo(c: Call, args: EditorArgs, real: string): Promise<Reply> {
  const before = takeRemembered(c.session, real);
  if (before === undefined) throw said('precondition_failed', `No edit history found for ${args.path}.`, 'path');
  const w = await c.engine.files.write(c, args.path, before, { lineEnding: 'keep' });
  return {
    text: `Last edit to ${args.path} undone successfully. ${catN(before, args.path)}`,
    host: { summary: `Undid the last edit of ${args.path}`, paths: [w.path], diff: w.diff?.unified },
  };
}

/** One call of an editor variant. */
export async function runEditor(c: Call, v: EditorVariant, args: EditorArgs): Promise<Reply> {
  if (!v.commands.includes(args.command)) {
    throw said(
      'invalid_argument',
      `Unrecognized command ${args.command}. The allowed commands for the ${v.name} tool are: ${v.commands.join(', ')}`,
      'command',
    );
  }
  const at = await checkPath(c, args);
  switch (args.command) {
    case 'view':
      return view(c, args, at.dir);
    case 'create':
      return create(c, v, args);
    case 'str_replace':
      return strReplace(c, v, args);
    case 'insert':
      return insert(c, v, args);
    default:
      return undo(c, args, at.real);
  }
}
