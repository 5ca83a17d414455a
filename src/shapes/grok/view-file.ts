// view_file: a directory's names, a file's first 10 lines, or a line range, numbered "n: text".
import { engineFailure } from '../../engine/index.js';
import { numberedLines } from '../kit/text/numbered.js';
import { lineView, type LineViewOptions } from '../kit/files/line-view.js';
import { defineTool, errorTable, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';

const WHOLE_FILE_LINES = 10;
/** Text one range view returns at most (Grok CLI has no limit; a model's context does). */
const RANGE_BUDGET = 256 * 1024;

/** A file's head, or a range within the budget; text only, a final line break counting one more line. */
const VIEW: LineViewOptions = {
  field: 'path',
  startField: 'start_line',
  head: WHOLE_FILE_LINES,
  rangeBytes: RANGE_BUDGET,
};
const READ = { finalEmptyLine: true, media: [] };

interface Args {
  path: string;
  start_line?: number;
  end_line?: number;
}

export const viewFile = defineTool<Args>({
  name: 'view_file',
  summary: 'Look at a file (its first 10 lines, or start_line-end_line) or list the names in a directory.',
  description: [
    'Shows a path inside the workspace, relative to the current directory (which bash "cd" changes). A directory: its entry names, one per line (not',
    'recursive). A file without a range: its first 10 lines as "n: text" and "... +N lines" when there are more, so pass start_line and end_line',
    '(both, 1-based, inclusive) to see the rest. A range past the end of the file is not an error. A file ending in a line break counts one more,',
    'empty, line. Binary files and images are refused. One range returns at most 256 KiB of text.',
  ],
  schema: {
    type: 'object',
    properties: { path: { type: 'string' }, start_line: { type: 'number' }, end_line: { type: 'number' } },
    required: ['path'],
  },
  tags: [TAGS.filesystem, TAGS.readOnly],
  examples: [
    {
      description: 'Glance at a file',
      arguments: { path: 'package.json' },
      expectedOutcome: 'Contents of package.json: the first 10 numbered lines.',
    },
    {
      description: 'Read lines 20 to 60',
      arguments: { path: 'src/index.ts', start_line: 20, end_line: 60 },
      expectedOutcome: 'Lines 20-60 of src/index.ts, numbered.',
    },
    {
      description: 'List a directory',
      arguments: { path: '.' },
      expectedOutcome: 'Directory contents of .: one name per line.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'NOT_FOUND: "File or directory not found: <path>".',
    'INVALID_ARGUMENT: start_line below 1, or a binary file or image (not shown as text).',
    'PERMISSION_DENIED: the path resolves outside the workspace.',
  ],
  async call({ path: p, start_line, end_line }, c): Promise<Reply> {
    const st = await c.engine.files.stat(c, p);
    if (!st.exists) throw engineFailure('view_missing', `${p} does not exist`, { path: p }, { field: 'path' });
    if (st.isDirectory) {
      const r = await c.engine.search.list(c, p, { sort: 'name' });
      return {
        text: `Directory contents of ${p}:\n${r.entries.map((e) => e.name).join('\n')}`,
        host: { paths: [r.path], counts: { entries: r.total } },
      };
    }
    const v = await lineView((o) => c.engine.files.read(c, p, { ...o, ...READ }), p, {
      ...VIEW,
      start: start_line,
      end: end_line,
    });
    const numbered = numberedLines(v.lines, v.start, ': ');
    if (!v.ranged)
      return { text: `Contents of ${p}:\n${numbered}${v.more > 0 ? `\n... +${v.more} lines` : ''}`, host: v.facts };
    const cut = v.cut
      ? `\n... (stopped after ${v.lines.length} lines: at most ${RANGE_BUDGET} bytes per view; ask for a later start_line)`
      : '';
    return { text: `Lines ${v.start}-${v.end} of ${p}:\n${numbered}${cut}`, host: v.facts };
  },
  errors: errorTable<Args>({
    view_missing: (_e, args) => `File or directory not found: ${args.path}`,
    not_text: (e, args) => `Cannot view ${args.path}: it is a binary file (${String(e.facts.size)} bytes), not text`,
  }),
});
