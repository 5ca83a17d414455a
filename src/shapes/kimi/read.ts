// Read (Kimi Code 2.1.0): "<n>\t<text>" lines under a character budget (max_chars, default
// 100,000, at most 500,000, counting the numbers and the status), then one <system> status line
// saying what was read and, when the budget ran out, the arguments of the next Read. A negative
// line_offset reads the end; a first line longer than the budget is read in column fragments.
import { engineFailure, type TextRead } from '../../engine/index.js';
import { readPlainText } from '../kit/files/read-kind.js';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { codeFail, codeMessage } from './errors.js';
import { checkPath, pathOf } from './v1/files.js';

type Args = { path: string; line_offset?: number; column_offset?: number; n_lines?: number; max_chars?: number };

export const DEFAULT_MAX_CHARS = 100_000;
export const MAX_CHARS = 500_000;
const INT_MAX = 9007199254740991;

/** How the file's text differs from UTF-8 with one kind of line break: the status notes saying so. */
function encodingNotes(r: TextRead): string {
  const enc = r.encoding.toLowerCase().replace(/[-_]/g, '');
  const notes: string[] = [];
  if (!['utf8', 'ascii', 'usascii'].includes(enc)) {
    const name = enc === 'utf16le' ? 'UTF-16 LE' : enc === 'utf16be' ? 'UTF-16 BE' : r.encoding.toUpperCase();
    notes.push(
      `Detected file encoding: ${name}; content transcoded to UTF-8 for display. Edit and Write save UTF-8, so rewrite the whole file if its encoding must stay.`,
    );
  }
  if (r.lineEnding === 'mixed')
    notes.push('The file mixes line endings; carriage returns are shown as \\r so Edit can match them exactly.');
  return notes.map((n) => ` ${n}`).join('');
}

/** One line as the model sees it: a CRLF line of a mixed file keeps its \r, escaped. */
const shownLine = (r: TextRead, i: number): string =>
  r.lineEnding === 'mixed' && r.eols[i] === '\r\n' ? `${r.lines[i]}\\r` : r.lines[i]!;

interface Window {
  lines: string[];
  first: number;
  complete: boolean;
  fragment?: { line: number; from: number; to: number; length: number };
}

/** The status line for a window of the read. */
function status(args: Args, r: TextRead, w: Window, effective: number, total: number): string {
  const n = w.lines.length;
  const parts = [
    `${n} line${n === 1 ? '' : 's'} read from file starting from line ${w.first}.`,
    `Total lines in file: ${total}.`,
  ];
  if (w.fragment) {
    const f = w.fragment;
    parts.push(
      `Line ${f.line} fragment: columns [${f.from}, ${f.to}) of ${f.length}. ${f.to < f.length ? 'Line continues.' : 'Line complete.'}`,
    );
  }
  parts.push(w.complete ? 'Requested range complete.' : 'Character limit reached.');
  parts.push(`Effective max_chars: ${effective}.`);
  if ((args.max_chars ?? 0) > MAX_CHARS)
    parts.push(`Requested max_chars=${args.max_chars} was capped at the configured maximum ${MAX_CHARS}.`);
  const last = n === 0 ? w.first - 1 : w.first + n - 1;
  if (w.complete && (w.fragment ? w.fragment.line : last) >= total) parts.push('End of file reached.');
  if (!w.complete) parts.push(`Next Read: ${JSON.stringify(nextArgs(args, w))}`);
  return `<system>${parts.join(' ')}${encodingNotes(r)}</system>`;
}

/** The arguments that continue a read cut by its budget. */
function nextArgs(args: Args, w: Window): Record<string, unknown> {
  const f = w.fragment && w.fragment.to < w.fragment.length ? w.fragment : undefined;
  const whole = w.lines.length - (f ? 1 : 0);
  const next: Record<string, unknown> = { path: args.path, line_offset: f ? f.line : w.first + w.lines.length };
  if (f) next.column_offset = f.to;
  if (args.n_lines !== undefined) next.n_lines = Math.max(1, args.n_lines - whole);
  if (args.max_chars !== undefined) next.max_chars = Math.min(args.max_chars, MAX_CHARS);
  return next;
}

/** The lines that fit the budget, with the status they end in. */
function fitted(args: Args, r: TextRead, first: number, wanted: number, effective: number): string {
  const total = r.totalLines ?? 0;
  const all = r.lines.map((_, i) => shownLine(r, i)).slice(0, wanted);
  const render = (lines: string[], from: number) => lines.map((l, i) => `${from + i}\t${l}`).join('\n');
  const full = (w: Window) => {
    const body = render(w.lines, w.first);
    return `${body}${body ? '\n' : ''}${status(args, r, w, effective, total)}`;
  };
  const column = args.column_offset ?? 0;
  if (column > 0 && all.length > 0) all[0] = all[0]!.slice(column);
  const lastIndex = r.startLine + all.length - 1;
  const reachesEnd = all.length === wanted || lastIndex >= total;
  // As many whole lines as fit with the status that would follow them.
  let n = all.length;
  const windowOf = (k: number): Window => ({ lines: all.slice(0, k), first, complete: k === all.length && reachesEnd });
  if (column === 0 || all.length === 0) {
    while (n > 0 && full(windowOf(n)).length > effective) n = Math.floor(n * 0.9) === n ? n - 1 : Math.floor(n * 0.9);
    while (n < all.length && full(windowOf(n + 1)).length <= effective) n++;
    if (n > 0 || all.length === 0) return full(windowOf(n));
  }
  // The first line does not fit (or the read continues one): a fragment of it.
  const line = r.lines[0] !== undefined ? shownLine(r, 0) : '';
  const frag = (to: number): Window => ({
    lines: [line.slice(column, to)],
    first,
    complete: to >= line.length && all.length === 1 && reachesEnd,
    fragment: { line: first, from: column, to, length: line.length },
  });
  let lo = column;
  let hi = line.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (full(frag(mid)).length <= effective) lo = mid;
    else hi = mid - 1;
  }
  if (lo === column && line.length > column) {
    throw engineFailure(
      'max_chars_too_small',
      'max_chars is too small',
      { max_chars: effective },
      { field: 'max_chars' },
    );
  }
  return full(frag(lo));
}

export const readTool = defineTool<Args, { r: TextRead; first: number; wanted: number }>({
  name: 'Read',
  summary: 'Read a text file as "<n>\\t<text>" lines under a character budget; a negative line_offset reads the end.',
  description: [
    'Reads a text file in the workspace (relative paths start at the working directory; "~/" is the home directory when inside it).',
    'Each line comes back as its number, a tab, then the text; a <system> status line follows: lines read, the first line, the',
    'total, whether the range is complete, the effective max_chars, and "End of file reached." or, when the budget ran out,',
    '"Next Read: {…}" with the arguments to continue. line_offset is the 1-based first line; a negative value such as -50 reads',
    'the last 50 lines with their real numbers. n_lines limits the lines. max_chars is the budget of the whole result, numbers',
    'and status included: default 100000, at most 500000 (larger values are lowered, and the status says so). A first line',
    'longer than the budget is read in pieces: column_offset continues it. Files that are not UTF-8 are transcoded (the status',
    'names the encoding); mixed line endings show carriage returns as \\r. Images and videos are refused (use ReadMediaFile),',
    'as are binary files and files that usually hold secrets (.env, SSH keys, credentials). Use Grep to find text rather',
    'than reading whole files.',
  ],
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      path: { type: 'string' },
      line_offset: {
        anyOf: [
          { type: 'integer', minimum: 1, maximum: INT_MAX },
          { type: 'integer', minimum: -INT_MAX, exclusiveMaximum: 0 },
        ],
      },
      column_offset: { type: 'integer', minimum: 0, maximum: INT_MAX },
      n_lines: { type: 'integer', exclusiveMinimum: 0, maximum: INT_MAX },
      max_chars: { type: 'integer', exclusiveMinimum: 0, maximum: INT_MAX },
    },
    required: ['path'],
    additionalProperties: false,
  },
  tags: [TAGS.filesystem, TAGS.readOnly],
  examples: [
    {
      description: 'Read a file',
      arguments: { path: 'README.md' },
      expectedOutcome: 'Numbered lines and a <system> status ending "End of file reached."',
    },
    {
      description: 'Read the last 20 lines',
      arguments: { path: 'build.log', line_offset: -20 },
      expectedOutcome: 'The final 20 lines with their real numbers.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'NOT_FOUND: "<path>" does not exist. INVALID_ARGUMENT: "<path>" is not a file; an image or video (use ReadMediaFile) or a',
    'binary file; max_chars too small for one character and the status. PERMISSION_DENIED: outside the workspace (Kimi Code',
    'reads absolute paths anywhere; this server keeps to its roots). SECURITY_POLICY_FAILED: a sensitive-file pattern.',
    'Each error reads "<system>ERROR: Tool execution failed.</system>" then the reason.',
  ],
  async call(args, c) {
    const p = checkPath(pathOf(args));
    const effective = Math.min(args.max_chars ?? DEFAULT_MAX_CHARS, MAX_CHARS);
    const offset = args.line_offset ?? 1;
    // Every shown line takes at least three characters ("n", tab, break), so this many always covers the budget.
    const cap = Math.ceil(effective / 3) + 1;
    const wanted = Math.min(args.n_lines ?? cap, cap);
    const opts = { start: offset, limit: wanted, countTotal: true, media: [] };
    const r = await readPlainText(() => c.engine.files.read(c, p, opts), p);
    // A NUL past the part sniffed still makes the file binary, as Kimi Code checks it.
    if (r.lines.some((l) => l.includes('\0')))
      throw engineFailure('binary_file', `${p} holds NUL bytes`, { path: p, kind: 'image' }, { field: 'path' });
    return { r, first: r.startLine, wanted: Math.min(args.n_lines ?? INT_MAX, wanted) };
  },
  format({ r, first, wanted }, args): Reply {
    const effective = Math.min(args.max_chars ?? DEFAULT_MAX_CHARS, MAX_CHARS);
    const text = fitted(args, r, first, wanted, effective);
    return {
      text,
      host: { summary: `Read ${r.relative}`, paths: [r.path], counts: { totalLines: r.totalLines ?? 0 } },
    };
  },
  errors(err, args) {
    const p = typeof args.path === 'string' ? args.path : '';
    switch (err.condition) {
      case 'max_chars_too_small':
        return codeFail(
          `max_chars=${args.max_chars} is too small for file text and the Read status. Increase max_chars.`,
        );
      case 'media_file':
        return codeFail(
          `"${p}" is ${err.facts.kind === 'video' ? 'a video' : 'an image'} file. Only text files can be read; use ReadMediaFile for image and video files.`,
        );
      case 'binary_file':
        return codeFail(
          `"${p}" is not a text file (it holds binary data). Only text files can be read; inspect it with Bash and Python tools instead.`,
        );
      case 'empty_path':
        return codeFail('File path cannot be empty.');
    }
    if (err.kind === 'not_found' || err.kind === 'permission_denied' || err.facts.isDirectory)
      return codeFail(codeMessage({ ...err, facts: { ...err.facts, path: p } } as typeof err));
    return undefined;
  },
});
