// A whole text file held for modification (edit, write, patch): decoded with its detected
// encoding, and written back with the same encoding, BOM and line endings.
import { currentChanges, hashFile } from '../audit.js';
import { EngineError, engineFailure } from '../errors.js';
import type { ResolvedPath, Scope } from '../scope.js';
import type { Session } from '../session.js';
import { atomicWrite, type TempWriter } from './atomic.js';
import { decodeOffLoop, detectEncodingOffLoop, encodeOffLoop } from './codec-offload.js';
import {
  decode,
  detectLineEnding,
  detectLineEndingYielding,
  encodeYielding,
  fromLf,
  toLf,
  type LineEnding,
  type TextEncoding,
} from './encoding.js';
import { checkFreshness, recordWritten, sha256Yielding, type FreshnessPolicy } from './freshness.js';
import { looksBinary } from './kind.js';
import { openForRead, readAll, type OpenedFile } from './open.js';

/** Default size cap for files loaded whole for modification. */
export const DEFAULT_MAX_EDIT_BYTES = 100 * 1024 * 1024;

export interface TextFormat {
  encoding: TextEncoding;
  bom: boolean;
  lineEnding: LineEnding;
}

/** A file loaded for modification, not yet decoded. */
export interface RawText {
  resolved: ResolvedPath;
  exists: boolean;
  bytes: Buffer;
  size: number;
  mtimeMs: number;
  mode?: number;
  encoding: TextEncoding;
  bom: boolean;
  /** Where the text starts in `bytes` (after the BOM). */
  bomLength: number;
}

export interface LoadedText extends RawText, TextFormat {
  /** Decoded content without BOM, line endings as in the file ('' for a missing file). */
  text: string;
}

export const NEW_FILE_FORMAT: TextFormat = { encoding: 'utf8', bom: false, lineEnding: 'none' };

/**
 * Loads `target` for modification; a missing file loads as empty with exists=false. Given the
 * path's resolution (a caller that resolved it to lock it), the path is not resolved again.
 */
export async function loadText(
  scope: Scope,
  target: string | ResolvedPath,
  opts: { cwd?: string; maxBytes?: number; field?: string },
): Promise<LoadedText> {
  const raw = await loadRaw(scope, target, opts);
  if (!raw.exists) return decodeRaw(raw);
  // A big file is decoded a slice per turn of the event loop (a legacy encoding in a worker).
  const text = await decodeOffLoop(raw.bytes.subarray(raw.bomLength), raw.encoding);
  return { ...raw, text, lineEnding: await detectLineEndingYielding(text) };
}

/** The text of a raw load (decoding a big file holds the thread for tens of milliseconds). */
export function decodeRaw(raw: RawText): LoadedText {
  if (!raw.exists) return { ...raw, text: '', ...NEW_FILE_FORMAT };
  const text = decode(raw.bytes.subarray(raw.bomLength), raw.encoding);
  return { ...raw, text, lineEnding: detectLineEnding(text) };
}

/** As loadText, without decoding: the checks (size, binary) and the bytes with their detected encoding. */
export async function loadRaw(
  scope: Scope,
  target: string | ResolvedPath,
  opts: { cwd?: string; maxBytes?: number; field?: string },
): Promise<RawText> {
  return loadOpened(await openRaw(scope, target, opts), opts.field ?? 'path');
}

/** What openRaw opened, read (and closed), or the missing file it found. */
export async function loadOpened(
  opened: { resolved: ResolvedPath; file?: OpenedFile },
  field: string,
): Promise<RawText> {
  if (!opened.file) return missingRaw(opened.resolved);
  try {
    return await readOpened(opened.file, field);
  } finally {
    await opened.file.fh.close().catch(() => undefined);
  }
}

/** A missing file, loaded: empty, in the new-file format. */
function missingRaw(resolved: ResolvedPath): RawText {
  return {
    resolved,
    exists: false,
    bytes: Buffer.alloc(0),
    size: 0,
    mtimeMs: 0,
    encoding: NEW_FILE_FORMAT.encoding,
    bom: false,
    bomLength: 0,
  };
}

/**
 * The first half of loadRaw: the file opened (the caller closes it) and checked against the size
 * cap, not read; no file when the path names none.
 */
export async function openRaw(
  scope: Scope,
  target: string | ResolvedPath,
  opts: { cwd?: string; maxBytes?: number; field?: string },
): Promise<{ resolved: ResolvedPath; file?: OpenedFile }> {
  const field = opts.field ?? 'path';
  const given = typeof target === 'string' ? undefined : target;
  const input = given ? given.input : (target as string);
  // A caller's resolution is older than its lock: a file missing then may be there now.
  if (given && !given.exists) return openRaw(scope, input, opts);
  const resolved = given ?? (await scope.resolve(input, opts.cwd, field));
  if (!resolved.exists) return { resolved };
  const f = await openForRead(scope, resolved, opts.cwd, field).catch((err: unknown) => {
    if (given && err instanceof EngineError && err.kind === 'not_found') return undefined;
    throw err;
  });
  // ...and one there then may be gone: a fresh resolution says what is there now.
  if (!f) return openRaw(scope, input, opts);
  const max = opts.maxBytes ?? DEFAULT_MAX_EDIT_BYTES;
  if (f.size > max) {
    await f.fh.close().catch(() => undefined);
    throw engineFailure(
      'file_too_large',
      `${input} is ${f.size} bytes, over the ${max}-byte limit for modifying a file`,
      {
        path: input,
        size: f.size,
        maxBytes: max,
      },
    );
  }
  return { resolved: f.resolved, file: f };
}

/** The second half of loadRaw: an opened file's bytes with their detected encoding; binary files refused. */
export async function readOpened(f: OpenedFile, field: string): Promise<RawText> {
  const bytes = await readAll(f);
  const enc = await detectEncodingOffLoop(bytes);
  if (!enc.bom && looksBinary(bytes.subarray(0, 8192))) throw binaryFile(f.resolved.input, field);
  return {
    resolved: f.resolved,
    exists: true,
    bytes,
    size: f.size,
    mtimeMs: f.mtimeMs,
    mode: f.mode,
    encoding: enc.encoding,
    bom: enc.bom,
    bomLength: enc.bomLength,
  };
}

export function binaryFile(input: string, field: string): EngineError {
  return engineFailure('binary', `${input} is a binary file; it cannot be edited as text`, { path: input }, { field });
}

/** Checks the session's read-before-edit policy against a loaded file (missing files always pass). */
export function checkLoaded(session: Session | undefined, loaded: RawText, policy: FreshnessPolicy | undefined): void {
  if (!loaded.exists) return;
  checkFreshness(
    session,
    loaded.resolved.real,
    loaded.resolved.input,
    { size: loaded.size, mtimeMs: loaded.mtimeMs, bytes: loaded.bytes },
    policy,
  );
}

/** For matching: LF text when the file's endings are uniform, else the raw text. */
export function workingText(loaded: LoadedText): string {
  return loaded.lineEnding === 'crlf' || loaded.lineEnding === 'cr' ? toLf(loaded.text) : loaded.text;
}

/** Back from working text to the file's own line endings. */
export function fileText(work: string, fmt: TextFormat): string {
  return fmt.lineEnding === 'crlf' || fmt.lineEnding === 'cr' ? fromLf(toLf(work), fmt.lineEnding) : work;
}

export interface SavedText extends TextFormat {
  bytes: Buffer;
  mtimeMs: number;
  /** Directories created to hold the file, outermost first. */
  createdDirs: string[];
  /** Set when the text held characters the old encoding cannot store, so UTF-8 was used. */
  encodingChangedFrom?: TextEncoding;
}

/** Encodes `text` (already in its final line endings) and writes it atomically; records the write in the session. */
export async function saveText(
  scope: Scope,
  target: ResolvedPath,
  text: string,
  fmt: TextFormat,
  opts: { mode?: number; createParents?: boolean; session?: Session; signal?: AbortSignal },
): Promise<SavedText> {
  let encoding = fmt.encoding;
  let encodingChangedFrom: TextEncoding | undefined;
  // A slice per turn of the event loop for a big text (a legacy encoding in a worker).
  let bytes = await encodeOffLoop(text, encoding, fmt.bom);
  if (!bytes) {
    encodingChangedFrom = encoding;
    encoding = 'utf8';
    bytes = await encodeYielding(text, encoding, fmt.bom);
  }
  const { mtimeMs, createdDirs } = await saveBytes(scope, target, bytes, opts);
  return { ...fmt, encoding, bytes, mtimeMs, createdDirs, encodingChangedFrom };
}

/** Writes bytes already encoded atomically; records the write in the session. */
export async function saveBytes(
  scope: Scope,
  target: ResolvedPath,
  bytes: Uint8Array,
  opts: SaveOptions,
): Promise<{ mtimeMs: number; createdDirs: string[] }> {
  return (await save(scope, target, bytes, opts))!;
}

/** What a writer put in the temporary file: how many bytes, and their sha256 (hex). */
export interface WrittenBytes {
  length: number;
  sha256: string;
}

/**
 * As saveBytes, with the bytes written into the opened temporary file by `writer` (a worker thread:
 * a big edit's bytes never come to this thread); undefined when the writer wrote nothing.
 */
export async function saveByWriter(
  scope: Scope,
  target: ResolvedPath,
  writer: (fd: number) => Promise<WrittenBytes | false>,
  opts: SaveOptions,
): Promise<{ mtimeMs: number; createdDirs: string[] } | undefined> {
  return save(scope, target, writer, opts);
}

interface SaveOptions {
  mode?: number;
  createParents?: boolean;
  session?: Session;
  signal?: AbortSignal;
}

async function save(
  scope: Scope,
  target: ResolvedPath,
  body: Uint8Array | ((fd: number) => Promise<WrittenBytes | false>),
  opts: SaveOptions,
): Promise<{ mtimeMs: number; createdDirs: string[] } | undefined> {
  // When the call is observed, the engine's record of the change (hash before, after).
  const changes = currentChanges();
  const before = changes?.hashes ? await hashFile(target.real) : undefined;
  let written: WrittenBytes | undefined;
  const fill: Uint8Array | TempWriter =
    body instanceof Uint8Array
      ? body
      : async (fd) => {
          const w = await body(fd);
          if (w) written = w;
          return w && w.length;
        };
  const w = await atomicWrite(scope, target, fill, {
    mode: opts.mode,
    createParents: opts.createParents,
    signal: opts.signal,
  });
  if (w.abandoned) return undefined;
  // The new bytes' sha256, once, for the call's record and the session's (a writer brings its own).
  const wanted = changes?.hashes === true || opts.session !== undefined;
  const sha256 = written?.sha256 ?? (wanted ? await sha256Yielding(body as Uint8Array) : undefined);
  if (changes) {
    const existed = before === undefined ? target.exists : before !== null;
    changes.files.push({
      path: target.real,
      change: existed ? 'modified' : 'created',
      before: before ?? null,
      after: changes.hashes ? sha256! : null,
      bytes: w.bytes,
    });
    changes.bytesWritten += w.bytes;
  }
  if (opts.session) recordWritten(opts.session, target.real, w.bytes, w.mtimeMs, sha256!);
  return { mtimeMs: w.mtimeMs, createdDirs: w.createdDirs };
}
