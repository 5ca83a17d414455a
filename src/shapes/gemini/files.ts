// Gemini CLI file tools: read_file (raw text, 2000-line windows, truncation notice),
// write_file, replace (instruction + allow_multiple, tolerant matching) and read_many_files.
import path from 'node:path';
import { editFile, engineFailure, isWithin, readMany, type ReadOptions, statFile, type TextRead, withDetails, writeFile } from '../../engine/index.js';
import type { HandlerContext, ContentItem, ToolDefinition } from '../../registry/types.js';
import { CUT_MARK, familyRead, hiddenByIgnoreFiles, isResult, readAudioVideo, shapeError, withErrorTypes } from '../common/gemini-family.js';
import { diffNote } from '../common/diff-note.js';
import { ok } from '../common/result.js';
import { TAGS } from '../tags.js';
import { geminiErrors } from './errors.js';
import { updatedCode } from './snippet.js';

const MAX_LINES = 2000;
const MAX_LINE_CHARS = 2000;
const MAX_FILE_BYTES = 20 * 1024 * 1024;
const SNIPPET_CONTEXT = 5;
const TAGS_READ = [TAGS.filesystem, TAGS.readOnly];
const TAGS_WRITE = [TAGS.filesystem, TAGS.destructive];

/** How every Gemini file read is done: raw lines split like String.split, long lines cut. */
function readOpts(ctx: HandlerContext): ReadOptions {
  return {
    cwd: ctx.session.cwd,
    signal: ctx.signal,
    session: ctx.session,
    maxLineChars: MAX_LINE_CHARS,
    finalEmptyLine: true,
    countTotal: true,
    maxFileBytes: MAX_FILE_BYTES,
    maxMediaBytes: MAX_FILE_BYTES,
  };
}

/** Binary content (audio/video) comes with this line in Gemini's function response. */
export const binaryLead = (mediaTypes: Iterable<string>): string =>
  `Binary content (${[...mediaTypes].join(', ')}) read successfully. Content will be injected for analysis in the next sequence.`;

/** What Gemini's model reads beside an attached file: nothing for an image or PDF, the lead line for audio and video. */
const geminiMediaText = (kind: string, _relative: string, mediaType: string): string => (kind === 'audio' || kind === 'video' ? binaryLead([mediaType]) : '');

const textOf = (r: TextRead): string => r.lines.map((l, i) => (r.truncatedLines.includes(r.startLine + i) ? l + CUT_MARK : l)).join('\n');
const isCut = (r: TextRead): boolean => r.startLine > 1 || r.endLine < (r.totalLines ?? r.endLine) || r.truncatedLines.length > 0;

interface ReadArgs {
  file_path: string;
  start_line?: number;
  end_line?: number;
}

const readTool: ToolDefinition<ReadArgs> = {
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
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: { file_path: { type: 'string' }, start_line: { type: 'integer', minimum: 1 }, end_line: { type: 'integer', minimum: 1 } },
    required: ['file_path'],
  },
  destructive: false,
  tags: TAGS_READ,
  examples: [
    { description: 'Read a whole source file', arguments: { file_path: 'src/app.ts' }, expectedOutcome: 'The file as raw text (first 2000 lines).' },
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
  ].join('\n'),
  async handler(args, ctx) {
    refuseNul(args.file_path, 'file_path');
    const { start_line: s, end_line: e } = args;
    if (s !== undefined && e !== undefined && s > e) {
      throw shapeError('invalid_argument', 'start_line cannot be greater than end_line', 'invalid_tool_params', {}, 'start_line');
    }
    if (await hiddenByIgnoreFiles(ctx, args.file_path, ['.geminiignore'], true)) {
      throw shapeError(
        'invalid_argument',
        `File path '${args.file_path}' is ignored by configured ignore patterns (.gitignore or .geminiignore)`,
        'invalid_tool_params',
        { path: args.file_path },
        'file_path',
      );
    }
    // Gemini weighs the file before looking at what it holds: any file over 20 MB is refused.
    const st = await statFile(ctx.scope, args.file_path, ctx.session.cwd);
    if (st.isFile && st.size > MAX_FILE_BYTES) {
      const tooLarge = engineFailure('file_too_large', `${args.file_path} is ${st.size} bytes`, {
        path: args.file_path,
        size: st.size,
        maxBytes: MAX_FILE_BYTES,
      });
      throw withDetails(tooLarge, { facts: { errorType: 'file_too_large' } });
    }
    const start = s ?? 1;
    const r = await familyRead(
      ctx,
      args.file_path,
      { ...readOpts(ctx), start, limit: e !== undefined ? e - start + 1 : MAX_LINES },
      MAX_FILE_BYTES,
      geminiMediaText,
    );
    if (isResult(r)) return r;
    const total = r.totalLines ?? r.endLine;
    if (r.lines.length === 0 && start > 1 && start > total) {
      throw shapeError('invalid_argument', `start_line ${start} is past the end of the file (${total} lines)`, 'invalid_tool_params', { total }, 'start_line');
    }
    const body = textOf(r);
    const cut = isCut(r);
    const text = cut
      ? `\nIMPORTANT: The file content has been truncated.\nStatus: Showing lines ${r.startLine}-${r.endLine} of ${total} total lines.\nAction: To read more of the file, you can use the 'start_line' and 'end_line' parameters in a subsequent 'read_file' call. For example, to read the next section of the file, use start_line: ${r.endLine + 1}.\n\n--- FILE CONTENT (truncated) ---\n${body}`
      : body;
    return ok(text, {
      tool: 'read_file',
      paths: [r.path],
      summary: cut ? `Read lines ${r.startLine}-${r.endLine} of ${total} from ${r.relative}` : `Read ${r.relative}`,
      counts: { startLine: r.startLine, endLine: r.endLine, totalLines: total },
      truncated: cut,
    });
  },
};

/** The phrases Gemini CLI reads as standing for left-out code, before an ellipsis. */
const OMITTED = new Set(['rest of', 'rest of method', 'rest of methods', 'rest of code', 'unchanged code', 'unchanged method', 'unchanged methods']);
/** Facet's wider net: whole comment lines such as "# ... existing code ..." or "// ... rest of methods ...". */
const COMMENTED =
  /^(?:\/\/|#|\/\*|<!--|--|\*)?\s*(?:\.\.\.|…)?\s*(?:rest of|remaining|existing|unchanged|other|previous)\b[^\n]*?(?:\.\.\.|…)\s*(?:\*\/|-->)?$/i;

/** The placeholder a line stands for ("rest of methods ..."), or undefined for a line of real text. */
function placeholderOf(line: string): string | undefined {
  const t = line.trim();
  if (!t) return undefined;
  // Gemini's form: the whole line, maybe after "//" and inside parentheses, is a known phrase then dots.
  let g = t.startsWith('//') ? t.slice(2).trim() : t;
  if (g.startsWith('(') && g.endsWith(')')) g = g.slice(1, -1).trim();
  const at = g.indexOf('...');
  if (at >= 0) {
    const phrase = g.slice(0, at).trim().toLowerCase().split(/\s+/).filter(Boolean).join(' ');
    if (OMITTED.has(phrase) && /^\.*$/.test(g.slice(at + 3).trim())) return `${phrase} ...`;
  }
  if (/\.\.\.|…/.test(t) && COMMENTED.test(t)) {
    const phrase = t
      .toLowerCase()
      .replace(/^(?:\/\/|#|\/\*|<!--|--|\*)/, '')
      .replace(/(?:\*\/|-->)$/, '')
      .replace(/\.\.\.|…/g, ' ');
    return `${phrase.trim().split(/\s+/).join(' ')} ...`;
  }
  return undefined;
}

/** Every placeholder line of `text` (trimmed), with the phrase it stands for. */
export function placeholders(text: string): Array<{ line: string; phrase: string }> {
  if (!/\.\.\.|…/.test(text)) return []; // one native scan spares splitting a large file into lines
  return text.split(/\r?\n/).flatMap((l) => {
    const phrase = placeholderOf(l);
    return phrase ? [{ line: l.trim(), phrase }] : [];
  });
}

interface WriteArgs {
  file_path: string;
  content: string;
}

const writeTool: ToolDefinition<WriteArgs> = {
  name: 'write_file',
  fields: { path: 'file_path' },
  summary: 'Create a file, or replace all of an existing file, with the given content.',
  description: [
    'Writes `content` as the whole file at file_path (relative paths start at the session directory), creating missing',
    'parent directories. An existing file keeps its encoding and CRLF line endings. The write is atomic: a failure',
    'leaves the old file intact. Content with placeholders for omitted code ("// ... rest of methods ...") is refused:',
    'always give the complete file. For a small change in a large file use replace.',
  ].join(' '),
  inputSchema: { type: 'object', properties: { file_path: { type: 'string' }, content: { type: 'string' } }, required: ['file_path', 'content'] },
  destructive: true,
  tags: TAGS_WRITE,
  examples: [
    {
      description: 'Create a test file',
      arguments: { file_path: 'test/math.test.js', content: "import assert from 'node:assert';\n" },
      expectedOutcome: 'Successfully created and wrote to new file.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'target_is_directory: the path is a directory. path_not_in_workspace: outside the workspace roots.',
    'invalid_tool_params: the content holds an omission placeholder; send the complete content.',
    'file_write_failure / no_space_left / permission_denied: the file system refused the write; nothing was changed.',
    'invalid_tool_params: file_path holds a NUL byte (Gemini CLI drops it silently; Facet refuses). Not done: no GEMINI.md context is appended.',
  ].join('\n'),
  async handler(args, ctx) {
    refuseNul(args.file_path, 'file_path');
    const holes = placeholders(args.content);
    if (holes.length > 0) {
      throw shapeError(
        'invalid_argument',
        `\`content\` holds an omission placeholder ("${holes[0]!.line}"); write the complete file content instead`,
        'invalid_tool_params',
        {},
        'content',
      );
    }
    const r = await writeFile(ctx.scope, args.file_path, args.content, { cwd: ctx.session.cwd, signal: ctx.signal, session: ctx.session });
    const head = r.created ? `Successfully created and wrote to new file: ${r.path}.` : `Successfully overwrote file: ${r.path}.`;
    const code = updatedCode(!r.created && (r.previousSize ?? 0) > 0, args.content, r.diff, SNIPPET_CONTEXT);
    return ok(`${head} Here is the updated code:\n${code}`, {
      tool: 'write_file',
      summary: head,
      paths: [r.path],
      diff: r.diff?.unified,
      diffNote: diffNote(r.diff),
      counts: { bytes: r.size, added: r.diff?.added ?? 0, removed: r.diff?.removed ?? 0 },
      details: { created: r.created },
    });
  },
};

interface ReplaceArgs {
  file_path: string;
  instruction: string;
  old_string: string;
  new_string: string;
  allow_multiple?: boolean;
}

/** Gemini tells its model where a fuzzy match was applied: " Applied fuzzy match at lines 3-5, 9-11." */
function fuzzyNote(lines: Array<[number, number]>): string {
  if (lines.length === 0) return '';
  const spans = lines.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(', ');
  return ` Applied fuzzy match at line${lines.length > 1 ? 's' : ''} ${spans}.`;
}

/**
 * Gemini would drop a NUL byte from a path silently; Facet names it and edits nothing. The code is
 * the engine's for the same condition in every shape (PERMISSION_DENIED: what the kernel would
 * open is not the path that was checked); the words say what is wrong with the path.
 */
function refuseNul(p: string, field: string): void {
  if (p.includes('\0')) {
    throw shapeError(
      'permission_denied',
      `the ${field} holds a NUL byte (${JSON.stringify(p)}), which no file name can contain; send the path without it`,
      'invalid_tool_params',
      {},
      field,
    );
  }
}

const replaceTool: ToolDefinition<ReplaceArgs> = {
  name: 'replace',
  fields: { path: 'file_path' },
  summary: 'Replace text in a file (one occurrence, or all with allow_multiple); an empty old_string creates a new file.',
  description: [
    'Finds old_string in the file and puts new_string in its place. The text must occur exactly once unless',
    'allow_multiple is true (then every occurrence is replaced). Matching tries the exact text (CRLF read as LF),',
    'then the same lines ignoring leading and trailing whitespace, then the same tokens with any whitespace between',
    'them (from a line start), then a fuzzy match of as many lines (small differences such as a missing comma or other quotes;',
    'the note "Applied fuzzy match at line N-M." says where). With a tolerant match every line of new_string is re-indented',
    'from its first line to the indentation of the first matched line. `instruction` says in words what the edit is for; it is recorded, never used to guess.',
    "An empty old_string creates the file (with parents) when it does not exist, with new_string's line endings. Line endings and the final",
    'newline are kept. Read the file first so old_string is copied exactly, with enough context to be unique.',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: {
      file_path: { type: 'string' },
      instruction: { type: 'string' },
      old_string: { type: 'string' },
      new_string: { type: 'string' },
      allow_multiple: { type: 'boolean' },
    },
    required: ['file_path', 'instruction', 'old_string', 'new_string'],
  },
  destructive: true,
  tags: TAGS_WRITE,
  examples: [
    {
      description: 'Fix a comparison',
      arguments: { file_path: 'src/math.js', instruction: 'Use strict equality in isZero.', old_string: 'return n == 0;', new_string: 'return n === 0;' },
      expectedOutcome: 'Successfully modified file (1 replacements) and the updated code.',
    },
    {
      description: 'Rename every call',
      arguments: {
        file_path: 'src/app.js',
        instruction: 'Rename oldName to newName everywhere.',
        old_string: 'oldName(',
        new_string: 'newName(',
        allow_multiple: true,
      },
      expectedOutcome: 'Every occurrence replaced.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'edit_no_occurrence_found (INVALID_ARGUMENT): old_string is not in the file; re-read the lines and copy them exactly.',
    'edit_expected_occurrence_mismatch (CONFLICT): several matches without allow_multiple; add context or set allow_multiple.',
    'edit_no_change: old_string equals new_string. attempt_to_create_existing_file (ALREADY_EXISTS): empty old_string on an existing file.',
    'file_not_found: the file does not exist and old_string is not empty. invalid_tool_params: new_string adds an omission placeholder.',
    'invalid_tool_params: file_path holds a NUL byte (Gemini CLI drops it silently and edits the file without it; Facet refuses).',
    'Differences from Gemini CLI: no model-based self-correction (it guesses, and a wrong guess edits the wrong place).',
    'The rung that matched (exact, indentation, tokens, fuzzy) is reported in details.rung. Not done: no GEMINI.md context is appended.',
  ].join('\n'),
  async handler(args, ctx) {
    refuseNul(args.file_path, 'file_path');
    const had = new Set(placeholders(args.old_string).map((h) => h.phrase));
    const added = placeholders(args.new_string).filter((h) => !had.has(h.phrase));
    if (added.length > 0) {
      throw shapeError(
        'invalid_argument',
        `\`new_string\` holds an omission placeholder ("${added[0]!.line}"); give the exact literal replacement text`,
        'invalid_tool_params',
        {},
        'new_string',
      );
    }
    if (args.old_string === '') {
      const st = await statFile(ctx.scope, args.file_path, ctx.session.cwd);
      if (st.exists) throw shapeError('already_exists', `${args.file_path} already exists`, 'attempt_to_create_existing_file', { path: st.path }, 'old_string');
    }
    const r = await editFile(
      ctx.scope,
      args.file_path,
      [{ oldString: args.old_string, newString: args.new_string, occurrences: args.allow_multiple ? 'all' : 'unique' }],
      {
        cwd: ctx.session.cwd,
        signal: ctx.signal,
        session: ctx.session,
        ladder: ['exact', 'indentation', 'tokens', 'fuzzy'],
        firstLineIndent: true,
        newFileKeepsEndings: true,
        createParents: true,
      },
    );
    const code = updatedCode(!r.created, r.text, r.diff, SNIPPET_CONTEXT);
    const head = r.created ? `Created new file: ${r.path} with provided content.` : `Successfully modified file: ${r.path} (${r.replacements} replacements).`;
    const fuzzy = r.edits[0]?.rung === 'fuzzy' ? fuzzyNote(r.edits[0].lines ?? []) : '';
    return ok(`${head} Here is the updated code:\n${code}${fuzzy}`, {
      tool: 'replace',
      summary: head,
      paths: [r.path],
      diff: r.diff.unified,
      diffNote: diffNote(r.diff),
      counts: { replacements: r.replacements, added: r.diff.added, removed: r.diff.removed },
      details: { created: r.created, rung: r.edits[0]?.rung ?? 'exact', instruction: args.instruction },
    });
  },
};

interface ReadManyArgs {
  include: string[];
  exclude?: string[];
  recursive?: boolean;
  useDefaultExcludes?: boolean;
  file_filtering_options?: { respect_git_ignore?: boolean; respect_gemini_ignore?: boolean };
}

const TRUNCATED_WARNING = "[WARNING: This file was truncated. To view the full content, use the 'read_file' tool on this specific file.]";

const readManyTool: ToolDefinition<ReadManyArgs> = {
  name: 'read_many_files',
  summary: 'Read every file matching glob patterns or paths at once, each under a "--- path ---" header.',
  description: [
    'Expands `include` (globs such as "src/**/*.ts", or plain paths) from the session directory, minus `exclude`,',
    'the default excludes (node_modules, .git, dist, build...; useDefaultExcludes) and .gitignore, and reads each',
    'file as read_file would (2000 lines, long lines cut). Patterns are expanded in every workspace directory and match',
    'names case-insensitively; a path that names an existing file is taken literally ("app/[id]/page.tsx"). Text files appear',
    'as "--- /abs/path ---" then the content; a cut file starts with a warning to read it with read_file. Images, PDFs and',
    'audio (MP3, WAV, AIFF, AAC, OGG, FLAC) are read only when a pattern names their extension or name, and then attached',
    'as data (20 MB each), as is video; other binary files are named. The text ends with "--- End of content ---". At most 500 files.',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: {
      include: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
      exclude: { type: 'array', items: { type: 'string', minLength: 1 }, default: [] },
      recursive: { type: 'boolean', default: true },
      useDefaultExcludes: { type: 'boolean', default: true },
      file_filtering_options: {
        type: 'object',
        properties: { respect_git_ignore: { type: 'boolean' }, respect_gemini_ignore: { type: 'boolean' } },
      },
    },
    required: ['include'],
  },
  destructive: false,
  tags: TAGS_READ,
  examples: [
    { description: 'Read all Markdown docs', arguments: { include: ['docs/**/*.md', 'README.md'] }, expectedOutcome: 'Each file under a --- path --- header.' },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'path_not_in_workspace: a pattern starts outside the workspace roots (Gemini CLI skips such files silently; Facet refuses the call). invalid_tool_params: an empty include or an empty pattern.',
    'Files that cannot be read are listed as skipped with the reason; they do not fail the call.',
    'The .gitignore and .geminiignore honoured are those of the session directory. Not done: no GEMINI.md context is appended.',
  ].join('\n'),
  async handler(args, ctx) {
    const cwd = ctx.session.cwd ?? ctx.scope.primary;
    // Gemini expands the patterns in every workspace directory; here the session directory and
    // each root that does not hold it.
    const bases = [cwd, ...ctx.scope.roots.filter((root) => !isWithin(root, cwd))];
    const r = await readMany(ctx.scope, {
      include: args.include,
      exclude: args.exclude,
      recursive: args.recursive,
      useDefaultExcludes: args.useDefaultExcludes,
      respectGitIgnore: args.file_filtering_options?.respect_git_ignore,
      ignoreFileNames: args.file_filtering_options?.respect_gemini_ignore === false ? [] : ['.geminiignore'],
      bases,
      ignoreCase: true,
      literalFiles: true,
      cwd,
      signal: ctx.signal,
      read: { session: ctx.session, limit: MAX_LINES, maxLineChars: MAX_LINE_CHARS, finalEmptyLine: true, countTotal: true, maxFileBytes: MAX_FILE_BYTES },
    });
    // Gemini's parts: a text part per text file, the data of images, PDFs, audio and video, then
    // the closing line. Its model sees the text parts joined by line breaks, the data beside them,
    // and for audio or video a leading line saying the data follows.
    const parts: string[] = [];
    const blobs: ContentItem[] = [];
    const avTypes = new Set<string>();
    const skipped: string[] = [];
    const read: string[] = [];
    const textPart = (abs: string, body: string) => parts.push(`--- ${abs} ---\n\n${body}\n\n`);
    for (const f of r.files) {
      const res = f.result;
      if (!res) {
        skipped.push(`${f.relative} (${f.error?.message ?? 'unreadable'})`);
        continue;
      }
      const audio = isAudioName(res.path);
      const asset = (res.kind === 'image' && res.mediaType !== 'image/svg+xml') || res.kind === 'pdf' || audio;
      if (asset && !namedExplicitly(args.include, res.path)) {
        skipped.push(`${res.relative} (an image, PDF or audio file is read only when a pattern names its extension or name)`);
        continue;
      }
      if (res.kind === 'text') {
        read.push(res.path);
        textPart(res.path, `${isCut(res) ? `${TRUNCATED_WARNING}\n\n` : ''}${textOf(res)}`);
      } else if (res.kind === 'image' && res.mediaType === 'image/svg+xml') {
        // SVG is markup: read as text, as read_file does (refused over 1 MB).
        const t = await familyRead(ctx, res.path, { ...readOpts(ctx), limit: MAX_LINES }, MAX_FILE_BYTES);
        read.push(res.path);
        textPart(res.path, isResult(t) ? t.text : textOf(t));
      } else if (res.kind === 'image' || res.kind === 'pdf') {
        read.push(res.path);
        blobs.push({ blob: { mediaType: res.mediaType, data: res.data } });
      } else {
        // Audio and video go to the model as data; other binary files are named, not dumped.
        const m = await readAudioVideo(ctx, res.path, MAX_FILE_BYTES).catch((err: Error) => err);
        if (m instanceof Error) skipped.push(`${res.relative} (${m.message})`);
        else if (m) {
          read.push(m.path);
          avTypes.add(m.mediaType);
          blobs.push({ blob: { mediaType: m.mediaType, data: m.data } });
        } else {
          read.push(res.path);
          textPart(res.path, `Cannot display content of binary file: ${res.relative}`);
        }
      }
    }
    if (read.length === 0) {
      const text = 'No files matching the criteria were found or all were skipped.';
      return ok(text, { tool: 'read_many_files', summary: text, details: { skipped } });
    }
    const lead = avTypes.size ? [binaryLead(avTypes)] : [];
    const text = [...lead, ...parts, '\n--- End of content ---'].join('\n');
    return ok(
      text,
      {
        tool: 'read_many_files',
        summary: `Read ${read.length} file(s)`,
        paths: read,
        counts: { files: read.length, matched: r.matched, omitted: r.omitted },
        details: { skipped },
      },
      blobs,
    );
  },
};

/** Audio by name, as Gemini decides (its MIME lookup goes by extension). */
const AUDIO_NAMES = /\.(mp3|wav|aiff?|aac|ogg|flac|m4a|wma|opus|midi?|amr|au|ape)$/i;
const isAudioName = (p: string): boolean => AUDIO_NAMES.test(p);

/** Gemini reads an image, PDF or audio file only when a pattern holds its extension or its name. */
function namedExplicitly(include: string[], file: string): boolean {
  const ext = path.extname(file).toLowerCase();
  const stem = path.basename(file, path.extname(file));
  return include.some((p) => (ext !== '' && p.toLowerCase().includes(ext)) || p.includes(stem));
}

export const geminiFileTools: ToolDefinition[] = [
  withErrorTypes(readTool, geminiErrors('read_file')),
  withErrorTypes(writeTool, geminiErrors('write_file')),
  withErrorTypes(replaceTool, geminiErrors('replace')),
  withErrorTypes(readManyTool, geminiErrors('read_many_files')),
] as ToolDefinition[];
