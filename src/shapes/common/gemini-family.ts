// What Gemini CLI and its fork Qwen Code truly share: the ToolErrorType identifiers (kept in
// the host block as details.error_type), a tool wrapper that turns engine errors into
// in-band failures carrying them, ANSI stripping and numeric signals for shell results,
// the recent-first file order of their glob tools, cut-line markers, and reading a file
// (images, PDFs, and for Gemini audio and video, as data) as both read tools show it.
import os from 'node:os';
import {
  EngineError,
  engineFailure,
  ignoredReason,
  isCondition,
  isEngineError,
  listDirectory,
  type ListEntry,
  openForRead,
  readAll,
  readFile,
  readMedia,
  type ReadOptions,
  statFile,
  type TextRead,
  type UntypedFacts,
} from '../../engine/index.js';
import path from 'node:path';
import type { HandlerContext, HandlerResult, ToolDefinition, ToolResult } from '../../registry/types.js';
import { fail, ok, type HostBlock } from './result.js';
import { str } from './str.js';

/** What each tool of the family says about a failure: its error type and its text. */
export interface FamilyErrors<A> {
  type: (err: EngineError, args: A) => string;
  text: (err: EngineError, args: A, type: string) => string;
}

/** The error type both vendors give most engine failures, whatever the tool. */
export function commonErrorType(err: EngineError): string | undefined {
  const f = err.facts;
  if (err.kind === 'permission_denied' && Array.isArray(f.roots)) return 'path_not_in_workspace';
  if (err.kind === 'permission_denied') return 'permission_denied';
  if (err.condition === 'file_too_large') return 'file_too_large';
  if (err.kind === 'resource_exhausted' && (f.code === 'ENOSPC' || f.code === 'EFBIG')) return 'no_space_left';
  if (err.kind === 'invalid_argument' && f.isDirectory) return 'target_is_directory';
  if (err.kind === 'security_policy') return 'policy_violation';
  return undefined;
}

/** Error type of a file edit (replace / edit / write_file). */
export function editErrorType(err: EngineError): string {
  switch (err.condition) {
    case 'no_match':
      return 'edit_no_occurrence_found';
    case 'ambiguous':
    case 'count_mismatch':
      return 'edit_expected_occurrence_mismatch';
    case 'no_change':
      return 'edit_no_change';
    case 'file_exists':
      return 'attempt_to_create_existing_file';
    case 'file_missing':
      return 'file_not_found';
    case 'not_read':
    case 'partial_read':
      return 'edit_requires_prior_read';
    case 'modified_since_read':
      return 'file_changed_since_read';
  }
  if (err.kind === 'not_found') return 'file_not_found';
  if (err.kind === 'io_failed') return 'file_write_failure';
  return commonErrorType(err) ?? (err.kind === 'invalid_argument' ? 'invalid_tool_params' : 'edit_preparation_failure');
}

/** The error type of a failure of `tool`; the tool names the two vendors share map alike. */
export function familyErrorType(tool: string, err: EngineError): string {
  if (typeof err.facts.errorType === 'string') return err.facts.errorType;
  if (tool === 'replace' || tool === 'edit' || tool === 'write_file') return editErrorType(err);
  const common = commonErrorType(err);
  if (common) return common;
  const notDir = err.kind === 'invalid_argument' && err.facts.notDirectory;
  switch (tool) {
    case 'read_file':
      if (err.kind === 'not_found') return 'file_not_found';
      if (err.kind === 'invalid_argument') return err.facts.notRegular ? 'read_content_failure' : 'invalid_tool_params';
      return 'read_content_failure';
    case 'grep_search':
    case 'glob':
      if (err.kind === 'not_found') return 'search_path_not_found';
      if (notDir) return 'search_path_not_a_directory';
      if (err.kind === 'invalid_argument') return 'invalid_tool_params';
      return tool === 'glob' ? 'glob_execution_error' : 'grep_execution_error';
    case 'list_directory':
      if (err.kind === 'not_found') return 'file_not_found';
      if (notDir) return 'path_is_not_a_directory';
      if (err.kind === 'invalid_argument') return 'invalid_tool_params';
      return 'ls_execution_error';
    case 'read_many_files':
      return err.kind === 'invalid_argument' ? 'invalid_tool_params' : 'read_many_files_search_error';
    case 'run_shell_command':
      return err.kind === 'invalid_argument' ? 'invalid_tool_params' : 'shell_execute_error';
    case 'web_fetch':
      return err.kind === 'invalid_argument' ? 'invalid_tool_params' : 'web_fetch_fallback_failed';
    case 'google_web_search':
      return 'web_search_failed';
    default:
      return err.kind === 'invalid_argument' ? 'invalid_tool_params' : err.kind === 'not_found' ? 'file_not_found' : 'execution_failed';
  }
}

/** A vendor's wording of a failure; undefined leaves it to the wording both vendors share. */
export type VendorText = (tool: string, err: EngineError, type: string, args: Record<string, unknown>) => string | undefined;

/** Messages that read the same in both dialects. */
function sharedText(err: EngineError, type: string, p: string): string {
  switch (type) {
    case 'file_write_failure':
      return `Writing ${p} failed: ${err.message}.`;
    case 'no_space_left':
      return `No space left on the device while writing ${p}.`;
    case 'permission_denied':
      return `Permission denied: the file system refused access to ${p}.`;
    case 'policy_violation':
      return `The command was refused by this server's command policy: ${err.message}.`;
    default:
      return `Error: ${err.message}`;
  }
}

/** The error types and texts of one tool: the vendor's wording first, then the shared one. */
export function familyErrors<A>(tool: string, vendor: VendorText): FamilyErrors<A> {
  return {
    type: (err) => familyErrorType(tool, err),
    text: (err, args, type) => {
      const a = (args ?? {}) as Record<string, unknown>;
      return vendor(tool, err, type, a) ?? sharedText(err, type, str(a.file_path ?? a.dir_path ?? a.path ?? err.facts.path));
    },
  };
}

/**
 * Wraps a handler so an engine error becomes an in-band failure: the vendor-style text for
 * the model, `failure` for the host, and the vendor's error type in the host block. Bugs
 * (internal errors) still propagate to the registry, which logs them.
 */
export function withErrorTypes<A>(def: ToolDefinition<A>, errors: FamilyErrors<A>): ToolDefinition<A> {
  const inner = def.handler;
  return {
    ...def,
    async handler(args: A, ctx: HandlerContext): Promise<HandlerResult> {
      try {
        return await inner(args, ctx);
      } catch (thrown) {
        if (!isEngineError(thrown) || thrown.kind === 'internal') throw thrown;
        return typedFailure(def.name, thrown, args, errors);
      }
    },
  };
}

/** The failure result of `err` for tool `name` (also for errors a handler builds itself). */
export function typedFailure<A>(name: string, err: EngineError, args: A, errors: FamilyErrors<A>, host: Partial<HostBlock> = {}): ToolResult {
  const type = errors.type(err, args);
  const text = errors.text(err, args, type);
  return fail(text, err, { tool: name, summary: text.split('\n')[0]!.slice(0, 200), ...host, details: { ...host.details, error_type: type } });
}

/** A failure the shape itself detects (not an engine call), with its error type. */
export function shapeError(kind: EngineError['kind'], message: string, errorType: string, facts: UntypedFacts = {}, field?: string): EngineError {
  return new EngineError(kind, message, { facts: { ...facts, errorType }, field });
}

/**
 * Both read tools refuse files their ignore files hide from the model (.gitignore and
 * .geminiignore for Gemini, .qwenignore for Qwen): the reason, or undefined when readable.
 */
export async function hiddenByIgnoreFiles(ctx: HandlerContext, input: string, ignoreFiles: string[], gitignore: boolean): Promise<string | undefined> {
  const st = await statFile(ctx.scope, input, ctx.session.cwd);
  const root = ctx.scope.rootOf(st.path);
  // A root itself is never hidden by its own ignore files.
  if (!st.exists || !root || root === st.path) return undefined;
  return ignoredReason(root, st.path, { ignoreFileNames: ignoreFiles, noGitIgnore: !gitignore });
}

/** Terminal colour and cursor sequences, which both vendors strip from command output. */
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

export function stripAnsi(s: string): string {
  return s.replace(ANSI, '');
}

/** Signals are reported by number (SIGTERM → 15), as both vendors print them. */
export function signalNumber(name: string | null | undefined): number | undefined {
  if (!name) return undefined;
  const n = (os.constants.signals as Record<string, number>)[name];
  return n ?? undefined;
}

/** The marker both vendors append to a line cut at their per-line limit. */
export const CUT_MARK = '... [truncated]';

/**
 * Both glob tools list files changed within the last day first (newest first), then the
 * rest alphabetically by full path (`byPath`: by code unit unless given).
 */
export function recentFirst<T extends { path: string; mtimeMs?: number }>(
  entries: T[],
  now = Date.now(),
  windowMs = 24 * 60 * 60 * 1000,
  byPath: (a: string, b: string) => number = (a, b) => (a < b ? -1 : a > b ? 1 : 0),
): T[] {
  const recent = (e: T) => e.mtimeMs !== undefined && now - e.mtimeMs < windowMs;
  return [...entries].sort((a, b) => {
    const ra = recent(a);
    const rb = recent(b);
    if (ra && rb) return b.mtimeMs! - a.mtimeMs! || a.path.localeCompare(b.path);
    if (ra !== rb) return ra ? -1 : 1;
    return byPath(a.path, b.path);
  });
}

/**
 * The basename filters of both list_directory tools: "*" is any run, "?" one character,
 * the rest literal (the vendors turn each glob into such a regular expression).
 */
export function basenameFilter(globs: readonly string[] | undefined): ((name: string) => boolean) | undefined {
  if (!globs || globs.length === 0) return undefined;
  const res = globs.map(
    (g) =>
      new RegExp(
        `^${g
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '.*')
          .replace(/\?/g, '.')}$`,
      ),
  );
  return (name) => res.some((re) => re.test(name));
}

/**
 * Lines from..to (1-based, inclusive) of an LF text around the changed lines, for edit snippets.
 * With `finalEmptyLine` a text ending in a line break has one more, empty, line: Qwen counts the
 * lines of a file as its read_file does (String.split), so "a\nb\n" has 3 there and 2 otherwise.
 */
export function snippetAround(
  text: string,
  changed: readonly number[],
  context: number,
  opts: { finalEmptyLine?: boolean } = {},
): { start: number; end: number; total: number; text: string } {
  const lines = text.endsWith('\n') && !opts.finalEmptyLine ? text.slice(0, -1).split('\n') : text.split('\n');
  const total = text === '' ? 0 : lines.length;
  if (total === 0) return { start: 0, end: 0, total, text: '' };
  // A loop, not Math.min(...changed): tens of thousands of arguments overflow the stack.
  const first = changed.length ? changed.reduce((a, b) => Math.min(a, b)) : 1;
  const last = changed.length ? changed.reduce((a, b) => Math.max(a, b)) : 1;
  const start = Math.max(1, first - context);
  const end = Math.min(total, Math.max(last, first) + context);
  return { start, end, total, text: lines.slice(start - 1, end).join('\n') };
}

const MAX_SVG_BYTES = 1024 * 1024;

/** The audio formats Gemini hands to its model, by extension (as the vendor decides by name). */
const AUDIO_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  aiff: 'audio/aiff',
  aif: 'audio/aiff',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
};
/** Other audio names, which Gemini refuses instead of calling them binary. */
const OTHER_AUDIO = new Set(['m4a', 'wma', 'opus', 'mid', 'midi', 'amr', 'au', 'ape']);

export interface MediaFileRead {
  path: string;
  relative: string;
  kind: 'audio' | 'video';
  mediaType: string;
  size: number;
  data: Buffer;
}

/**
 * An audio or video file as bytes for the model (Gemini's read_file and read_many_files
 * attach both): video by its container signature, audio by the formats Gemini takes.
 * Undefined when the file is neither; other audio formats and files over `maxBytes` fail.
 */
export async function readAudioVideo(ctx: HandlerContext, input: string, maxBytes: number): Promise<MediaFileRead | undefined> {
  const ext = path.extname(input).slice(1).toLowerCase();
  if (OTHER_AUDIO.has(ext)) {
    throw shapeError(
      'unsupported',
      `the audio format of ${input} (.${ext}) cannot be given to the model; MP3, WAV, AIFF, AAC, OGG and FLAC can`,
      'read_content_failure',
      { path: input },
    );
  }
  const audio = AUDIO_TYPES[ext];
  if (!audio) {
    try {
      const m = await readMedia(ctx.scope, input, { cwd: ctx.session.cwd, signal: ctx.signal, session: ctx.session, maxBytes, kinds: ['video'] });
      return { path: m.path, relative: m.relative, kind: 'video', mediaType: m.mediaType, size: m.size, data: m.data };
    } catch (err) {
      if (isCondition(err, 'not_media')) return undefined;
      throw err;
    }
  }
  const f = await openForRead(ctx.scope, input, ctx.session.cwd);
  try {
    if (f.size > maxBytes) {
      throw engineFailure('file_too_large', `${input} is ${f.size} bytes, over the ${maxBytes}-byte limit`, { path: input, size: f.size, maxBytes });
    }
    const data = await readAll(f);
    return { path: f.resolved.real, relative: ctx.scope.relative(f.resolved.real), kind: 'audio', mediaType: audio, size: data.length, data };
  } finally {
    await f.fh.close().catch(() => undefined);
  }
}

/** The model text of an attached media file, the same for every kind. */
export const attachedText = (kind: string, relative: string, mediaType: string, size: number): string =>
  `Read ${kind} file: ${relative} (${mediaType}, ${size} bytes).`;

/**
 * One read_file as both vendors show it: SVG as its markup (refused over 1 MB), binary files
 * named, images and PDFs attached; with `audioVideoMax` (Gemini) audio and video attached too,
 * up to that many bytes. Text comes back for the shape to format its own way.
 */
export async function familyRead(
  ctx: HandlerContext,
  input: string,
  opts: ReadOptions,
  audioVideoMax?: number,
  mediaText: (kind: string, relative: string, mediaType: string, size: number) => string = attachedText,
): Promise<TextRead | ToolResult> {
  let r = await readFile(ctx.scope, input, opts);
  if (r.kind === 'image' && r.mediaType === 'image/svg+xml') {
    if (r.size > MAX_SVG_BYTES) {
      const text = `Cannot display content of SVG file larger than 1MB: ${r.relative}`;
      return ok(text, { tool: 'read_file', summary: text, paths: [r.path] });
    }
    r = await readFile(ctx.scope, input, { ...opts, forceText: true });
  }
  const host = { tool: 'read_file', paths: [r.path] };
  if (r.kind === 'binary' && audioVideoMax !== undefined && !r.mediaType) {
    const m = await readAudioVideo(ctx, input, audioVideoMax);
    if (m) {
      return ok(mediaText(m.kind, m.relative, m.mediaType, m.size), { ...host, summary: `Read ${m.relative}`, details: { mediaType: m.mediaType } }, [
        { blob: { mediaType: m.mediaType, data: m.data } },
      ]);
    }
  }
  if (r.kind === 'binary' || r.kind === 'notebook') {
    const text = `Cannot display content of binary file: ${r.relative}`;
    return ok(text, { ...host, summary: text, counts: { bytes: r.size } });
  }
  if (r.kind !== 'text') {
    return ok(
      mediaText(r.kind === 'pdf' ? 'PDF' : 'image', r.relative, r.mediaType, r.size),
      { ...host, summary: `Read ${r.relative}`, details: { mediaType: r.mediaType } },
      [{ blob: { mediaType: r.mediaType, data: r.data } }],
    );
  }
  return r;
}

export const isResult = (r: TextRead | ToolResult): r is ToolResult => 'host' in r;

/**
 * Both list_directory tools: one level, directories first, dot-files shown, the vendor's
 * ignore file and .gitignore (with .git) applied unless turned off, then the basename globs.
 */
export async function familyList(
  ctx: HandlerContext,
  dir: string,
  opts: { ignoreFile: string; respectGit?: boolean; respectVendor?: boolean; globs?: string[]; countSkipped?: boolean },
): Promise<{ path: string; entries: ListEntry[]; ignored: Record<string, number> }> {
  const r = await listDirectory(ctx.scope, dir, {
    cwd: ctx.session.cwd,
    sort: 'dirs-first',
    limit: 0,
    includeHidden: true,
    ignore: {
      noGitIgnore: opts.respectGit === false,
      ignoreFileNames: opts.respectVendor === false ? [] : [opts.ignoreFile],
      skipNames: opts.respectGit === false ? [] : ['.git'],
    },
    countSkipped: opts.countSkipped,
    signal: ctx.signal,
  });
  const drop = basenameFilter(opts.globs);
  return { path: r.path, entries: r.entries.filter((e) => !drop?.(e.name)), ignored: r.ignored };
}

/** run_shell_command stopped while it ran (the call cancelled): Gemini CLI and Qwen Code word it alike, with the output so far. */
export function cancelledText(output: string): string {
  return `Command was cancelled by user before it could complete.${output.trim() ? ` Below is the output before it was cancelled:\n${output}` : ' There was no output before it was cancelled.'}`;
}
