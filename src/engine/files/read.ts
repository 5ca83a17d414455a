// Reading a text file's line range by streaming, so the cost follows the range, not the file.
// (Foundation version: the files engine grows encodings, binary detection and caps.)
import { createReadStream, promises as fsp } from 'node:fs';
import { createInterface } from 'node:readline';
import { EngineError, fromSystemError, throwIfAborted } from '../errors.js';
import type { Scope } from '../scope.js';

export interface ReadRangeOptions {
  /** 1-based first line (default 1). */
  offset?: number;
  /** Lines to return at most (default: all). */
  limit?: number;
  cwd?: string;
  signal?: AbortSignal;
}

export interface ReadRangeResult {
  path: string;
  lines: string[];
  /** 1-based number of the first line returned (offset, even when past the end). */
  startLine: number;
  /** Whether lines exist after the last one returned. */
  hasMore: boolean;
  /** Total lines, known when the read reached the end of the file. */
  totalLines: number | undefined;
  size: number;
  mtimeMs: number;
}

export async function readLineRange(scope: Scope, input: string, opts: ReadRangeOptions = {}): Promise<ReadRangeResult> {
  const resolved = await scope.resolve(input, opts.cwd);
  let st;
  try {
    st = await fsp.stat(resolved.real);
  } catch (err) {
    throw fromSystemError(err, input, 'read');
  }
  if (st.isDirectory()) {
    throw new EngineError('invalid_argument', `${input} is a directory`, { field: 'path', facts: { path: input, isDirectory: true } });
  }
  const offset = opts.offset ?? 1;
  const limit = opts.limit ?? Number.POSITIVE_INFINITY;
  const stream = createReadStream(resolved.real, { encoding: 'utf8', signal: opts.signal });
  const rl = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  const lines: string[] = [];
  let n = 0;
  let hasMore = false;
  try {
    for await (const line of rl) {
      n++;
      if (n < offset) continue;
      if (lines.length >= limit) {
        hasMore = true;
        break;
      }
      lines.push(line);
    }
  } catch (err) {
    throwIfAborted(opts.signal, 'read');
    throw fromSystemError(err, input, 'read');
  } finally {
    rl.close();
    stream.destroy();
  }
  return {
    path: resolved.real,
    lines,
    startLine: offset,
    hasMore,
    totalLines: hasMore ? undefined : n,
    size: st.size,
    mtimeMs: st.mtimeMs,
  };
}
