// core shape: file tools (fs.*) over the files engine. Full engine power, plain results:
// text for the model, a structured block for the host.
import {
  ALL_RUNGS,
  applyPatch,
  editFile,
  editNotebook,
  type EditSpec,
  type Engine,
  EngineError,
  type FileDiff,
  type FreshnessPolicy,
  isCondition,
  readMany,
  withDetails,
  writeFile,
} from '../../engine/index.js';
import type { ContentItem, ToolDefinition } from '../../registry/types.js';
import { diffNote, diffOrNote } from '../common/diff-note.js';
import { TAGS } from '../tags.js';
import { describeRead, READ_BUDGET, readTool } from './read.js';

const pathProp = { type: 'string', minLength: 1, description: 'File path, absolute or relative to the session directory.' };
const requireReadProp = {
  type: 'boolean',
  description: 'Refuse unless this session read the file and it is unchanged since (default false).',
};
const policy = (requireRead?: boolean): FreshnessPolicy | undefined => (requireRead ? { requireRead: true, requireUnchanged: true } : undefined);

interface ReadManyArgs {
  include: string[];
  exclude?: string[];
  recursive?: boolean;
  use_default_excludes?: boolean;
  respect_git_ignore?: boolean;
  max_files?: number;
  limit_per_file?: number;
}

const readManyTool: ToolDefinition<ReadManyArgs> = {
  name: 'fs.read_many',
  summary: 'Read every file matching glob patterns at once, when you need several files together.',
  description: [
    'Expands `include` globs from the session directory (minus `exclude`, the default excludes such as',
    'node_modules and .git, and .gitignore), then reads each match like fs.read. Each text file is shown',
    'under a "--- path ---" header; the structured block lists every file with its range or its error.',
    'Per-file failures do not fail the call. `max_files` (default 500) caps the files read.',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: {
      include: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1, description: 'Glob patterns or paths, e.g. "src/**/*.ts".' },
      exclude: { type: 'array', items: { type: 'string', minLength: 1 }, description: 'Glob patterns to leave out.' },
      recursive: { type: 'boolean', description: 'false: match in the session directory only (default true).' },
      use_default_excludes: { type: 'boolean', description: 'Skip node_modules, .git, dist, build... (default true).' },
      respect_git_ignore: { type: 'boolean', description: 'Skip files the .gitignore lists (default true).' },
      max_files: { type: 'integer', minimum: 1, maximum: 5000, description: 'Files to read at most (default 500).' },
      limit_per_file: { type: 'integer', minimum: 1, description: 'Lines per file at most (default 2000).' },
    },
    required: ['include'],
    additionalProperties: false,
  },
  destructive: false,
  tags: [TAGS.filesystem, TAGS.readOnly],
  examples: [
    {
      description: 'Read all TypeScript sources under src',
      arguments: { include: ['src/**/*.ts'] },
      expectedOutcome: 'Each file under a --- path --- header.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'PERMISSION_DENIED: a pattern starts outside the roots.',
    'INVALID_ARGUMENT: no patterns. Unreadable single files are listed with their error instead of failing the call.',
  ].join('\n'),
  async handler(args, ctx) {
    const r = await readMany(ctx.scope, {
      include: args.include,
      exclude: args.exclude,
      recursive: args.recursive,
      useDefaultExcludes: args.use_default_excludes,
      respectGitIgnore: args.respect_git_ignore,
      maxFiles: args.max_files,
      cwd: ctx.session.cwd,
      signal: ctx.signal,
      read: { session: ctx.session, limit: args.limit_per_file ?? 2000, budget: { unit: 'bytes', max: READ_BUDGET, overflow: 'exclude' } },
    });
    const content: ContentItem[] = [];
    const parts: string[] = [];
    for (const f of r.files) {
      if (f.error) parts.push(`--- ${f.relative} ---\n(error: ${f.error.message})`);
      else if (f.result?.kind === 'text') parts.push(`--- ${f.relative} ---\n${f.result.lines.join('\n')}`);
      else if (f.result?.kind === 'image' || f.result?.kind === 'pdf') {
        parts.push(`--- ${f.relative} ---\n(${f.result.mediaType}, ${f.result.size} bytes: attached)`);
        content.push({ blob: { mediaType: f.result.mediaType, data: f.result.data } });
      } else if (f.result) parts.push(`--- ${f.relative} ---\n(${f.result.kind} file, ${f.result.size} bytes: not shown)`);
    }
    if (r.omitted > 0) parts.push(`(${r.omitted} more matching files not read)`);
    if (r.files.length === 0) parts.push('(no files matched)');
    return {
      content: [
        { text: parts.join('\n\n') },
        ...content,
        {
          structured: {
            matched: r.matched,
            omitted: r.omitted,
            files: r.files.map((f) => (f.error ? { path: f.path, error: f.error.message, kind: f.error.kind } : describeRead(f.result!))),
          },
        },
      ],
    };
  },
};

interface WriteArgs {
  path: string;
  content: string;
  mode?: 'overwrite' | 'append' | 'create';
  line_ending?: 'keep' | 'lf' | 'crlf' | 'asis';
  require_read?: boolean;
}

const write: ToolDefinition<WriteArgs> = {
  name: 'fs.write',
  summary: 'Create a file or replace its whole content, when writing a new file or rewriting one.',
  description: [
    'Writes `content` atomically (temporary file, fsync, rename; the old mode kept; missing parent',
    'directories created). An existing file keeps its encoding, BOM and uniform line endings unless',
    '`line_ending` says otherwise. `mode` append adds to the end; create refuses an existing file.',
    'Returns a diff against the old content and the changed line numbers (a diff over 256 KiB, or',
    'too slow to compute, is left out: the counts of added and removed lines and a note stand in for it).',
    'For small changes to a large file use fs.edit. Overwrite and create can be repeated safely; append adds again each time.',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: {
      path: pathProp,
      content: { type: 'string', description: 'The full new content (or the text to append).' },
      mode: { type: 'string', enum: ['overwrite', 'append', 'create'], description: 'Default overwrite.' },
      line_ending: { type: 'string', enum: ['keep', 'lf', 'crlf', 'asis'], description: "Default keep (the existing file's)." },
      require_read: requireReadProp,
    },
    required: ['path', 'content'],
    additionalProperties: false,
  },
  destructive: true,
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Create a small config file',
      arguments: { path: 'config/app.json', content: '{"debug": false}\n' },
      expectedOutcome: 'Created config/app.json.',
    },
  ],
  // overwrite and create can be repeated safely; append adds the text again each time.
  idempotency: 'side_effecting',
  errorModes: [
    'PERMISSION_DENIED: the path (or a link on it) leads outside the roots.',
    'ALREADY_EXISTS: mode create and the file exists.',
    'INVALID_ARGUMENT: the path is a directory, its parent is a file, or the existing file is binary.',
    'RESOURCE_EXHAUSTED: the existing file is over the size limit for modifying a file (facts.maxBytes).',
    'CONFLICT: require_read and the file was not read, only partly read, or changed since (facts.condition says which).',
  ].join('\n'),
  async handler(args, ctx) {
    const r = await writeFile(ctx.scope, args.path, args.content, {
      cwd: ctx.session.cwd,
      signal: ctx.signal,
      session: ctx.session,
      mode: args.mode,
      lineEnding: args.line_ending,
      freshness: policy(args.require_read),
    });
    const verb = r.created ? 'Created' : args.mode === 'append' ? 'Appended to' : 'Wrote';
    return {
      content: [
        { text: `${verb} ${r.relative} (${r.size} bytes).${r.diff && diffOrNote(r.diff) ? `\n${diffOrNote(r.diff)}` : ''}` },
        {
          structured: {
            path: r.path,
            created: r.created,
            size: r.size,
            encoding: r.encoding,
            lineEnding: r.lineEnding,
            added: r.diff?.added ?? 0,
            removed: r.diff?.removed ?? 0,
            changedLines: r.diff?.changedLines ?? [],
            diff: r.diff?.unified ?? '',
            ...omission(r.diff),
            ...(r.encodingChangedFrom ? { encodingChangedFrom: r.encodingChangedFrom } : {}),
          },
        },
      ],
    };
  },
};

interface EditItem {
  old_string: string;
  new_string: string;
  replace_all?: boolean;
  expected_replacements?: number;
}

interface EditArgs extends Partial<EditItem> {
  path: string;
  edits?: EditItem[];
  exact?: boolean;
  require_read?: boolean;
}

const editItemProps = {
  old_string: { type: 'string', description: 'Text to find (literal). Empty creates a new file holding new_string.' },
  new_string: { type: 'string', description: 'Replacement text (literal: no $ patterns).' },
  replace_all: { type: 'boolean', description: 'Replace every occurrence (default: old_string must be unique).' },
  expected_replacements: { type: 'integer', minimum: 1, description: 'Exact number of occurrences expected.' },
};

const toSpec = (e: EditItem): EditSpec => ({
  oldString: e.old_string,
  newString: e.new_string,
  occurrences: e.expected_replacements ?? (e.replace_all ? 'all' : 'unique'),
});

const edit: ToolDefinition<EditArgs> = {
  name: 'fs.edit',
  summary: 'Replace exact text in a file (one edit or several, all or nothing) when changing part of a file.',
  description: [
    'Finds `old_string` and replaces it with `new_string`, or applies `edits` in order, all or none.',
    'old_string must occur once unless replace_all or expected_replacements says otherwise. When the',
    'exact text is not found, matching retries ignoring trailing whitespace, then indentation (the',
    'replacement is re-indented), then typographic quotes and dashes; `exact` turns that off. The',
    'structured block names the rung that matched. Encoding, BOM and line endings are kept.',
    'Returns a unified diff and the changed line numbers (past 256 KiB, line counts and a note instead).',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: {
      path: pathProp,
      ...editItemProps,
      edits: {
        type: 'array',
        minItems: 1,
        items: { type: 'object', properties: editItemProps, required: ['old_string', 'new_string'], additionalProperties: false },
        description: 'Several edits, applied in order to the running content; any failure writes nothing.',
      },
      exact: { type: 'boolean', description: 'Exact matching only (default false: the tolerant ladder).' },
      require_read: requireReadProp,
    },
    required: ['path'],
    additionalProperties: false,
  },
  destructive: true,
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Rename a function call',
      arguments: { path: 'src/app.ts', old_string: 'oldName(', new_string: 'newName(', replace_all: true },
      expectedOutcome: 'A diff of the change.',
    },
    {
      description: 'Two edits at once',
      arguments: {
        path: 'src/app.ts',
        edits: [
          { old_string: 'let a = 1', new_string: 'const a = 1' },
          { old_string: 'let b = 2', new_string: 'const b = 2' },
        ],
      },
      expectedOutcome: 'Both applied, or neither.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'INVALID_ARGUMENT: old_string not found (facts.condition no_match), identical strings (no_change), both or neither of old_string/edits.',
    'CONFLICT: old_string occurs more than once (ambiguous) or not the expected number of times (count_mismatch); add context or set replace_all.',
    'NOT_FOUND: the file does not exist (use an empty old_string to create it). ALREADY_EXISTS: empty old_string on a non-empty file.',
    'PERMISSION_DENIED: outside the roots. CONFLICT: require_read and not read, only partly read, or changed since (facts.condition says which).',
    'INVALID_ARGUMENT: the file is binary (condition binary). RESOURCE_EXHAUSTED: the file is over the size limit for modifying a file (facts.maxBytes).',
  ].join('\n'),
  async handler(args, ctx) {
    const single = args.old_string !== undefined || args.new_string !== undefined;
    if (single === (args.edits !== undefined) || (single && (args.old_string === undefined || args.new_string === undefined))) {
      throw new EngineError('invalid_argument', 'give either old_string and new_string, or edits', { field: 'edits' });
    }
    const specs = args.edits ? args.edits.map(toSpec) : [toSpec(args as EditItem)];
    const r = await editFile(ctx.scope, args.path, specs, {
      cwd: ctx.session.cwd,
      signal: ctx.signal,
      session: ctx.session,
      freshness: policy(args.require_read),
      ladder: args.exact ? ['exact'] : ALL_RUNGS,
      absorbNewlineOnDelete: true,
    });
    return {
      content: [
        { text: `${r.created ? 'Created' : 'Edited'} ${r.relative}: ${r.replacements} replacement(s).\n${diffOrNote(r.diff)}` },
        {
          structured: {
            path: r.path,
            created: r.created,
            replacements: r.replacements,
            rungs: r.edits.map((e) => e.rung),
            changedLines: r.diff.changedLines,
            added: r.diff.added,
            removed: r.diff.removed,
            diff: r.diff.unified,
            ...omission(r.diff),
          },
        },
      ],
    };
  },
};

/** Words the engine's "file exists" refusal of an Add File hunk with its remedy; other errors pass through. */
function addRefusal(err: unknown): unknown {
  if (!isCondition(err, 'file_exists')) return err;
  const f = err.facts;
  return withDetails(err, {
    message: `cannot add ${f.path}: the file already exists (hunk on line ${f.line}); use "*** Update File: ${f.path}" to change it, or delete it first. No file was written.`,
  });
}

const patchTool: ToolDefinition<{ patch: string }> = {
  name: 'fs.apply_patch',
  summary: 'Apply a multi-file patch (*** Begin Patch format: add, delete, update, move) all or nothing.',
  description: [
    'Applies a patch in the "*** Begin Patch" format: "*** Add File: p" then "+" lines; "*** Delete File: p";',
    '"*** Update File: p" (optionally "*** Move to: q") then chunks, each optionally led by "@@ <a line',
    'to find first>", of " " context, "-" removed and "+" added lines, optionally "*** End of File"; then',
    '"*** End Patch". Lines are matched exactly, then ignoring trailing whitespace, then indentation, then',
    'typography. Every hunk is checked before any file is written: a failing hunk changes nothing, and',
    'a write that still fails puts back every file and removes the directories made. Returns the A/M/D',
    "list and each file's unified diff; the structured block adds each file's changed line numbers.",
  ].join(' '),
  inputSchema: {
    type: 'object',
    // No minLength: checking it counts every character of the patch on the event loop (16 ms for
    // 3 MB); an empty patch is refused by the parser as clearly.
    properties: { patch: { type: 'string', description: 'The whole patch text, from *** Begin Patch to *** End Patch.' } },
    required: ['patch'],
    additionalProperties: false,
  },
  destructive: true,
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Change one line and add a file',
      arguments: {
        patch:
          '*** Begin Patch\n*** Update File: src/a.py\n@@ def main():\n-    print("hi")\n+    print("hello")\n*** Add File: NOTES.md\n+notes\n*** End Patch',
      },
      expectedOutcome: 'M src/a.py and A NOTES.md.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'INVALID_ARGUMENT: the patch does not parse (facts.line points at the bad line).',
    "PRECONDITION_FAILED: a chunk's lines or @@ context are not in the file; nothing was written.",
    'NOT_FOUND: updating or deleting a missing file. PERMISSION_DENIED: a path outside the roots.',
    'INVALID_ARGUMENT: a file would be created under a file, or where an earlier hunk puts files (facts.condition parent_not_directory / is_directory); deleting a directory; a binary file. CANCELLED: the call was cancelled; files written so far are put back.',
    'ALREADY_EXISTS: an Add File hunk names a file that exists; it is never overwritten and nothing is written. Use "*** Update File" or delete it first.',
  ].join('\n'),
  async handler(args, ctx) {
    const r = await applyPatch(ctx.scope, args.patch, { cwd: ctx.session.cwd, signal: ctx.signal, session: ctx.session, addOverwrites: false }).catch(
      (err: unknown) => {
        throw addRefusal(err);
      },
    );
    const lines = [...r.added.map((p) => `A ${p}`), ...r.modified.map((p) => `M ${p}`), ...r.deleted.map((p) => `D ${p}`)];
    const diffs = r.changes.map((c) => (c.diff.omitted ? `${c.relative}: ${diffNote(c.diff)}` : c.diff.unified)).filter((d) => d !== '');
    return {
      content: [
        { text: [`Applied the patch:\n${lines.join('\n')}`, ...diffs].join('\n') },
        {
          structured: {
            added: r.added,
            modified: r.modified,
            deleted: r.deleted,
            files: r.changes.map((c) => ({
              path: c.path,
              action: c.action,
              ...(c.movedFrom ? { movedFrom: c.movedFrom } : {}),
              passes: c.passes,
              added: c.diff.added,
              removed: c.diff.removed,
              changedLines: c.diff.changedLines,
              diff: c.diff.unified,
              ...omission(c.diff),
            })),
          },
        },
      ],
    };
  },
};

interface NotebookArgs {
  path: string;
  cell_id?: string;
  new_source?: string;
  cell_type?: 'code' | 'markdown';
  mode?: 'replace' | 'insert' | 'delete';
  require_read?: boolean;
}

const notebook: ToolDefinition<NotebookArgs> = {
  name: 'fs.notebook_edit',
  summary: 'Replace, insert or delete one cell of a Jupyter notebook (.ipynb) by cell id.',
  description: [
    'Edits one cell: replace (default) sets the source of `cell_id` (and its type, when given; code',
    'cells lose their outputs); insert adds a cell of `cell_type` after `cell_id`, or first when',
    'omitted; delete removes `cell_id`. Notebooks without ids address cells as cell-<index>.',
    'The rest of the JSON (metadata, other cells, indentation) is kept as it was. Returns the diff of',
    'the notebook file and its changed line numbers.',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: {
      path: pathProp,
      cell_id: { type: 'string', minLength: 1, description: 'Target cell id (for insert: the cell to insert after).' },
      new_source: { type: 'string', description: 'The new cell source (replace, insert).' },
      cell_type: { type: 'string', enum: ['code', 'markdown'], description: 'Required for insert.' },
      mode: { type: 'string', enum: ['replace', 'insert', 'delete'], description: 'Default replace.' },
      require_read: requireReadProp,
    },
    required: ['path'],
    additionalProperties: false,
  },
  destructive: true,
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Replace a code cell',
      arguments: { path: 'analysis.ipynb', cell_id: 'a1b2c3d4', new_source: 'print(42)\n' },
      expectedOutcome: 'Replaced cell a1b2c3d4.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'NOT_FOUND: no such notebook, or no cell with that id.',
    'INVALID_ARGUMENT: not a .ipynb file, invalid notebook JSON, insert without cell_type, replace/delete without cell_id.',
    'PERMISSION_DENIED: outside the roots.',
  ].join('\n'),
  async handler(args, ctx) {
    const mode = args.mode ?? 'replace';
    if (mode !== 'delete' && args.new_source === undefined) {
      throw new EngineError('invalid_argument', `new_source is required to ${mode} a cell`, { field: 'new_source' });
    }
    const r = await editNotebook(
      ctx.scope,
      args.path,
      { mode, cellId: args.cell_id, newSource: args.new_source, cellType: args.cell_type },
      { cwd: ctx.session.cwd, signal: ctx.signal, session: ctx.session, freshness: policy(args.require_read) },
    );
    const verb = { replace: 'Replaced', insert: 'Inserted', delete: 'Deleted' }[r.mode];
    return {
      content: [
        { text: `${verb} cell ${r.cellId} in ${r.relative} (${r.totalCells} cells now).\n${diffOrNote(r.diff)}` },
        {
          structured: {
            path: r.path,
            mode: r.mode,
            cellId: r.cellId,
            cellType: r.cellType ?? '',
            index: r.index,
            totalCells: r.totalCells,
            changedLines: r.diff.changedLines,
            diff: r.diff.unified,
            ...omission(r.diff),
          },
        },
      ],
    };
  },
};

/** The fs.* tools over the engine given. */
export const fileTools = (engine: Engine): ToolDefinition[] => [readTool(engine), readManyTool, write, edit, patchTool, notebook];

/** The structured fields of an omitted diff: the note, and whether the counts are exact. */
function omission(d: FileDiff | undefined): Record<string, unknown> {
  return d?.omitted ? { diffOmitted: { reason: d.omitted.reason, exactCounts: d.omitted.exact, note: diffNote(d) } } : {};
}
