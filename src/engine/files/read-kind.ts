// A read that must be of one kind: text only (a tool that shows lines), or an image only (a
// tool that shows pictures). Any other kind is a failure naming what the file is; `hint`
// ends its message with the tool that shows such a file instead.
import { engineFailure } from '../errors.js';
import type { MediaRead, ReadResult, TextRead } from './read.js';

/** The text of `file`; any other kind is not_text on `field`. */
export async function readTextOnly(read: Promise<ReadResult>, file: string, field: string, hint: string): Promise<TextRead> {
  const r = await read;
  if (r.kind === 'text') return r;
  const what = r.kind === 'binary' && r.mediaType ? r.mediaType : r.kind;
  throw engineFailure('not_text', `${file} is not a text file (${what}); ${hint}`, { path: file, kind: r.kind }, { field });
}

/** The image `file` is; an empty file is empty_file, any other kind not_an_image, on `field`. */
export async function readImageOnly(read: Promise<ReadResult>, file: string, field: string, hint: string): Promise<MediaRead> {
  const r = await read;
  if (r.size === 0) throw engineFailure('empty_file', `${file} is empty`, { path: file, size: 0 }, { field });
  if (r.kind === 'image') return r;
  const what = r.kind === 'binary' ? (r.mediaType ?? 'a binary file') : `a ${r.kind} file`;
  throw engineFailure('not_an_image', `${file} is not an image (it is ${what}); ${hint}`, { path: file, kind: r.kind }, { field });
}
