// Streaming line scanner: walks a file's bytes once, keeps only the lines asked for, and
// stops as soon as it can, so lines 1-100 of a huge file cost what they cost in a small one.
// Lines are split on LF (a CR before it belongs to the line ending); UTF-16 is transcoded
// to UTF-8 on the fly so the byte scan stays one code path.
import { createHash, type Hash } from 'node:crypto';
import type { ByteReader } from '../fd-file.js';
import iconv from 'iconv-lite';
import { engineFailure, throwIfAborted } from '../errors.js';
import { decode, type EncodingInfo } from './encoding.js';
import { sha256 } from './freshness.js';

/** First read small (a short range needs no more), later reads larger (fewer round trips on long scans). */
const FIRST_CHUNK = 64 * 1024;
const CHUNK = 512 * 1024;
/** Bytes kept of one line when no per-line cap is asked: a hostile one-line file cannot exhaust memory. */
const HARD_LINE_BYTES = 16 * 1024 * 1024;
/** Bytes of line text one read may hold in memory at most. */
const HARD_TOTAL_BYTES = 256 * 1024 * 1024;

export interface Budget {
  /** What the budget counts: UTF-8 bytes or UTF-16 characters of the lines kept (line endings included). */
  unit: 'bytes' | 'chars';
  max: number;
  /** The line that crosses the budget: kept whole, cut to what remains, or left out. */
  overflow: 'include' | 'cut' | 'exclude';
  /** With `cut`: a cut line keeps at least this many characters (default 0). */
  minCut?: number;
}

export interface ScanOptions {
  /** 1-based number of the first line to keep. */
  start: number;
  /** Lines to keep at most. */
  limit: number;
  /** Cut each kept line to this many characters (reported in truncatedLines). */
  maxLineChars?: number;
  budget?: Budget;
  /** Keep scanning after the last kept line to learn the total line count. */
  countTotal?: boolean;
  /** A file ending in a line break has one more, empty, line after it (as String.split does). */
  finalEmptyLine?: boolean;
  /** sha256 of the whole file, when the scan reads all of it. */
  hash?: boolean;
  /** The file's size when opened: lets a budget that the rest of a UTF-8 file cannot exceed stop
   * being counted, and ends the scan at that size without one more read to find the end. */
  size?: number;
  /** Bytes already read from the start of the file (the kind-detection sample): not read again. */
  head?: Buffer;
  signal?: AbortSignal;
}

export interface ScanResult {
  lines: string[];
  /** Each kept line's original ending: "\n", "\r\n" or "" (last line without one). */
  eols: string[];
  /** Line numbers (1-based) cut by maxLineChars. */
  truncatedLines: number[];
  /** Line number cut short by a `cut` budget, if any. */
  budgetCutLine?: number;
  /** Why the scan stopped keeping lines. */
  stoppedBy: 'eof' | 'limit' | 'budget';
  /** Lines exist after the last one kept (or the last kept one was cut by the budget). */
  hasMore: boolean;
  /** Known when the scan reached the end of the file. */
  totalLines?: number;
  /** Whether the file ends with a line break; known at the end of the file. */
  finalNewline?: boolean;
  /** sha256 (hex) of all the file's bytes, when asked and the scan read all of them. */
  hash?: string;
  /** Lines dropped from the front by a tail read's budget. */
  droppedFront?: number;
}

/** Scans `fh` (a regular file of `size` bytes) from the start. */
export async function scanLines(fh: ByteReader, enc: EncodingInfo, opts: ScanOptions): Promise<ScanResult> {
  // The byte-order mark is skipped below; a U+FEFF in the text is text (and a tail, which
  // starts mid-file, must decode like the same bytes read from the top).
  const transcoder = enc.encoding === 'utf16le' || enc.encoding === 'utf16be' ? iconv.getDecoder(enc.encoding, { stripBOM: false }) : undefined;
  const lineEncoding = transcoder ? 'utf8' : enc.encoding;
  // Streaming hash for files read in several chunks; a file read in one chunk is hashed in one shot.
  let hasher: Hash | undefined;
  let oneShotHash: string | undefined;
  const end = opts.limit === Number.POSITIVE_INFINITY ? Number.POSITIVE_INFINITY : opts.start + opts.limit; // exclusive
  const lineCap = opts.maxLineChars !== undefined ? Math.min(HARD_LINE_BYTES, opts.maxLineChars * 4 + 4) : HARD_LINE_BYTES;

  const lines: string[] = [];
  const eols: string[] = [];
  const truncatedLines: number[] = [];
  let budgetCutLine: number | undefined;
  let stoppedBy = 'eof' as ScanResult['stoppedBy']; // (assigned inside closures)
  let hasMore = false;
  let used = 0; // budget used
  let keptBytes = 0;

  let lineNo = 1; // number of the line being scanned
  let parts: Buffer[] = []; // kept bytes of the current line
  let partBytes = 0;
  let partCut = false;
  let lineHasBytes = false;
  let lineEndsCr = false; // the current line's last byte so far is CR (kept or not)
  let lastWasNewline = false;
  let keeping = true; // still collecting lines

  const wanted = (n: number) => keeping && n >= opts.start && n < end;
  const fast = lineEncoding === 'utf8';
  let unbounded = false; // the budget can no longer be reached

  /** Finishes line `lineNo` from its kept bytes; it ended with `eol`. */
  const finishLine = (eol: string): void => {
    if (!wanted(lineNo)) return;
    let bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts, partBytes);
    let ending = eol;
    // A cut line's CR lies past what was kept, but its ending is still CRLF.
    if (eol === '\n' && lineEndsCr) {
      if (!partCut) bytes = bytes.subarray(0, bytes.length - 1);
      ending = '\r\n';
    }
    emit(decode(bytes, lineEncoding), ending, partCut);
  };

  /** Keeps one decoded line (without its ending), applying the per-line cut, the budget and the limit. */
  const emit = (text: string, ending: string, cut: boolean): void => {
    if (opts.maxLineChars !== undefined && text.length > opts.maxLineChars) {
      text = sliceChars(text, opts.maxLineChars);
      cut = true;
    }
    if (cut) truncatedLines.push(lineNo);
    const b = unbounded ? undefined : opts.budget;
    if (b) {
      const cost = measure(text, b.unit) + ending.length;
      if (used + cost > b.max) {
        stoppedBy = 'budget';
        keeping = false;
        hasMore = true;
        if (b.overflow === 'include') push(text, ending);
        else if (b.overflow === 'cut') {
          const room = Math.max(b.minCut ?? 0, b.max - used);
          push(b.unit === 'chars' ? sliceChars(text, room) : sliceBytes(text, room), '');
          budgetCutLine = lineNo;
        }
        return;
      }
      used += cost;
    }
    push(text, ending);
    if (lineNo + 1 >= end) {
      keeping = false;
      stoppedBy = 'limit';
    }
  };
  const push = (text: string, ending: string) => {
    keptBytes += text.length;
    if (keptBytes > HARD_TOTAL_BYTES) {
      throw engineFailure('range_too_large', 'the requested range is too large to return at once', { maxBytes: HARD_TOTAL_BYTES });
    }
    lines.push(text);
    eols.push(ending);
  };
  const take = (buf: Buffer, from: number, to: number) => {
    if (to <= from) return;
    lineHasBytes = true;
    lineEndsCr = buf[to - 1] === 13;
    if (!wanted(lineNo) || partCut) return;
    const room = lineCap - partBytes;
    if (to - from > room) {
      to = from + room;
      partCut = true;
    }
    parts.push(Buffer.from(buf.subarray(from, to)));
    partBytes += to - from;
  };

  const feed = (buf: Buffer): boolean => {
    let pos = 0;
    while (pos < buf.length) {
      if (!keeping && !opts.countTotal) {
        // A byte after the last kept line: more lines exist; stop here.
        hasMore = true;
        return false;
      }
      if (fast && !lineHasBytes && wanted(lineNo)) {
        // Fast path: decode every complete line left in the chunk at once.
        const lastNl = buf.lastIndexOf(10);
        if (lastNl >= pos) {
          const pieces = buf.toString('utf8', pos, lastNl).split('\n');
          let i = 0;
          for (; i < pieces.length && wanted(lineNo); i++, lineNo++) {
            const piece = pieces[i]!;
            if (piece.charCodeAt(piece.length - 1) === 13) emit(piece.slice(0, -1), '\r\n', false);
            else emit(piece, '\n', false);
          }
          lastWasNewline = true;
          if (i === pieces.length) {
            pos = lastNl + 1;
            continue;
          }
          for (let k = 0; k < i; k++) pos += Buffer.byteLength(pieces[k]!, 'utf8') + 1;
          continue;
        }
      }
      const nl = buf.indexOf(10, pos);
      if (nl === -1) {
        take(buf, pos, buf.length);
        lastWasNewline = false;
        return true;
      }
      take(buf, pos, nl);
      finishLine('\n');
      lineNo++;
      parts = [];
      partBytes = 0;
      partCut = false;
      lineHasBytes = false;
      lineEndsCr = false;
      lastWasNewline = true;
      pos = nl + 1;
    }
    return true;
  };

  // Allocated on first use: a small file arrives whole in `head` and needs no buffer of its own.
  let raw: Buffer | undefined;
  let offset = 0;
  let first = true;
  let complete = false;
  for (;;) {
    throwIfAborted(opts.signal, 'read');
    let bytesRead: number;
    if (first && opts.head && opts.head.length > 0) {
      raw = opts.head;
      bytesRead = opts.head.length;
    } else {
      const want = offset > 0 ? CHUNK : FIRST_CHUNK;
      if (!raw || raw.length < want || raw === opts.head) raw = Buffer.allocUnsafe(want);
      ({ bytesRead } = await fh.read(raw, 0, raw.length, offset));
    }
    if (bytesRead === 0) {
      complete = true;
      break;
    }
    offset += bytesRead;
    let chunk = raw.subarray(0, bytesRead);
    if (opts.hash) {
      if (offset === bytesRead && opts.size !== undefined && bytesRead >= opts.size) oneShotHash = sha256(chunk);
      else (hasher ??= createHash('sha256')).update(chunk);
    }
    // UTF-8 text is never longer (in bytes or characters) than its raw bytes.
    if (opts.budget && !unbounded && enc.encoding === 'utf8' && opts.size !== undefined) unbounded = opts.budget.max - used >= opts.size - (offset - bytesRead);
    if (first) {
      chunk = chunk.subarray(Math.min(enc.bomLength, chunk.length));
      first = false;
    }
    const bytes = transcoder ? Buffer.from(transcoder.write(chunk), 'utf8') : chunk;
    if (!feed(bytes)) break;
    // The size seen at open is the end: a small file costs one read, not one more to find EOF.
    if (opts.size !== undefined && offset >= opts.size) {
      complete = true;
      break;
    }
  }
  if (complete && transcoder) {
    const rest = transcoder.end();
    if (rest) feed(Buffer.from(rest, 'utf8'));
  }

  let totalLines: number | undefined;
  let finalNewline: boolean | undefined;
  if (complete) {
    // The last line: bytes after the final break, or the empty line after it (when asked).
    if (lineHasBytes || opts.finalEmptyLine) {
      finishLine('');
      totalLines = lineNo;
    } else totalLines = lineNo - 1;
    finalNewline = lastWasNewline;
    const lastKept = opts.start + lines.length - 1;
    hasMore = stoppedBy === 'budget' || totalLines > lastKept;
    if (stoppedBy === 'limit' && !hasMore) stoppedBy = 'eof';
  }
  return {
    lines,
    eols,
    truncatedLines,
    budgetCutLine,
    stoppedBy,
    hasMore,
    totalLines,
    finalNewline,
    hash: complete ? (oneShotHash ?? hasher?.digest('hex')) : undefined,
  };
}

function measure(s: string, unit: Budget['unit']): number {
  return unit === 'chars' ? s.length : Buffer.byteLength(s, 'utf8');
}

/** The first `n` UTF-16 units of `s`, never splitting a surrogate pair. */
export function sliceChars(s: string, n: number): string {
  if (s.length <= n) return s;
  const c = s.charCodeAt(n - 1);
  return s.slice(0, c >= 0xd800 && c <= 0xdbff ? n - 1 : n);
}

/** The longest prefix of `s` whose UTF-8 form fits in `n` bytes. */
function sliceBytes(s: string, n: number): string {
  const b = Buffer.from(s, 'utf8');
  if (b.length <= n) return s;
  return b
    .subarray(0, n)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
}
