// Creating or replacing a whole file: atomic, serialised per path, parents created, and
// an existing file's encoding, BOM and line endings kept unless told otherwise.
import { engineFailure, throwIfAborted } from '../errors.js';
import type { Scope } from '../scope.js';
import type { Session } from '../session.js';
import { diffBytesOffLoop, type TextBytes } from './diff-bytes.js';
import { diffTexts, type FileDiff } from './diff.js';
import {
  bomBytes,
  fromLf,
  lineBreaksOfBytes,
  lineBreaksYielding,
  toLf,
  type LineEnding,
  type TextEncoding,
} from './encoding.js';
import type { FreshnessPolicy } from './freshness.js';
import { withPathLocks } from './lock.js';
import { decodeOffLoop } from './codec-offload.js';
import { checkLoaded, loadRaw, NEW_FILE_FORMAT, saveText, type TextFormat } from './text-file.js';

/**
 * An existing file bigger than this is replaced without decoding its old text on the event
 * loop: its line endings are read from its bytes, and its diff is made from the bytes in the
 * files worker (a 20 MB text on the loop cost copies and collection pauses of over 10 ms).
 */
export const WRITE_OFFLOAD_MIN_BYTES = 1024 * 1024;

export interface WriteOptions {
  cwd?: string;
  signal?: AbortSignal;
  session?: Session;
  freshness?: FreshnessPolicy;
  /** overwrite (default), append to the end, or create only (ALREADY_EXISTS when the file is there). */
  mode?: 'overwrite' | 'append' | 'create';
  /** Create missing parent directories (default true). */
  createParents?: boolean;
  /** Encoding for the file (default: the existing file's, UTF-8 for a new one). */
  encoding?: TextEncoding;
  /** Byte-order mark (default: as the existing file, none for a new one). */
  bom?: boolean;
  /**
   * Line endings: keep (default: an existing file with uniform LF or CRLF keeps them; otherwise
   * as given), lf, crlf, or asis (exactly as given).
   */
  lineEnding?: 'keep' | 'lf' | 'crlf' | 'asis';
  /** Refuse existing files larger than this (they are loaded to keep their format). */
  maxBytes?: number;
  /** Compute a diff against the old content (default true). */
  diff?: boolean;
}

export interface WriteResult extends TextFormat {
  path: string;
  relative: string;
  created: boolean;
  /** Size of the file after the write, in bytes. */
  size: number;
  previousSize?: number;
  diff?: FileDiff;
  encodingChangedFrom?: string;
}

export async function writeFile(
  scope: Scope,
  input: string,
  content: string,
  opts: WriteOptions = {},
): Promise<WriteResult> {
  const first = await scope.resolve(input, opts.cwd);
  // The diff is made after the lock is released: a large one must not hold up the next write.
  const { result, texts, bytes } = await withPathLocks([first.real], async () => {
    const raw = await loadRaw(scope, first, { cwd: opts.cwd, maxBytes: opts.maxBytes });
    throwIfAborted(opts.signal, 'write');
    if (raw.exists && opts.mode === 'create') {
      throw engineFailure('file_exists', `${input} already exists`, { path: input }, { field: 'path' });
    }
    checkLoaded(opts.session, raw, opts.freshness);
    // An append needs the old text; a big file's replacement needs only its format.
    const big = raw.exists && raw.size > WRITE_OFFLOAD_MIN_BYTES && opts.mode !== 'append';
    const oldBreaks = big ? await lineBreaksOfBytes(raw.bytes.subarray(raw.bomLength), raw.encoding) : undefined;
    const oldText =
      raw.exists && !oldBreaks ? await decodeOffLoop(raw.bytes.subarray(raw.bomLength), raw.encoding) : '';
    const oldEnding = oldBreaks?.ending ?? (raw.exists ? (await lineBreaksYielding(oldText)).ending : 'none');
    const base: TextFormat = raw.exists ? { ...raw, lineEnding: oldEnding } : NEW_FILE_FORMAT;
    const fmt: TextFormat = {
      encoding: opts.encoding ?? base.encoding,
      bom: opts.bom ?? base.bom,
      lineEnding: chooseEnding(opts.lineEnding ?? 'keep', oldEnding),
    };
    const body = opts.mode === 'append' ? oldText + content : content;
    const text = fmt.lineEnding === 'lf' || fmt.lineEnding === 'crlf' ? fromLf(toLf(body), fmt.lineEnding) : body;
    const saved = await saveText(scope, raw.resolved, text, fmt, {
      mode: raw.mode,
      createParents: opts.createParents,
      session: opts.session,
      signal: opts.signal,
    });
    const relative = scope.relative(raw.resolved.real);
    const newBreaks = await lineBreaksYielding(text); // what is on disk now, for a new file too
    const result: WriteResult = {
      path: raw.resolved.real,
      relative,
      created: !raw.exists,
      size: saved.bytes.length,
      previousSize: raw.exists ? raw.size : undefined,
      encoding: saved.encoding,
      bom: saved.bom,
      lineEnding: newBreaks.ending,
      encodingChangedFrom: saved.encodingChangedFrom,
    };
    if (opts.diff === false) return { result };
    if (!oldBreaks) return { result, texts: { before: oldText, after: text } };
    const bomLength = saved.bom ? bomBytes(saved.encoding) : 0;
    const before: TextBytes = { bytes: raw.bytes, encoding: raw.encoding, bomLength: raw.bomLength };
    const after: TextBytes = { bytes: saved.bytes, encoding: saved.encoding, bomLength };
    return { result, bytes: { before, after, lines: { oldLines: oldBreaks.lines, newLines: newBreaks.lines } } };
  });
  if (bytes) result.diff = await diffBytesOffLoop(result.relative, bytes.before, bytes.after, bytes.lines);
  else if (texts) result.diff = await diffTexts(result.relative, toLf(texts.before), toLf(texts.after));
  return result;
}

/** The endings to write: forced, or the existing file's when uniform, else as given ('none'). */
function chooseEnding(want: NonNullable<WriteOptions['lineEnding']>, existing: LineEnding): LineEnding {
  if (want === 'lf' || want === 'crlf') return want;
  if (want === 'keep' && (existing === 'lf' || existing === 'crlf')) return existing;
  return 'none';
}
