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
    while (keep > 0 && used + Buffer.byteLength(lines[keep - 1]!, 'utf8') <= maxBytes) used += Buffer.byteLength(lines[--keep]!, 'utf8');
    return keep > 0 ? { lines: lines.slice(keep), dropped: keep, reached: true } : { lines, dropped: 0, reached: false };
  }
  for (let i = 0; i < lines.length; i++) {
    used += Buffer.byteLength(lines[i]!, 'utf8');
    if (i + 1 < opts.limit && used >= maxBytes) return { lines: lines.slice(0, i + 1), dropped: 0, reached: true };
  }
  return { lines, dropped: 0, reached: false };
}
