// Reading a file for a model that takes media as data (Gemini CLI and Qwen Code's read tools):
// SVG as its markup (refused over 1 MB), images and PDFs attached, other binary files named
// only, and, when asked, audio and video attached too. Also the ignore-file check both read
// tools make before reading, and which media files a read_many pattern names.
import path from 'node:path';
import { engineFailure, isCondition } from '../errors.js';
import { readScopeFor } from '../read-grants.js';
import type { Scope } from '../scope.js';
import { ignoredReason } from '../search/ignore.js';
import { readMedia, type MediaOptions } from './media.js';
import { openForRead, readAll, statFile } from './open.js';
import { readFile, type ReadOptions, type TextRead } from './read.js';
import { readMany, type ReadManyOptions } from './read-many.js';

const MAX_SVG_BYTES = 1024 * 1024;

/** The audio formats given to the model, by extension (as Gemini CLI decides, by name). */
const AUDIO_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  aiff: 'audio/aiff',
  aif: 'audio/aiff',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
};
/** Other audio names, which are refused instead of called binary. */
const OTHER_AUDIO = new Set(['m4a', 'wma', 'opus', 'mid', 'midi', 'amr', 'au', 'ape']);
/** Audio by name, every format above. */
const AUDIO_NAMES = /\.(mp3|wav|aiff?|aac|ogg|flac|m4a|wma|opus|midi?|amr|au|ape)$/i;

export const isAudioName = (p: string): boolean => AUDIO_NAMES.test(p);

export interface MediaFileRead {
  path: string;
  relative: string;
  kind: 'audio' | 'video';
  mediaType: string;
  size: number;
  data: Buffer;
}

/**
 * An audio or video file as bytes for the model: video by its container signature, audio by
 * the formats above. Undefined when the file is neither; other audio formats (not_media) and
 * files over `maxBytes` (file_too_large) fail.
 */
export async function readAudioVideo(
  scope: Scope,
  input: string,
  opts: Omit<MediaOptions, 'kinds'>,
): Promise<MediaFileRead | undefined> {
  const ext = path.extname(input).slice(1).toLowerCase();
  if (OTHER_AUDIO.has(ext)) {
    const message = `the audio format of ${input} (.${ext}) cannot be given to the model; MP3, WAV, AIFF, AAC, OGG and FLAC can`;
    throw engineFailure('not_media', message, { path: input, kind: 'audio' });
  }
  const audio = AUDIO_TYPES[ext];
  if (!audio) {
    try {
      const m = await readMedia(scope, input, { ...opts, kinds: ['video'] });
      return { path: m.path, relative: m.relative, kind: 'video', mediaType: m.mediaType, size: m.size, data: m.data };
    } catch (err) {
      if (isCondition(err, 'not_media')) return undefined;
      throw err;
    }
  }
  const f = await openForRead(scope, input, opts.cwd);
  try {
    if (f.size > opts.maxBytes) {
      throw engineFailure('file_too_large', `${input} is ${f.size} bytes, over the ${opts.maxBytes}-byte limit`, {
        path: input,
        size: f.size,
        maxBytes: opts.maxBytes,
      });
    }
    const data = await readAll(f);
    return {
      path: f.resolved.real,
      relative: scope.relative(f.resolved.real),
      kind: 'audio',
      mediaType: audio,
      size: data.length,
      data,
    };
  } finally {
    await f.fh.close().catch(() => undefined);
  }
}

/** A file read for the model: its text, media to attach, or why it is not shown. */
export type ModelRead =
  | TextRead
  | { kind: 'svg_too_large' | 'not_shown'; path: string; relative: string; size: number }
  | {
      kind: 'attached';
      media: 'image' | 'PDF' | 'audio' | 'video';
      path: string;
      relative: string;
      mediaType: string;
      size: number;
      data: Buffer;
    };

export interface ModelReadOptions extends ReadOptions {
  /** Attach audio and video too, up to this many bytes. */
  audioVideoMax?: number;
  /** Refuse any file over this many bytes, whatever it holds, before reading it (file_too_large). */
  maxAnyBytes?: number;
}

/**
 * One read for the model: SVG as its markup (not over 1 MB), images and PDFs attached, other
 * binary files and notebooks not shown; with `audioVideoMax` audio and video attached too.
 */
export async function readForModel(callScope: Scope, input: string, opts: ModelReadOptions): Promise<ModelRead> {
  const { audioVideoMax, maxAnyBytes, ...read } = opts;
  // A file granted to the session (a job's log) is read under its own folder (read-grants.ts).
  const scope = read.session ? readScopeFor(callScope, read.session, input, read.cwd ?? callScope.primary) : callScope;
  if (maxAnyBytes !== undefined) {
    const st = await statFile(scope, input, read.cwd);
    if (st.isFile && st.size > maxAnyBytes)
      throw engineFailure('file_too_large', `${input} is ${st.size} bytes`, {
        path: input,
        size: st.size,
        maxBytes: maxAnyBytes,
      });
  }
  let r = await readFile(scope, input, read);
  if (r.kind === 'image' && r.mediaType === 'image/svg+xml') {
    if (r.size > MAX_SVG_BYTES) return { kind: 'svg_too_large', path: r.path, relative: r.relative, size: r.size };
    r = await readFile(scope, input, { ...read, forceText: true });
  }
  if (r.kind === 'binary' && audioVideoMax !== undefined && !r.mediaType) {
    const m = await readAudioVideo(scope, input, {
      cwd: read.cwd,
      signal: read.signal,
      session: read.session,
      maxBytes: audioVideoMax,
    });
    if (m) return { ...m, kind: 'attached', media: m.kind };
  }
  if (r.kind === 'binary' || r.kind === 'notebook')
    return { kind: 'not_shown', path: r.path, relative: r.relative, size: r.size };
  if (r.kind !== 'text')
    return {
      kind: 'attached',
      media: r.kind === 'pdf' ? 'PDF' : 'image',
      path: r.path,
      relative: r.relative,
      mediaType: r.mediaType,
      size: r.size,
      data: r.data,
    };
  return r;
}

/**
 * Why the ignore files (.gitignore unless `gitignore` is false, and `ignoreFiles`) hide the
 * file at `input` from the model, or undefined when it is readable. A root is never hidden.
 */
export async function hiddenByIgnoreFiles(
  scope: Scope,
  input: string,
  opts: { cwd?: string; ignoreFiles: string[]; gitignore: boolean },
): Promise<string | undefined> {
  const st = await statFile(scope, input, opts.cwd);
  const root = scope.rootOf(st.path);
  if (!st.exists || !root || root === st.path) return undefined;
  return ignoredReason(root, st.path, { ignoreFileNames: opts.ignoreFiles, noGitIgnore: !opts.gitignore });
}

/**
 * Whether a pattern of `include` names the file's extension or its name (media are read only then, as Gemini CLI does).
 */
export function namedByPattern(include: readonly string[], file: string): boolean {
  const ext = path.extname(file).toLowerCase();
  const stem = path.basename(file, path.extname(file));
  return include.some((p) => (ext !== '' && p.toLowerCase().includes(ext)) || p.includes(stem));
}

/** One file of readManyForModel: read for the model (SVG as markup, marked so), or skipped with why. */
export type ModelManyEntry =
  | (ModelRead & { markup?: boolean })
  | { kind: 'skipped'; relative: string; reason: 'not_named' | 'unreadable'; message: string };

export interface ModelManyResult {
  files: ModelManyEntry[];
  /** Files matched in all, and those left out over the file limit. */
  matched: number;
  omitted: number;
}

/**
 * read_many as Gemini CLI reads for its model: each file as read, SVG as its markup, images,
 * PDFs and audio only when a pattern of `include` names them (`not_named` otherwise), audio
 * and video attached up to `audioVideoMax` bytes, other binary files not shown.
 */
export async function readManyForModel(
  scope: Scope,
  opts: ReadManyOptions & { audioVideoMax: number; svg: ReadOptions },
): Promise<ModelManyResult> {
  const { audioVideoMax, svg, ...many } = opts;
  const r = await readMany(scope, many);
  const files: ModelManyEntry[] = [];
  for (const { result: f, relative, error } of r.files) {
    const media =
      f && ((f.kind === 'image' && f.mediaType !== 'image/svg+xml') || f.kind === 'pdf' || isAudioName(f.path));
    if (!f) files.push({ kind: 'skipped', relative, reason: 'unreadable', message: error?.message ?? 'unreadable' });
    else if (media && !namedByPattern(many.include, f.path))
      files.push({ kind: 'skipped', relative: f.relative, reason: 'not_named', message: '' });
    else if (f.kind === 'text') files.push(f);
    else if (f.kind === 'image' && f.mediaType === 'image/svg+xml')
      files.push({ ...(await readForModel(scope, f.path, { ...svg, audioVideoMax })), markup: true });
    else if (f.kind === 'image' || f.kind === 'pdf')
      files.push({ ...f, kind: 'attached', media: f.kind === 'pdf' ? 'PDF' : 'image' });
    else {
      const m = await readAudioVideo(scope, f.path, {
        cwd: many.cwd,
        signal: many.signal,
        session: svg.session,
        maxBytes: audioVideoMax,
      }).catch((err: Error) => err);
      if (m instanceof Error)
        files.push({ kind: 'skipped', relative: f.relative, reason: 'unreadable', message: m.message });
      else
        files.push(
          m
            ? { ...m, kind: 'attached', media: m.kind }
            : { kind: 'not_shown', path: f.path, relative: f.relative, size: f.size },
        );
    }
  }
  return { files, matched: r.matched, omitted: r.omitted };
}
