// The last lines of a file, found by reading backwards from its end in fixed blocks, so the
// last 100 lines of a 1 GB log cost what they cost in a 10 KB one, in constant memory. Only
// line breaks are looked for on the way back (a break byte never occurs inside a UTF-8
// sequence or a single-byte character; in UTF-16 it is a whole aligned unit); the lines found
// are then decoded forwards by the same scanner as every other read, so a tail gives exactly
// what the forward read of the same lines gives.
import { engineFailure, throwIfAborted } from '../errors.js';
import type { ByteReader } from '../fd-file.js';
import type { BreakUnit } from './line-count.js';

/** Bytes read per step backwards (even: UTF-16 units stay whole). */
export const TAIL_BLOCK = 64 * 1024;

export interface TailSpan {
  /** Byte offset where the first wanted line starts. */
  from: number;
  /** The line break just before `from` was found: lines exist above the tail. */
  linesAbove: boolean;
  /** Line breaks at or after `from`. */
  breaksInTail: number;
  /** Bytes [from, size), when the way back read them all in one block (no need to read them again). */
  bytes?: Buffer;
  /** The text ends with a line break. */
  endsWithBreak: boolean;
  /**
   * Lines the file has more than line breaks: 1 when the last line has no break after it (or is the empty line after a
   * final break, when that counts as a line), else 0.
   */
  extraLine: 0 | 1;
}

/**
 * Whether a tail of this text can be found backwards: UTF-16 needs whole units (an odd byte at the end is left to the
 * forward path).
 */
export function tailable(unit: BreakUnit, textStart: number, size: number): boolean {
  return unit === 'byte' || (size - textStart) % 2 === 0;
}

/**
 * Finds where the last `n` lines of bytes [textStart, size) start. Lines are split after each
 * break; with `finalEmptyLine` a text ending in a break has one more, empty, line. `whole`,
 * when given, holds the whole file (no reads needed).
 */
export async function locateTail(
  fh: ByteReader,
  unit: BreakUnit,
  textStart: number,
  size: number,
  n: number,
  finalEmptyLine: boolean,
  whole?: Buffer,
  signal?: AbortSignal,
): Promise<TailSpan> {
  const w = unit === 'byte' ? 1 : 2;
  const isBreak = (b: Buffer, i: number): boolean =>
    unit === 'byte' ? b[i] === 10 : unit === 'utf16le' ? b[i] === 10 && b[i + 1] === 0 : b[i] === 0 && b[i + 1] === 10;
  const block = whole ?? Buffer.allocUnsafe(Math.min(TAIL_BLOCK, size - textStart));
  // The block's bytes are [lo, hi) of the file; with `whole` the block is the file.
  let lo = whole ? 0 : size;
  let hi = size;
  const load = async (): Promise<boolean> => {
    if (whole) return false;
    if (lo <= textStart) return false;
    hi = lo;
    lo = Math.max(textStart, hi - block.length);
    throwIfAborted(signal, 'read');
    let got = 0;
    while (got < hi - lo) {
      const { bytesRead } = await fh.read(block, got, hi - lo - got, lo + got);
      if (bytesRead === 0) {
        // Truncated since it was opened (a rotated log): what is left is another file's text.
        throw engineFailure(
          'changed_during_read',
          'the file was cut short while its end was being read; read it again',
          { size, readTo: lo + got },
        );
      }
      got += bytesRead;
    }
    return true;
  };
  if (size <= textStart)
    return {
      from: textStart,
      linesAbove: false,
      breaksInTail: 0,
      endsWithBreak: false,
      extraLine: finalEmptyLine ? 1 : 0,
    };
  if (!whole) await load();
  const endsWithBreak = isBreak(block, size - w - lo);
  const extraLine: 0 | 1 = endsWithBreak && !finalEmptyLine ? 0 : 1;
  // The wanted lines start after the (n - extraLine + 1)-th break from the end.
  const target = n - extraLine + 1;
  let seen = 0;
  for (;;) {
    const first = Math.max(lo, textStart) - lo;
    // lastIndexOf jumps from one 0x0A byte to the one before; in UTF-16 that byte must be
    // the LF unit's own (aligned, with a zero as its other byte).
    for (let i = hi - lo - 1; i >= first;) {
      const at = block.lastIndexOf(10, i);
      if (at < first) break;
      const unitStart = unit === 'utf16be' ? at - 1 : at;
      if (
        unit === 'byte' ||
        (unitStart >= first && (unitStart + lo - textStart) % 2 === 0 && isBreak(block, unitStart))
      ) {
        if (++seen === target) {
          const from = lo + unitStart + w;
          const bytes = hi === size ? block.subarray(from - lo, size - lo) : undefined;
          return { from, bytes, linesAbove: true, breaksInTail: seen - 1, endsWithBreak, extraLine };
        }
      }
      i = at - 1;
    }
    if (!(await load())) break;
  }
  const bytes = hi === size && lo <= textStart ? block.subarray(textStart - lo, size - lo) : undefined;
  return { from: textStart, bytes, linesAbove: false, breaksInTail: seen, endsWithBreak, extraLine };
}

/** How the text ends: whether its last unit is a line break, and so whether it has one more line than breaks. */
export async function textEnd(
  fh: ByteReader,
  unit: BreakUnit,
  textStart: number,
  size: number,
  finalEmptyLine: boolean,
): Promise<{ endsWithBreak: boolean; extraLine: 0 | 1 }> {
  if (size <= textStart) return { endsWithBreak: false, extraLine: finalEmptyLine ? 1 : 0 };
  const w = unit === 'byte' ? 1 : 2;
  const last = Buffer.alloc(w);
  await fh.read(last, 0, w, size - w);
  const endsWithBreak =
    unit === 'byte'
      ? last[0] === 10
      : unit === 'utf16le'
        ? last[0] === 10 && last[1] === 0
        : last[0] === 0 && last[1] === 10;
  return { endsWithBreak, extraLine: endsWithBreak && !finalEmptyLine ? 0 : 1 };
}

/** Reads of a byte range of another reader, from 0: lets the forward scanner scan a tail. */
export class RangeReader implements ByteReader {
  constructor(
    private readonly inner: ByteReader,
    private readonly start: number,
  ) {}

  read(buf: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }> {
    return this.inner.read(buf, offset, length, this.start + position);
  }
}
