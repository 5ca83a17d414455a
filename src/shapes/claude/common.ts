// What every Claude Code tool shares: the session's working directory and path display,
// sizes as Claude Code prints them, `<tool_use_error>` wording for validation, permission
// and precondition failures, the persisted-output block for large results, and the set of
// server-side files (spilled output, task logs) this session was pointed at and may Read.
import path from 'node:path';
import type { FacetConfig } from '../../config.js';
import { EngineError, grantRead, saveResultText, type Session } from '../../engine/index.js';
import type { HandlerContext, ToolDefinition, ToolResult } from '../../registry/types.js';
import { fail } from '../common/result.js';
import { str } from '../common/str.js';

/** Result sizes over which Claude Code moves a result to a file (min(tool limit, 50000)). */
export const PERSIST_LIMITS = { bash: 30_000, grep: 20_000, other: 50_000 } as const;
const PREVIEW_CHARS = 2000;

/** The session's working directory (where relative paths start). */
export function cwdOf(ctx: HandlerContext): string {
  return ctx.session.cwd !== undefined && ctx.scope.contains(ctx.session.cwd) ? ctx.session.cwd : ctx.scope.primary;
}

/** A path as Claude Code shows it: relative to the working directory when under it, else absolute. */
export function displayPath(abs: string, cwd: string): string {
  const rel = path.relative(cwd, abs);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : abs;
}

/** 575.1KB, 256KB, 1.5MB: one decimal, none when it is zero. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1).replace(/\.0$/, '')}${units[i]}`;
}

/** "1s", "90s" → "1m 30s": how long a timeout was. */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 100) / 10;
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  const rest = Math.round(s - m * 60);
  return rest === 0 ? `${m}m` : `${m}m ${rest}s`;
}

/** Files that are not Markdown get trailing whitespace removed from every line. */
export function stripTrailingWhitespace(filePath: string, text: string): string {
  if (/\.(md|mdx)$/i.test(filePath)) return text;
  return text.replace(/[^\S\r\n]+(?=\r?\n|$)/g, '');
}

export const toolUseError = (message: string) => `<tool_use_error>${message}</tool_use_error>`;

/** Kinds Claude Code reports from input validation or permission checks (wrapped); the rest are runtime failures. */
const WRAPPED = new Set(['invalid_argument', 'permission_denied', 'not_found', 'already_exists', 'conflict', 'precondition_failed', 'security_policy']);

const sentence = (s: string) => {
  // A message that starts with a URL or a path keeps it as it is ("Http://..." is no address).
  const t = /^[a-z][a-z0-9+.-]*:\/\//.test(s) || s.startsWith('/') ? s : s.charAt(0).toUpperCase() + s.slice(1);
  return /[.!?)]$/.test(t) ? t : `${t}.`;
};

/** Our wording of a failure that no tool words itself, with the wrapper where Claude Code uses one. */
export function claudeError(err: EngineError, toolName: string, ctx: HandlerContext): string {
  const f = err.facts;
  let message: string;
  const violations = f.violations as Array<{ field: string; description: string }> | undefined;
  if (violations) {
    message = `InputValidationError: the arguments of ${toolName} are not valid:\n${violations.map((v) => `- ${v.field}: ${v.description}`).join('\n')}`;
  } else if (err.condition === 'not_read') {
    message = 'This file has not been read in this session yet. Read it first, then change it.';
  } else if (err.condition === 'modified_since_read') {
    message = 'The file changed on disk after you last read it (the user, a formatter or another tool wrote to it). Read it again before changing it.';
  } else if (err.kind === 'permission_denied' && Array.isArray(f.roots)) {
    message = `Permission denied: ${str(f.path)} is outside the directories this session may use (${(f.roots as string[]).join(', ')}). Use a path inside them.`;
  } else if (err.kind === 'not_found' && typeof f.path === 'string') {
    message = `${f.path} does not exist. Relative paths are resolved from the current working directory, ${cwdOf(ctx)}.`;
  } else {
    message = sentence(err.message);
  }
  return WRAPPED.has(err.kind) ? toolUseError(message) : message;
}

/** A tool whose thrown EngineErrors become Claude-worded failures with a host block. */
export interface ClaudeToolSpec<A> extends Omit<ToolDefinition<A>, 'handler' | 'formatError'> {
  run: (args: A, ctx: HandlerContext) => Promise<ToolResult>;
  /** Tool-specific wording; undefined falls back to claudeError. */
  word?: (err: EngineError, args: A, ctx: HandlerContext) => string | undefined;
}

export function claudeTool<A>(spec: ClaudeToolSpec<A>): ToolDefinition<A> {
  const { run, word, ...def } = spec;
  return {
    ...def,
    async handler(args, ctx) {
      try {
        return await run(args, ctx);
      } catch (thrown) {
        if (!(thrown instanceof EngineError)) throw thrown;
        const text = word?.(thrown, args, ctx) ?? claudeError(thrown, def.name, ctx);
        return fail(text, thrown, {
          tool: def.name,
          summary: thrown.message,
          ...(typeof thrown.facts.path === 'string' ? { paths: [thrown.facts.path] } : {}),
        });
      }
    },
    formatError: (err, _args, ctx) => claudeError(err, def.name, ctx),
  };
}

// Files this session was told about (spilled output, task logs): Read may open them even
// though they live in the server's state directory, outside the roots (the engine decides).
export const markReadable = (s: Session, file: string) => grantRead(s, file);

/** The first ~2KB of a text, cut at a line end when one is not too early. */
function preview(text: string): string {
  if (text.length <= PREVIEW_CHARS) return text;
  const head = text.slice(0, PREVIEW_CHARS);
  const nl = head.lastIndexOf('\n');
  return nl > PREVIEW_CHARS / 2 ? head.slice(0, nl) : head;
}

export function persistedBlock(text: string, bytes: number, file: string): string {
  return [
    '<persisted-output>',
    `Output too large (${formatSize(bytes)}). Full output saved to: ${file}`,
    '',
    'Preview (first 2KB):',
    preview(text),
    '...',
    '</persisted-output>',
  ].join('\n');
}

/**
 * Leaves `text` as it is when within `limit` characters; otherwise saves it (or uses the file
 * that already holds it) and returns the persisted-output block pointing there.
 */
export async function persistIfLarge(
  config: FacetConfig,
  ctx: HandlerContext,
  text: string,
  limit: number,
  existing?: { path: string; bytes: number },
): Promise<{ text: string; file?: string }> {
  if (text.length <= limit) return { text };
  const saved = existing ?? (await saveResultText(config.stateDir, ctx.session, text));
  markReadable(ctx.session, saved.path);
  return { text: persistedBlock(text, saved.bytes, saved.path), file: saved.path };
}
