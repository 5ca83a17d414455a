// The engine's public entry: `createEngine(config)` builds the one engine of a server (its
// shell engine, web fetcher and cache, rate limiters) at start-up, and this module
// re-exports the types and functions shapes use. Shapes import this module only, so they
// can be built over a fake engine in tests and the engine's inner modules can move freely.
import type { ProgressSink } from './progress.js';
import { ScriptRunner, type ScriptRun, type ScriptSpec } from './scripts/runner.js';
import type { Scope } from './scope.js';
import type { Session } from './session.js';
import { ShellEngine } from './shell/engine.js';
import { recordingCommands } from './shell/recorded.js';
import { WebEngine, type WebSettings } from './web/index.js';
import { HostRateLimiter, type RateLimitOptions } from './web/rate-limit.js';
import { readFile, type ReadOptions, type ReadResult } from './files/read.js';
import { statFile, type FileStat } from './files/open.js';
import { readChecked, type CheckedRead, type CheckedReadOptions } from './files/read-checked.js';
import { editFile, type EditOptions, type EditResult, type EditSpec } from './files/edit.js';
import { writeFile, type WriteOptions, type WriteResult } from './files/write.js';
import { applyPatch, type PatchOptions, type PatchResult } from './files/patch-apply.js';
import { applyDiffOperation, type DiffOperation, type DiffOperationResult } from './files/v4a-apply.js';
import {
  editNotebook,
  type NotebookEditOptions,
  type NotebookEditResult,
  type NotebookEditSpec,
} from './files/notebook.js';
import { readMany, type ReadManyOptions, type ReadManyResult } from './files/read-many.js';
import { readMedia, type MediaFile, type MediaOptions } from './files/media.js';
import {
  hiddenByIgnoreFiles,
  readAudioVideo,
  readForModel,
  readManyForModel,
  type MediaFileRead,
  type ModelManyResult,
  type ModelRead,
  type ModelReadOptions,
} from './files/model-read.js';
import { grep, type GrepBackendConfig } from './search/grep.js';
import { glob, type GlobOptions, type GlobResult } from './search/glob.js';
import { listDirectory, type ListOptions, type ListResult } from './search/list.js';
import { globRoots, type GlobRootsOptions, type GlobRootsResult } from './search/glob-roots.js';
import type { GrepOptions, GrepResult } from './search/types.js';
import { findFileNames, type NameHit, type NameSearchOptions } from './search/file-names.js';
import { findContextFiles, readContextFile, type ContextFile } from './context.js';
import { spillIfOver, type SavedResult } from './results.js';
import { noteStateDir } from './state-dir.js';
import { getTodos, replaceTodos, updateTodos, type TodoItem, type TodoRules, type TodoUpdate } from './todos.js';
import { MemoryDir, memoryDirOf, type MemoryScope } from './memory.js';
import { memoryCommand, type MemoryOutcome, type MemoryRequest } from './memory-commands.js';
import path from 'node:path';
import { SandboxDecision, type SandboxMode } from './shell/sandbox.js';
import { CodeEngine } from './lsp/code.js';
import { DEFAULT_LSP, type LspSettings } from './lsp/pool.js';
import { watched, type DiagnosticsSink } from './lsp/watch.js';
import { parsePatch } from './files/patch-parse.js';
import { openRaw, removeRaw, writeRaw, type RawTarget } from './files/raw.js';
import {
  workAreas,
  type GoalsEngine,
  type SkillsEngine,
  type TasksEngine,
  type WorktreesEngine,
} from './work-areas.js';
import { hostArea, type HostEngine } from './host.js';
import type { HostAsker } from './questions.js';

/** What the engine needs of Facet's configuration (a FacetConfig fits). */
export interface EngineConfig {
  shell: {
    path: string;
    allow: string[];
    deny: string[];
    routes: Record<string, string>;
    env: string[];
    startupFiles?: boolean;
    /**
     * The shell sandbox (default none here; the command line's default is auto), its network, extra read-only paths.
     */
    sandbox?: SandboxMode;
    network?: boolean;
    sandboxReadOnly?: string[];
  };
  /** Spill files and job logs live under it. */
  stateDir: string;
  /** The state directory is the default scratch one: removed whenever the sessions leave it empty. */
  stateDirScratch?: boolean;
  web: WebSettings;
  /** Which grep backend runs (ripgrep or the TypeScript fallback). */
  search?: GrepBackendConfig;
  /** The memory directory (the memory tool's /memories): default <stateDir>/memory, one for everyone. */
  memory?: { dir?: string; scope?: MemoryScope };
  /** Code intelligence: the language-server pool's bounds (default: on, with DEFAULT_LSP's bounds). */
  lsp?: LspSettings;
  /** --skills-dir: the operator's skills directories (each holds <name>/SKILL.md), read even outside the roots. */
  skillsDirs?: readonly string[];
  /** --ask-timeout-ms: how long a question to the host waits for its answer. */
  ask?: { timeoutMs?: number };
}

/** The one context of an engine call (a handler's context fits; `cwd` defaults to the session's). */
export interface EngineContext {
  scope: Scope;
  session: Session;
  signal: AbortSignal;
  cwd?: string;
  /** Live output of the call's commands, when the caller listens (see progress.ts). */
  progress?: ProgressSink;
  /** How the call's transport asks its host a question (engine.host.ask); absent: nobody can answer. */
  asker?: HostAsker;
  /**
   * Set by a caller that wants the diagnostics its writes introduced: each writing call adds its report (lsp/watch.ts).
   */
  changeDiagnostics?: DiagnosticsSink['changeDiagnostics'];
}

/** Options of an engine call, without what its context already gives. */
export type Opts<T> = Omit<T, 'cwd' | 'signal' | 'session'>;
export type EngineReadOptions = Opts<ReadOptions>;

/** The files part of the engine, as calls that take one context. */
export interface FilesEngine {
  /** Reads one file (text range, image, PDF, notebook, binary), recording the read in the session. */
  read(ctx: EngineContext, path: string, opts?: EngineReadOptions): Promise<ReadResult>;
  /** A Read tool's read (grants, up-front refusals, the unchanged answer, budget rules; see files/read-checked.ts). */
  readChecked(ctx: EngineContext, path: string, opts: CheckedReadOptions): Promise<CheckedRead>;
  /** Where `path` resolves inside the scope and what is there, without reading it. */
  stat(ctx: EngineContext, path: string): Promise<FileStat>;
  /** Writes a whole file atomically (or appends), keeping its encoding and line endings. */
  write(ctx: EngineContext, path: string, content: string, opts?: Opts<WriteOptions>): Promise<WriteResult>;
  /** Applies string replacements to one file, all or none. */
  edit(ctx: EngineContext, path: string, edits: EditSpec[], opts?: Opts<EditOptions>): Promise<EditResult>;
  /** Applies a *** Begin Patch envelope (files/patch-parse.ts) across files, all or none. */
  patch(ctx: EngineContext, patch: string, opts?: Opts<PatchOptions>): Promise<PatchResult>;
  /** Applies one file operation (a V4A diff creating or updating a file, or a delete), atomically. */
  applyDiff(ctx: EngineContext, op: DiffOperation): Promise<DiffOperationResult>;
  /** Replaces, inserts or deletes one notebook cell. */
  notebookEdit(
    ctx: EngineContext,
    path: string,
    spec: NotebookEditSpec,
    opts?: Opts<NotebookEditOptions>,
  ): Promise<NotebookEditResult>;
  /** Reads every file that paths and globs name, within a byte budget. */
  readMany(ctx: EngineContext, opts: Opts<ReadManyOptions>): Promise<ReadManyResult>;
  /** Reads an image, PDF, audio or video file as bytes with its media type. */
  media(ctx: EngineContext, path: string, opts: Opts<MediaOptions>): Promise<MediaFile>;
  /**
   * A result text over `limit` characters saved (or `existing`, the file already holding it) where the session may Read
   * it; undefined when it is not over.
   */
  spill(ctx: EngineContext, text: string, limit: number, existing?: SavedResult): Promise<SavedResult | undefined>;
  /** Reads one file for a model that takes media as data: text, media to attach, or why it is not shown. */
  forModel(ctx: EngineContext, path: string, opts?: Opts<ModelReadOptions>): Promise<ModelRead>;
  /** An audio or video file as bytes for the model; undefined when the file is neither. */
  audioVideo(ctx: EngineContext, path: string, maxBytes: number): Promise<MediaFileRead | undefined>;
  /** Why ignore files (.gitignore unless `gitignore` is false, and `ignoreFiles`) hide the file, or undefined. */
  hidden(ctx: EngineContext, path: string, ignoreFiles: string[], gitignore: boolean): Promise<string | undefined>;
  /** readMany for a model that takes media as data: media only when a pattern names them, SVG as markup. */
  readManyForModel(
    ctx: EngineContext,
    opts: Opts<ReadManyOptions> & { audioVideoMax: number; svg: EngineReadOptions },
  ): Promise<ModelManyResult>;
  /** Whole files as bytes (files/raw.ts): a file to stream or a directory's entries; an atomic upload; a delete. */
  openRaw(ctx: EngineContext, path: string): Promise<RawTarget>;
  writeRaw(
    ctx: EngineContext,
    path: string,
    body: AsyncIterable<Uint8Array>,
    opts: { mode: number },
  ): Promise<{ real: string; bytes: number }>;
  removeRaw(ctx: EngineContext, path: string, recursive: boolean): Promise<void>;
}

/** Grep, glob and directory listing, as calls that take one context. */
export interface SearchEngine {
  grep(ctx: EngineContext, opts: Opts<GrepOptions>): Promise<GrepResult>;
  glob(ctx: EngineContext, opts: Opts<GlobOptions>): Promise<GlobResult>;
  list(ctx: EngineContext, path: string, opts?: Opts<ListOptions>): Promise<ListResult>;
  /** Files under `root` whose names match a query, best first (fuzzy file-finder scoring). */
  names(ctx: EngineContext, root: string, opts: Opts<NameSearchOptions>): Promise<NameHit[]>;
  /** Glob over several bases (default every root), merged recent-first, counting what the ignore files hid. */
  globRoots(ctx: EngineContext, opts: Opts<GlobRootsOptions>): Promise<GlobRootsResult>;
}

/** The session's todo list. */
export interface TodosEngine {
  get(ctx: EngineContext): TodoItem[];
  replace(ctx: EngineContext, items: TodoItem[], rules: TodoRules, explanation?: string): TodoItem[];
  update(ctx: EngineContext, updates: TodoUpdate[], rules: TodoRules): TodoItem[];
}

/** Agent instruction files (CLAUDE.md, AGENTS.md...) found in the roots. */
export interface ContextEngine {
  find(ctx: Pick<EngineContext, 'scope'>, names: readonly string[]): Promise<ContextFile[]>;
  read(ctx: Pick<EngineContext, 'scope'>, path: string): Promise<string>;
}

/** A model's memory directory (/memories), per the configured memory scope. */
export interface MemoryEngine {
  /** The memory directory the call's caller and session reach. */
  dir(ctx: Pick<EngineContext, 'session'>): MemoryDir;
  /** Runs one command of the memory tool (view, create, str_replace, insert, delete, rename) in that directory. */
  command(ctx: Pick<EngineContext, 'session'>, req: MemoryRequest): Promise<MemoryOutcome>;
}

export interface Engine {
  readonly files: FilesEngine;
  readonly memory: MemoryEngine;
  readonly search: SearchEngine;
  readonly todos: TodosEngine;
  readonly context: ContextEngine;
  /** Commands and background jobs; their per-session state lives in the sessions. */
  readonly shell: ShellEngine;
  /** Page fetching (with its cache and per-host limits) and web search. */
  readonly web: WebEngine;
  /** A per-host request limiter shared by every session of this engine, one per name. */
  hostLimiter(name: string, limits: RateLimitOptions): HostRateLimiter;
  /** Code intelligence: language servers (diagnostics, definition, references, hover, symbols, rename). */
  readonly code: CodeEngine;
  /** The session's task list: tasks with status, owner, metadata and blocking edges. */
  readonly tasks: TasksEngine;
  /** The session's goal: an objective, its status and budgets, shared by every dialect's goal tools. */
  readonly goals: GoalsEngine;
  /** The git worktree the session works in: entered (made or existing) and left (kept or removed). */
  readonly worktrees: WorktreesEngine;
  /** Skills found in the operator's skills directories and the roots' layouts. */
  readonly skills: SkillsEngine;
  /** The host in the loop: questions to the person at the host, and the plan mode their answers end. */
  readonly host: HostEngine;
  /** Scripts a model writes, each in a child process without file system, process or network access of its own. */
  readonly scripts: { start(ctx: EngineContext, spec: ScriptSpec): ScriptRun };
  /** Stops what the engine runs in the background (language servers); the server calls it on shutdown. */
  close(): Promise<void>;
}

const cwdOf = (ctx: EngineContext) => ctx.cwd ?? ctx.session.cwd;
/** What every context-taking engine function needs of the context. */
const at = (ctx: EngineContext) => ({ cwd: cwdOf(ctx), signal: ctx.signal, session: ctx.session });
/**
 * A call's options with the context's fields (they win). Object.assign, not `{ ...opts, ...at(ctx) }`:
 * on Node 20 a spread followed by more properties measured 1.5-2 µs per call, Object.assign
 * under 0.1 µs (bench/NOTES-hotpath.md).
 */
const withAt = <O extends object>(opts: O, ctx: EngineContext) => Object.assign({}, opts, at(ctx));
/** A search's options with the context's directory and signal (they win); Object.assign, as withAt. */
const withWhere = <O extends object>(opts: O, ctx: EngineContext) =>
  Object.assign({}, opts, { cwd: cwdOf(ctx), signal: ctx.signal });

/** Builds the engine of one server configuration; call it once at start-up. */
export function createEngine(config: EngineConfig): Engine {
  noteStateDir(config.stateDir, config.stateDirScratch ?? false);
  const memoryDir = config.memory?.dir || path.join(config.stateDir, 'memory');
  // Probed once per process, in the background in `auto` mode; `bwrap` mode throws here (start-up fails) when
  // bubblewrap cannot run.
  const sandbox = new SandboxDecision({
    mode: config.shell.sandbox ?? 'none',
    network: config.shell.network ?? false,
    readOnly: config.shell.sandboxReadOnly ?? [],
    hidden: [config.stateDir, memoryDir],
    shell: config.shell.path,
  });
  const shell = new ShellEngine({
    shell: config.shell.path,
    allow: config.shell.allow,
    deny: config.shell.deny,
    routes: config.shell.routes,
    env: config.shell.env,
    startupFiles: config.shell.startupFiles,
    stateDir: config.stateDir,
    decision: sandbox,
  });
  recordingCommands(shell); // commands a call ran, into its change record (engine/audit.ts)
  const web = new WebEngine({ allowHosts: config.web.allowHosts, search: config.web });
  const limiters = new Map<string, HostRateLimiter>();
  const memoryOf = (ctx: Pick<EngineContext, 'session'>) =>
    new MemoryDir(
      memoryDirOf(config.memory?.dir || path.join(config.stateDir, 'memory'), config.memory?.scope ?? 'shared', {
        caller: ctx.session.caller,
        session: ctx.session.id,
      }),
    );
  const code = new CodeEngine(config.lsp ?? DEFAULT_LSP);
  const scripts = new ScriptRunner();
  // Every writing call reports the diagnostics its change introduced (lsp/watch.ts).
  const real = (r: { path: string }) => [{ path: r.path }];
  const patchPaths = (patch: string): string[] => {
    try {
      return parsePatch(patch).flatMap((h) => [h.path, ...(h.type === 'update' && h.moveTo ? [h.moveTo] : [])]);
    } catch {
      return [];
    }
  };
  return {
    ...workAreas(config, (ctx) => shell.jobs(ctx)),
    // A grant of the network holds only where commands have it already (sandbox off, or sharing it).
    host: hostArea(config, () => {
      const status = shell.sandboxStatus;
      return status.active === 'none' || status.network;
    }),
    code,
    scripts: { start: (ctx, spec) => scripts.start(ctx, spec) },
    close: () => {
      scripts.close();
      return code.close();
    },
    files: {
      read: (ctx, path, opts = {}) => readFile(ctx.scope, path, withAt(opts, ctx)),
      readChecked: (ctx, path, opts) => readChecked({ ...ctx, cwd: cwdOf(ctx) ?? ctx.scope.primary }, path, opts),
      stat: (ctx, path) => statFile(ctx.scope, path, cwdOf(ctx)),
      write: (ctx, path, content, opts = {}) =>
        watched(code, ctx, [path], () => writeFile(ctx.scope, path, content, withAt(opts, ctx)), real),
      edit: (ctx, path, edits, opts = {}) =>
        watched(code, ctx, [path], () => editFile(ctx.scope, path, edits, withAt(opts, ctx)), real),
      patch: (ctx, patch, opts = {}) =>
        watched(
          code,
          ctx,
          () => patchPaths(patch),
          () => applyPatch(ctx.scope, patch, withAt(opts, ctx)),
          (r) => r.changes.map((c) => ({ path: c.path, deleted: c.action === 'delete' })),
        ),
      applyDiff: (ctx, op) =>
        watched(
          code,
          ctx,
          [op.path],
          () => applyDiffOperation(ctx.scope, op, at(ctx)),
          (r) => [{ path: r.path, deleted: r.type === 'delete_file' }],
        ),
      notebookEdit: (ctx, path, spec, opts = {}) =>
        watched(code, ctx, [path], () => editNotebook(ctx.scope, path, spec, withAt(opts, ctx)), real),
      // Each file is read for the call's session (recorded for read-before-edit), unless the options say otherwise.
      readMany: (ctx, opts) =>
        readMany(ctx.scope, {
          ...opts,
          cwd: cwdOf(ctx),
          signal: ctx.signal,
          read: { session: ctx.session, ...opts.read },
        }),
      media: (ctx, path, opts) => readMedia(ctx.scope, path, { ...opts, ...at(ctx) }),
      spill: (ctx, text, limit, existing) => spillIfOver(config.stateDir, ctx.session, text, limit, existing),
      forModel: (ctx, path, opts = {}) => readForModel(ctx.scope, path, { ...opts, ...at(ctx) }),
      audioVideo: (ctx, path, maxBytes) => readAudioVideo(ctx.scope, path, { ...at(ctx), maxBytes }),
      readManyForModel: (ctx, opts) =>
        readManyForModel(ctx.scope, {
          ...opts,
          cwd: cwdOf(ctx),
          signal: ctx.signal,
          read: { session: ctx.session, ...opts.read },
          svg: { ...opts.svg, ...at(ctx) },
        }),
      openRaw: (ctx, path) => openRaw(ctx.scope, path, cwdOf(ctx) ?? ctx.scope.primary),
      writeRaw: (ctx, path, body, opts) =>
        writeRaw(ctx.scope, path, cwdOf(ctx) ?? ctx.scope.primary, body, { ...opts, signal: ctx.signal }),
      removeRaw: (ctx, path, recursive) => removeRaw(ctx.scope, path, cwdOf(ctx) ?? ctx.scope.primary, recursive),
      hidden: (ctx, path, ignoreFiles, gitignore) =>
        hiddenByIgnoreFiles(ctx.scope, path, { cwd: cwdOf(ctx), ignoreFiles, gitignore }),
    },
    search: {
      grep: (ctx, opts) => grep(ctx.scope, withWhere(opts, ctx), config.search),
      glob: (ctx, opts) => glob(ctx.scope, withWhere(opts, ctx)),
      list: (ctx, path, opts = {}) => listDirectory(ctx.scope, path, withWhere(opts, ctx)),
      names: (ctx, root, opts) => findFileNames(ctx.scope, root, withWhere(opts, ctx)),
      globRoots: (ctx, opts) => globRoots(ctx.scope, withWhere(opts, ctx)),
    },
    todos: {
      get: (ctx) => getTodos(ctx.session),
      replace: (ctx, items, rules, explanation) => replaceTodos(ctx.session, items, rules, explanation),
      update: (ctx, updates, rules) => updateTodos(ctx.session, updates, rules),
    },
    context: {
      find: (ctx, names) => findContextFiles(ctx.scope, names),
      read: (ctx, path) => readContextFile(ctx.scope, path),
    },
    memory: {
      dir: memoryOf,
      command: (ctx, req) => memoryCommand(memoryOf(ctx), req),
    },
    shell,
    web,
    hostLimiter(name, limits) {
      let l = limiters.get(name);
      if (!l) limiters.set(name, (l = new HostRateLimiter(limits)));
      return l;
    },
  };
}

// The types and functions the engine's callers use besides the Engine itself, by what they are.
// Everything else under src/engine is internal: shapes and the kit import this module only.

// Where a call may reach and whose call it is.
export { Scope, isWithin } from './scope.js';
export { Session } from './session.js';
export { grantRead } from './read-grants.js';
export { findContextFiles, readContextFile } from './context.js';

// Failures: the one error type, its conditions and the typed details (`err.facts`) of each.
export {
  EngineError,
  abortError,
  engineFailure,
  isCondition,
  isEngineError,
  withDetails,
  type Condition,
  type ErrorKind,
  type FailureOf,
  type UntypedFacts,
} from './errors.js';

// Files: what a read, a write, an edit, a patch or a notebook edit returns, and the options
// callers build for them.
export type { EditResult, MediaFile, NotebookEditResult, ReadManyResult, WriteResult };
export type { MediaRead, ReadOptions, ReadResult, TextRead } from './files/read.js';
export type { EditOptions, EditSpec } from './files/edit.js';
export type { FileDiff } from './files/diff.js';
export type { FileStat } from './files/open.js';
export type { PatchResult } from './files/patch-apply.js';
export type { DiffOperation, DiffOperationResult } from './files/v4a-apply.js';
export type { NotebookCell, NotebookView } from './files/notebook-parse.js';
export type { ModelManyEntry, ModelManyResult, ModelRead } from './files/model-read.js';
export { readScopedBytes, statFile } from './files/open.js';
export { unchangedSinceRead, type FreshnessPolicy } from './files/freshness.js';
export { ALL_RUNGS } from './files/match.js';
// Media work that is the engine's: fitting an image, a PDF's pages as images or text.
export { extractPdfText, renderPdfPages } from './files/pdf-pages.js';
export { pageRangeFor, pdfPageCount } from './files/pdf.js';
// Text edits as the memory tool and editors make them (one occurrence replaced, lines inserted).
export { countOf, insertLines, linesAround, replaceFirst } from './text/occurrences.js';
export { plural } from './text/plural.js';

// Search: grep, glob and listing results, and the name patterns their callers build.
export type { GlobResult, ListResult };
export type { GrepFile, GrepLine, GrepMode, GrepOptions, GrepResult } from './search/types.js';
export type { GlobEntry, GlobOptions } from './search/glob.js';
export type { ListEntry, ListOptions } from './search/list.js';
export { treeText } from './search/list.js';
export { recentFirst } from './search/recent-first.js';
export { basenameFilter, capPerFile, safeRegExp } from './search/name-patterns.js';

// Shell: the shell engine, a run's outcome, jobs and the sandbox.
export { ShellEngine, type LiveOutcome, type RunOutcome, type ShellContext } from './shell/engine.js';
export type { JobRead, JobSnapshot, ReadOptions as JobReadOptions } from './shell/jobs.js';
export { headTail, stripAnsi, type CapturedText } from './shell/capture.js';
export { lastLines } from './shell/last-lines.js';
export { NON_INTERACTIVE_ENV, ownUser } from './shell/env.js';
export { runningJobs } from './shell/job-count.js';
export { sandboxStatusFor, type SandboxStatus } from './shell/sandbox.js';
export type { SandboxRefusal } from './shell/sandbox-note.js';

// Web: the fetcher and web search, their results and the per-host limiter.
export { PROVIDER_NAMES, extractUrls, isCrossSiteRedirect, type WebEngine } from './web/index.js';
export type {
  CrossSiteRedirect,
  FetchOptions,
  FetchedPage,
  FindInPageResult,
  Grounding,
  SearchResponse,
} from './web/index.js';
export type { SearchResult } from './web/search/types.js';
export { HostRateLimiter } from './web/rate-limit.js';

// Code intelligence: the language servers' answers and the protocol's names for their kinds.
export type {
  CallEntry,
  CallHierarchyEntry,
  CallHierarchyItem,
  ChangeDiagnostics,
  CodeAction,
  CodeContext,
  CodeDiagnostic,
  CodeEngine,
  CodeLocation,
  CodeSymbol,
  Command as LspCommand,
  FileDiagnostics,
  LspDiagnostic,
  LspRange,
  LspTextDocumentEdit,
  LspTextEdit,
  RenameResult,
  Severity,
} from './lsp/code.js';
export type { LspSettings } from './lsp/pool.js';
export type { Place } from './lsp/positions.js';
export { SYMBOL_KINDS, symbolKindName } from './lsp/symbol-kinds.js';

// Todos, memory, results saved for later reading.
export { requireTodoIds, type TodoItem } from './todos.js';
export type { MemoryOutcome } from './memory-commands.js';
export { headPreview, type SavedResult } from './results.js';

// Observability: a call's change record (for the audit log and metrics) and what a result
// shows a person besides the model's text.
export { ChangeRecord, recordChanges } from './audit.js';
export type { HostContent } from './host-content.js';

// A session's tasks, worktree and skills, monitored commands and the notifications a session
// has pending (a job that ended, a monitor's lines), which shapes drain and word. The areas'
// method types carry their results (Task, WorktreeEntered, LoadedSkill...).
export type { GoalsEngine, SkillsEngine, TasksEngine, WorktreesEngine } from './work-areas.js';
export type { Goal } from './goals.js';
export { drainNotifications, dropJobNotifications, type SessionNotification } from './notifications.js';

// Reads with their media made ready for the model (fitted images, rendered PDF pages), and what
// fs.read asks its read to make ready.
export type { CheckedMedia } from './files/read-checked.js';
export { fitsWithin, type MediaPrep } from './files/media-prep.js';
