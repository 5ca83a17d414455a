// Numbered lines of a text file: a slice (offset, limit) or the block of code around an anchor
// line found by indentation (Codex's read_file). The options carry the names the model gave
// them, since a bad one is invalid_argument naming it ("indentation.max_lines").
import { EngineError } from '../../../engine/index.js';
import type { HostContent } from '../../../engine/index.js';
import { indentationBlock } from './indent-block.js';
import type { TextRead } from '../../../engine/index.js';
import path from 'node:path';

export interface NumberedReadArgs {
  offset?: number;
  limit?: number;
  mode?: string;
  indentation?: {
    anchor_line?: number;
    max_levels?: number;
    include_siblings?: boolean;
    include_header?: boolean;
    max_lines?: number;
  };
}

/** The lines read, each with its 1-based number, and the read they came from. */
export interface Numbered {
  lines: Array<[number, string]>;
  read: TextRead;
  mode: string;
  facts: HostContent;
}

/** How the text is read: a range of lines, or (for a block) the whole file up to `maxFileBytes`. */
export type TextReader = (opts: { start?: number; limit?: number; maxFileBytes?: number }) => Promise<TextRead>;

const bad = (message: string, field: string, value?: unknown) =>
  new EngineError('invalid_argument', message, { field, facts: { value } });
const whole = (v: number | undefined) => v === undefined || (Number.isSafeInteger(v) && v >= 0);

function numbered(mode: string, read: TextRead, lines: Array<[number, string]>, offset: number): Numbered {
  const first = lines[0]?.[0] ?? offset;
  const last = lines[lines.length - 1]?.[0] ?? offset;
  const facts = {
    summary: `Read lines ${first}-${last} of ${read.relative}`,
    paths: [read.path],
    counts: { lines: lines.length, firstLine: first, lastLine: last },
    truncated: read.hasMore || read.truncatedLines.length > 0,
    details: {
      mode,
      encoding: read.encoding,
      ...(read.totalLines !== undefined ? { totalLines: read.totalLines } : {}),
    },
  };
  return { mode, read, lines, facts };
}

/**
 * Reads `file` (which must be absolute; `field` names it) as numbered lines per `args`; the default limit is `limit`.
 */
export async function numberedRead(
  read: TextReader,
  file: { path: string; field: string },
  args: NumberedReadArgs,
  o: { limit: number; maxBlockFileBytes: number },
): Promise<Numbered> {
  const offset = args.offset ?? 1;
  const limit = args.limit ?? o.limit;
  const mode = args.mode ?? 'slice';
  const ind = args.indentation ?? {};
  if (!whole(offset) || offset < 1) throw bad('offset must be a 1-indexed line number', 'offset', args.offset);
  if (!whole(limit) || limit < 1) throw bad('limit must be greater than zero', 'limit', args.limit);
  if (!path.isAbsolute(file.path)) throw bad(`${file.field} must be an absolute path`, file.field, file.path);
  if (mode !== 'slice' && mode !== 'indentation')
    throw bad(`mode must be "slice" or "indentation", not "${mode}"`, 'mode', mode);
  if (mode === 'slice') {
    const r = await read({ start: offset, limit });
    if (r.lines.length === 0) throw bad('offset exceeds file length', 'offset', offset);
    return numbered(
      mode,
      r,
      r.lines.map((l, i) => [offset + i, l]),
      offset,
    );
  }
  const maxLines = ind.max_lines ?? limit;
  if (!whole(maxLines) || maxLines < 1)
    throw bad('max_lines must be greater than zero', 'indentation.max_lines', ind.max_lines);
  if (!whole(ind.max_levels))
    throw bad('max_levels must be a whole number of levels, 0 or more', 'indentation.max_levels', ind.max_levels);
  const r = await read({ maxFileBytes: o.maxBlockFileBytes });
  const lines = r.lines;
  if (lines.length === 0 || offset > lines.length) throw bad('offset exceeds file length', 'offset', offset);
  const anchor = ind.anchor_line ?? offset;
  if (!whole(anchor) || anchor < 1 || anchor > lines.length)
    throw bad('anchor_line exceeds file length', 'indentation.anchor_line', anchor);
  const block = indentationBlock(lines, {
    anchor: anchor - 1,
    maxLevels: ind.max_levels ?? 0,
    includeSiblings: ind.include_siblings ?? false,
    includeHeader: ind.include_header ?? true,
    limit: Math.min(limit, maxLines),
  });
  return numbered(
    mode,
    r,
    block.map((i) => [i + 1, lines[i]!]),
    offset,
  );
}
