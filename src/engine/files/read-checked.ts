// A read as a model-facing Read tool makes it: a file the server pointed the session at may be
// read outside the roots; a missing file or a directory is refused up front; asking again for
// the same range of an unchanged file can answer "unchanged"; SVG may count as text; a file
// with an image extension must decode as one; other binary files may be refused; and a read
// stopped by its budget does not license an edit (a refused range leaves the record as it was).
import path from 'node:path';
import { EngineError, engineFailure } from '../errors.js';
import { readScopeFor } from '../read-grants.js';
import type { Scope } from '../scope.js';
import type { Session } from '../session.js';
import { unchangedSinceRead } from './freshness.js';
import { statResolved } from './open.js';
import { mediaBlobs, type MediaBlobOptions, type MediaBlobs } from './media-blobs.js';
import { readFile, type MediaRead, type ReadOptions, type ReadResult } from './read.js';

export interface CheckedReadOptions extends Omit<ReadOptions, 'cwd' | 'session' | 'signal'> {
  /** The argument naming the file, for failures. */
  field: string;
  /** A Read of the same range of an unchanged file answers { kind: 'unchanged' }. */
  unchanged?: boolean;
  svgAsText?: boolean;
  /** Extensions (".png") whose bytes must decode as an image (bad_image otherwise). */
  imageExtensions?: readonly string[];
  /** A file that is not text, an image, a PDF or a notebook is refused (binary). */
  refuseBinary?: boolean;
  /** A part of the file was asked for: over the budget it will be refused, so its read is not recorded. */
  range?: boolean;
  /** Images and PDFs come back ready for the model in `ready` (fitted, pages rendered; see media-blobs.ts). */
  readyMedia?: Omit<MediaBlobOptions, 'shown' | 'signal'>;
}

/** An image or PDF read, with what the model is sent when `readyMedia` was asked. */
export type CheckedMedia = MediaRead & { ready?: MediaBlobs };
export type CheckedRead = Exclude<ReadResult, MediaRead> | CheckedMedia | { kind: 'unchanged'; path: string };

export async function readChecked(
  ctx: { scope: Scope; session: Session; signal: AbortSignal; cwd: string },
  input: string,
  opts: CheckedReadOptions,
): Promise<CheckedRead> {
  const { field, unchanged, svgAsText, imageExtensions, refuseBinary, range, readyMedia, ...read } = opts;
  const scope = readScopeFor(ctx.scope, ctx.session, input, ctx.cwd);
  // Resolved once: the stat and the read below both take this resolution.
  const resolved = await scope.resolve(input, ctx.cwd);
  const st = await statResolved(resolved);
  if (!st.exists) throw new EngineError('not_found', `${input} does not exist`, { field, facts: { path: input } });
  if (st.isDirectory)
    throw new EngineError('invalid_argument', `${input} is a directory`, {
      field,
      facts: { path: input, isDirectory: true },
    });
  const prev = ctx.session.reads.get(st.path);
  // Only a record made by a Read has a range; one left by a write does not count.
  if (
    unchanged &&
    prev?.offset !== undefined &&
    unchangedSinceRead(ctx.session, st.path, st, { offset: read.start, limit: read.limit })
  ) {
    return { kind: 'unchanged', path: st.path };
  }
  const r = await readFile(scope, resolved, {
    ...read,
    svgAsText,
    cwd: ctx.cwd,
    signal: ctx.signal,
    session: ctx.session,
  });
  const ext = path.extname(st.path).toLowerCase();
  if (imageExtensions?.includes(ext) && r.kind !== 'image') {
    throw engineFailure(
      'bad_image',
      `${input} is not a valid ${ext.slice(1)} image`,
      { path: input, ext: ext.slice(1) },
      { field },
    );
  }
  if (refuseBinary && r.kind === 'binary')
    throw engineFailure('binary', `${input} is a binary file`, { path: input, ext }, { field });
  if (r.kind === 'text' && r.stoppedBy === 'budget') {
    if (range && prev) ctx.session.reads.set(r.path, prev);
    else ctx.session.reads.delete(r.path);
  }
  if (readyMedia && (r.kind === 'image' || r.kind === 'pdf')) {
    return { ...r, ready: await mediaBlobs(r, { ...readyMedia, shown: input, signal: ctx.signal }) };
  }
  return r;
}
