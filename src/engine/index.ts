// The engine's public entry: `createEngine(config)` builds the one engine of a server (its
// shell engine, web fetcher and cache, rate limiters) at start-up, and this module
// re-exports the types and functions shapes use. Shapes import this module only, so they
// can be built over a fake engine in tests and the engine's inner modules can move freely.
import type { ProgressSink } from './progress.js';
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
import { editNotebook, type NotebookEditOptions, type NotebookEditResult, type NotebookEditSpec } from './files/notebook.js';
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
import { getTodos, replaceTodos, updateTodos, type TodoItem, type TodoRules, type TodoUpdate } from './todos.js';
import { MemoryDir, memoryDirOf, type MemoryScope } from './memory.js';
import { memoryCommand, type MemoryOutcome, type MemoryRequest } from './memory-commands.js';
import path from 'node:path';
import { resolveSandbox, type SandboxMode } from './shell/sandbox.js';
import { CodeEngine } from './lsp/code.js';
import { DEFAULT_LSP, type LspSettings } from './lsp/pool.js';
import { watched, type DiagnosticsSink } from './lsp/watch.js';
import { parsePatch } from './files/patch-parse.js';

/** What the engine needs of Facet's configuration (a FacetConfig fits). */
export interface EngineConfig {
  shell: {
    path: string;
    allow: string[];
    deny: string[];
    routes: Record<string, string>;
    env: string[];
    startupFiles?: boolean;
    /** The shell sandbox (default none here; the command line's default is auto), its network, extra read-only paths. */
    sandbox?: SandboxMode;
    network?: boolean;
    sandboxReadOnly?: string[];
  };
  /** Spill files and job logs live under it. */
  stateDir: string;
  web: WebSettings;
  /** Which grep backend runs (ripgrep or the TypeScript fallback). */
  search?: GrepBackendConfig;
  /** The memory directory (Anthropic's memory tool): default <stateDir>/memory, one for everyone. */
  memory?: { dir?: string; scope?: MemoryScope };
  /** Code intelligence: the language-server pool's bounds (default: on, with DEFAULT_LSP's bounds). */
  lsp?: LspSettings;
}

/** The one context of an engine call (a handler's context fits; `cwd` defaults to the session's). */
export interface EngineContext {
  scope: Scope;
  session: Session;
  signal: AbortSignal;
  cwd?: string;
  /** Live output of the call's commands, when the caller listens (see progress.ts). */
  progress?: ProgressSink;
  /** Set by a caller that wants the diagnostics its writes introduced: each writing call adds its report (lsp/watch.ts). */
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
  /** Applies a Codex-format patch across files, all or none. */
  patch(ctx: EngineContext, patch: string, opts?: Opts<PatchOptions>): Promise<PatchResult>;
  /** Applies one OpenAI apply_patch operation (a V4A diff creating or updating a file, or a delete), atomically. */
  applyDiff(ctx: EngineContext, op: DiffOperation): Promise<DiffOperationResult>;
  /** Replaces, inserts or deletes one notebook cell. */
  notebookEdit(ctx: EngineContext, path: string, spec: NotebookEditSpec, opts?: Opts<NotebookEditOptions>): Promise<NotebookEditResult>;
  /** Reads every file that paths and globs name, within a byte budget. */
  readMany(ctx: EngineContext, opts: Opts<ReadManyOptions>): Promise<ReadManyResult>;
  /** Reads an image, PDF, audio or video file as bytes with its media type. */
  media(ctx: EngineContext, path: string, opts: Opts<MediaOptions>): Promise<MediaFile>;
  /** A result text over `limit` characters saved (or `existing`, the file already holding it) where the session may Read it; undefined when it is not over. */
  spill(ctx: EngineContext, text: string, limit: number, existing?: SavedResult): Promise<SavedResult | undefined>;
  /** Reads one file for a model that takes media as data: text, media to attach, or why it is not shown. */
  forModel(ctx: EngineContext, path: string, opts?: Opts<ModelReadOptions>): Promise<ModelRead>;
  /** An audio or video file as bytes for the model; undefined when the file is neither. */
  audioVideo(ctx: EngineContext, path: string, maxBytes: number): Promise<MediaFileRead | undefined>;
  /** Why ignore files (.gitignore unless `gitignore` is false, and `ignoreFiles`) hide the file, or undefined. */
  hidden(ctx: EngineContext, path: string, ignoreFiles: string[], gitignore: boolean): Promise<string | undefined>;
  /** readMany for a model that takes media as data: media only when a pattern names them, SVG as markup. */
  readManyForModel(ctx: EngineContext, opts: Opts<ReadManyOptions> & { audioVideoMax: number; svg: EngineReadOptions }): Promise<ModelManyResult>;
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

/** Builds the engine of one server configuration; call it once at start-up. */
export function createEngine(config: EngineConfig): Engine {
  const memoryDir = config.memory?.dir || path.join(config.stateDir, 'memory');
  // Probed once per process: `bwrap` mode throws here (start-up fails) when bubblewrap cannot run.
  const { sandbox, status: sandboxStatus } = resolveSandbox({
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
    sandbox,
    sandboxStatus,
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
    code,
    close: () => code.close(),
    files: {
      read: (ctx, path, opts = {}) => readFile(ctx.scope, path, withAt(opts, ctx)),
      readChecked: (ctx, path, opts) => readChecked({ ...ctx, cwd: cwdOf(ctx) ?? ctx.scope.primary }, path, opts),
      stat: (ctx, path) => statFile(ctx.scope, path, cwdOf(ctx)),
      write: (ctx, path, content, opts = {}) => watched(code, ctx, [path], () => writeFile(ctx.scope, path, content, withAt(opts, ctx)), real),
      edit: (ctx, path, edits, opts = {}) => watched(code, ctx, [path], () => editFile(ctx.scope, path, edits, withAt(opts, ctx)), real),
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
      notebookEdit: (ctx, path, spec, opts = {}) => watched(code, ctx, [path], () => editNotebook(ctx.scope, path, spec, withAt(opts, ctx)), real),
      // Each file is read for the call's session (recorded for read-before-edit), unless the options say otherwise.
      readMany: (ctx, opts) => readMany(ctx.scope, { ...opts, cwd: cwdOf(ctx), signal: ctx.signal, read: { session: ctx.session, ...opts.read } }),
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
      hidden: (ctx, path, ignoreFiles, gitignore) => hiddenByIgnoreFiles(ctx.scope, path, { cwd: cwdOf(ctx), ignoreFiles, gitignore }),
    },
    search: {
      grep: (ctx, opts) => grep(ctx.scope, { ...opts, cwd: cwdOf(ctx), signal: ctx.signal }, config.search),
      glob: (ctx, opts) => glob(ctx.scope, { ...opts, cwd: cwdOf(ctx), signal: ctx.signal }),
      list: (ctx, path, opts = {}) => listDirectory(ctx.scope, path, { ...opts, cwd: cwdOf(ctx), signal: ctx.signal }),
      names: (ctx, root, opts) => findFileNames(ctx.scope, root, { ...opts, cwd: cwdOf(ctx), signal: ctx.signal }),
      globRoots: (ctx, opts) => globRoots(ctx.scope, { ...opts, cwd: cwdOf(ctx), signal: ctx.signal }),
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

// What shapes use of the engine's modules, by area.
export type { CheckedRead, EditResult, GlobResult, ListResult, MediaFile, NotebookEditResult, ReadManyResult, WriteResult };
export { Scope, isWithin } from './scope.js';
export { grantRead, readScopeFor } from './read-grants.js';
export type { ResolvedPath } from './scope.js';
export { Session } from './session.js';
export * from './errors.js';
export { findContextFiles, readContextFile } from './context.js';
export { headPreview, saveResultText, type SavedResult } from './results.js';
export { workingDir } from './working-dir.js';
export { getTodos, replaceTodos, updateTodos, type TodoItem } from './todos.js';

export type { FileDiff } from './files/diff.js';
export { editFile, type EditSpec } from './files/edit.js';
export { swapEscapes } from './files/escapes.js';
export { unchangedSinceRead, type FreshnessPolicy } from './files/freshness.js';
export { expandHome } from './files/home.js';
export { fitImage } from './files/image-fit.js';
export { describeRead } from './files/describe.js';
export { ALL_RUNGS } from './files/match.js';
export { readMedia } from './files/media.js';
export { editNotebook } from './files/notebook.js';
export { notebookListing, type NotebookListing } from './files/notebook-listing.js';
export type { NotebookCell, NotebookView } from './files/notebook-parse.js';
export { openForRead, readAll, statFile, type FileStat } from './files/open.js';
export { applyPatch, type PatchResult } from './files/patch-apply.js';
export { applyV4A, type V4AMode } from './files/v4a.js';
export type { DiffOperation, DiffOperationResult } from './files/v4a-apply.js';
export { extractPdfText, renderPdfPages } from './files/pdf-pages.js';
export { pageRangeFor, parsePageRange, pdfPageCount } from './files/pdf.js';
export { readMany } from './files/read-many.js';
export { readFile, type MediaRead, type ReadOptions, type ReadResult, type TextRead } from './files/read.js';
export { writeFile } from './files/write.js';

export { glob, type GlobEntry, type GlobSort } from './search/glob.js';
export { grep } from './search/grep.js';
export { fileNameScore, findFileNames, type NameHit, type NameSearchOptions } from './search/file-names.js';
export { grepRecords, grepText } from './search/grep-text.js';
export { ignoredReason } from './search/ignore.js';
export { rgContentLines, splitGlobs } from './search/rg-text.js';
export { listDirectory, type ListEntry, type ListSort } from './search/list.js';
export type { CaseMode } from './search/regex.js';
export type { GrepFile, GrepLine, GrepMode, GrepOptions, GrepResult, GrepSort } from './search/types.js';

export type { OutputProgress, ProgressSink } from './progress.js';
export { type CapturedText } from './shell/capture.js';
export { ShellEngine, type LiveOutcome, type RunOutcome } from './shell/engine.js';
export { MEMORY_ROOT, MemoryDir, type MemoryEntry, type MemoryScope, type MemoryStat } from './memory.js';
export { NON_INTERACTIVE_ENV } from './shell/env.js';
export { commandAsRun } from './shell/job-command.js';
export { printed } from './shell/run-failure.js';
export { announceEnd, endReported, endedToAnnounce } from './shell/announce.js';
export type { JobRead, JobSnapshot } from './shell/jobs.js';

export { AllowList, PROVIDER_NAMES, extractUrls, isCrossSiteRedirect, type WebEngine, type WebSettings } from './web/index.js';
export type { FetchedPage, FindInPageResult, Grounding, HtmlFormat, SearchResponse } from './web/index.js';
export { HostRateLimiter, type RateLimitOptions } from './web/rate-limit.js';

// Text cut to budgets, the indented block around a line, and patches sent through commands (codex).
export { byteOrder, cutText, cutUtf8, lineCount } from './text-cut.js';
export { indentationBlock, type IndentOptions } from './files/indent-block.js';
export { patchDir, patchFromArgv, patchFromScript, type PatchInvocation } from './files/patch-invocation.js';
export { settleRun, shellExitCode, type Settled, type SettleOptions } from './shell/settle.js';
export { handleFor } from './shell/handles.js';

// Result types, paths as models write them, notebook text, fitting text to a budget (qwen).
export { literalPattern, unescapeShellPath } from './files/path-escapes.js';
export { fullyReadUnchanged } from './files/reread.js';
export { notebookText } from './files/notebook-text.js';
export { fitLines, headTailSplit } from './text/fit.js';

// Text capped to a budget, sensitive files, signal numbers (kimi).
export { CappedText, cutLine, linesWithinBytes } from './text/capped.js';
export { isSensitive } from './files/sensitive.js';
export { signalNumber } from './shell/signals.js';
// A run's failure and a cancelled run's output, diff notes (kimi: from shapes/common).
export { cancelledRun, orError, processError, runFailure } from './shell/run-failure.js';
export { changedLinesOf, diffNote, diffOrNote } from './files/diff-note.js';
// Grep lines by mode, a page of lines, a read's line window, a listing as a tree (kimi).
export { rgModeLines } from './search/rg-text.js';
export { pageOf, readWindow } from './text/capped.js';
export { treeText } from './search/list.js';
// Paths as shown relative to the cwd, a shell's exit code for common signals, facts as text (kimi: from shapes/common).
export { displayPath } from './working-dir.js';
export { exitCodeOf } from './shell/settle.js';
export { str } from './text/str.js';
export { literalEdits } from './files/literal-edits.js';
export { waitedTail } from './shell/job-tail.js';
// Reading for a model, edit snippets and placeholders, search order and patterns, command text, citations (gemini family).
export { addedPlaceholders, placeholders } from './files/placeholders.js';
export { changeSnippet, snippetAround } from './files/snippet.js';
export {
  hiddenByIgnoreFiles,
  isAudioName,
  namedByPattern,
  readAudioVideo,
  readForModel,
  readManyForModel,
  type MediaFileRead,
  type ModelManyEntry,
  type ModelManyResult,
  type ModelRead,
  type ModelReadOptions,
} from './files/model-read.js';
export { recentFirst } from './search/recent-first.js';
export type { GlobRootsOptions, GlobRootsResult } from './search/glob-roots.js';
export { basenameFilter, escapeGlob, hasGlobChars, safeRegExp } from './search/name-patterns.js';
export { stripAnsi } from './shell/capture.js';
export { hasCommandSubstitution } from './shell/command-text.js';
export { fetchEach, type FetchEachResult } from './web/fetch-each.js';
export { idleTimeoutFailure } from './shell/idle-timeout.js';
// Media fitted for a model, result pages and count arguments (claude, grok).
export { fitImageRead, wholePdfPages } from './files/media-for-model.js';
export { requireAtLeast, requireCounts, requireText, wholeCount } from './arg-checks.js';
export { changeDir } from './shell/change-dir.js';
export { startAnnounced } from './shell/announce.js';

// Arguments typed from a schema, a count and its word, media reads made ready to show (core, codex).
export type { ArgsOf } from './schema-args.js';
export { plural } from './text/plural.js';
export { imageView, pdfView, type MediaView, type PdfViewOptions } from './files/media-view.js';
export { ERROR_KINDS, everyKind } from './error-kinds.js';

// shapes-b (gemini, qwen, anthropic): occurrences counted as Python counts them, a unique one
// replaced, lines inserted and the lines around a change; sizes as du -h prints them.
export { countOf, insertLines, linesAround, linesOf, replaceFirst } from './text/occurrences.js';
export { humanSize, scaledSize } from './text/human-size.js';
export { headCut } from './text/head-cut.js';
// A bounded wait ended by the call's cancel, a log's newest lines, the one kind behind skipped URLs.
export { pause, waitMs } from './shell/pause.js';
export { lastLines } from './text/last-lines.js';
export { skippedKind } from './web/fetch-each.js';
// An editor's undo stack per session, a listing in find(1)'s order, a glob in each of several
// bases, a notebook or chosen PDF pages read as text.
export { rememberText, takeRemembered } from './files/undo-history.js';
export { findListing } from './search/find-listing.js';
export { globEach } from './search/glob-each.js';
export type { GlobOptions } from './search/glob.js';
export { notebookAsText, pdfPagesAsText } from './files/read-as-text.js';
// Observability (branch observe): the call's change record for the audit log and metrics, and running jobs.
export { ChangeRecord, recordChanges, type CommandRecord, type FileChange } from './audit.js';
export { runningJobs } from './shell/job-count.js';
// shapes-a (claude, grok, core): a change's host block, edits retried with \uXXXX respelt, a
// run or its cancellation, numbered lines.
export { diffHost, lineCounts } from './files/diff-host.js';
export { withEscapeRetry } from './files/escape-retry.js';
export { ranOrCancelled, type CancelledRun } from './shell/run-or-cancelled.js';
export { runDetails } from './shell/run-details.js';
export { numberedLines } from './text/numbered.js';
export { mediaBlobs, type MediaBlobs } from './files/media-blobs.js';
export { rgPage, type RgPage } from './search/rg-page.js';
export { pdfFormatOf, readView, type PdfFormat, type ReadViewOptions } from './files/read-view.js';
export { globView, listingView, type EntriesView } from './search/listing-view.js';
export { diffOmission, patchView, readManyView } from './files/change-view.js';
export { findView, pageData, plainJson, redirectData, searchView } from './web/views.js';
export { whenMissing } from './missing.js';
export { runExit } from './shell/run-exit.js';
export { jobReadView, runView, type RunView } from './shell/run-view.js';
// shapes-c (codex, kimi, openai): a host's facts of a result; patch runs, finished commands and
// ordered command lists as shell tools report them; numbered and kind-checked reads, tree pages,
// matching files, grep pages, page text; typing into a job by its handle; one file change's facts.
export type { HostFacts } from './host-facts.js';
export { patchFacts, patchRun, sentPatchRun, type PatchRun } from './files/patch-run.js';
export { endFailure, runFacts, settledFacts } from './shell/run-facts.js';
export { numberedRead, type Numbered, type NumberedReadArgs } from './files/numbered-read.js';
export { treePage, type TreePage } from './search/tree-page.js';
export { writeToHandle } from './shell/handle-write.js';
export { readImageOnly, readPlainText, readTextOnly } from './files/read-kind.js';
export { matchingFiles, type MatchingFiles } from './search/matching-files.js';
export { grepPage, type GrepPage } from './search/grep-page.js';
export { headChars } from './text/head-chars.js';
export { runEach, type EachEntry, type EachRun } from './shell/run-each.js';
export { requireOwnUser } from './shell/own-user.js';
export { changeFacts } from './files/change-facts.js';
export { fetchText } from './web/page-text.js';
// branch sandbox: the shell sandbox's start-up decision and refusals, for summaries and hosts.
export { SandboxError, sandboxStatusFor, type SandboxMode, type SandboxStatus } from './shell/sandbox.js';
export type { SandboxRefusal } from './shell/sandbox-note.js';
// Code intelligence (branch lsp): the language-server pool, its results and the diagnostics writes report.
export {
  CodeEngine,
  SYMBOL_KINDS,
  type ChangeDiagnostics,
  type CodeDiagnostic,
  type CodeLocation,
  type CodeSymbol,
  type FileDiagnostics,
  type RenameResult,
  type Severity,
} from './lsp/code.js';
export { DEFAULT_LSP, type LspSettings } from './lsp/pool.js';
export type { Place } from './lsp/positions.js';
// branch lsp2: implementations, call hierarchy and code actions, as the servers give them.
export type {
  CallEntry,
  CallHierarchyEntry,
  CallHierarchyItem,
  CallsResult,
  CodeAction,
  Command as LspCommand,
  LspDiagnostic,
  LspRange,
  LspTextDocumentEdit,
  LspTextEdit,
} from './lsp/code.js';
// shapes-b2 (gemini, qwen): the head of a long list and what it left out, grep matches as flat
// lines fitted to a budget, a grep retried with context around a few matches.
export { headOf } from './text/head-of.js';
export { fitFirst, matchLines } from './search/match-lines.js';
export { withAutoContext } from './search/auto-context.js';
// A many-file read sorted into what a tool shows of it; the directories a workspace-wide search starts from.
export { manyReadParts } from './files/many-read-parts.js';
export { workspaceDirs } from './workspace-dirs.js';
export { regionSnippet } from './files/region-snippet.js';
export type { EditOptions } from './files/edit.js';
export { lineWindow, pastEnd, textWindow } from './files/line-window.js';
// shape-search: the facts search and web tools share across shapes (files with matches and
// their count, a grep capped per file and widened around a few matches, a search answer with
// its sources numbered, an argument that must be one of a table's keys).
export { matchedFiles } from './search/match-lines.js';
export { grepAround } from './search/auto-context.js';
export { citedSearch, type CitedSearch, flatSnippet } from './web/cited-search.js';
export { requireOneOf } from './arg-checks.js';
export { countSoFar } from './search/listing-view.js';
export { redirectFacts } from './web/views.js';
// shape-reads (file reading and listing tools): a raw text window with its cut lines marked, a
// big text file read anyway, whole-number arguments.
export { rawWindow, type RawWindow, type RawWindowOptions } from './files/raw-window.js';
export { readEvenIfBig } from './files/big-text.js';
export { requireWhole } from './arg-checks.js';
export { withAdvice } from './advice.js';
export { outputImages } from './files/notebook-images.js';
// shape-edits: the memory tool's commands as facts.
export { MEMORY_COMMANDS, type MemoryOutcome, type MemoryRequest } from './memory-commands.js';
export { diffOperation } from './files/v4a-operation.js';
export { literalEdit } from './files/literal-edits.js';
export { requireTodoIds } from './todos.js';
export { numericRange, symbolKindName, symbolKindNumber } from './lsp/names.js';
export { diagnosticTotal, locationPaths } from './lsp/tallies.js';
export { askCode, type CodeAnswer, type CodeOperation, type CodeQuestion } from './lsp/operations.js';
// shape-shells: a cut text joined around its gap, facts of a command line (a plain cd, a
// leading sleep, a bare & at the end, git commit), Python's negative signal returncode, a task
// read's retrieval status, output as the Gemini-family shell tools show it, how a job ended, a
// stop that leaves an ended job alone, the running jobs, a timeout argument's "default".
export { joinedCut, type CutParts } from './text/joined-cut.js';
export { endsInBackground, leadingSleep, plainCdTarget, runsGitCommit } from './shell/command-text.js';
export { negativeSignal } from './shell/signals.js';
export { retrievalStatus } from './shell/job-tail.js';
export { plainOutput, streamsInTurn } from './shell/plain-output.js';
export { endedBy, jobsOf, stopRunning } from './shell/job-facts.js';
export { requestedTimeout } from './shell/timeout-arg.js';
export { lineIn } from './shell/line-in.js';
export { presentLines } from './text/present-lines.js';
// shape2-claude: heads of streams drawn in turn from one budget of characters (OpenAI's shell
// tools), a command's status on its own line after its output, a duration in tenths of seconds.
export { HeadBudget } from './shell/heads-in-turn.js';
export { endedLines } from './text/ended-lines.js';
export { secondsOf } from './text/seconds.js';
// shape2-qwen: a run's streams cut, a run long enough to suggest the background, the first
// missing input of a code operation, the first argument below a least value.
export { longRunSeconds, streamsCut, streamsTimeout } from './shell/stream-facts.js';
export { missingInput, type CodeInput } from './lsp/needs.js';
export { firstBelow } from './arg-checks.js';
export { diagnosticTagNames, severityName, severityNumber } from './lsp/names.js';
// shape2-gemini: grep's context sides (-B/-A over -C) and line separator; a cut output's parts
// cleaned as Gemini shows them.
export { contextSides } from './search/context-sides.js';
export { plainParts } from './shell/plain-parts.js';
export { lineSeparator } from './search/line-separator.js';
// shape3-qwen: a numbered list; a code answer's places, severities and calls as the protocol's
// JSON; an engine failure as a value.
export { numberedList } from './text/numbered.js';
export { askedText, placeText, protocolCalls, specSeverity } from './lsp/answer-text.js';
export { failureOr } from './failure-value.js';
// The head of a list as a host's page, where a search starts, which ignore file hides a path,
// the first argument given, a job named with a shown prefix.
export { headPage } from './text/head-of.js';
export { matchPage } from './search/match-lines.js';
export { searchBases } from './search/search-bases.js';
export { hidingFile } from './files/hiding-file.js';
export { firstGiven } from './arg-checks.js';
export { jobNamed } from './shell/job-facts.js';
// A run with its streams apart as a host is told of it, a leading sleep long enough to refuse.
export { streamsRunFacts } from './shell/stream-facts.js';
export { sleepOfAtLeast } from './shell/command-text.js';
// shape3-claude: ripgrep's flags as grep options, a path that must exist, what a host shows of a
// grep and a glob page.
export { hasContext, rgFlagOptions, rgPrinting, type RgFlags, type RgOutputMode } from './search/rg-flags.js';
export { requireExisting } from './files/existing.js';
export { globFacts, globRest, grepFacts } from './search/search-facts.js';
// What a host shows of an edit, a write, a fetched page, a web search, a todo list and a notebook
// read; a search's one domain list; todo items numbered as ids; a run's spilled output; a job's
// whole output read, or the job stopped, by a call that reports its end.
export { editDetails, editFacts, writeFacts } from './files/change-host.js';
export { fetchedFacts, pageFacts, requireOneDomainList, searchFacts } from './web/web-facts.js';
export { numberedTodos, todoFacts } from './todo-facts.js';
export { notebookParts } from './files/notebook-read.js';
export { spilledOutput } from './shell/run-saved.js';
export { stopReported, wholeJobOutput } from './shell/job-calls.js';
// shape3-grok: a file's head or a range of its lines, a run's two streams cut and its host facts,
// a plain "cd <dir>" taken as a change of directory, todo items of chosen fields.
export { lineView, type LineView, type LineViewOptions } from './files/line-view.js';
export { cutStreams } from './shell/stream-cut.js';
export { streamRunFacts } from './shell/stream-facts.js';
export { plainCd } from './shell/plain-cd.js';
export { todoItems } from './todo-facts.js';
// shape3-gemini: host facts of a grep's matched files, a read window, several URLs fetched, a many-file
// read (manyReadParts) and a list of jobs; a job's newest lines after a wait.
export { matchedFacts, type MatchedFacts } from './search/matched-facts.js';
export { windowFacts } from './files/raw-window.js';
export { fetchEachFacts } from './web/fetch-each.js';
export { jobsFacts } from './shell/job-facts.js';
export { newestLines } from './shell/job-tail.js';
// A list without ids numbered in order and named back, and what a host shows of a list just written.
export { todosAs, todosFacts, todosFrom } from './todo-facts.js';
// Reads with their media made ready for the model (fitted images, rendered PDF pages), and what
// fs.read asks its read to make ready.
export type { CheckedMedia } from './files/read-checked.js';
export { readPrep } from './files/read-view.js';
export type { MediaPrep } from './files/media-prep.js';
