// Which diagnostics a change introduced: those present after it and absent before it, an error
// or a warning, compared by message and by position once the lines the change shifted are
// mapped back. Lines above the changed region keep their numbers, lines below it move by the
// change's line delta; inside the region positions mean nothing across the change, so a
// diagnostic there matches one of the region before it by message alone.
import { commonEnds } from '../files/diff-compute.js';
import { splitLines } from './positions.js';

export type Severity = 'error' | 'warning' | 'info' | 'hint';

/** A diagnostic as tools show it: 1-based lines and character columns. */
export interface CodeDiagnostic {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: Severity;
  message: string;
  code?: string | number;
  source?: string;
}

/**
 * The changed region of `before` → `after`, as 1-based line numbers: lines [from, beforeEnd] became [from, afterEnd].
 */
export function changedRegion(before: string, after: string): { from: number; beforeEnd: number; afterEnd: number } {
  const a = splitLines(before);
  const b = splitLines(after);
  const { head, tail } = commonEnds(a, b);
  return { from: head + 1, beforeEnd: a.length - tail, afterEnd: b.length - tail };
}

export function introduced(
  beforeText: string,
  afterText: string,
  before: readonly CodeDiagnostic[],
  after: readonly CodeDiagnostic[],
): CodeDiagnostic[] {
  const r = changedRegion(beforeText, afterText);
  const delta = r.afterEnd - r.beforeEnd;
  const inRegionBefore = (line: number) => line >= r.from && line <= r.beforeEnd;
  const inRegionAfter = (line: number) => line >= r.from && line <= r.afterEnd;
  // Each diagnostic before the change can excuse one after it.
  const pool = before.map((d) => ({
    d,
    region: inRegionBefore(d.line),
    line: d.line > r.beforeEnd ? d.line + delta : d.line,
    used: false,
  }));
  const out: CodeDiagnostic[] = [];
  for (const d of after) {
    if (d.severity !== 'error' && d.severity !== 'warning') continue;
    const region = inRegionAfter(d.line);
    const match = pool.find(
      (p) =>
        !p.used &&
        p.d.message === d.message &&
        (region
          ? p.region || (p.line === d.line && p.d.column === d.column)
          : !p.region && p.line === d.line && p.d.column === d.column),
    );
    if (match) match.used = true;
    else out.push(d);
  }
  return out;
}
