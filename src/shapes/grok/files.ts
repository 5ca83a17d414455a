// Grok CLI file tools: view_file (a directory's names, a file's first 10 lines, or a line
// range, numbered "n: text"), create_file (new files only here) and str_replace_editor
// (literal replacement, unique unless replace_all).
import { ALL_RUNGS, editFile, EngineError, engineFailure, listDirectory, readFile, statFile, writeFile } from '../../engine/index.js';
import type { ToolDefinition } from '../../registry/types.js';
import { diffNote } from '../common/diff-note.js';
import { ok } from '../common/result.js';
import { TAGS } from '../tags.js';
import { changeText, grokMessage } from './text.js';

const WHOLE_FILE_LINES = 10;
/** Text one range view returns at most (Grok CLI has no limit; a model's context does). */
const RANGE_BUDGET = 256 * 1024;

interface ViewArgs {
  path: string;
  start_line?: number;
  end_line?: number;
}

const viewFile: ToolDefinition<ViewArgs> = {
  name: 'view_file',
  summary: 'Look at a file (its first 10 lines, or start_line-end_line) or list the names in a directory.',
  description: [
    'Shows a path inside the workspace, relative to the current directory (which bash "cd" changes).',
    'A directory: its entry names, one per line (not recursive). A file without a range: its first 10',
    'lines as "n: text" and "... +N lines" when there are more, so pass start_line and end_line (both, 1-based,',
    'inclusive) to see the rest. A range past the end of the file is not an error. A file ending in a line',
    'break counts one more, empty, line. Binary files and images are refused. One range returns at most',
    '256 KiB of text.',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string' }, start_line: { type: 'number' }, end_line: { type: 'number' } },
    required: ['path'],
  },
  destructive: false,
  tags: [TAGS.filesystem, TAGS.readOnly],
  examples: [
    { description: 'Glance at a file', arguments: { path: 'package.json' }, expectedOutcome: 'Contents of package.json: the first 10 numbered lines.' },
    {
      description: 'Read lines 20 to 60',
      arguments: { path: 'src/index.ts', start_line: 20, end_line: 60 },
      expectedOutcome: 'Lines 20-60 of src/index.ts, numbered.',
    },
    { description: 'List a directory', arguments: { path: '.' }, expectedOutcome: 'Directory contents of .: one name per line.' },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'NOT_FOUND: "File or directory not found: <path>".',
    'INVALID_ARGUMENT: start_line below 1, or a binary file or image (not shown as text).',
    'PERMISSION_DENIED: the path resolves outside the workspace.',
  ].join('\n'),
  async handler(args, ctx) {
    const p = args.path;
    const st = await statFile(ctx.scope, p, ctx.session.cwd);
    if (!st.exists) throw engineFailure('view_missing', `${p} does not exist`, { path: p }, { field: 'path' });
    if (st.isDirectory) {
      const r = await listDirectory(ctx.scope, p, { cwd: ctx.session.cwd, sort: 'name', signal: ctx.signal });
      return ok(`Directory contents of ${p}:\n${r.entries.map((e) => e.name).join('\n')}`, {
        tool: 'view_file',
        paths: [r.path],
        counts: { entries: r.total },
      });
    }
    const ranged = Boolean(args.start_line) && Boolean(args.end_line);
    const start = ranged ? Math.trunc(args.start_line!) : 1;
    const end = ranged ? Math.trunc(args.end_line!) : WHOLE_FILE_LINES;
    if (start < 1) throw new EngineError('invalid_argument', 'start_line must be 1 or more', { field: 'start_line', facts: { start_line: args.start_line } });
    const r = await readFile(ctx.scope, p, {
      cwd: ctx.session.cwd,
      signal: ctx.signal,
      session: ctx.session,
      start,
      limit: Math.max(1, end - start + 1),
      finalEmptyLine: true,
      countTotal: !ranged,
      media: [],
      budget: ranged ? { unit: 'bytes', max: RANGE_BUDGET, overflow: 'exclude' } : undefined,
    });
    if (r.kind !== 'text') {
      throw engineFailure('not_text', `${p} is not a text file`, { path: p, size: r.size }, { field: 'path' });
    }
    const shown = end < start ? [] : r.lines;
    const numbered = shown.map((l, i) => `${start + i}: ${l}`).join('\n');
    const host = { tool: 'view_file', paths: [r.path], counts: { lines: shown.length } };
    if (!ranged) {
      const more = (r.totalLines ?? 0) - shown.length;
      return ok(`Contents of ${p}:\n${numbered}${more > 0 ? `\n... +${more} lines` : ''}`, {
        ...host,
        counts: { lines: shown.length, totalLines: r.totalLines ?? 0 },
      });
    }
    const cut =
      r.stoppedBy === 'budget' ? `\n... (stopped after ${shown.length} lines: at most ${RANGE_BUDGET} bytes per view; ask for a later start_line)` : '';
    return ok(`Lines ${start}-${end} of ${p}:\n${numbered}${cut}`, { ...host, truncated: cut !== '' });
  },
  formatError(err, args) {
    if (err.condition === 'view_missing') return `File or directory not found: ${args.path}`;
    if (err.condition === 'not_text') return `Cannot view ${args.path}: it is a binary file (${String(err.facts.size)} bytes), not text`;
    return grokMessage(err);
  },
};

interface CreateArgs {
  path: string;
  content: string;
}

const createFile: ToolDefinition<CreateArgs> = {
  name: 'create_file',
  summary: 'Create a new file with the given content (refuses a file that already exists; edit those instead).',
  description: [
    'Writes a new file inside the workspace, creating missing parent directories, atomically. An existing',
    'file is never overwritten: change it with str_replace_editor. The result is "Updated <path> with N',
    'additions" and the diff of the new content.',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string' }, content: { type: 'string' } },
    required: ['path', 'content'],
  },
  destructive: true,
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Create a script',
      arguments: { path: 'scripts/hello.sh', content: '#!/bin/sh\necho hello\n' },
      expectedOutcome: 'Updated scripts/hello.sh with 2 additions and the diff.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'ALREADY_EXISTS: the file exists. Grok CLI silently overwrites it; this server refuses so that no content is lost —',
    'use str_replace_editor to change an existing file.',
    'PERMISSION_DENIED: the path resolves outside the workspace. INVALID_ARGUMENT: the path is a directory.',
  ].join('\n'),
  async handler(args, ctx) {
    const r = await writeFile(ctx.scope, args.path, args.content, { cwd: ctx.session.cwd, signal: ctx.signal, session: ctx.session, mode: 'create' });
    const text = r.diff && (r.diff.hunks.length > 0 || r.diff.omitted) ? changeText(args.path, r.diff) : `Created empty file ${args.path}`;
    return ok(text, {
      tool: 'create_file',
      summary: `Created ${r.relative}`,
      paths: [r.path],
      diff: r.diff?.unified,
      diffNote: diffNote(r.diff),
      counts: { bytes: r.size, added: r.diff?.added ?? 0 },
    });
  },
  formatError(err, args) {
    if (err.kind === 'already_exists') {
      return `File already exists: ${args.path}. create_file only makes new files; use str_replace_editor to change this one (view_file it first).`;
    }
    return grokMessage(err);
  },
};

interface ReplaceArgs {
  path: string;
  old_str: string;
  new_str: string;
  replace_all?: boolean;
}

const strReplace: ToolDefinition<ReplaceArgs> = {
  name: 'str_replace_editor',
  summary: 'Replace text in an existing file: old_str must match once (or set replace_all); shows the diff.',
  description: [
    'Replaces `old_str` with `new_str` in a file inside the workspace. The replacement is literal ($&, $1',
    'and the like are kept as written). old_str must occur exactly once unless replace_all is true; when a',
    'multi-line old_str is not found exactly, it is matched again ignoring trailing whitespace, then',
    'indentation. Identical old_str and new_str change nothing ("No changes in <path>"). The result is',
    '"Updated <path> with N additions and M removals" and a unified diff with 3 lines of context. View the',
    'file first so old_str is exact; create new files with create_file.',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string' }, old_str: { type: 'string' }, new_str: { type: 'string' }, replace_all: { type: 'boolean' } },
    required: ['path', 'old_str', 'new_str'],
  },
  destructive: true,
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
  ].join('\n'),
  async handler(args, ctx) {
    if (args.old_str === '') throw engineFailure('empty_old', 'old_str is empty', {}, { field: 'old_str' });
    const r = await editFile(ctx.scope, args.path, [{ oldString: args.old_str, newString: args.new_str, occurrences: args.replace_all ? 'all' : 'unique' }], {
      cwd: ctx.session.cwd,
      signal: ctx.signal,
      session: ctx.session,
      ladder: args.old_str.includes('\n') ? ALL_RUNGS : ['exact'],
      allowNoChange: true,
    });
    const host = {
      tool: 'str_replace_editor',
      paths: [r.path],
      diff: r.diff.unified,
      diffNote: diffNote(r.diff),
      counts: { replacements: r.replacements, added: r.diff.added, removed: r.diff.removed },
    };
    if (!r.changed) return ok(`No changes in ${args.path}`, host);
    return ok(changeText(args.path, r.diff), { ...host, summary: `Edited ${r.relative}` });
  },
  formatError(err, args) {
    const c = err.condition;
    if (c === 'file_missing') return `File not found: ${args.path}`;
    if (c === 'no_match') {
      return args.old_str.includes('\n')
        ? 'String not found in file, not even ignoring whitespace and indentation. View the lines with view_file and copy them exactly into old_str.'
        : `String not found in file: "${args.old_str}"`;
    }
    if (c === 'ambiguous') {
      return `String found ${String(err.facts.count)} times in ${args.path}; nothing was changed. Include more surrounding lines in old_str so it matches once, or set replace_all to true.`;
    }
    if (c === 'empty_old') return 'old_str is empty; give the exact text to replace (create new files with create_file).';
    return grokMessage(err);
  },
};

export const grokFileTools: ToolDefinition[] = [viewFile, createFile, strReplace];
