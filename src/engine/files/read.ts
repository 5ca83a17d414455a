// Reading one file: text by streaming line range (encodings, line endings, truncation with
// exact counts), images and PDFs as bytes with their media type, binary reported as such,
// notebooks parsed. Results are structured; shapes word them.
import { EngineError, engineFailure, fromSystemError } from '../errors.js';
import type { ResolvedPath, Scope } from '../scope.js';
import { readScopeFor } from '../read-grants.js';
import type { Session } from '../session.js';
import {
  decode,
  isSingleByte,
  markedOrUtf8,
  detectLineEnding,
  type EncodingInfo,
  type LineEnding,
  type TextEncoding,
} from './encoding.js';
import { guessLegacyOffLoop } from './codec-offload.js';
import { recordRead, sha256 } from './freshness.js';
import { detectKind, imageSize, type FileKind } from './kind.js';
import { breakUnit, countInBuffer, lineCounts, type BreakUnit, type LineCountCache } from './line-count.js';
import { scanLines, type Budget, type ScanOptions, type ScanResult } from './lines.js';
import { parseNotebook, type NotebookView } from './notebook-parse.js';
import { prepareMedia, type MediaPrep, type PreparedMedia } from './media-prep.js';
import { openForRead, readAll, type OpenedFile } from './open.js';
import { locateTail, RangeReader, tailable, textEnd } from './tail.js';

const SAMPLE = 64 * 1024;
/**
 * Files above this size read from a line in their second half (Claude Read offset, Gemini/Qwen
 * read_file offset, Codex read_file, Grok view_file start_line...) find that line from the end,
 * like a tail, instead of scanning every line above it. Below it a forward scan costs less than
 * the count the backward way needs.
 */
export const FAR_START_BYTES = 1024 * 1024;
/**
 * Files up to this size get a content hash even on a partial read (cheap, and lets staleness checks compare content).
 */
const HASH_SMALL = 4 * 1024 * 1024;
// Opening lives in open.ts; its functions are re-exported here for readers of the older name.
export { openForRead, readAll, statFile, type FileStat, type OpenedFile } from './open.js';

export const DEFAULT_MEDIA_MAX_BYTES = 20 * 1024 * 1024;

export interface ReadOptions extends MediaPrep {
  cwd?: string;
  signal?: AbortSignal;
  /** Records what was read (size, mtime, hash, range) for read-before-edit checks. */
  session?: Session;
  /** 1-based first line (default 1); a negative value reads that many lines from the end. */
  start?: number;
  /** Lines to return at most (default: all). */
  limit?: number;
  /** Cut longer lines to this many characters (line numbers reported). */
  maxLineChars?: number;
  /** Total budget of the returned text. */
  budget?: Budget;
  /** Always learn the total line count, even when that means counting past the range. */
  countTotal?: boolean;
  /** Where big files' line counts are remembered (default: the process's cache). */
  lineCounts?: LineCountCache;
  /** Size above which a start in the second half is found from the end (default FAR_START_BYTES; Infinity: never). */
  farStartBytes?: number;
  /** A file ending in a line break has one more, empty, line (String.split semantics). */
  finalEmptyLine?: boolean;
  /** Refuse (RESOURCE_EXHAUSTED) text files larger than this. */
  maxFileBytes?: number;
  /** Refuse images/PDFs larger than this (default 20 MiB). */
  maxMediaBytes?: number;
  /** Kinds returned as bytes; others of them are reported as binary. Default: image and pdf. */
  media?: Array<'image' | 'pdf'>;
  /** Parse .ipynb files as notebooks (default: read them as text). */
  notebooks?: boolean;
  /** Read as text whatever the bytes look like (binary detection off). */
  forceText?: boolean;
  /** An SVG image is read as the text it is (once it passed the checks of an image read). */
  svgAsText?: boolean;
  /**
   * Text without a BOM that is not valid UTF-8 is decoded as UTF-8 anyway, invalid bytes becoming U+FFFD, instead of as
   * a guessed legacy encoding.
   */
  utf8Lossy?: boolean;
}

interface ReadBase {
  /** Real path. */
  path: string;
  /** Path relative to the root holding it. */
  relative: string;
  size: number;
  mtimeMs: number;
}

export interface TextRead extends ReadBase {
  kind: 'text';
  encoding: TextEncoding;
  bom: boolean;
  lineEnding: LineEnding;
  lines: string[];
  eols: string[];
  /** 1-based number of the first line returned (the requested start, even past the end). */
  startLine: number;
  /** Number of the last line returned (startLine - 1 when none). */
  endLine: number;
  totalLines?: number;
  hasMore: boolean;
  stoppedBy: 'eof' | 'limit' | 'budget';
  truncatedLines: number[];
  budgetCutLine?: number;
  finalNewline?: boolean;
  /** The start lies after the last line. */
  pastEnd: boolean;
  /** The whole file was shown, uncut. */
  complete: boolean;
}

/** An image or PDF; with what `fit` and `pdfPages` asked made ready (media-prep.ts). */
export interface MediaRead extends ReadBase, PreparedMedia {
  kind: 'image' | 'pdf';
  mediaType: string;
  data: Buffer;
  width?: number;
  height?: number;
}

export interface BinaryRead extends ReadBase {
  kind: 'binary';
  /** Set when the bytes are an image or PDF the caller did not ask to receive. */
  mediaType?: string;
}

export interface NotebookRead extends ReadBase {
  kind: 'notebook';
  notebook: NotebookView;
}

export type ReadResult = TextRead | MediaRead | BinaryRead | NotebookRead;

/** Reads `target`: the caller's path, or its resolution when the caller already has one (not resolved again). */
export async function readFile(
  callScope: Scope,
  target: string | ResolvedPath,
  opts: ReadOptions = {},
): Promise<ReadResult> {
  validateRange(opts);
  const input = typeof target === 'string' ? target : target.input;
  // A file the server pointed the session at (a job's log, saved output) reads under its own folder: every read tool,
  // not only one.
  const scope = opts.session ? readScopeFor(callScope, opts.session, input, opts.cwd ?? callScope.primary) : callScope;
  const f = await openForRead(scope, target, opts.cwd);
  let r: ReadResult;
  try {
    r = await readOpened(scope, f, input, opts);
  } catch (err) {
    throw err instanceof EngineError ? err : fromSystemError(err, input, 'read');
  } finally {
    await f.fh.close();
  }
  if ((opts.fit || opts.pdfPages) && (r.kind === 'image' || r.kind === 'pdf')) await prepareMedia(r, opts, opts.signal);
  return r;
}

function validateRange(opts: ReadOptions): void {
  const { start, limit } = opts;
  if (start !== undefined && (!Number.isSafeInteger(start) || start === 0)) {
    throw engineFailure(
      'bad_start_line',
      'the first line must be a whole number other than 0 (1 is the first line, -N the last N)',
      { start },
      { field: 'start' },
    );
  }
  if (limit !== undefined && (!(Number.isSafeInteger(limit) || limit === Number.POSITIVE_INFINITY) || limit < 1)) {
    throw engineFailure(
      'bad_line_limit',
      'the line limit must be a whole number of at least 1',
      { limit },
      { field: 'limit' },
    );
  }
}

async function readOpened(scope: Scope, f: OpenedFile, input: string, opts: ReadOptions): Promise<ReadResult> {
  const real = f.resolved.real;
  const base: ReadBase = { path: real, relative: scope.relative(real), size: f.size, mtimeMs: f.mtimeMs };
  const sample = Buffer.allocUnsafe(Math.min(SAMPLE, f.size));
  if (sample.length > 0) await f.fh.read(sample, 0, sample.length, 0);
  const kind = opts.forceText ? { kind: 'text' as FileKind } : detectKind(sample, real);

  if (kind.kind === 'image' || kind.kind === 'pdf') {
    const wanted = opts.media ?? ['image', 'pdf'];
    if (!wanted.includes(kind.kind)) return { ...base, kind: 'binary', mediaType: kind.mediaType };
    const max = opts.maxMediaBytes ?? DEFAULT_MEDIA_MAX_BYTES;
    if (f.size > max) {
      throw engineFailure(
        'file_too_large',
        `${input} is ${f.size} bytes, over the ${max}-byte limit for ${kind.kind} files`,
        {
          path: input,
          size: f.size,
          maxBytes: max,
          kind: kind.kind,
        },
      );
    }
    if (opts.svgAsText && kind.mediaType === 'image/svg+xml') return readSvgAsText(f, base, sample, input, opts);
    const data = await readAll(f);
    recordRead(opts.session, real, { size: f.size, mtimeMs: f.mtimeMs, hash: sha256(data), complete: true });
    const dims = kind.kind === 'image' ? imageSize(data.subarray(0, SAMPLE), kind.mediaType!) : undefined;
    return { ...base, kind: kind.kind, mediaType: kind.mediaType!, data, ...dims };
  }
  if (kind.kind === 'binary') return { ...base, kind: 'binary' };
  checkTextSize(f, input, opts);
  if (kind.kind === 'notebook' && opts.notebooks) {
    const bytes = await readAll(f);
    recordRead(opts.session, real, { size: f.size, mtimeMs: f.mtimeMs, hash: sha256(bytes), complete: true });
    return { ...base, kind: 'notebook', notebook: parseNotebook(bytes.toString('utf8'), input) };
  }
  return readText(f, base, sample, opts);
}

/** A text file being read: the open file, its first bytes, its encoding and how its breaks are counted. */
interface TextFile {
  f: OpenedFile;
  sample: Buffer;
  enc: EncodingInfo;
  unit: BreakUnit;
  /** Lines can be found from the end (see tail.ts). */
  canSkip: boolean;
}

/** Which lines were read, and the number of the first of them. */
interface Window {
  scan: ScanResult;
  startLine: number;
}

/** An SVG read as text: what a second read with forceText returned, without reading the file twice. */
function readSvgAsText(
  f: OpenedFile,
  base: ReadBase,
  sample: Buffer,
  input: string,
  opts: ReadOptions,
): Promise<TextRead> {
  checkTextSize(f, input, opts);
  return readText(f, base, sample, opts);
}

function checkTextSize(f: OpenedFile, input: string, opts: ReadOptions): void {
  if (opts.maxFileBytes !== undefined && f.size > opts.maxFileBytes) {
    throw engineFailure(
      'file_too_large',
      `${input} is ${f.size} bytes, over the ${opts.maxFileBytes}-byte limit for one read`,
      {
        path: input,
        size: f.size,
        maxBytes: opts.maxFileBytes,
      },
    );
  }
}

async function readText(f: OpenedFile, base: ReadBase, sample: Buffer, opts: ReadOptions): Promise<TextRead> {
  const enc = textEncoding(sample, f.size, opts) ?? {
    encoding: await guessLegacyOffLoop(sample),
    bom: false,
    bomLength: 0,
  };
  // A single-byte encoding's CR and LF are its bytes 13 and 10: no need to decode it for them.
  const lineEnding = detectLineEnding(
    isSingleByte(enc.encoding)
      ? sample.toString('latin1', enc.bomLength)
      : decode(sample.subarray(enc.bomLength), enc.encoding),
  );
  const unit = breakUnit(enc.encoding);
  const file: TextFile = { f, sample, enc, unit, canSkip: tailable(unit, enc.bomLength, f.size) };
  const start = opts.start ?? 1;
  const far = await farWindow(file, start, opts);
  let window: Window;
  if (far) window = await readFarWindow(file, start, far, opts);
  else if (start < 0 && file.canSkip) window = await readTail(file, -start, opts);
  else if (start < 0) window = await readCountedTail(file, -start, opts);
  else window = await readForward(file, start, opts);
  const { scan, startLine } = window;
  const complete =
    startLine === 1 && !scan.hasMore && scan.truncatedLines.length === 0 && scan.budgetCutLine === undefined;
  if (opts.session) await recordTextRead(opts.session, file, scan.hash, complete, startLine, opts.limit);
  return textRead(base, enc, lineEnding, window, complete);
}

/** The encoding, when known without a guess (a legacy one is guessed off the loop). */
function textEncoding(sample: Buffer, size: number, opts: ReadOptions): EncodingInfo | undefined {
  const known = markedOrUtf8(sample, sample.length === size);
  if (!opts.utf8Lossy || known?.bom) return known;
  return { encoding: 'utf8', bom: false, bomLength: 0 };
}

// Forward scan options. Spelled out, not spread from a shared object: on this hot path V8's
// object spread measured ~15 µs per read, more than the scan of a small file itself.
function scanOptions(
  file: TextFile,
  opts: ReadOptions,
  first: number,
  count: number,
  more: Partial<ScanOptions>,
): ScanOptions {
  return {
    start: first,
    limit: count,
    maxLineChars: opts.maxLineChars,
    finalEmptyLine: opts.finalEmptyLine,
    signal: opts.signal,
    size: file.f.size,
    head: file.sample,
    budget: more.budget,
    countTotal: more.countTotal,
    hash: more.hash,
  };
}

/** The file's line count: counted at memory speed, or recalled. */
function countLines(file: TextFile, opts: ReadOptions): Promise<number> {
  const { f, unit, enc } = file;
  return (opts.lineCounts ?? lineCounts).count(f.fh.fd, f.fh, unit, enc.bomLength, f.size, opts.signal);
}

/**
 * A window in the second half of a big file: the lines from `start` to the end are a tail of
 * the file, found from the end, given the total. The count costs a pass over the whole file
 * (the first time): taken only when the window looks past the first quarter by the sample's
 * line length, never for a window near the top.
 */
async function farWindow(
  file: TextFile,
  start: number,
  opts: ReadOptions,
): Promise<{ fromEnd: number; total: number } | undefined> {
  const { f, sample, unit, enc } = file;
  if (start <= 1 || !file.canSkip || f.size <= (opts.farStartBytes ?? FAR_START_BYTES) || sample.length >= f.size)
    return undefined;
  const bytesPerLine = sample.length / Math.max(1, countInBuffer(sample, unit));
  if (start * bytesPerLine <= f.size / 4) return undefined;
  const end = await textEnd(f.fh, unit, enc.bomLength, f.size, opts.finalEmptyLine === true);
  const total = (await countLines(file, opts)) + end.extraLine;
  return start > total / 2 && start <= total ? { fromEnd: total - start + 1, total } : undefined;
}

/** The far window: found from the end, then read forward as the forward read would have from line `start`. */
async function readFarWindow(
  file: TextFile,
  start: number,
  far: { fromEnd: number; total: number },
  opts: ReadOptions,
): Promise<Window> {
  const { f, unit, enc } = file;
  const span = await locateTail(
    f.fh,
    unit,
    enc.bomLength,
    f.size,
    far.fromEnd,
    opts.finalEmptyLine === true,
    undefined,
    opts.signal,
  );
  const above = start - 1;
  const noBom = { encoding: enc.encoding, bom: false, bomLength: 0 };
  // Read forward from there, as the forward read would have (its budget too).
  const scan = await scanLines(new RangeReader(f.fh, span.from), noBom, {
    start: 1,
    limit: Math.min(opts.limit ?? Number.POSITIVE_INFINITY, far.fromEnd),
    maxLineChars: opts.maxLineChars,
    finalEmptyLine: opts.finalEmptyLine,
    signal: opts.signal,
    size: f.size - span.from,
    head: span.bytes,
    budget: opts.budget,
  });
  for (let i = 0; i < scan.truncatedLines.length; i++) scan.truncatedLines[i]! += above;
  if (scan.budgetCutLine !== undefined) scan.budgetCutLine += above;
  // Known as the forward read knows it: asked for, or the window reached the end.
  scan.totalLines = opts.countTotal || scan.totalLines !== undefined ? far.total : undefined;
  if (scan.finalNewline !== undefined || opts.countTotal) scan.finalNewline = span.endsWithBreak;
  return { scan, startLine: start };
}

/** The last `n` lines, found backwards from the end; only the lines above them are counted (or recalled). */
async function readTail(file: TextFile, n: number, opts: ReadOptions): Promise<Window> {
  const { f, sample, unit, enc } = file;
  const whole = sample.length === f.size ? sample : undefined;
  const span = await locateTail(f.fh, unit, enc.bomLength, f.size, n, opts.finalEmptyLine === true, whole, opts.signal);
  let above = 0;
  if (span.linesAbove && whole) above = countInBuffer(whole.subarray(enc.bomLength, span.from), unit);
  else if (span.linesAbove) above = (await countLines(file, opts)) - span.breaksInTail;
  const noBom = { encoding: enc.encoding, bom: false, bomLength: 0 };
  const scan = await scanLines(new RangeReader(f.fh, span.from), noBom, {
    start: 1,
    limit: Math.min(opts.limit ?? Number.POSITIVE_INFINITY, n),
    maxLineChars: opts.maxLineChars,
    finalEmptyLine: opts.finalEmptyLine,
    signal: opts.signal,
    size: f.size - span.from,
    head: span.bytes,
  });
  // Line numbers of the tail's own scan start at 1: shift them to the file's.
  for (let i = 0; i < scan.truncatedLines.length; i++) scan.truncatedLines[i]! += above;
  scan.totalLines = above + span.breaksInTail + span.extraLine;
  if (scan.finalNewline !== undefined) scan.finalNewline = span.endsWithBreak;
  if (opts.budget) trimFromFront(scan, opts.budget);
  return { scan, startLine: above + 1 + (scan.droppedFront ?? 0) };
}

/** The last `n` lines of a text that cannot be read from the end (UTF-16 cut mid-unit): count, then read. */
async function readCountedTail(file: TextFile, n: number, opts: ReadOptions): Promise<Window> {
  const { f, enc } = file;
  const count = await scanLines(f.fh, enc, scanOptions(file, opts, Number.MAX_SAFE_INTEGER, 0, { countTotal: true }));
  const start = Math.max(1, count.totalLines! - n + 1);
  const limit = Math.min(opts.limit ?? Number.POSITIVE_INFINITY, n);
  const more = { budget: undefined, countTotal: opts.countTotal, hash: opts.session !== undefined };
  const scan = await scanLines(f.fh, enc, scanOptions(file, opts, start, limit, more));
  if (opts.budget) trimFromFront(scan, opts.budget);
  return { scan, startLine: start + (scan.droppedFront ?? 0) };
}

/** Lines from `start` on, read forward. */
async function readForward(file: TextFile, start: number, opts: ReadOptions): Promise<Window> {
  const { f, unit, enc } = file;
  // A total past the range is counted at memory speed (or recalled), not line by line.
  const fastCount = opts.countTotal === true && file.canSkip;
  const more = {
    budget: opts.budget,
    countTotal: opts.countTotal && !fastCount,
    hash: opts.session !== undefined, // only a recorded read needs the content hash
  };
  const scan = await scanLines(f.fh, enc, scanOptions(file, opts, start, opts.limit ?? Number.POSITIVE_INFINITY, more));
  if (fastCount && scan.totalLines === undefined) {
    const end = await textEnd(f.fh, unit, enc.bomLength, f.size, opts.finalEmptyLine === true);
    scan.totalLines = (await countLines(file, opts)) + end.extraLine;
    scan.finalNewline = end.endsWithBreak;
  }
  return { scan, startLine: start };
}

/** Records the read for read-before-edit checks, with a content hash when the scan took one or the file is small. */
async function recordTextRead(
  session: Session,
  file: TextFile,
  scanHash: string | undefined,
  complete: boolean,
  startLine: number,
  limit: number | undefined,
): Promise<void> {
  const { f, sample } = file;
  let hash = scanHash ?? '';
  if (!hash && f.size <= HASH_SMALL) hash = sha256(sample.length === f.size ? sample : await readAll(f));
  recordRead(session, f.resolved.real, { size: f.size, mtimeMs: f.mtimeMs, hash, complete, offset: startLine, limit });
}

function textRead(
  base: ReadBase,
  enc: EncodingInfo,
  lineEnding: LineEnding,
  window: Window,
  complete: boolean,
): TextRead {
  const { scan, startLine } = window;
  return {
    path: base.path,
    relative: base.relative,
    size: base.size,
    mtimeMs: base.mtimeMs,
    kind: 'text',
    encoding: enc.encoding,
    bom: enc.bom,
    lineEnding,
    lines: scan.lines,
    eols: scan.eols,
    startLine,
    endLine: startLine + scan.lines.length - 1,
    totalLines: scan.totalLines,
    hasMore: scan.hasMore,
    stoppedBy: scan.stoppedBy,
    truncatedLines: scan.truncatedLines,
    budgetCutLine: scan.budgetCutLine,
    finalNewline: scan.finalNewline,
    pastEnd: scan.totalLines !== undefined && startLine > scan.totalLines,
    complete,
  };
}

/** Tail reads keep the newest lines when the budget is short: drop from the front. */
function trimFromFront(scan: ScanResult, budget: Budget): void {
  const cost = (i: number) => {
    const s = scan.lines[i]! + scan.eols[i]!;
    return budget.unit === 'chars' ? s.length : Buffer.byteLength(s, 'utf8');
  };
  let used = 0;
  let keepFrom = scan.lines.length;
  while (keepFrom > 0 && used + cost(keepFrom - 1) <= budget.max) used += cost(--keepFrom);
  if (keepFrom > 0) {
    scan.lines.splice(0, keepFrom);
    scan.eols.splice(0, keepFrom);
    scan.droppedFront = keepFrom;
    scan.stoppedBy = 'budget';
  }
}
