// The engine's public entry: `createEngine(config)` builds the one engine of a server (its
// shell engine, web fetcher and cache, rate limiters) at start-up, and this module
// re-exports the types and functions shapes use. Shapes import this module only, so they
// can be built over a fake engine in tests and the engine's inner modules can move freely.
import type { Scope } from './scope.js';
import type { Session } from './session.js';
import { ShellEngine } from './shell/engine.js';
import { WebEngine, type WebSettings } from './web/index.js';
import { HostRateLimiter, type RateLimitOptions } from './web/rate-limit.js';
import { readFile, type ReadOptions, type ReadResult } from './files/read.js';
import { statFile, type FileStat } from './files/open.js';

/** What the engine needs of Facet's configuration (a FacetConfig fits). */
export interface EngineConfig {
  shell: {
    path: string;
    allow: string[];
    deny: string[];
    routes: Record<string, string>;
    env: string[];
    startupFiles?: boolean;
  };
  /** Spill files and job logs live under it. */
  stateDir: string;
  web: WebSettings;
}

/** The one context of an engine call (a handler's context fits; `cwd` defaults to the session's). */
export interface EngineContext {
  scope: Scope;
  session: Session;
  signal: AbortSignal;
  cwd?: string;
}

/** Read options the context does not already give. */
export type EngineReadOptions = Omit<ReadOptions, 'cwd' | 'signal' | 'session'>;

/** The files part of the engine, as calls that take one context. */
export interface FilesEngine {
  /** Reads one file (text range, image, PDF, notebook, binary), recording the read in the session. */
  read(ctx: EngineContext, path: string, opts?: EngineReadOptions): Promise<ReadResult>;
  /** Where `path` resolves inside the scope and what is there, without reading it. */
  stat(ctx: EngineContext, path: string): Promise<FileStat>;
}

export interface Engine {
  readonly files: FilesEngine;
  /** Commands and background jobs; their per-session state lives in the sessions. */
  readonly shell: ShellEngine;
  /** Page fetching (with its cache and per-host limits) and web search. */
  readonly web: WebEngine;
  /** A per-host request limiter shared by every session of this engine, one per name. */
  hostLimiter(name: string, limits: RateLimitOptions): HostRateLimiter;
}

const cwdOf = (ctx: EngineContext) => ctx.cwd ?? ctx.session.cwd;

/** Builds the engine of one server configuration; call it once at start-up. */
export function createEngine(config: EngineConfig): Engine {
  const shell = new ShellEngine({
    shell: config.shell.path,
    allow: config.shell.allow,
    deny: config.shell.deny,
    routes: config.shell.routes,
    env: config.shell.env,
    startupFiles: config.shell.startupFiles,
    stateDir: config.stateDir,
  });
  const web = new WebEngine({ allowHosts: config.web.allowHosts, search: config.web });
  const limiters = new Map<string, HostRateLimiter>();
  return {
    files: {
      read: (ctx, path, opts = {}) => readFile(ctx.scope, path, { ...opts, cwd: cwdOf(ctx), signal: ctx.signal, session: ctx.session }),
      stat: (ctx, path) => statFile(ctx.scope, path, cwdOf(ctx)),
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
export { Scope, isWithin } from './scope.js';
export { grantRead, readScopeFor } from './read-grants.js';
export type { ResolvedPath } from './scope.js';
export { Session } from './session.js';
export * from './errors.js';
export { findContextFiles, readContextFile } from './context.js';
export { saveResultText } from './results.js';
export { getTodos, replaceTodos, updateTodos, type TodoItem } from './todos.js';

export type { FileDiff } from './files/diff.js';
export { editFile, type EditSpec } from './files/edit.js';
export { unchangedSinceRead, type FreshnessPolicy } from './files/freshness.js';
export { expandHome } from './files/home.js';
export { fitImage } from './files/image-fit.js';
export { ALL_RUNGS } from './files/match.js';
export { readMedia } from './files/media.js';
export { editNotebook } from './files/notebook.js';
export type { NotebookCell, NotebookView } from './files/notebook-parse.js';
export { openForRead, readAll, statFile, type FileStat } from './files/open.js';
export { applyPatch, type PatchResult } from './files/patch-apply.js';
export { extractPdfText, renderPdfPages } from './files/pdf-pages.js';
export { pageRangeFor, parsePageRange, pdfPageCount } from './files/pdf.js';
export { readMany } from './files/read-many.js';
export { readFile, type MediaRead, type ReadOptions, type ReadResult, type TextRead } from './files/read.js';
export { writeFile } from './files/write.js';

export { glob, type GlobEntry, type GlobSort } from './search/glob.js';
export { grep } from './search/grep.js';
export { ignoredReason } from './search/ignore.js';
export { listDirectory, type ListEntry, type ListSort } from './search/list.js';
export type { CaseMode } from './search/regex.js';
export type { GrepFile, GrepLine, GrepMode, GrepOptions, GrepResult, GrepSort } from './search/types.js';

export { headTail, type CapturedText } from './shell/capture.js';
export { ShellEngine, type RunOutcome } from './shell/engine.js';
export { NON_INTERACTIVE_ENV } from './shell/env.js';
export type { JobRead, JobSnapshot } from './shell/jobs.js';

export { AllowList, PROVIDER_NAMES, extractUrls, isCrossSiteRedirect, type WebEngine, type WebSettings } from './web/index.js';
export type { FetchedPage, FindInPageResult, Grounding, HtmlFormat, SearchResponse } from './web/index.js';
export { HostRateLimiter, type RateLimitOptions } from './web/rate-limit.js';
