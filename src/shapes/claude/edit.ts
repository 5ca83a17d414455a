// Claude Code's Write and Edit: read-before-write and changed-since-read refusals, exact
// (then quote-normalised) unique matching or replace_all, literal replacement, trailing
// whitespace stripped outside Markdown, and Claude Code's result sentences.
import { editFile, EngineError, type FreshnessPolicy, isCondition, writeFile } from '../../engine/index.js';
import type { HandlerContext, ToolDefinition } from '../../registry/types.js';
import { diffNote } from '../common/diff-note.js';
import { ok } from '../common/result.js';
import { TAGS } from '../tags.js';
import { claudeError, claudeTool, cwdOf, formatSize, stripTrailingWhitespace, toolUseError } from './common.js';

/** Existing files must have been read in the session and be unchanged since. */
export const READ_FIRST: FreshnessPolicy = { requireRead: true, requireUnchanged: true };
/** The engine's cap for files loaded whole to be changed (Claude Code allows 1 GiB; see errorModes). */
const MAX_EDIT_BYTES = 100 * 1024 * 1024;
const CURRENT = '(file state is current in your context — no need to Read it back)';

interface WriteArgs {
  file_path: string;
  content: string;
}

interface EditArgs {
  file_path: string;
  old_string: string;
  new_string: string;
  replace_all?: boolean;
}

function tooLarge(err: EngineError): string | undefined {
  if (!isCondition(err, 'file_too_large')) return undefined;
  return `The file is too large to change (${formatSize(err.facts.size)}); the most this server loads for editing is ${formatSize(err.facts.maxBytes)}. Change it with a command in Bash instead.`;
}

export const writeTool: ToolDefinition<WriteArgs> = claudeTool<WriteArgs>({
  name: 'Write',
  fields: { path: 'file_path' },
  summary: 'Create a file or replace all of it. An existing file must have been Read first; prefer Edit for changes.',
  description: [
    'Writes content to file_path (absolute; relative paths resolve from the working directory), creating missing parent',
    'directories. The content is written as given, with no line break added, except that outside .md/.mdx files trailing',
    'spaces and tabs are removed from every line. Overwriting an existing file requires that this session Read it and',
    'that it has not changed on disk since. The write is atomic: a failure leaves the old file as it was.',
    'For changes to part of a file use Edit, which sends only the difference.',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: { file_path: { type: 'string' }, content: { type: 'string' } },
    required: ['file_path', 'content'],
    additionalProperties: false,
  },
  destructive: true,
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Create a new module',
      arguments: { file_path: '/srv/app/src/util.ts', content: 'export const two = 2;\n' },
      expectedOutcome: 'File created successfully at: /srv/app/src/util.ts ...',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'CONFLICT (<tool_use_error>): the file exists and was not Read in this session. Read it, then write.',
    'CONFLICT (<tool_use_error>): the file changed on disk after the Read. Read it again.',
    'PERMISSION_DENIED (<tool_use_error>): the path resolves outside the roots.',
    'INVALID_ARGUMENT: the path is a directory, or the existing file is binary.',
    'RESOURCE_EXHAUSTED: the existing file is over 100MB.',
  ].join('\n'),
  word: tooLarge,
  async run(args, ctx) {
    const r = await writeFile(ctx.scope, args.file_path, stripTrailingWhitespace(args.file_path, args.content), {
      cwd: cwdOf(ctx),
      signal: ctx.signal,
      session: ctx.session,
      freshness: READ_FIRST,
      lineEnding: 'asis',
      maxBytes: MAX_EDIT_BYTES,
    });
    const text = r.created
      ? `File created successfully at: ${args.file_path} ${CURRENT}`
      : `The file ${args.file_path} has been updated successfully. ${CURRENT}`;
    return ok(text, {
      tool: 'Write',
      summary: `${r.created ? 'Created' : 'Wrote'} ${r.relative} (${r.size} bytes)`,
      paths: [r.path],
      diff: r.diff?.unified,
      diffNote: diffNote(r.diff),
      counts: { bytes: r.size, added: r.diff?.added ?? 0, removed: r.diff?.removed ?? 0 },
    });
  },
});

function editWord(err: EngineError, args: EditArgs, ctx: HandlerContext): string | undefined {
  switch (err.condition) {
    case 'no_change':
      return toolUseError('old_string and new_string are identical, so there is nothing to change.');
    case 'file_missing':
      return toolUseError(
        `File does not exist: ${args.file_path}. Relative paths are resolved from the current working directory, ${cwdOf(ctx)}. To create a file, use Write or an empty old_string.`,
      );
    case 'file_exists':
      return toolUseError('An empty old_string creates a new file, but this file already exists and is not empty. Put the text to replace in old_string.');
    case 'notebook':
      return toolUseError('This file is a Jupyter notebook; change its cells with NotebookEdit.');
    case 'no_match':
      return toolUseError(
        `old_string was not found in the file. It must match the file exactly, whitespace and indentation included; Read the file again if unsure.\nString: ${args.old_string}`,
      );
    case 'ambiguous':
      return toolUseError(
        `old_string occurs ${String(err.facts.count)} times in the file and replace_all is false. Set replace_all to true to change every occurrence, or add surrounding lines to old_string so that it matches only one.\nString: ${args.old_string}`,
      );
    default:
      return tooLarge(err);
  }
}

const ESCAPE = /\\u([0-9a-fA-F]{4})/g;
const unescape = (t: string) => t.replace(ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const escape = (t: string) => t.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** old_string with its \uXXXX escapes decoded, or else its non-ASCII characters escaped; undefined when neither changes it. */
export function swapEscapes(oldString: string): { text: string; apply: (s: string) => string } | undefined {
  const decoded = unescape(oldString);
  if (decoded !== oldString) return { text: decoded, apply: unescape };
  const encoded = escape(oldString);
  if (encoded !== oldString) return { text: encoded, apply: escape };
  return undefined;
}

export const editTool: ToolDefinition<EditArgs> = claudeTool<EditArgs>({
  name: 'Edit',
  fields: { path: 'file_path' },
  summary: 'Replace an exact, unique piece of text in a file (or every occurrence with replace_all). Read the file first.',
  description: [
    'Replaces old_string with new_string in file_path. old_string must match the file exactly (indentation included;',
    'do not copy the "N<TAB>" prefix Read adds) and occur once, unless replace_all is true. When it is not found',
    'verbatim, typographic quotes (and dashes) in the file are read as straight ones, and straight quotes in new_string',
    'are turned into the curly ones the file uses. Replacement is literal ($& means nothing). Deleting text (empty',
    'new_string) also removes the line break after it. Outside .md/.mdx files trailing whitespace is removed from each',
    'line of new_string. An empty old_string creates a new file holding new_string. The file must have been Read in this',
    'session and be unchanged since. Encoding, BOM and CRLF line endings are kept. Notebooks go to NotebookEdit.',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: {
      file_path: { type: 'string' },
      old_string: { type: 'string' },
      new_string: { type: 'string' },
      replace_all: { default: false, type: 'boolean' },
    },
    required: ['file_path', 'old_string', 'new_string'],
    additionalProperties: false,
  },
  destructive: true,
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Change one line',
      arguments: { file_path: '/srv/app/src/main.ts', old_string: 'const retries = 3;', new_string: 'const retries = 5;' },
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
  ].join('\n'),
  word: editWord,
  async run(args, ctx) {
    const newString = stripTrailingWhitespace(args.file_path, args.new_string);
    const attempt = (oldString: string, replacement: string) =>
      editFile(ctx.scope, args.file_path, [{ oldString, newString: replacement, occurrences: args.replace_all ? 'all' : 'unique' }], {
        cwd: cwdOf(ctx),
        signal: ctx.signal,
        session: ctx.session,
        freshness: READ_FIRST,
        ladder: ['exact', 'typography'],
        requote: true,
        absorbNewlineOnDelete: true,
        refuseNotebooks: true,
        maxBytes: MAX_EDIT_BYTES,
        createParents: true,
      });
    const r = await attempt(args.old_string, newString).catch(async (err: unknown) => {
      // As Claude Code: when old_string is not found verbatim, try it with \uXXXX escapes swapped for the
      // characters they stand for (or the other way round), changing new_string the same way.
      const swapped = swapEscapes(args.old_string);
      if (!isCondition(err, 'no_match') || !swapped) throw err;
      return attempt(swapped.text, swapped.apply(newString)).catch((again: unknown) => {
        throw isCondition(again, 'no_match') ? err : again;
      });
    });
    const text = args.replace_all
      ? `The file ${args.file_path} has been updated. All occurrences were successfully replaced. ${CURRENT}`
      : `The file ${args.file_path} has been updated successfully. ${CURRENT}`;
    return ok(text, {
      tool: 'Edit',
      summary: `${r.created ? 'Created' : 'Edited'} ${r.relative}: ${r.replacements} replacement${r.replacements === 1 ? '' : 's'}`,
      paths: [r.path],
      diff: r.diff.unified,
      diffNote: diffNote(r.diff),
      counts: { replacements: r.replacements, added: r.diff.added, removed: r.diff.removed },
      details: { changedLines: r.diff.changedLines, matchedBy: r.edits.map((e) => e.rung) },
    });
  },
});

/** Claude Code's own alias names for Edit's parameters; refused here, but the refusal names the right ones. */
const ALIASES: Record<string, string> = { path: 'file_path', old_str: 'old_string', new_str: 'new_string', replace_name: 'replace_all' };

editTool.formatError = (err, args, ctx) => {
  const text = claudeError(err, 'Edit', ctx);
  const used = Object.keys(ALIASES).filter((k) => args !== null && typeof args === 'object' && k in args);
  if (used.length === 0 || !err.facts.violations) return text;
  return text.replace(/<\/tool_use_error>$/, `\nUse Edit's parameter names: ${used.map((k) => `${ALIASES[k]} instead of ${k}`).join(', ')}.</tool_use_error>`);
};
