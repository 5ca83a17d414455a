// What a result shows a person besides the model's text: a shape's host block without the
// tool's name. The kit's *Host helpers build it from engine results, so a shape only adds its words.

export interface HostContent {
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
