// What several Claude Code tools render alike: the persisted-output block that stands in for a
// large result, trailing whitespace stripped outside Markdown, and the note after a change.
import { headPreview, type FreshnessPolicy, type SavedResult } from '../../engine/index.js';
import { workingDir } from '../kit/files/working-dir.js';
import type { JsonSchema } from '../../registry/types.js';
import type { Call } from '../common/define.js';
import { formatSize } from '../common/render.js';

/** The call's context with Claude's working directory: the session's, while it lies inside the call's roots. */
export const here = (c: Call) => ({ ...c, cwd: workingDir(c) });

/** Result sizes over which Claude Code moves a result to a file (min(tool limit, 50000)). */
export const PERSIST_LIMITS = { bash: 30_000, grep: 20_000, other: 50_000 } as const;

/** Existing files must have been read in the session and be unchanged since. */
export const READ_FIRST: FreshnessPolicy = { requireRead: true, requireUnchanged: true };
export const CURRENT = '(file state is current in your context — no need to Read it back)';

/**
 * How the session last saw `file` before a change: never read (or not there), read and
 * unchanged since, or read and changed on disk since (Claude Code 2.1.332 words its Edit
 * result by it).
 */
export async function readState(c: Call, file: string): Promise<'unread' | 'read' | 'stale'> {
  const st = await c.engine.files.stat(here(c), file).catch(() => undefined);
  const rec = st?.exists ? c.session.reads.get(st.path) : undefined;
  if (!st || !rec) return 'unread';
  return rec.size === st.size && rec.mtimeMs === st.mtimeMs ? 'read' : 'stale';
}

/** Files that are not Markdown get trailing whitespace removed from every line. */
export function stripTrailingWhitespace(filePath: string, text: string): string {
  return /\.(md|mdx)$/i.test(filePath) ? text : text.replace(/[^\S\r\n]+(?=\r?\n|$)/g, '');
}

/**
 * `text` as it is within `limit` characters; over it, saved (or pointed at `existing`) and shown as a preview naming
 * the file.
 */
export async function persisted(
  c: Call,
  text: string,
  limit: number,
  existing?: SavedResult,
): Promise<{ text: string; file?: string }> {
  const saved = await c.engine.files.spill(c, text, limit, existing);
  if (!saved) return { text };
  const block = [
    `Output too large (${formatSize(saved.bytes)}). Full output saved to: ${saved.path}`,
    '',
    'Preview (first 2KB):',
    headPreview(text, 2000),
    '...',
  ];
  return { text: ['<persisted-output>', ...block, '</persisted-output>'].join('\n'), file: saved.path };
}

/** Claude Code's object schemas: these properties (strings when given as a name), these required, nothing else. */
export const closed = (properties: Record<string, JsonSchema | 'string'>, required?: string[]): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(
    Object.entries(properties).map(([k, v]) => [k, v === 'string' ? { type: 'string' } : v]),
  ),
  ...(required ? { required } : {}),
  additionalProperties: false,
});
