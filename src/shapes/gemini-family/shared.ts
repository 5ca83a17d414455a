// What Gemini CLI and its fork Qwen Code truly share: the ToolErrorType identifiers (in
// errors.ts, kept in the host block as details.error_type), cut-line markers,
// the words of a file read for the model (images, PDFs, and for Gemini audio and video, as
// data), and the options of their list_directory. What is not wording is the engine's.
import {
  basenameFilter,
  EngineError,
  type FileDiff,
  type ModelRead,
  type UntypedFacts,
  withDetails,
} from '../../engine/index.js';
import { diffNote } from '../kit/files/diff-note.js';
import { pastEnd } from '../kit/files/line-window.js';
import { cancelledRun } from '../kit/shell/run-failure.js';
import type { ToolResult } from '../../registry/types.js';
import type { Call, Reply } from '../common/define.js';
import type { ToolErrorType } from './errors.js';
import { ok } from '../common/result.js';

/** A failure the shape itself detects (not an engine call), with its error type. */
export function shapeError(
  kind: EngineError['kind'],
  message: string,
  errorType: ToolErrorType,
  facts: UntypedFacts = {},
  field?: string,
): EngineError {
  return new EngineError(kind, message, { facts: { ...facts, errorType }, field });
}

/** invalid_tool_params: an argument the tool refuses before doing anything. */
export const badParams = (message: string, field?: string, facts: UntypedFacts = {}): EngineError =>
  shapeError('invalid_argument', message, 'invalid_tool_params', facts, field);

/**
 * A grep_search past its time limit (`timeoutMs`) fails as grep_execution_error (TIMEOUT) in both vendors, naming the
 * arguments that `narrow` it; `r` when it finished.
 */
export function finishedSearch<R extends { timedOut?: boolean }>(
  r: R,
  timeoutMs: number,
  narrow: string,
  facts: UntypedFacts = {},
): R {
  if (r.timedOut)
    throw shapeError(
      'timeout',
      `the search ran past ${timeoutMs}ms; narrow it with ${narrow}`,
      'grep_execution_error',
      facts,
    );
  return r;
}

/**
 * read_file asked to start after the file's last line: invalid_tool_params naming the argument (`field`, as `given`)
 * and the file's line count.
 */
export function refusePastEnd(r: ModelRead, start: number, field: string, given: number | undefined): void {
  const total = pastEnd(r, start);
  if (total !== undefined)
    throw badParams(`${field} ${given} is past the end of the file (${total} lines)`, field, { total });
}

/** An empty old_string creates a file (replace / edit): refused when one is there. */
export async function refuseExisting(c: Call, file: string): Promise<void> {
  const st = await c.engine.files.stat(c, file);
  if (st.exists)
    throw shapeError(
      'already_exists',
      `${file} already exists`,
      'attempt_to_create_existing_file',
      { path: st.path },
      'old_string',
    );
}

/**
 * The host block of a file written or edited: its path, the diff with its note, the lines added and removed after
 * `counts`.
 */
export function changeHost(
  summary: string,
  r: { path: string; created: boolean; diff?: FileDiff },
  counts: Record<string, number>,
  details = {},
) {
  const diff = r.diff;
  const lines = { added: diff?.added ?? 0, removed: diff?.removed ?? 0 };
  return {
    summary,
    paths: [r.path],
    diff: diff?.unified,
    diffNote: diffNote(diff),
    counts: { ...counts, ...lines },
    details: { created: r.created, ...details },
  };
}

/** The marker both vendors append to a line cut at their per-line limit. */
export const CUT_MARK = '... [truncated]';

/** The model text of an attached media file, the same for every kind. */
const attachedText = (kind: string, relative: string, mediaType: string, size: number): string =>
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
    return ok(
      mediaText(r.media, r.relative, r.mediaType, r.size),
      { ...host, summary: `Read ${r.relative}`, details: { mediaType: r.mediaType } },
      [{ blob: { mediaType: r.mediaType, data: r.data } }],
    );
  }
  return undefined;
}

/** The engine's list options of both list_directory tools. */
export function familyListOptions(opts: {
  ignoreFile: string;
  respectGit?: boolean;
  respectVendor?: boolean;
  countSkipped?: boolean;
}) {
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

/**
 * One directory listed as both list_directory tools list it, the entries whose names match an
 * `ignore` glob dropped; what the vendor's ignore file hid, and what the other rules (.gitignore,
 * and with countSkipped the .git entry) hid, counted apart (the `ignore` globs not counted).
 */
export async function familyList(
  c: Call,
  dir: string,
  opts: Parameters<typeof familyListOptions>[0],
  ignore?: string[],
) {
  // The globs are checked (and compiled) before the directory is read.
  const drop = basenameFilter(ignore);
  const r = await c.engine.search.list(c, dir, familyListOptions(opts));
  const { glob: _glob, [opts.ignoreFile]: byVendor = 0, ...rest } = r.ignored;
  const byOther = Object.values(rest).reduce((a, v) => a + v, 0);
  return { path: r.path, entries: r.entries.filter((e) => !drop?.(e.name)), byVendor, byOther };
}

/** Both list_directory tools answer an empty directory alike; `counts` adds to the entries (none). */
export function emptyDirectory(shown: string, paths: string[], counts: Record<string, number> = {}): Reply {
  const text = `Directory ${shown} is empty.`;
  return { text, host: { paths, summary: text, counts: { entries: 0, ...counts } } };
}

/**
 * run_shell_command stopped while it ran (the call cancelled): Gemini CLI and Qwen Code word it alike, with the output
 * so far; undefined for other failures.
 */
export function cancelledReply(e: unknown, summary: string): Reply | undefined {
  const cancelled = cancelledRun(e);
  if (!cancelled) return undefined;
  const said = outputBefore(cancelled.text, 'was cancelled');
  return {
    text: `Command was cancelled by user before it could complete.${said}`,
    failure: cancelled.err,
    host: { summary },
  };
}

/**
 * How both run_shell_command tools end the message of a command stopped early: the output so far, or that there was
 * none.
 */
const outputBefore = (out: string, what: string): string =>
  out.trim() ? ` Below is the output before it ${what}:\n${out}` : ` There was no output before it ${what}.`;

/** What both run_shell_command tools call a command in the host block: its description, or the start of the line. */
export const commandSummary = (a: { description?: string; command: string }): string =>
  a.description ?? a.command.slice(0, 120);

/**
 * A run_shell_command killed by its timeout: `message`, the output before it `what` (timed out, was cancelled), the
 * failure; error type shell_execute_error.
 */
export function timedOutReply(
  message: string,
  what: string,
  out: string,
  failure: EngineError,
  host: Reply['host'] & { details: object },
): Reply {
  return {
    text: message + outputBefore(out, what),
    failure: withDetails(failure, { facts: { errorType: 'shell_execute_error' } }),
    host: { ...host, details: { ...host.details, error_type: 'shell_execute_error' } },
  };
}

/**
 * A run_shell_command background start: the command in the directory its tool names `workdirField`, with the vendor's
 * environment.
 */
export const startInBackground = (
  c: Call,
  a: { command: string; description?: string },
  workdir: string | undefined,
  workdirField: string,
  env: Record<string, string>,
) => c.engine.shell.start(c, { command: a.command, workdir, workdirField, env, description: a.description });

// The words both vendors' grep_search and glob open with.

/** Where grep_search looked, with the file filter it was given. */
export const searchedWhere = (where: string, filter?: string): string =>
  `${where}${filter ? ` (filter: "${filter}")` : ''}`;

/** grep_search's opening: no match (a whole sentence), or the count of matches (the caller ends the line). */
export const matchesFound = (n: number, pattern: string, where: string): string =>
  n === 0
    ? `No matches found for pattern "${pattern}" ${where}.`
    : `Found ${n} ${n === 1 ? 'match' : 'matches'} for pattern "${pattern}" ${where}`;

/** glob's opening: no file (a whole answer), or the count of files, `note` and their order, ending in ":". */
export const filesFound = (n: number, pattern: string, where: string, note = ''): string =>
  n === 0
    ? `No files found matching pattern "${pattern}" ${where}`
    : `Found ${n} file(s) matching "${pattern}" ${where}${note}, sorted by modification time (newest first):`;
