// The fallback searcher's core: finds matches of a translated regex in decoded text and
// produces the same records rg's JSON output gives (match lines with submatches, context
// lines, rg's max-count quirks, multiline grouping). Text arrives as chunks of whole lines;
// a chunk may begin with carried lines (before `from`) kept for before-context.
import type { GrepLine, Submatch } from './types.js';

export interface ScanOptions {
  regex: RegExp;
  before: number;
  after: number;
  maxPerFile?: number;
  /** Stop reading once this many matching lines are found (the search's remaining budget). */
  stopAt?: number;
  keepLines: boolean;
  maxLineLength: number;
  /** Matches may span lines (rg -U with a pattern that can match a newline). */
  multiline: boolean;
  /** Lines whose text this matches are left out and not counted, except by maxPerFile (see GrepOptions). */
  exclude?: RegExp;
}

/**
 * A copy of `s` that does not share memory with the string it was sliced from. V8 keeps a
 * slice as a view of its parent, so one kept line would otherwise hold a whole decoded
 * megabyte chunk (or an enormous minified line) alive until the search result is dropped.
 * Concatenating forces a fresh flat string; the slice after it is a view of that copy only.
 */
export function detach(s: string): string {
  return s.length < 13 ? s : (' ' + s).slice(1); // V8 copies slices shorter than 13 anyway
}

/** Cuts `text` at `max` UTF-16 units without splitting a surrogate pair (the cut part detached). */
export function cutLine(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  let end = max;
  const c = text.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return { text: detach(text.slice(0, end)), cut: true };
}

/** Index of the line (in `starts`) holding offset `off`. */
function lineIndex(starts: number[], off: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= off) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export class Scanner {
  matchLines = 0;
  matches = 0;
  readonly lines: GrepLine[] = [];
  /** Max-count reached and its trailing context written: nothing more to read. */
  done = false;
  private lastEmitted = 0;
  private afterUntil = 0;
  private maxReached = false;
  /** Matching lines seen, excluded ones too: rg's --max-count counts them all. */
  private seen = 0;

  constructor(private readonly o: ScanOptions) {}

  /** Trailing context of the last match is still owed: the next chunk must be scanned. */
  get pending(): boolean {
    return this.afterUntil > this.lastEmitted;
  }

  /**
   * Scans `text` (whole lines; the final chunk may lack its last newline) whose first line
   * is number `firstLine`. Matches starting before offset `from` (carried lines) are ignored.
   */
  scan(text: string, firstLine: number, from = 0): void {
    if (this.done) return;
    const re = this.o.regex;
    re.lastIndex = from;
    let m = this.maxReached ? null : re.exec(text);
    if (!m && this.afterUntil <= this.lastEmitted) return;
    const starts = [0];
    for (let i = text.indexOf('\n'); i !== -1 && i + 1 < text.length; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    const count = text.length === 0 ? 0 : starts.length;
    const endOf = (li: number): number =>
      li + 1 < starts.length ? starts[li + 1]! - 1 : text.endsWith('\n') ? text.length - 1 : text.length;
    const lineText = (li: number): string => text.slice(starts[li], endOf(li));
    const firstAvailable = firstLine;
    const fromLine = firstLine + lineIndex(starts, from);

    const emit = (line: number, kind: 'match' | 'context', body: string, subs?: Submatch[]): void => {
      this.lastEmitted = line;
      if (!this.o.keepLines) return;
      if (body.endsWith('\r')) body = body.slice(0, -1);
      if (this.o.exclude?.test(body)) return;
      const { text: shown, cut } = cutLine(body, this.o.maxLineLength);
      const rec: GrepLine = { line, kind, text: cut ? shown : detach(shown) };
      if (subs) {
        rec.column = subs.length ? subs[0]!.start + 1 : 1;
        rec.submatches = subs;
      }
      if (cut) rec.cut = true;
      this.lines.push(rec);
    };
    /** Counts a match of `lines` lines unless its text is excluded; rg's max-count sees it either way. */
    const tally = (body: string, lines: number, subs: number): void => {
      this.seen += lines;
      if (this.o.exclude?.test(body.endsWith('\r') ? body.slice(0, -1) : body)) return;
      this.matchLines += lines;
      this.matches += subs;
    };
    /** Submatches of the line `li`, found by running the regex from the line's start. */
    const matchesOn = (li: number): Submatch[] => {
      const subs: Submatch[] = [];
      const end = endOf(li);
      re.lastIndex = starts[li]!;
      for (let x = re.exec(text); x && x.index <= end; x = re.exec(text)) {
        if (x[0].length === 0) re.lastIndex = x.index + 1;
        // Empty matches are not reported (rg reports them at byte offsets, even inside characters).
        if (x[0].length === 0) continue;
        subs.push({ start: x.index - starts[li]!, end: x.index + x[0].length - starts[li]! });
      }
      return subs;
    };
    const contextUpTo = (target: number): void => {
      // trailing context of the previous match
      const stop = Math.min(target, this.afterUntil, firstLine + count - 1);
      for (let n = Math.max(this.lastEmitted + 1, firstAvailable); n <= stop; n++) {
        if (this.maxReached) {
          const subs = matchesOn(n - firstLine);
          if (subs.length) {
            const body = lineText(n - firstLine);
            tally(body, 1, subs.length);
            emit(n, 'match', body, subs);
            continue;
          }
        }
        emit(n, 'context', lineText(n - firstLine));
      }
    };
    const beforeOf = (line: number): void => {
      for (let n = Math.max(this.lastEmitted + 1, line - this.o.before, firstAvailable); n < line; n++)
        emit(n, 'context', lineText(n - firstLine));
    };
    const reachMax = (): void => {
      if (this.o.maxPerFile !== undefined && this.seen >= this.o.maxPerFile) this.maxReached = true;
    };

    if (this.maxReached) {
      contextUpTo(Number.MAX_SAFE_INTEGER);
      if (this.afterUntil <= this.lastEmitted || this.afterUntil < firstLine + count) this.done = true;
      return;
    }

    while (m && !this.maxReached) {
      if (m.index >= text.length && (text.length === 0 || text.endsWith('\n'))) break;
      const li = lineIndex(starts, m.index);
      const line = firstLine + li;
      if (line < fromLine) break;
      if (!this.o.multiline) {
        contextUpTo(line - 1);
        beforeOf(line);
        const subs = matchesOn(li);
        const body = lineText(li);
        tally(body, 1, subs.length);
        emit(line, 'match', body, subs);
        this.afterUntil = line + this.o.after;
        reachMax();
        if (this.o.stopAt !== undefined && this.matchLines >= this.o.stopAt) {
          this.done = true;
          return;
        }
        re.lastIndex = starts[li + 1] ?? text.length + 1;
        m = li + 1 < starts.length ? re.exec(text) : null;
        continue;
      }
      // Multiline: group matches whose line ranges touch, as rg does.
      const rangeStart = starts[li]!;
      let lastLi = lineIndex(starts, Math.max(m.index, m.index + m[0].length - 1));
      const subs: Submatch[] = [];
      let n = 0;
      for (;;) {
        if (m![0].length > 0) {
          subs.push({ start: m!.index - rangeStart, end: m!.index + m![0].length - rangeStart });
          n++;
        }
        if (m![0].length === 0) re.lastIndex = m!.index + 1;
        m = re.exec(text);
        if (!m || m.index >= text.length) break;
        const nextLi = lineIndex(starts, m.index);
        if (
          nextLi > lastLi + 1 ||
          (nextLi === lastLi + 1 &&
            !subs.some((s) => text.slice(rangeStart + s.start, rangeStart + s.end).includes('\n')))
        )
          break;
        lastLi = Math.max(lastLi, lineIndex(starts, Math.max(m.index, m.index + m[0].length - 1)));
      }
      contextUpTo(line - 1);
      beforeOf(line);
      const body = text.slice(rangeStart, endOf(lastLi));
      tally(body, lastLi - li + 1, n);
      emit(line, 'match', body, subs);
      this.lastEmitted = firstLine + lastLi;
      this.afterUntil = this.lastEmitted + this.o.after;
      reachMax();
      if (this.o.stopAt !== undefined && this.matchLines >= this.o.stopAt) {
        this.done = true;
        return;
      }
    }
    contextUpTo(Number.MAX_SAFE_INTEGER);
    if (this.maxReached && (this.afterUntil <= this.lastEmitted || this.afterUntil < firstLine + count))
      this.done = true;
  }
}
