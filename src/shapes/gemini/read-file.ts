// read_file: raw text in 2000-line windows with Gemini's truncation notice; images, PDFs,
// audio and video as data; files hidden by .gitignore/.geminiignore or over 20 MB refused.
import type { ModelRead } from '../../engine/index.js';
import type { ArgsOf } from '../kit/args/schema-args.js';
import { lineWindow } from '../kit/files/line-window.js';
import { rawWindow, windowHost } from '../kit/files/raw-window.js';
import { defineTool } from '../common/define.js';
import { badParams, modelReadResult, refusePastEnd } from '../gemini-family/shared.js';
import { geminiMediaText, MAX_FILE_BYTES, MAX_LINES, RAW, READ_OPTS, refuseNul, TAGS_READ } from './reading.js';
import { atLeast, object } from '../gemini-family/schema.js';

const schema = object({ file_path: 'string', start_line: atLeast(1), end_line: atLeast(1) }, ['file_path']);
type Args = ArgsOf<typeof schema>;

const notice = (start: number, end: number, total: number): string =>
  `\nIMPORTANT: The file content has been truncated.\nStatus: Showing lines ${start}-${end} of ${total} total lines.\nAction: To read more of the file, you can use the 'start_line' and 'end_line' parameters in a subsequent 'read_file' call. For example, to read the next section of the file, use start_line: ${end + 1}.\n\n--- FILE CONTENT (truncated) ---\n`;

/**
 * How Gemini reads one file: audio and video attached too; it weighs the file before looking at what it holds, so any
 * file over 20 MB is refused.
 */
const READ = { ...READ_OPTS, audioVideoMax: MAX_FILE_BYTES, maxAnyBytes: MAX_FILE_BYTES };

export const readFile = defineTool<Args, ModelRead>({
  name: 'read_file',
  fields: { path: 'file_path' },
  summary: 'Read a text file (or a window of its lines), an image, a PDF, audio or video from the workspace.',
  description: [
    'Returns the content of one file inside the workspace; relative paths start at the session directory.',
    'Text comes back raw (no line numbers), at most 2000 lines from start_line (default 1) to end_line (inclusive);',
    'lines over 2000 characters are cut and marked "... [truncated]". When not all of the file is shown the text is',
    'led by a notice giving the lines shown, the total, and the start_line to continue from. Images, PDFs, video and',
    'audio (MP3, WAV, AIFF, AAC, OGG, FLAC) come back as data (audio and video with a line saying so); other binary files are named, not dumped; SVG comes',
    'back as its markup (up to 1 MB). Files over 20 MB of any kind are refused. To find text across',
    'many files use grep_search first.',
  ],
  schema,
  tags: TAGS_READ,
  examples: [
    {
      description: 'Read a whole source file',
      arguments: { file_path: 'src/app.ts' },
      expectedOutcome: 'The file as raw text (first 2000 lines).',
    },
    {
      description: 'Read lines 100 to 150',
      arguments: { file_path: 'src/app.ts', start_line: 100, end_line: 150 },
      expectedOutcome: 'A truncation notice, then lines 100-150.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'file_not_found (NOT_FOUND): no file at the path. target_is_directory (INVALID_ARGUMENT): the path is a directory; use list_directory.',
    'path_not_in_workspace (PERMISSION_DENIED): the path resolves outside the workspace roots (symlinks included).',
    'file_too_large (RESOURCE_EXHAUSTED): over 20 MB. invalid_tool_params: start_line after end_line, or past the end of the file.',
    'invalid_tool_params: the file is hidden by .gitignore or .geminiignore, or file_path holds a NUL byte. Not done: no GEMINI.md context is appended.',
    'read_content_failure: an audio format the model cannot take (M4A, WMA, Opus, MIDI...).',
    'The error type is in the structured block as details.error_type.',
  ],
  async call(args, c) {
    const { file_path: file, start_line: s, end_line: e } = args;
    refuseNul(file, 'file_path');
    if (s !== undefined && e !== undefined && s > e)
      throw badParams('start_line cannot be greater than end_line', 'start_line');
    if (await c.engine.files.hidden(c, file, ['.geminiignore'], true)) {
      const message = `File path '${file}' is ignored by configured ignore patterns (.gitignore or .geminiignore)`;
      throw badParams(message, 'file_path', { path: file });
    }
    const r = await c.engine.files.forModel(c, file, { ...READ, ...lineWindow(s, e, MAX_LINES) });
    refusePastEnd(r, s ?? 1, 'start_line', s);
    return r;
  },
  format(r) {
    if (r.kind !== 'text') return modelReadResult(r, geminiMediaText)!;
    const w = rawWindow(r, RAW);
    return { text: `${w.cut ? notice(r.startLine, r.endLine, w.total!) : ''}${w.text}`, host: windowHost(r, w) };
  },
});
