// read_file (experimental in Codex): numbered lines "L<n>: <text>" of a file given by its
// absolute path, a slice (offset/limit) or the indented block around an anchor line.
import type { ArgsOf } from '../kit/args/schema-args.js';
import { cutUtf8 } from '../kit/text/text-cut.js';
import { type Numbered, numberedRead } from '../kit/files/numbered-read.js';
import { readTextOnly } from '../kit/files/read-kind.js';
import { type Call, defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { BOOLEAN, NUMBER, STRING } from './schema.js';

const DEFAULT_LIMIT = 2000;
const HINT = 'read_file shows text, view_image shows images';
const MAX_LINE_BYTES = 500;
/** Indentation mode reads the whole file; past this size the slice mode is the way. */
const MAX_INDENT_FILE_BYTES = 16 * 1024 * 1024;
const READ = { limit: DEFAULT_LIMIT, maxBlockFileBytes: MAX_INDENT_FILE_BYTES };

// As Codex: bytes that are not UTF-8 show as U+FFFD rather than as a guessed legacy encoding.
const readText = (c: Call, file: string, opts: { start?: number; limit?: number; maxFileBytes?: number }) =>
  readTextOnly(
    c.engine.files.read(c, file, { ...opts, maxLineChars: MAX_LINE_BYTES, media: [], utf8Lossy: true }),
    file,
    'file_path',
    HINT,
  );

const schema = {
  type: 'object',
  properties: {
    file_path: STRING,
    offset: NUMBER,
    limit: NUMBER,
    mode: STRING,
    indentation: {
      type: 'object',
      properties: {
        anchor_line: NUMBER,
        max_levels: NUMBER,
        include_siblings: BOOLEAN,
        include_header: BOOLEAN,
        max_lines: NUMBER,
      },
      additionalProperties: false,
    },
  },
  required: ['file_path'],
  additionalProperties: false,
} as const;

export const readFile = defineTool<ArgsOf<typeof schema>, Numbered>({
  name: 'read_file',
  fields: { path: 'file_path' },
  summary: 'Read lines of a text file by absolute path, as "L<n>: text", a range or the code block around a line.',
  description: [
    '`file_path` must be absolute (and inside the roots). mode "slice" (default) returns `limit` lines (default 2000) from',
    'line `offset` (1-based, default 1). mode "indentation" returns the block around `indentation.anchor_line` (default: offset):',
    'it widens up and down while lines are indented at least as deep as the anchor minus max_levels levels (4 columns each;',
    "max_levels 0, the default, means no floor), stops at the block's edges unless include_siblings, keeps comment lines",
    'just above as a header (include_header, default true), and returns at most max_lines (default: limit) lines.',
    'Each line is "L<number>: <text>" without its line ending, cut to 500 bytes. Text is read as UTF-8, bytes that are not UTF-8 shown as U+FFFD (\uFFFD); files with a UTF-16 or UTF-8 byte-order mark are decoded by it.',
    'For images use view_image; to find files use grep_files or list_dir.',
  ],
  schema,
  tags: [TAGS.filesystem, TAGS.readOnly],
  examples: [
    {
      description: 'Read the first 50 lines',
      arguments: { file_path: '/srv/app/src/main.py', offset: 1, limit: 50 },
      expectedOutcome: 'L1: … to L50: …',
    },
    {
      description: 'Read the function around line 120',
      arguments: {
        file_path: '/srv/app/src/main.py',
        mode: 'indentation',
        indentation: { anchor_line: 120, max_levels: 1 },
      },
      expectedOutcome: 'The numbered lines of the enclosing block.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'INVALID_ARGUMENT: "file_path must be an absolute path"; "offset must be a 1-indexed line number"; "limit must be greater than zero";',
    '"max_lines must be greater than zero"; a mode other than slice or indentation.',
    'A binary file (NUL bytes, or an image/PDF) is refused (INVALID_ARGUMENT: "<path> is not a text file (binary); read_file shows text, view_image shows images"), where Codex would print its bytes as text.',
    'Past the end: "offset exceeds file length" (also for an empty file) and "anchor_line exceeds file length" (OUT_OF_RANGE as INVALID_ARGUMENT).',
    'NOT_FOUND: no such file. PERMISSION_DENIED: outside the roots. RESOURCE_EXHAUSTED: indentation mode on a file over 16 MiB (use slice mode).',
  ],
  call: (args, c) =>
    numberedRead((o) => readText(c, args.file_path, o), { path: args.file_path, field: 'file_path' }, args, READ),
  format: ({ lines, facts }) => ({
    text: lines.map(([n, l]) => `L${n}: ${cutUtf8(l, MAX_LINE_BYTES)}`).join('\n'),
    host: facts,
  }),
});
