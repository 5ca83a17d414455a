// What Gemini CLI and its fork Qwen Code truly share: the ToolErrorType identifiers (in
// gemini-family-errors.ts, kept in the host block as details.error_type), a tool wrapper that
// turns engine errors into in-band failures carrying them, cut-line markers, and the words of
// a file read for the model (images, PDFs, and for Gemini audio and video, as data). What is
// not wording (reading media, ignore files, recent-first order) is the engine's, re-exported.
import {
  EngineError,
  isEngineError,
  type ListEntry,
  type MediaFileRead,
  type ModelRead,
  type ReadOptions,
  readAudioVideo as readAudioVideoIn,
  readForModel,
  hiddenByIgnoreFiles as hiddenIn,
  basenameFilter,
  listDirectory,
  type TextRead,
  type UntypedFacts,
} from '../../engine/index.js';
import type { HandlerContext, ToolDefinition, ToolResult } from '../../registry/types.js';
import { familyErrorType, familyText, type VendorText } from './gemini-family-errors.js';
import { fail, ok, type HostBlock } from './result.js';

export { commonErrorType, editErrorType, familyErrorType, familyWords, type VendorText } from './gemini-family-errors.js';
export { basenameFilter, recentFirst, signalNumber, snippetAround, stripAnsi, type MediaFileRead } from '../../engine/index.js';

/** What each tool of the family says about a failure: its error type and its text. */
export interface FamilyErrors<A> {
  type: (err: EngineError, args: A) => string;
  text: (err: EngineError, args: A, type: string) => string;
}

/** The error types and texts of one tool: the vendor's wording first, then the shared one. */
export function familyErrors<A>(tool: string, vendor: VendorText): FamilyErrors<A> {
  return { type: (err) => familyErrorType(tool, err), text: (err, args, type) => familyText(tool, err, type, args, vendor) };
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
    async handler(args: A, ctx: HandlerContext): Promise<ToolResult> {
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

const at = (ctx: HandlerContext) => ({ cwd: ctx.session.cwd, signal: ctx.signal, session: ctx.session });

/** Both read tools refuse files their ignore files hide from the model: the reason, or undefined when readable. */
export function hiddenByIgnoreFiles(ctx: HandlerContext, input: string, ignoreFiles: string[], gitignore: boolean): Promise<string | undefined> {
  return hiddenIn(ctx.scope, input, { cwd: ctx.session.cwd, ignoreFiles, gitignore });
}

/** An audio or video file as bytes for the model (see the engine's readAudioVideo). */
export function readAudioVideo(ctx: HandlerContext, input: string, maxBytes: number): Promise<MediaFileRead | undefined> {
  return readAudioVideoIn(ctx.scope, input, { ...at(ctx), maxBytes });
}

/** The marker both vendors append to a line cut at their per-line limit. */
export const CUT_MARK = '... [truncated]';

/** The model text of an attached media file, the same for every kind. */
export const attachedText = (kind: string, relative: string, mediaType: string, size: number): string =>
  `Read ${kind} file: ${relative} (${mediaType}, ${size} bytes).`;

/** A file read for the model as both vendors show it when it is not text (undefined for text). */
export function modelReadResult(
  r: ModelRead,
  mediaText: (kind: string, relative: string, mediaType: string, size: number) => string = attachedText,
): ToolResult | undefined {
  const host = { tool: 'read_file', paths: [r.path] };
  if (r.kind === 'svg_too_large') {
    const text = `Cannot display content of SVG file larger than 1MB: ${r.relative}`;
    return ok(text, { tool: 'read_file', summary: text, paths: [r.path] });
  }
  if (r.kind === 'not_shown') {
    const text = `Cannot display content of binary file: ${r.relative}`;
    return ok(text, { ...host, summary: text, counts: { bytes: r.size } });
  }
  if (r.kind === 'attached') {
    return ok(mediaText(r.media, r.relative, r.mediaType, r.size), { ...host, summary: `Read ${r.relative}`, details: { mediaType: r.mediaType } }, [
      { blob: { mediaType: r.mediaType, data: r.data } },
    ]);
  }
  return undefined;
}

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
  const r = await readForModel(ctx.scope, input, { ...opts, audioVideoMax });
  return r.kind === 'text' ? r : modelReadResult(r, mediaText)!;
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
  const r = await listDirectory(ctx.scope, dir, { ...familyListOptions(opts), cwd: ctx.session.cwd, signal: ctx.signal });
  const drop = basenameFilter(opts.globs);
  return { path: r.path, entries: r.entries.filter((e) => !drop?.(e.name)), ignored: r.ignored };
}

/** The engine's list options of both list_directory tools. */
export function familyListOptions(opts: { ignoreFile: string; respectGit?: boolean; respectVendor?: boolean; countSkipped?: boolean }) {
  return {
    sort: 'dirs-first' as const,
    limit: 0,
    includeHidden: true,
    ignore: {
      noGitIgnore: opts.respectGit === false,
      ignoreFileNames: opts.respectVendor === false ? [] : [opts.ignoreFile],
      skipNames: opts.respectGit === false ? [] : ['.git'],
    },
    countSkipped: opts.countSkipped,
  };
}

/** run_shell_command stopped while it ran (the call cancelled): Gemini CLI and Qwen Code word it alike, with the output so far. */
export function cancelledText(output: string): string {
  return `Command was cancelled by user before it could complete.${output.trim() ? ` Below is the output before it was cancelled:\n${output}` : ' There was no output before it was cancelled.'}`;
}
