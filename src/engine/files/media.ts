// Reading one image or video file whole, as bytes with its media type (from the file's
// signature, not its name), for tools that hand media to a model. Text and other binary
// files are refused with facts saying what they are.
import path from 'node:path';
import { EngineError, engineFailure, fromSystemError, throwIfAborted } from '../errors.js';
import type { Scope } from '../scope.js';
import type { Session } from '../session.js';
import { recordRead, sha256 } from './freshness.js';
import { detectKind, imageSize, imageType } from './kind.js';
import { openForRead, readAll } from './open.js';

export interface MediaOptions {
  cwd?: string;
  signal?: AbortSignal;
  session?: Session;
  /** Refuse files larger than this (RESOURCE_EXHAUSTED). */
  maxBytes: number;
  /** Kinds accepted (default both). */
  kinds?: Array<'image' | 'video'>;
}

export interface MediaFile {
  path: string;
  relative: string;
  kind: 'image' | 'video';
  mediaType: string;
  size: number;
  data: Buffer;
  /** Pixel size of an image, when its header says. */
  width?: number;
  height?: number;
}

const SAMPLE = 64 * 1024;

/** The media type of common video containers, from their first bytes. */
export function videoType(b: Uint8Array, name = ''): string | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (brand === 'qt  ') return 'video/quicktime';
    if (brand.startsWith('3g')) return 'video/3gpp';
    if (brand.startsWith('M4A') || brand === 'M4B ') return undefined; // audio in an MP4 box
    return 'video/mp4';
  }
  if (b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) {
    // Matroska and WebM share the EBML header; the doc type (or the name) tells them apart.
    const head = ascii(0, Math.min(b.length, 64));
    return head.includes('webm') || path.extname(name).toLowerCase() === '.webm' ? 'video/webm' : 'video/x-matroska';
  }
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'AVI ') return 'video/x-msvideo';
  if (b.length >= 3 && ascii(0, 3) === 'FLV') return 'video/x-flv';
  return undefined;
}

export async function readMedia(scope: Scope, input: string, opts: MediaOptions): Promise<MediaFile> {
  const f = await openForRead(scope, input, opts.cwd);
  try {
    const real = f.resolved.real;
    const sample = Buffer.alloc(Math.min(SAMPLE, f.size));
    if (sample.length > 0) await f.fh.read(sample, 0, sample.length, 0);
    if (f.size === 0) {
      throw engineFailure('empty_file', `${input} is empty`, { path: input, size: 0 }, { field: 'path' });
    }
    const image =
      imageType(sample) ?? (detectKind(sample, real).mediaType === 'image/svg+xml' ? 'image/svg+xml' : undefined);
    const video = image ? undefined : videoType(sample, real);
    const kind = image ? 'image' : video ? 'video' : undefined;
    const wanted = opts.kinds ?? ['image', 'video'];
    if (!kind || !wanted.includes(kind)) {
      const other = detectKind(sample, real).kind;
      throw engineFailure(
        'not_media',
        `${input} is not ${wanted.map((k) => (k === 'image' ? 'an image' : 'a video')).join(' or ')}`,
        { path: input, kind: kind ?? (other === 'text' || other === 'notebook' ? 'text' : other) },
        { field: 'path' },
      );
    }
    if (f.size > opts.maxBytes) {
      throw engineFailure(
        'file_too_large',
        `${input} is ${f.size} bytes, over the ${opts.maxBytes}-byte limit for media files`,
        {
          path: input,
          size: f.size,
          maxBytes: opts.maxBytes,
          kind,
        },
      );
    }
    throwIfAborted(opts.signal, 'read');
    const data = await readAll(f);
    recordRead(opts.session, real, { size: f.size, mtimeMs: f.mtimeMs, hash: sha256(data), complete: true });
    const dims = image ? imageSize(sample, image) : undefined;
    return {
      path: real,
      relative: scope.relative(real),
      kind,
      mediaType: (image ?? video)!,
      size: data.length,
      data,
      ...dims,
    };
  } catch (err) {
    throw err instanceof EngineError ? err : fromSystemError(err, input, 'read');
  } finally {
    await f.fh.close().catch(() => undefined);
  }
}
