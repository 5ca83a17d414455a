// Text under a budget: a builder that takes output line by line and stops at a total number
// of characters, cutting over-long lines to a maximum that ends in a marker, and remembers
// whether anything was cut. Shapes whose vendors cap tool output (Kimi's 50,000 characters in
// all and 2,000 per line) build their text with it.

/** Cuts a line (its break kept) to `max` characters ending in `marker`. */
export function cutLine(line: string, max: number, marker: string): string {
  if (line.length <= max) return line;
  const brk = /[\r\n]+$/.exec(line)?.[0] ?? '';
  const end = marker + brk;
  return line.slice(0, Math.max(max, end.length) - end.length) + end;
}

/** Accumulates text under a cap on total characters and (unless null) on characters per line. */
export class CappedText {
  private out = '';
  truncated = false;

  constructor(
    private readonly maxChars: number,
    private readonly maxLine: number | null,
    private readonly marker = '[...truncated]',
  ) {}

  get full(): boolean {
    return this.out.length >= this.maxChars;
  }

  write(text: string): this {
    for (const line of text.match(/[^\n]*\n|[^\n]+$/g) ?? []) {
      if (this.full) {
        this.truncated = true;
        return this;
      }
      const room = this.maxChars - this.out.length;
      const cut = cutLine(line, this.maxLine === null ? room : Math.min(room, this.maxLine), this.marker);
      if (cut !== line) this.truncated = true;
      this.out += cut;
    }
    return this;
  }

  get text(): string {
    return this.out;
  }
}

/**
 * Keeps the lines that fit in `maxBytes` (UTF-8): from the start, stopping after the line
 * that reaches the budget unless it is the `limit`-th; or (fromEnd) the newest lines that fit.
 * `dropped` counts the lines left out before the kept ones (fromEnd) and `reached` says the
 * budget cut the lines.
 */
export function linesWithinBytes(
  lines: string[],
  maxBytes: number,
  opts: { fromEnd: boolean; limit: number },
): { lines: string[]; dropped: number; reached: boolean } {
  let used = 0;
  if (opts.fromEnd) {
    let keep = lines.length;
    while (keep > 0 && used + Buffer.byteLength(lines[keep - 1]!, 'utf8') <= maxBytes)
      used += Buffer.byteLength(lines[--keep]!, 'utf8');
    return keep > 0
      ? { lines: lines.slice(keep), dropped: keep, reached: true }
      : { lines, dropped: 0, reached: false };
  }
  for (let i = 0; i < lines.length; i++) {
    used += Buffer.byteLength(lines[i]!, 'utf8');
    if (i + 1 < opts.limit && used >= maxBytes) return { lines: lines.slice(0, i + 1), dropped: 0, reached: true };
  }
  return { lines, dropped: 0, reached: false };
}

/**
 * A window of lines: `offset` skipped, then at most `limit` (0: all the rest); `next` is the offset after it, when
 * lines remain.
 */
export function pageOf<T>(items: readonly T[], offset: number, limit: number): { page: T[]; next?: number } {
  const page = limit > 0 ? items.slice(offset, offset + limit) : items.slice(offset);
  return offset + page.length < items.length ? { page, next: offset + page.length } : { page };
}

/**
 * The lines of a read (from line `startLine`, each with its break) with every line cut to
 * `maxLine` characters ending in `marker`, then kept within `maxBytes` (linesWithinBytes):
 * the kept lines, the number of the first, the numbers of the cut lines among them, whether
 * the byte budget stopped the read, and why fewer than the `asked` lines came back.
 */
export function readWindow(
  r: { lines: readonly string[]; eols: readonly string[]; startLine: number },
  o: { maxLine: number; marker: string; maxBytes: number; fromEnd: boolean; limit: number; asked: number },
): { lines: string[]; first: number; cut: number[]; reached: boolean; stop?: 'lines' | 'bytes' | 'eof' } {
  const whole = r.lines.map((l, i) => l + r.eols[i]);
  const cut = whole.map((l) => cutLine(l, o.maxLine, o.marker));
  const fit = linesWithinBytes(cut, o.maxBytes, { fromEnd: o.fromEnd, limit: o.limit });
  const kept = (i: number) => i >= fit.dropped && i < fit.dropped + fit.lines.length;
  const cuts = cut.flatMap((l, i) => (l !== whole[i] && kept(i) ? [r.startLine + i] : []));
  // Why fewer lines than asked came back: the line limit, the byte budget, or the end of the file.
  const n = fit.lines.length;
  const stop = o.asked > o.limit && n === o.limit ? 'lines' : fit.reached ? 'bytes' : n < o.asked ? 'eof' : undefined;
  return { lines: fit.lines, first: r.startLine + fit.dropped, cut: cuts, reached: fit.reached, stop };
}
