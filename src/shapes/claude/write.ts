// Claude Code's Write: read-before-write and changed-since-read refusals, trailing whitespace
// stripped outside Markdown, and Claude Code's result sentences.
import { writeHost } from '../kit/files/change-host.js';
import type { WriteResult } from '../../engine/index.js';
import { defineTool, errorTable, type ToolTable } from '../common/define.js';
import { formatSize } from '../common/render.js';
import { TAGS } from '../tags.js';
import { closed, CURRENT, here, READ_FIRST, stripTrailingWhitespace } from './render.js';

/** The engine's cap for files loaded whole to be changed (Claude Code allows 1 GiB; see errorModes). */
export const MAX_EDIT_BYTES = 100 * 1024 * 1024;

/** A file too large to load for a change: Write's and Edit's words. */
export const tooLarge = errorTable<unknown>({
  file_too_large: (err) =>
    `The file is too large to change (${formatSize(err.facts.size)}); the most this server loads for editing is ${formatSize(err.facts.maxBytes)}. Change it with a command in Bash instead.`,
});

const WRITE = { freshness: READ_FIRST, lineEnding: 'asis' as const, maxBytes: MAX_EDIT_BYTES };

interface Args {
  file_path: string;
  content: string;
}

/**
 * Write as Claude Code 2.1.197 answered it (an existing file Read first, unchanged since): claude@2.1.197 serves it.
 */
const TABLE_197 = {
  name: 'Write',
  fields: { path: 'file_path' },
  summary: 'Create a file or replace all of it. An existing file must have been Read first; prefer Edit for changes.',
  description: [
    'Writes content to file_path (absolute; relative paths resolve from the working directory), creating missing parent',
    'directories. The content is written as given, with no line break added, except that outside .md/.mdx files trailing',
    'spaces and tabs are removed from every line. Overwriting an existing file requires that this session Read it and',
    'that it has not changed on disk since. The write is atomic: a failure leaves the old file as it was.',
    'For changes to part of a file use Edit, which sends only the difference.',
  ],
  schema: closed({ file_path: 'string', content: 'string' }, ['file_path', 'content']),
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
  ],
  errors: tooLarge,
  call: (a, c) => c.engine.files.write(here(c), a.file_path, stripTrailingWhitespace(a.file_path, a.content), WRITE),
  format: (r, a) => ({
    text: r.created
      ? `File created successfully at: ${a.file_path} ${CURRENT}`
      : `The file ${a.file_path} has been updated successfully. ${CURRENT}`,
    host: { summary: `${r.created ? 'Created' : 'Wrote'} ${r.relative} (${r.size} bytes)`, ...writeHost(r) },
  }),
} satisfies ToolTable<Args, WriteResult>;

export const write197 = defineTool<Args, WriteResult>(TABLE_197);

const WRITE_332 = { ...WRITE, freshness: undefined };

/**
 * Claude Code 2.1.332's Write, as it answers the newer models (from 2.1.228): an existing file is overwritten without a
 * Read first.
 */
export const write = defineTool<Args, WriteResult>({
  ...TABLE_197,
  summary: 'Create a file or replace all of it; prefer Edit for changes to part of a file.',
  description: [
    ...TABLE_197.description.slice(0, 2),
    'spaces and tabs are removed from every line. An existing file is replaced whole, whether or not this session Read',
    'it. The write is atomic: a failure leaves the old file as it was.',
    ...TABLE_197.description.slice(4),
  ],
  errorModes: TABLE_197.errorModes.filter((l) => !l.startsWith('CONFLICT')),
  call: (a, c) =>
    c.engine.files.write(here(c), a.file_path, stripTrailingWhitespace(a.file_path, a.content), WRITE_332),
});
