// The diff of two texts within a time and size budget. Runs on whatever thread calls it:
// diff.ts calls it inline for small texts and in a worker (diff-worker.ts) for the rest.
import { structuredPatch } from 'diff';

export interface DiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** Lines with their ' ', '-' or '+' prefix. */
  lines: string[];
}

/** The region holding every difference: the lines between the common head and the common tail (1-based). */
export interface DiffSpan {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
}

/** Why a diff is not shown, and what the counts beside it are. */
export interface DiffOmission {
  /** 'size': the diff (or the texts) are over the byte budget; 'time': computing it would pass the time budget. */
  reason: 'size' | 'time';
  /**
   * True when `added`/`removed` are the diff's own counts; false when they are the lines of the
   * span (an upper bound: some of those lines may be unchanged).
   */
  exact: boolean;
  span: DiffSpan;
  /** The budget that was passed. */
  limitBytes: number;
  limitMs: number;
}

export interface FileDiff {
  /** The unified diff; '' when there is no change or the diff is omitted. */
  unified: string;
  hunks: DiffHunk[];
  added: number;
  removed: number;
  /** 1-based line numbers, in the new text, of added or changed lines ([] when omitted). */
  changedLines: number[];
  /** Set when the diff was not computed or not kept (over its budget). */
  omitted?: DiffOmission;
}

export interface DiffBudget {
  /** Largest unified diff kept, in UTF-8 bytes. */
  bytes: number;
  /** Longest time spent computing it. */
  ms: number;
}

/**
 * A diff is for a person or a model to read: past 256 KiB (thousands of changed lines) nobody
 * reads it, and it would crowd the response limit. Past 1 s of computing it costs more than it
 * is worth (the counts are given instead).
 */
export const DIFF_BUDGET: DiffBudget = { bytes: 256 * 1024, ms: 1000 };

export interface DiffJob {
  name: string;
  newName: string;
  before: string;
  after: string;
  context: number;
  budget: DiffBudget;
  /** Time already spent waiting for a worker: it counts against the time budget. */
  waitedMs?: number;
}

/** Above this many differing lines the diff is given up and reported as a whole-file replacement. */
const MAX_EDIT_LENGTH = 20_000;

/** Diffs two texts (LF line endings expected) within the job's budget. */
export function computeDiff(job: DiffJob): FileDiff {
  const started = Date.now() - (job.waitedMs ?? 0);
  const { name, newName, before, after, context, budget } = job;
  const region = changedRegion(before, after);
  const omit = (
    reason: DiffOmission['reason'],
    exact: boolean,
    added = region.span.newLines,
    removed = region.span.oldLines,
  ): FileDiff => ({
    unified: '',
    hunks: [],
    added,
    removed,
    changedLines: [],
    omitted: { reason, exact, span: region.span, limitBytes: budget.bytes, limitMs: budget.ms },
  });
  // Every line that has no partner on the other side is in the diff: when those alone are
  // over the byte budget, the diff would be too, so it is never computed.
  if (region.unpairedChars > budget.bytes) return omit('size', region.exact);
  let hunks = isolatedHunks(region, context, before, after);
  let whole = false; // the diff gave up: one hunk of every line
  if (!hunks) {
    const left = budget.ms - (Date.now() - started);
    if (left <= 0) return omit('time', region.exact);
    const patch = structuredPatch(`a/${name}`, `b/${newName}`, before, after, '', '', {
      context,
      maxEditLength: MAX_EDIT_LENGTH,
      timeout: left,
    });
    if (!patch && Date.now() - started >= budget.ms) return omit('time', region.exact);
    hunks = patch
      ? patch.hunks.map((h) => ({
          oldStart: h.oldStart,
          oldLines: h.oldLines,
          newStart: h.newStart,
          newLines: h.newLines,
          lines: h.lines.filter((l) => !l.startsWith('\\')),
        }))
      : [wholeHunk(before, after)];
    whole = !patch;
  }
  let added = 0;
  let removed = 0;
  const changed: number[] = [];
  for (const h of hunks) {
    let n = h.newStart;
    for (const l of h.lines) {
      if (l.startsWith('+')) {
        added++;
        changed.push(n++);
      } else if (l.startsWith('-')) removed++;
      else n++;
    }
  }
  const body = hunks.map(
    (h) => `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@\n${h.lines.join('\n')}`,
  );
  const unified = hunks.length === 0 ? '' : `--- a/${name}\n+++ b/${newName}\n${body.join('\n')}\n`;
  if (unified.length > budget.bytes || Buffer.byteLength(unified) > budget.bytes) {
    // A whole-file hunk (the diff gave up) counts every line, not the change: the span says more.
    return whole ? omit('size', region.exact) : omit('size', true, added, removed);
  }
  return { unified, hunks, added, removed, changedLines: changed };
}

/** Lines as the diff package compares them: each with its newline, a last line without one. */
export function splitLines(s: string): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < s.length) {
    const nl = s.indexOf('\n', at);
    const end = nl === -1 ? s.length : nl + 1;
    out.push(s.slice(at, end));
    at = end;
  }
  return out;
}

/** How many lines `a` and `b` share at their start (head) and, after that, at their end (tail). */
export function commonEnds(a: readonly string[], b: readonly string[]): { head: number; tail: number } {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { head, tail };
}

/**
 * One linear pass: the span between the common head and tail lines, and the characters of the
 * lines in it that have no equal line on the other side (each is surely in any diff). When no
 * line of the span has an equal on the other side, the diff is the span itself (exact).
 */
export function changedRegion(before: string, after: string): ChangedRegion {
  const a = splitLines(before);
  const b = splitLines(after);
  const { head, tail } = commonEnds(a, b);
  const oldLines = a.length - head - tail;
  const newLines = b.length - head - tail;
  const balance = new Map<string, number>();
  for (let i = head; i < a.length - tail; i++) balance.set(a[i]!, (balance.get(a[i]!) ?? 0) + 1);
  for (let i = head; i < b.length - tail; i++) balance.set(b[i]!, (balance.get(b[i]!) ?? 0) - 1);
  let unpairedLines = 0;
  let unpairedChars = 0;
  for (const [line, n] of balance) {
    const k = Math.abs(n);
    unpairedLines += k;
    unpairedChars += k * line.length; // each is at least its text (and a prefix) in the diff
  }
  return {
    span: { oldStart: oldLines ? head + 1 : head, oldLines, newStart: newLines ? head + 1 : head, newLines },
    unpairedChars,
    exact: unpairedLines === oldLines + newLines,
    lines: { a, b, head, tail, changed: balance },
  };
}

export interface ChangedRegion {
  span: DiffSpan;
  unpairedChars: number;
  exact: boolean;
  /** The texts' lines, the common head and tail, and the lines between them. */
  lines: { a: string[]; b: string[]; head: number; tail: number; changed: ReadonlyMap<string, number> };
}

/**
 * The hunk of a change whose lines occur nowhere else in either text (the usual edit): the
 * diff package's search can only find that span, removals before additions, so it is built
 * directly (a small edit's diff went from ~40 µs to a few, issue 38). Undefined when a changed
 * line also occurs elsewhere, or a text holds a CR (the package splits CRLF lines its own way):
 * the package decides those.
 */
export function isolatedHunks(
  region: ChangedRegion,
  context: number,
  before: string,
  after: string,
): DiffHunk[] | undefined {
  if (!region.exact) return undefined;
  const { a, b, head, tail, changed } = region.lines;
  if (changed.size === 0) return [];
  // A line's length rules most lines out before its text is hashed (a big file's unchanged lines).
  const lengths = new Set<number>();
  for (const line of changed.keys()) lengths.add(line.length);
  const recurs = (line: string) => lengths.has(line.length) && changed.has(line);
  for (let i = 0; i < head; i++) if (recurs(a[i]!)) return undefined;
  for (let i = a.length - tail; i < a.length; i++) if (recurs(a[i]!)) return undefined;
  if (before.includes('\r') || after.includes('\r')) return undefined;
  const from = Math.max(0, head - context);
  const to = Math.min(a.length, a.length - tail + context);
  const lines: string[] = [];
  const push = (mark: string, line: string) => lines.push(mark + (line.endsWith('\n') ? line.slice(0, -1) : line));
  for (let i = from; i < head; i++) push(' ', a[i]!);
  for (let i = head; i < a.length - tail; i++) push('-', a[i]!);
  for (let i = head; i < b.length - tail; i++) push('+', b[i]!);
  for (let i = a.length - tail; i < to; i++) push(' ', a[i]!);
  const shown = head - from + to - (a.length - tail);
  return [
    {
      oldStart: from + 1,
      oldLines: shown + region.span.oldLines,
      newStart: from + 1,
      newLines: shown + region.span.newLines,
      lines,
    },
  ];
}

/** Number of lines, as splitLines counts them, without making them. */
export function countLines(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) n++;
  return n + (s === '' || s.endsWith('\n') ? 0 : 1);
}

/**
 * The omitted diff of texts that were not compared line by line (too large to hand over, or the
 * worker gave up): every line counts as changed, which is exact when one side is empty.
 */
export function roughDiff(
  before: string,
  after: string,
  reason: DiffOmission['reason'],
  budget: DiffBudget,
  /** The texts' line counts when the caller counted them (and found the texts differ). */
  counted?: { oldLines: number; newLines: number },
): FileDiff {
  if (!counted && before === after) return { unified: '', hunks: [], added: 0, removed: 0, changedLines: [] };
  const oldLines = counted?.oldLines ?? countLines(before);
  const newLines = counted?.newLines ?? countLines(after);
  return {
    unified: '',
    hunks: [],
    added: newLines,
    removed: oldLines,
    changedLines: [],
    omitted: {
      reason,
      exact: oldLines === 0 || newLines === 0,
      span: { oldStart: oldLines ? 1 : 0, oldLines, newStart: newLines ? 1 : 0, newLines },
      limitBytes: budget.bytes,
      limitMs: budget.ms,
    },
  };
}

function wholeHunk(before: string, after: string): DiffHunk {
  const split = (s: string) => (s === '' ? [] : s.replace(/\n$/, '').split('\n'));
  const a = split(before);
  const b = split(after);
  return {
    oldStart: a.length ? 1 : 0,
    oldLines: a.length,
    newStart: b.length ? 1 : 0,
    newLines: b.length,
    lines: [...a.map((l) => `-${l}`), ...b.map((l) => `+${l}`)],
  };
}
