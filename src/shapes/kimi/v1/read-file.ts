// ReadFile: cat -n numbered lines, forward or from the end, with Kimi's per-line cut ("..."),
// its 1000-line and 100 KiB budgets, and a message on where the read started and stopped.
import { EngineError, type TextRead } from '../../../engine/index.js';
import { numberedLines } from '../../kit/text/numbered.js';
import { readWindow } from '../../kit/text/capped.js';
import { readPlainText } from '../../kit/files/read-kind.js';
import { defineTool } from '../../common/define.js';
import { TAGS } from '../../tags.js';
import { kimiOk } from './errors.js';
import { checkPath, fileWording, pathOf } from './files.js';

const MAX_LINES = 1000;
const MAX_LINE_LENGTH = 2000;
const MAX_BYTES = 100 << 10;
/** What the message adds on why fewer lines than asked came back. */
const STOPPED = {
  lines: ` Max ${MAX_LINES} lines reached.`,
  bytes: ` Max ${MAX_BYTES} bytes reached.`,
  eof: ' End of file reached.',
};

export const readFileTool = defineTool<{ path: string; line_offset?: number; n_lines?: number }, TextRead>({
  name: 'ReadFile',
  summary: 'Read a text file as cat -n numbered lines (up to 1000 per call; a negative line_offset reads the end).',
  description: [
    'Reads a text file inside the workspace (absolute, relative to the working directory, or "~/…" for the home directory when it is inside the workspace).',
    'Each line is shown as its number right-aligned in 6 columns, a tab, then the text. line_offset is the 1-based first line; a negative value such as -50',
    'reads the last 50 lines (at most 1000), still with absolute numbers. n_lines caps the lines returned (default and maximum 1000). Lines over 2000',
    'characters are cut to 2000 ending in "..." and the message names them ("Lines [n, …] were truncated."), and one call returns at most 100 KiB (reading',
    'from the end keeps the newest lines). The message before the lines says where the read started, the total number of lines, and why it stopped. Images',
    'and videos are refused (use ReadMediaFile), as are binary files and files that usually hold secrets (.env, SSH keys, credentials). To find text, use',
    'Grep rather than reading whole files.',
  ],
  schema: {
    properties: {
      path: { type: 'string' },
      line_offset: { default: 1, type: 'integer' },
      n_lines: { default: 1000, minimum: 1, type: 'integer' },
    },
    required: ['path'],
    type: 'object',
  },
  tags: [TAGS.filesystem, TAGS.readOnly],
  examples: [
    {
      description: 'Read the start of a file',
      arguments: { path: 'README.md' },
      expectedOutcome: 'Up to 1000 numbered lines and a message with the total.',
    },
    {
      description: 'Read the last 20 lines',
      arguments: { path: 'README.md', line_offset: -20 },
      expectedOutcome: 'The final 20 lines with their absolute numbers.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'INVALID_ARGUMENT: empty path; line_offset 0 or below -1000; the path is a directory; the file is an image or video (use ReadMediaFile) or binary.',
    'NOT_FOUND: the file does not exist. PERMISSION_DENIED: the path resolves outside the workspace.',
    'SECURITY_POLICY_FAILED: the file usually holds secrets (.env, .env.*, id_rsa, id_ed25519, id_ecdsa, credentials); .env.example/.sample/.template are readable.',
    'Every error comes back as <system>ERROR: …</system> with what to do next.',
  ],
  async call(args, c) {
    const p = checkPath(pathOf(args));
    const offset = args.line_offset ?? 1;
    if (offset === 0 || offset < -MAX_LINES) {
      throw new EngineError('invalid_argument', `line_offset ${offset} is not allowed`, {
        field: 'line_offset',
        facts: { line_offset: offset },
      });
    }
    // One character over Kimi's line cap, so a cut line is still seen as too long and gets Kimi's marker.
    const opts = {
      start: offset,
      limit: Math.min(args.n_lines ?? MAX_LINES, MAX_LINES),
      maxLineChars: MAX_LINE_LENGTH + 1,
      countTotal: true,
      media: [],
    };
    return readPlainText(() => c.engine.files.read(c, p, opts), p);
  },
  format(r, args) {
    const nLines = args.n_lines ?? MAX_LINES;
    const fromEnd = (args.line_offset ?? 1) < 0;
    const fit = readWindow(r, {
      maxLine: MAX_LINE_LENGTH,
      marker: '...',
      maxBytes: MAX_BYTES,
      fromEnd,
      limit: Math.min(nLines, MAX_LINES),
      asked: nLines,
    });
    const [{ lines, first, cut }, total] = [fit, r.totalLines ?? 0];
    let message = `${lines.length > 0 ? `${lines.length} lines read from file starting from line ${first}.` : 'No lines read from file.'} Total lines in file: ${total}.`;
    if (fit.stop) message += STOPPED[fit.stop];
    if (cut.length > 0) message += ` Lines [${cut.join(', ')}] were truncated.`;
    const output = numberedLines(lines, first, '\t', { width: 6, join: '' });
    const counts = { lines: lines.length, totalLines: total, firstLine: first };
    return kimiOk(message, output, {
      summary: `Read ${lines.length} lines of ${r.relative}`,
      paths: [r.path],
      counts,
      truncated: fit.reached || cut.length > 0,
    });
  },
  errors: fileWording(),
});
