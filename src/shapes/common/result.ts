// Results in every shape carry the model-facing text first, then a structured block for the
// host to show a person (paths touched, diff, counts, exit code, truncation), like Gemini
// CLI's separate display result and tool locations.
import type { EngineError } from '../../engine/index.js';
import type { ContentItem, ToolResult } from '../../registry/types.js';

/** What a host shows a person about one call. Only the fields that apply are set. */
export interface HostBlock {
  /** The vendor tool that ran. */
  tool: string;
  /** One line for a person ("Edited src/a.ts: 2 lines changed"). */
  summary?: string;
  /** Files touched or shown, absolute. */
  paths?: string[];
  /** Unified diff of a change. */
  diff?: string;
  /** Why the diff is missing, with the counts given instead, when it was over its budget. */
  diffNote?: string;
  /** Counts worth showing (matches, files, lines, bytes...). */
  counts?: Record<string, number>;
  exitCode?: number | null;
  signal?: string | null;
  truncated?: boolean;
  /** Anything else structured the host may use (job ids, URLs, todo lists...). */
  details?: Record<string, unknown>;
}

function hostContent(host: HostBlock): ContentItem {
  const block: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(host)) if (v !== undefined) block[k] = v;
  return { structured: { display: block } };
}

/** A successful result: the model's text, then the host block. */
export function ok(text: string, host: HostBlock, extra: ContentItem[] = []): ToolResult {
  return { content: [{ text }, ...extra, hostContent(host)] };
}

/** A failed result: the model's error text (also as content, so a host that shows content sees it), then the host block. */
export function fail(text: string, err: EngineError, host: HostBlock, extra: ContentItem[] = []): ToolResult {
  return { content: [{ text }, ...extra, hostContent(host)], error: text, failure: err };
}
