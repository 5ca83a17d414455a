// read_file: a file's lines numbered "n | text" under a header naming the range and the total,
// from start_line (default 1) to end_line (default the end); both are clamped, never refused.
import { engineFailure, EngineError } from '../../engine/index.js';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { devFail, devOk, devWords, zodObject } from './dev-result.js';

/** Text one read returns at most (grok-dev has no limit; a model's context has). */
const READ_BUDGET = 256 * 1024;

interface Args {
  path: string;
  start_line?: number;
  end_line?: number;
}

const schema = zodObject({ path: { type: 'string' }, start_line: { type: 'number' }, end_line: { type: 'number' } }, [
  'path',
]);

export const readFile = defineTool<Args>({
  name: 'read_file',
  summary: 'Read a file as numbered lines, all of it or start_line..end_line, with a header giving the total.',
  description: [
    'Reads a file (relative to the current directory or absolute) as "n | text" lines under a header',
    '"[<path>: lines <start>-<end> of <total>]". start_line (1-based, default 1) and end_line (inclusive, default the',
    'last line) pick a section of a large file; they are clamped to the file. A file ending in a line break counts one',
    'more, empty, line. One read returns at most 256 KiB of text; ask again from a later start_line for the rest.',
  ],
  ...schema,
  tags: [TAGS.filesystem, TAGS.readOnly],
  examples: [
    {
      description: 'Read a file',
      arguments: { path: 'package.json' },
      expectedOutcome: '{"success":true,"output":"[package.json: lines 1-20 of 20]\\n1 | {…"}',
    },
    {
      description: 'Read lines 20 to 60',
      arguments: { path: 'src/index.ts', start_line: 20, end_line: 60 },
      expectedOutcome: 'Lines 20-60 of src/index.ts, numbered.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    '{"success":false,"output":"File not found: <path>"}; a directory: "Failed to read file: EISDIR: illegal operation',
    'on a directory, read"; a binary file: "Failed to read file: <path> is not a text file". A path outside the',
    'workspace is refused ("Access denied: …").',
  ],
  async call({ path: p, start_line, end_line }, c): Promise<Reply> {
    const st = await c.engine.files.stat(c, p);
    if (!st.exists) throw engineFailure('file_missing', `${p} does not exist`, { path: p }, { field: 'path' });
    if (st.isDirectory) {
      const err = new EngineError('invalid_argument', `${p} is a directory`, { field: 'path' });
      return devFail('Failed to read file: EISDIR: illegal operation on a directory, read', err);
    }
    const start = Math.max(1, Math.trunc(start_line ?? 1));
    const last = end_line === undefined ? undefined : Math.trunc(end_line);
    const r = await c.engine.files.read(c, p, {
      start,
      ...(last !== undefined ? { limit: Math.max(1, last - start + 1) } : {}),
      countTotal: true,
      finalEmptyLine: true,
      media: [],
      budget: { unit: 'bytes', max: READ_BUDGET, overflow: 'exclude' },
    });
    if (r.kind !== 'text') {
      const err = new EngineError('invalid_argument', `${p} is not a text file`, { field: 'path' });
      return devFail(`Failed to read file: ${p} is not a text file`, err);
    }
    const total = r.totalLines ?? r.endLine;
    const lines = last !== undefined && last < start ? [] : r.lines;
    const cut = r.stoppedBy === 'budget';
    const end = cut ? start + lines.length - 1 : Math.min(total, last ?? total);
    const numbered = lines.map((l, i) => `${start + i} | ${l}`).join('\n');
    const note = cut
      ? `\n(stopped after line ${end}: at most ${READ_BUDGET} bytes per read; read on from start_line ${end + 1})`
      : '';
    return devOk(
      `[${p}: lines ${start}-${end} of ${total}]\n${numbered}${note}`,
      {},
      {
        paths: [r.path],
        counts: { lines: lines.length, totalLines: total },
        truncated: cut,
      },
    );
  },
  errors: devWords<Args>(schema.schema, { file_missing: (_e, a) => `File not found: ${a.path}` }),
});
