// Kimi CLI file tools: ReadFile (cat -n numbered lines, forward or from the end),
// ReadMediaFile (images and videos as bytes), WriteFile (overwrite or append) and
// StrReplaceFile (one literal edit or a list of them, all or nothing).
import path from 'node:path';
import { editFile, type EditSpec, EngineError, engineFailure, expandHome, readFile, readMedia, writeFile } from '../../engine/index.js';
import type { HandlerContext, ToolDefinition, ToolResult } from '../../registry/types.js';
import { diffNote } from '../common/diff-note.js';
import { str } from '../common/str.js';
import { TAGS } from '../tags.js';
import { kimiMessage } from './errors.js';
import { cutLine, framed, kimiFail, kimiOk } from './result.js';

const MAX_LINES = 1000;
const MAX_LINE_LENGTH = 2000;
const MAX_BYTES = 100 << 10;
const MAX_MEDIA_BYTES = 100 << 20;

/** Kimi's advice after loading media, in our words: coordinates relative first, and look again at media you change. */
const MEDIA_GUIDANCE =
  'To give coordinates, state them relative to the image first and work out absolute ones from its original size; when commands or scripts create or change images or videos, load the result again before going on.';

const VIDEO_EXT = new Set(['.mp4', '.mkv', '.avi', '.mov', '.wmv', '.webm', '.m4v', '.flv', '.3gp']);
const SECRET_NAMES = new Set(['id_rsa', 'id_ed25519', 'id_ecdsa', 'credentials']);
const SAFE_ENV = new Set(['.env.example', '.env.sample', '.env.template']);

/** Files that usually hold secrets (Kimi's sensitive-file guard): .env*, SSH keys, cloud credentials. */
export function isSensitive(p: string): boolean {
  const base = path.basename(p);
  if (SAFE_ENV.has(base)) return false;
  return base === '.env' || base.startsWith('.env.') || SECRET_NAMES.has(base);
}

const sensitiveError = (p: string) => engineFailure('sensitive_file', `${p} may hold secrets`, { path: p }, { field: 'path' });
const sensitiveText = (p: string) =>
  `\`${p}\` matches a pattern of files that hold secrets (keys, tokens, credentials); reading it is blocked to protect them. Ask the user for the values you need.`;

/** Errors these tools word themselves; the rest go through kimiMessage. */
function fileMessage(err: EngineError, p: string): string {
  const c = err.condition;
  if (c === 'parent_missing') return `The directory holding \`${p}\` does not exist; create it first (for example with Shell: mkdir -p).`;
  if (c === 'sensitive_file') return sensitiveText(p);
  if (c === 'media_file')
    return `\`${p}\` is ${err.facts.kind === 'video' ? 'a video' : 'an image'} file, and ReadFile reads text only; use a tool for images and videos (ReadMediaFile) instead.`;
  if (c === 'not_media' && err.facts.kind === 'text') return `\`${p}\` is a text file, not an image or video; read it with ReadFile.`;
  if (c === 'binary_file')
    return `\`${p}\` does not look like a text file, so it cannot be read here; inspect it with shell tools (file, xxd, unzip -l...) instead.`;
  if (c === 'empty_path') return 'The path is empty; give the file to use.';
  return kimiMessage(err);
}

/** The absolute path the host block names for `p`, even when the call failed before resolving it. */
const hostPaths = (ctx: HandlerContext, p: string): string[] | undefined =>
  p === '' || p.includes('\0') ? undefined : [path.resolve(ctx.session.cwd ?? ctx.scope.primary, p)];

/** Runs a file tool body; engine errors become framed results worded by `words`. */
const framedFile = (tool: string, ctx: HandlerContext, p: string, run: () => Promise<ToolResult>, words = (err: EngineError) => fileMessage(err, p)) =>
  framed({ tool, paths: hostPaths(ctx, p) }, run, words);

const emptyPath = () => engineFailure('empty_path', 'the path is empty', {}, { field: 'path' });

interface ReadArgs {
  path: string;
  line_offset?: number;
  n_lines?: number;
}

const readTool: ToolDefinition<ReadArgs> = {
  name: 'ReadFile',
  summary: 'Read a text file as cat -n numbered lines (up to 1000 per call; a negative line_offset reads the end).',
  description: [
    'Reads a text file inside the workspace (absolute, relative to the working directory, or "~/…" for the home',
    'directory when it is inside the workspace). Each line is',
    'shown as its number right-aligned in 6 columns, a tab, then the text. line_offset is the 1-based first',
    'line; a negative value such as -50 reads the last 50 lines (at most 1000), still with absolute numbers.',
    'n_lines caps the lines returned (default and maximum 1000). Lines over 2000 characters are cut to 2000 ending',
    'in "..." and the message names them ("Lines [n, …] were truncated."), and one call returns at most 100 KiB (reading from the end keeps the newest lines). The',
    'message before the lines says where the read started, the total number of lines, and why it stopped.',
    'Images and videos are refused (use ReadMediaFile), as are binary files and files that usually hold',
    'secrets (.env, SSH keys, credentials). To find text, use Grep rather than reading whole files.',
  ].join(' '),
  inputSchema: {
    properties: {
      path: { type: 'string' },
      line_offset: { default: 1, type: 'integer' },
      n_lines: { default: 1000, minimum: 1, type: 'integer' },
    },
    required: ['path'],
    type: 'object',
  },
  destructive: false,
  tags: [TAGS.filesystem, TAGS.readOnly],
  examples: [
    { description: 'Read the start of a file', arguments: { path: 'README.md' }, expectedOutcome: 'Up to 1000 numbered lines and a message with the total.' },
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
  ].join('\n'),
  async handler(args, ctx) {
    const p = expandHome(args.path);
    const offset = args.line_offset ?? 1;
    const nLines = args.n_lines ?? MAX_LINES;
    return framedFile('ReadFile', ctx, p, async () => {
      if (p === '') throw emptyPath();
      if (offset === 0 || offset < -MAX_LINES) {
        throw new EngineError('invalid_argument', `line_offset ${offset} is not allowed`, { field: 'line_offset', facts: { line_offset: offset } });
      }
      if (isSensitive(p)) throw sensitiveError(p);
      const r = await readFile(ctx.scope, p, {
        cwd: ctx.session.cwd,
        signal: ctx.signal,
        session: ctx.session,
        start: offset,
        limit: Math.min(nLines, MAX_LINES),
        // One character over Kimi's cap, so a cut line is still seen as too long and gets Kimi's marker.
        maxLineChars: MAX_LINE_LENGTH + 1,
        countTotal: true,
        media: [],
      });
      if (r.kind !== 'text') {
        const video = r.kind === 'binary' && (r.mediaType?.startsWith('video/') || VIDEO_EXT.has(path.extname(r.path).toLowerCase()));
        const media = video || (r.kind === 'binary' && r.mediaType?.startsWith('image/'));
        throw engineFailure(
          media ? 'media_file' : 'binary_file',
          `${p} is not a text file`,
          { path: p, kind: video ? 'video' : 'image', mediaType: r.kind === 'binary' ? r.mediaType : undefined },
          { field: 'path' },
        );
      }
      // Kimi's per-line cut ("..." before the kept line break) and its byte budget, on the cut lines.
      let lines = r.lines.map((l, i) => cutLine(l + r.eols[i], MAX_LINE_LENGTH, '...'));
      const cutNumbers = lines.flatMap((l, i) => (l !== r.lines[i]! + r.eols[i] ? [r.startLine + i] : []));
      let first = r.startLine;
      let bytesReached = false;
      if (offset < 0) {
        let used = 0;
        let keep = lines.length;
        while (keep > 0 && used + Buffer.byteLength(lines[keep - 1]!, 'utf8') <= MAX_BYTES) used += Buffer.byteLength(lines[--keep]!, 'utf8');
        if (keep > 0) {
          bytesReached = true;
          lines = lines.slice(keep);
          first += keep;
        }
      } else {
        let used = 0;
        for (let i = 0; i < lines.length; i++) {
          used += Buffer.byteLength(lines[i]!, 'utf8');
          if (i + 1 < nLines && i + 1 < MAX_LINES && used >= MAX_BYTES) {
            lines = lines.slice(0, i + 1);
            bytesReached = true;
            break;
          }
        }
      }
      const total = r.totalLines ?? 0;
      const output = lines.map((l, i) => `${String(first + i).padStart(6)}\t${l}`).join('');
      let message =
        lines.length > 0
          ? `${lines.length} lines read from file starting from line ${first}. Total lines in file: ${total}.`
          : `No lines read from file. Total lines in file: ${total}.`;
      if (nLines > MAX_LINES && lines.length === MAX_LINES) message += ` Max ${MAX_LINES} lines reached.`;
      else if (bytesReached) message += ` Max ${MAX_BYTES} bytes reached.`;
      else if (lines.length < nLines) message += ' End of file reached.';
      const shownCuts = cutNumbers.filter((n) => n >= first && n < first + lines.length);
      if (shownCuts.length > 0) message += ` Lines [${shownCuts.join(', ')}] were truncated.`;
      return kimiOk(message, output, {
        tool: 'ReadFile',
        summary: `Read ${lines.length} lines of ${r.relative}`,
        paths: [r.path],
        counts: { lines: lines.length, totalLines: total, firstLine: first },
        truncated: bytesReached || shownCuts.length > 0,
      });
    });
  },
};

interface MediaArgs {
  path: string;
}

const mediaTool: ToolDefinition<MediaArgs> = {
  name: 'ReadMediaFile',
  summary: 'Load an image or video file (png, jpeg, gif, webp, svg, mp4, webm, mov...) so you can look at it.',
  description: [
    "Returns the whole file as bytes with its media type, taken from the file's signature rather than its name,",
    'wrapped in an <image path="…"> or <video path="…"> tag; the message gives the media type, the size in',
    'bytes and, for images, the pixel size. Files up to 100 MiB; empty files and text files are refused (read',
    'text with ReadFile).',
  ].join(' '),
  inputSchema: { properties: { path: { type: 'string' } }, required: ['path'], type: 'object' },
  destructive: false,
  tags: [TAGS.filesystem, TAGS.readOnly],
  examples: [
    { description: 'Look at a screenshot', arguments: { path: 'docs/screenshot.png' }, expectedOutcome: 'The image as a blob with its media type and size.' },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'INVALID_ARGUMENT: empty path, empty file, a directory. UNSUPPORTED_OPERATION: the file is text (use ReadFile) or another binary format.',
    'RESOURCE_EXHAUSTED: over 100 MiB. NOT_FOUND: missing. PERMISSION_DENIED: outside the workspace.',
  ].join('\n'),
  async handler(args, ctx) {
    const p = expandHome(args.path);
    return framedFile('ReadMediaFile', ctx, p, async () => {
      if (p === '') throw emptyPath();
      const m = await readMedia(ctx.scope, p, { cwd: ctx.session.cwd, signal: ctx.signal, session: ctx.session, maxBytes: MAX_MEDIA_BYTES });
      const dims = m.width !== undefined ? `, original size ${m.width}x${m.height} pixels` : '';
      const message = `Loaded ${m.kind} file \`${p}\` (${m.mediaType}, ${m.size} bytes${dims}). ${MEDIA_GUIDANCE}`;
      return kimiOk(message, '', { tool: 'ReadMediaFile', paths: [m.path], counts: { bytes: m.size }, details: { mediaType: m.mediaType, kind: m.kind } }, [
        { text: `<${m.kind} path="${p}">` },
        { blob: { mediaType: m.mediaType, data: m.data } },
        { text: `</${m.kind}>` },
      ]);
    });
  },
};

interface WriteArgs {
  path: string;
  content: string;
  mode?: 'overwrite' | 'append';
}

const writeTool: ToolDefinition<WriteArgs> = {
  name: 'WriteFile',
  summary: 'Write a whole file (overwrite, the default) or add to its end (append), when creating or rewriting a file.',
  description: [
    'Writes `content` to a file inside the workspace, atomically (a crash never leaves half a file). mode',
    'overwrite (default) replaces the file or creates it; append adds `content` at the end. The parent',
    'directory must already exist. The message gives the size of the file afterwards; the host block has the',
    'diff. For a change to part of a file use StrReplaceFile.',
  ].join(' '),
  inputSchema: {
    properties: {
      path: { type: 'string' },
      content: { type: 'string' },
      mode: { default: 'overwrite', enum: ['overwrite', 'append'], type: 'string' },
    },
    required: ['path', 'content'],
    type: 'object',
  },
  destructive: true,
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Create a notes file',
      arguments: { path: 'NOTES.md', content: '# Notes\n' },
      expectedOutcome: 'File successfully overwritten, with its size.',
    },
    {
      description: 'Append a line',
      arguments: { path: 'NOTES.md', content: '- one more\n', mode: 'append' },
      expectedOutcome: 'File successfully appended to, with its size.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'NOT_FOUND: the parent directory does not exist (create it first). INVALID_ARGUMENT: empty path, the path is a directory, or the file is binary.',
    'PERMISSION_DENIED: the path resolves outside the workspace.',
  ].join('\n'),
  async handler(args, ctx) {
    const p = expandHome(args.path);
    return framedFile('WriteFile', ctx, p, async () => {
      if (p === '') throw emptyPath();
      const mode = args.mode ?? 'overwrite';
      const r = await writeFile(ctx.scope, p, args.content, { cwd: ctx.session.cwd, signal: ctx.signal, session: ctx.session, mode, createParents: false });
      const verb = mode === 'append' ? 'appended to' : 'overwritten';
      return kimiOk(`File successfully ${verb}. Current size: ${r.size} bytes.`, '', {
        tool: 'WriteFile',
        summary: `${r.created ? 'Created' : mode === 'append' ? 'Appended to' : 'Wrote'} ${r.relative}`,
        paths: [r.path],
        diff: r.diff?.unified,
        diffNote: diffNote(r.diff),
        counts: { bytes: r.size, added: r.diff?.added ?? 0, removed: r.diff?.removed ?? 0 },
      });
    });
  },
};

interface EditItem {
  old: string;
  new: string;
  replace_all?: boolean;
}

interface ReplaceArgs {
  path: string;
  edit: EditItem | EditItem[];
}

const editItemSchema = () => ({
  properties: {
    old: { type: 'string' },
    new: { type: 'string' },
    replace_all: { default: false, type: 'boolean' },
  },
  required: ['old', 'new'],
  type: 'object',
});

function replaceMessage(err: EngineError, p: string, count: number): string {
  const c = err.condition;
  const which = count > 1 && typeof err.facts.editIndex === 'number' ? ` of edit ${err.facts.editIndex + 1}` : '';
  if (c === 'no_match')
    return `No replacements were made: the old string${which} was not found in the file, so nothing was written. Read the file again and copy the text exactly.`;
  if (c === 'ambiguous') {
    return `No replacements were made: the old string${which} occurs ${str(err.facts.count)} times in \`${p}\`. Add surrounding text to make it unique, or set replace_all to change every occurrence.`;
  }
  if (c === 'no_change') return 'No replacements were made: the edits leave the file exactly as it is.';
  if (c === 'empty_old') return `The old string${which} is empty; give the exact text to replace.`;
  return fileMessage(err, p);
}

const replaceTool: ToolDefinition<ReplaceArgs> = {
  name: 'StrReplaceFile',
  summary: 'Replace exact text in a file: one edit {old, new} or a list applied in order, all or nothing.',
  description: [
    'Literal (not regex) replacement in a text file inside the workspace. `edit` is one {old, new,',
    'replace_all} object or a list of them, applied in order to the running content. Each old string must',
    'occur exactly once unless replace_all is true (then every occurrence changes). If any edit does not',
    'match, nothing is written. Encoding and line endings are kept. The message counts the edits and',
    'replacements; the host block has the diff. To rewrite a whole file use WriteFile.',
  ].join(' '),
  inputSchema: {
    properties: {
      path: { type: 'string' },
      edit: { anyOf: [editItemSchema(), { items: editItemSchema(), type: 'array' }] },
    },
    required: ['path', 'edit'],
    type: 'object',
  },
  destructive: true,
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Change one line',
      arguments: { path: 'src/app.py', edit: { old: 'DEBUG = True', new: 'DEBUG = False' } },
      expectedOutcome: 'Applied 1 edit(s) with 1 total replacement(s).',
    },
    {
      description: 'Rename everywhere and fix a call',
      arguments: {
        path: 'src/app.py',
        edit: [
          { old: 'old_name', new: 'new_name', replace_all: true },
          { old: 'run(1)', new: 'run(2)' },
        ],
      },
      expectedOutcome: 'Both edits applied, or none.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'INVALID_ARGUMENT: an old string is not in the file (edits are all or nothing: nothing is written, unlike Kimi CLI which skips',
    'unmatched edits); an empty old string; the edits change nothing.',
    'CONFLICT: an old string occurs more than once and replace_all is false. Kimi CLI silently replaces the first occurrence;',
    'this server refuses instead, so add context to make the text unique or set replace_all.',
    'NOT_FOUND: the file does not exist (create it with WriteFile). PERMISSION_DENIED: outside the workspace.',
  ].join('\n'),
  async handler(args, ctx) {
    const p = expandHome(args.path);
    const items = Array.isArray(args.edit) ? args.edit : [args.edit];
    return framedFile(
      'StrReplaceFile',
      ctx,
      p,
      async () => {
        if (p === '') throw emptyPath();
        if (items.length === 0) throw engineFailure('no_match', 'no edits given', {}, { field: 'edit' });
        const specs: EditSpec[] = items.map((e, i) => {
          if (e.old === '') throw engineFailure('empty_old', 'the old string is empty', { editIndex: i }, { field: 'edit' });
          return { oldString: e.old, newString: e.new, occurrences: e.replace_all ? 'all' : 'unique' };
        });
        const r = await editFile(ctx.scope, p, specs, { cwd: ctx.session.cwd, signal: ctx.signal, session: ctx.session, allowNoChange: true });
        if (!r.changed) {
          const err = engineFailure('no_change', 'the edits leave the file unchanged', { path: p }, { field: 'edit' });
          return kimiFail(replaceMessage(err, p, items.length), '', err, { tool: 'StrReplaceFile', paths: [r.path] });
        }
        return kimiOk(`File successfully edited. Applied ${items.length} edit(s) with ${r.replacements} total replacement(s).`, '', {
          tool: 'StrReplaceFile',
          summary: `Edited ${r.relative}`,
          paths: [r.path],
          diff: r.diff.unified,
          diffNote: diffNote(r.diff),
          counts: { edits: items.length, replacements: r.replacements, added: r.diff.added, removed: r.diff.removed },
        });
      },
      (err) => replaceMessage(err, p, items.length),
    );
  },
};

export const kimiFileTools: ToolDefinition[] = [readTool, mediaTool, writeTool, replaceTool];
