// What Gemini's read_file and read_many_files share: the read limits, raw text with cut lines
// marked, the line leading attached audio and video, and refusing a NUL byte in a path (and
// replace and write_file an omission placeholder).
import type { EngineReadOptions } from '../../engine/index.js';
import type { RawWindowOptions } from '../kit/files/raw-window.js';
import { badParams, CUT_MARK, shapeError } from '../gemini-family/shared.js';
import { TAGS } from '../tags.js';

export const MAX_LINES = 2000;
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const TAGS_READ = [TAGS.filesystem, TAGS.readOnly];
export const TAGS_WRITE = [TAGS.filesystem, TAGS.destructive];

/** How every Gemini text read is done: raw lines split like String.split, long lines cut. */
export const TEXT_OPTS = { maxLineChars: 2000, finalEmptyLine: true, countTotal: true, maxFileBytes: MAX_FILE_BYTES };
/** How every Gemini file read is done. */
export const READ_OPTS: EngineReadOptions = { ...TEXT_OPTS, maxMediaBytes: MAX_FILE_BYTES };

/** How Gemini shows a window of text: raw lines, those over the line limit cut and marked. */
export const RAW: RawWindowOptions = { marker: CUT_MARK, cutBy: 'line' };

/** Binary content (audio/video) comes with this line in Gemini's function response. */
export const binaryLead = (mediaTypes: Iterable<string>): string =>
  `Binary content (${[...mediaTypes].join(', ')}) read successfully. Content will be injected for analysis in the next sequence.`;

/**
 * What Gemini's model reads beside an attached file: nothing for an image or PDF, the lead line for audio and video.
 */
export const geminiMediaText = (kind: string, _relative: string, mediaType: string): string =>
  kind === 'audio' || kind === 'video' ? binaryLead([mediaType]) : '';

/**
 * Gemini would drop a NUL byte from a path silently; Facet names it and edits nothing. The code is
 * the engine's for the same condition in every shape (PERMISSION_DENIED: what the kernel would
 * open is not the path that was checked); the words say what is wrong with the path.
 */
export function refuseNul(p: string, field: string): void {
  if (p.includes('\0')) {
    const message = `the ${field} holds a NUL byte (${JSON.stringify(p)}), which no file name can contain; send the path without it`;
    throw shapeError('permission_denied', message, 'invalid_tool_params', {}, field);
  }
}

/**
 * Gemini refuses text with an omission placeholder ("// ... rest of code ..."): the line found, named with what to send
 * instead.
 */
export function refusePlaceholder(found: { line: string } | undefined, field: string, instead: string): void {
  if (found) throw badParams(`\`${field}\` holds an omission placeholder ("${found.line}"); ${instead}`, field);
}
