// A read that must be of one kind: text only (a tool that shows lines), or an image only (a
// tool that shows pictures). Any other kind is a failure naming what the file is; `hint`
// ends its message with the tool that shows such a file instead.
import path from 'node:path';
import { engineFailure } from '../../../engine/index.js';
import { isSensitive } from './sensitive.js';
import type { MediaRead, ReadResult, TextRead } from '../../../engine/index.js';

/** The text of `file`; any other kind is not_text on `field`. */
export async function readTextOnly(
  read: Promise<ReadResult>,
  file: string,
  field: string,
  hint: string,
): Promise<TextRead> {
  const r = await read;
  if (r.kind === 'text') return r;
  const what = r.kind === 'binary' && r.mediaType ? r.mediaType : r.kind;
  throw engineFailure(
    'not_text',
    `${file} is not a text file (${what}); ${hint}`,
    { path: file, kind: r.kind },
    { field },
  );
}

/** The image `file` is; an empty file is empty_file, any other kind not_an_image, on `field`. */
export async function readImageOnly(
  read: Promise<ReadResult>,
  file: string,
  field: string,
  hint: string,
): Promise<MediaRead> {
  const r = await read;
  if (r.size === 0) throw engineFailure('empty_file', `${file} is empty`, { path: file, size: 0 }, { field });
  if (r.kind === 'image') return r;
  const what = r.kind === 'binary' ? (r.mediaType ?? 'a binary file') : `a ${r.kind} file`;
  throw engineFailure(
    'not_an_image',
    `${file} is not an image (it is ${what}); ${hint}`,
    { path: file, kind: r.kind },
    { field },
  );
}

const VIDEO_EXT = new Set(['.mp4', '.mkv', '.avi', '.mov', '.wmv', '.webm', '.m4v', '.flv', '.3gp']);

/**
 * A text read of `file` (as the caller gave it), refused up front when it usually holds secrets; an image or video is
 * media_file, other bytes binary_file.
 */
export async function readPlainText(read: () => Promise<ReadResult>, file: string): Promise<TextRead> {
  if (isSensitive(file))
    throw engineFailure('sensitive_file', `${file} may hold secrets`, { path: file }, { field: 'path' });
  const r = await read();
  if (r.kind === 'text') return r;
  const type = r.kind === 'binary' ? r.mediaType : undefined;
  const video =
    type?.startsWith('video/') || (r.kind === 'binary' && VIDEO_EXT.has(path.extname(r.path).toLowerCase()));
  const facts = { path: file, kind: video ? ('video' as const) : ('image' as const), mediaType: type };
  throw engineFailure(
    video || type?.startsWith('image/') ? 'media_file' : 'binary_file',
    `${file} is not a text file`,
    facts,
    { field: 'path' },
  );
}
