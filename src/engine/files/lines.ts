// Streaming line scanner: walks a file's bytes once, keeps only the lines asked for, and
// stops as soon as it can, so lines 1-100 of a huge file cost what they cost in a small one.
// Lines are split on LF (a CR before it belongs to the line ending); UTF-16 is transcoded
// to UTF-8 on the fly so the byte scan stays one code path.
import { createHash, type Hash } from 'node:crypto';
import type { ByteReader } from '../fd-file.js';
import { engineFailure, throwIfAborted } from '../errors.js';
import { decode, isSingleByte, type EncodingInfo } from './encoding.js';
import { lazyModule } from '../lazy-module.js';

/** Required at the first UTF-16 file (see encoding.ts). */
const iconv = lazyModule<typeof import('iconv-lite')>('iconv-lite');
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
  const transcoder = utf16Transcoder(enc);
  const keeper = new LineKeeper(opts, transcoder ? 'utf8' : enc.encoding);
  const hash = opts.hash ? new ContentHash(opts.size) : undefined;
  const complete = await feedFile(fh, enc, opts, keeper, transcoder, hash);
  if (complete && transcoder) {
    const rest = transcoder.end();
    if (rest) keeper.feed(Buffer.from(rest, 'utf8'));
  }
  return keeper.result(complete, complete ? hash?.digest() : undefined);
}

type Transcoder = ReturnType<typeof import('iconv-lite').getDecoder>;

/** UTF-16 is transcoded to UTF-8 on the fly, so the byte scan stays one code path. */
function utf16Transcoder(enc: EncodingInfo): Transcoder | undefined {
  if (enc.encoding !== 'utf16le' && enc.encoding !== 'utf16be') return undefined;
  // The byte-order mark is skipped by feedFile; a U+FEFF in the text is text (and a tail,
  // which starts mid-file, must decode like the same bytes read from the top).
  return iconv().getDecoder(enc.encoding, { stripBOM: false });
}

/**
 * Reads the file chunk by chunk into `keeper` until it has enough or the file ends.
 * Returns whether the end of the file was reached.
 */
async function feedFile(
  fh: ByteReader,
  enc: EncodingInfo,
  opts: ScanOptions,
  keeper: LineKeeper,
  transcoder: Transcoder | undefined,
  hash: ContentHash | undefined,
): Promise<boolean> {
  // Allocated on first use: a small file arrives whole in `head` and needs no buffer of its own.
  let raw: Buffer | undefined;
  let offset = 0;
  for (;;) {
    throwIfAborted(opts.signal, 'read');
    let bytesRead: number;
    if (offset === 0 && opts.head && opts.head.length > 0) {
      raw = opts.head;
      bytesRead = opts.head.length;
    } else {
      const want = offset > 0 ? CHUNK : FIRST_CHUNK;
      if (!raw || raw.length < want || raw === opts.head) raw = Buffer.allocUnsafe(want);
      ({ bytesRead } = await fh.read(raw, 0, raw.length, offset));
    }
    if (bytesRead === 0) return true;
    let chunk = raw.subarray(0, bytesRead);
    hash?.update(chunk, offset === 0);
    // UTF-8 text is never longer (in bytes or characters) than its raw bytes.
    if (enc.encoding === 'utf8' && opts.size !== undefined) keeper.noteBytesLeft(opts.size - offset);
    if (offset === 0) chunk = chunk.subarray(Math.min(enc.bomLength, chunk.length));
    offset += bytesRead;
    if (!keeper.feed(transcoder ? Buffer.from(transcoder.write(chunk), 'utf8') : chunk)) return false;
    // The size seen at open is the end: a small file costs one read, not one more to find EOF.
    if (opts.size !== undefined && offset >= opts.size) return true;
  }
}

/** sha256 of the file's bytes: streamed over several chunks, or in one shot for a file read in one. */
class ContentHash {
  private hasher: Hash | undefined;
  private oneShot: string | undefined;

  constructor(private readonly size: number | undefined) {}

  update(chunk: Buffer, first: boolean): void {
    if (first && this.size !== undefined && chunk.length >= this.size) this.oneShot = sha256(chunk);
    else (this.hasher ??= createHash('sha256')).update(chunk);
  }

  digest(): string | undefined {
    return this.oneShot ?? this.hasher?.digest('hex');
  }
}

/**
 * Splits the bytes it is fed into lines and keeps the ones asked for, applying the per-line
 * cut, the budget and the limit. Lines split on LF; a CR before it belongs to the ending.
 */
class LineKeeper {
  readonly lines: string[] = [];
  readonly eols: string[] = [];
  readonly truncatedLines: number[] = [];
  private budgetCutLine: number | undefined;
  private stoppedBy: ScanResult['stoppedBy'] = 'eof';
  private hasMore = false;
  /** Budget used so far. */
  private used = 0;
  private keptBytes = 0;
  /** The budget can no longer be reached. */
  private unbounded = false;
  /** Still collecting lines. */
  private keeping = true;
  /** Number of the line being scanned. */
  private lineNo = 1;
  /** Kept bytes of the current line. */
  private parts: Buffer[] = [];
  private partBytes = 0;
  private partCut = false;
  private lineHasBytes = false;
  /** The current line's last byte so far is CR (kept or not). */
  private lineEndsCr = false;
  private lastWasNewline = false;
  /** Line number after the last one to keep. */
  private readonly end: number;
  /** Bytes kept of one line at most. */
  private readonly lineCap: number;
  /** UTF-8 and single-byte lines: complete lines are decoded a chunk at a time. */
  private readonly fast: boolean;
  private readonly singleByte: boolean;

  constructor(
    private readonly opts: ScanOptions,
    private readonly lineEncoding: EncodingInfo['encoding'],
  ) {
    this.end = opts.limit === Number.POSITIVE_INFINITY ? Number.POSITIVE_INFINITY : opts.start + opts.limit;
    this.lineCap =
      opts.maxLineChars !== undefined ? Math.min(HARD_LINE_BYTES, opts.maxLineChars * 4 + 4) : HARD_LINE_BYTES;
    // (A legacy single-byte file decoded line by line held the loop ~30 ms for a 1 MiB window.)
    this.singleByte = isSingleByte(lineEncoding);
    this.fast = lineEncoding === 'utf8' || this.singleByte;
  }

  /** `bytesLeft` bytes of UTF-8 remain unread: past a budget they cannot exceed, it is not counted. */
  noteBytesLeft(bytesLeft: number): void {
    const budget = this.opts.budget;
    if (budget && !this.unbounded) this.unbounded = budget.max - this.used >= bytesLeft;
  }

  /** Takes one chunk of (UTF-8 or single-byte) text; false when no more is needed. */
  feed(buf: Buffer): boolean {
    let pos = 0;
    while (pos < buf.length) {
      if (!this.keeping && !this.opts.countTotal) {
        // A byte after the last kept line: more lines exist; stop here.
        this.hasMore = true;
        return false;
      }
      if (this.fast && !this.lineHasBytes && this.wanted(this.lineNo)) {
        const next = this.keepWholeLines(buf, pos);
        if (next !== -1) {
          pos = next;
          continue;
        }
      }
      const nl = buf.indexOf(10, pos);
      if (nl === -1) {
        this.take(buf, pos, buf.length);
        this.lastWasNewline = false;
        return true;
      }
      this.take(buf, pos, nl);
      this.finishLine('\n');
      this.startNextLine();
      pos = nl + 1;
    }
    return true;
  }

  /** The scan's result; `complete` when it reached the end of the file. */
  result(complete: boolean, hash: string | undefined): ScanResult {
    let totalLines: number | undefined;
    let finalNewline: boolean | undefined;
    if (complete) {
      // The last line: bytes after the final break, or the empty line after it (when asked).
      if (this.lineHasBytes || this.opts.finalEmptyLine) {
        this.finishLine('');
        totalLines = this.lineNo;
      } else totalLines = this.lineNo - 1;
      finalNewline = this.lastWasNewline;
      const lastKept = this.opts.start + this.lines.length - 1;
      this.hasMore = this.stoppedBy === 'budget' || totalLines > lastKept;
      if (this.stoppedBy === 'limit' && !this.hasMore) this.stoppedBy = 'eof';
    }
    return {
      lines: this.lines,
      eols: this.eols,
      truncatedLines: this.truncatedLines,
      budgetCutLine: this.budgetCutLine,
      stoppedBy: this.stoppedBy,
      hasMore: this.hasMore,
      totalLines,
      finalNewline,
      hash,
    };
  }

  private wanted(n: number): boolean {
    return this.keeping && n >= this.opts.start && n < this.end;
  }

  /**
   * Fast path: decodes every complete line left in the chunk at once and keeps them while
   * wanted. Returns where scanning goes on, or -1 when no complete line is left.
   */
  private keepWholeLines(buf: Buffer, pos: number): number {
    const lastNl = buf.lastIndexOf(10);
    if (lastNl < pos) return -1;
    const text = this.singleByte
      ? decode(buf.subarray(pos, lastNl), this.lineEncoding)
      : buf.toString('utf8', pos, lastNl);
    const pieces = text.split('\n');
    let i = 0;
    for (; i < pieces.length && this.wanted(this.lineNo); i++, this.lineNo++) {
      const piece = pieces[i]!;
      if (piece.charCodeAt(piece.length - 1) === 13) this.emit(piece.slice(0, -1), '\r\n', false);
      else this.emit(piece, '\n', false);
    }
    this.lastWasNewline = true;
    if (i === pieces.length) return lastNl + 1;
    for (let k = 0; k < i; k++)
      pos += (this.singleByte ? pieces[k]!.length : Buffer.byteLength(pieces[k]!, 'utf8')) + 1;
    return pos;
  }

  /** Keeps bytes `from`..`to` of `buf` as part of the current line (up to the line cap). */
  private take(buf: Buffer, from: number, to: number): void {
    if (to <= from) return;
    this.lineHasBytes = true;
    this.lineEndsCr = buf[to - 1] === 13;
    if (!this.wanted(this.lineNo) || this.partCut) return;
    const room = this.lineCap - this.partBytes;
    if (to - from > room) {
      to = from + room;
      this.partCut = true;
    }
    this.parts.push(Buffer.from(buf.subarray(from, to)));
    this.partBytes += to - from;
  }

  /** Finishes the current line from its kept bytes; it ended with `eol`. */
  private finishLine(eol: string): void {
    if (!this.wanted(this.lineNo)) return;
    const parts = this.parts;
    let bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts, this.partBytes);
    let ending = eol;
    // A cut line's CR lies past what was kept, but its ending is still CRLF.
    if (eol === '\n' && this.lineEndsCr) {
      if (!this.partCut) bytes = bytes.subarray(0, bytes.length - 1);
      ending = '\r\n';
    }
    this.emit(decode(bytes, this.lineEncoding), ending, this.partCut);
  }

  private startNextLine(): void {
    this.lineNo++;
    this.parts = [];
    this.partBytes = 0;
    this.partCut = false;
    this.lineHasBytes = false;
    this.lineEndsCr = false;
    this.lastWasNewline = true;
  }

  /** Keeps one decoded line (without its ending), applying the per-line cut, the budget and the limit. */
  private emit(text: string, ending: string, cut: boolean): void {
    const maxLineChars = this.opts.maxLineChars;
    if (maxLineChars !== undefined && text.length > maxLineChars) {
      text = sliceChars(text, maxLineChars);
      cut = true;
    }
    if (cut) this.truncatedLines.push(this.lineNo);
    const budget = this.unbounded ? undefined : this.opts.budget;
    if (budget) {
      const cost = measure(text, budget.unit) + ending.length;
      if (this.used + cost > budget.max) return this.overflow(budget, text, ending);
      this.used += cost;
    }
    this.push(text, ending);
    if (this.lineNo + 1 >= this.end) {
      this.keeping = false;
      this.stoppedBy = 'limit';
    }
  }

  /** The line that crosses the budget ends the keeping: kept whole, cut, or left out. */
  private overflow(budget: Budget, text: string, ending: string): void {
    this.stoppedBy = 'budget';
    this.keeping = false;
    this.hasMore = true;
    if (budget.overflow === 'include') this.push(text, ending);
    else if (budget.overflow === 'cut') {
      const room = Math.max(budget.minCut ?? 0, budget.max - this.used);
      this.push(budget.unit === 'chars' ? sliceChars(text, room) : sliceBytes(text, room), '');
      this.budgetCutLine = this.lineNo;
    }
  }

  private push(text: string, ending: string): void {
    this.keptBytes += text.length;
    if (this.keptBytes > HARD_TOTAL_BYTES) {
      throw engineFailure('range_too_large', 'the requested range is too large to return at once', {
        maxBytes: HARD_TOTAL_BYTES,
      });
    }
    this.lines.push(text);
    this.eols.push(ending);
  }
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
