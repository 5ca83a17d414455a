// Creating or replacing a whole file: atomic, serialised per path, parents created, and
// an existing file's encoding, BOM and line endings kept unless told otherwise.
import { engineFailure, throwIfAborted } from '../errors.js';
import type { Scope } from '../scope.js';
import type { Session } from '../session.js';
import { detectLineEndingYielding, fromLf, toLf, type LineEnding, type TextEncoding } from './encoding.js';
import { diffTexts, type FileDiff } from './diff.js';
import type { FreshnessPolicy } from './freshness.js';
import { withPathLocks } from './lock.js';
import { checkLoaded, loadText, NEW_FILE_FORMAT, saveText, type TextFormat } from './text-file.js';

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
  const { result, before, after } = await withPathLocks([first.real], async () => {
    const loaded = await loadText(scope, first, { cwd: opts.cwd, maxBytes: opts.maxBytes });
    throwIfAborted(opts.signal, 'write');
    if (loaded.exists && opts.mode === 'create') {
      throw engineFailure('file_exists', `${input} already exists`, { path: input }, { field: 'path' });
    }
    checkLoaded(opts.session, loaded, opts.freshness);
    const base: TextFormat = loaded.exists ? loaded : NEW_FILE_FORMAT;
    const fmt: TextFormat = {
      encoding: opts.encoding ?? base.encoding,
      bom: opts.bom ?? base.bom,
      lineEnding: chooseEnding(opts.lineEnding ?? 'keep', loaded.exists ? loaded.lineEnding : 'none'),
    };
    const body = opts.mode === 'append' ? loaded.text + content : content;
    const text = fmt.lineEnding === 'lf' || fmt.lineEnding === 'crlf' ? fromLf(toLf(body), fmt.lineEnding) : body;
    const saved = await saveText(scope, loaded.resolved, text, fmt, {
      mode: loaded.mode,
      createParents: opts.createParents,
      session: opts.session,
      signal: opts.signal,
    });
    const relative = scope.relative(loaded.resolved.real);
    const result: WriteResult = {
      path: loaded.resolved.real,
      relative,
      created: !loaded.exists,
      size: saved.bytes.length,
      previousSize: loaded.exists ? loaded.size : undefined,
      encoding: saved.encoding,
      bom: saved.bom,
      lineEnding: await detectLineEndingYielding(text), // what is on disk now, for a new file too
      encodingChangedFrom: saved.encodingChangedFrom,
    };
    return { result, before: loaded.text, after: text };
  });
  if (opts.diff !== false) result.diff = await diffTexts(result.relative, toLf(before), toLf(after));
  return result;
}

/** The endings to write: forced, or the existing file's when uniform, else as given ('none'). */
function chooseEnding(want: NonNullable<WriteOptions['lineEnding']>, existing: LineEnding): LineEnding {
  if (want === 'lf' || want === 'crlf') return want;
  if (want === 'keep' && (existing === 'lf' || existing === 'crlf')) return existing;
  return 'none';
}
