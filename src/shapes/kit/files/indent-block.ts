// The block of code around an anchor line (Codex read_file's indentation mode), found by indentation, found by
// indentation. From
// the anchor it grows up and down, one line each way per step, while lines are indented at
// least `anchor indent - max_levels * 4` (max_levels 0: no floor). Blank lines count as
// indented like the line before them. Unless siblings are wanted, it stops at the second line
// of the floor's indentation each way (comment lines above may still be taken as a header).
// Leading and trailing blank lines are dropped.

const TAB_WIDTH = 4;
const COMMENT_PREFIXES = ['#', '//', '--'];

export interface IndentOptions {
  /** 0-based index of the anchor line. */
  anchor: number;
  maxLevels: number;
  includeSiblings: boolean;
  includeHeader: boolean;
  /** Lines returned at most. */
  limit: number;
}

function indentOf(line: string): number {
  let n = 0;
  for (const c of line) {
    if (c === ' ') n += 1;
    else if (c === '\t') n += TAB_WIDTH;
    else break;
  }
  return n;
}

const isBlank = (l: string) => l.trim() === '';
const isComment = (l: string) => COMMENT_PREFIXES.some((p) => l.trim().startsWith(p));

/** Indices (0-based, ascending) of the lines making up the block. */
export function indentationBlock(lines: readonly string[], o: IndentOptions): number[] {
  const effective: number[] = [];
  let prev = 0;
  for (const l of lines) {
    if (!isBlank(l)) prev = indentOf(l);
    effective.push(prev);
  }
  const anchorIndent = effective[o.anchor]!;
  const floor = o.maxLevels === 0 ? 0 : Math.max(0, anchorIndent - o.maxLevels * TAB_WIDTH);
  const limit = Math.min(o.limit, lines.length);
  if (limit <= 1) return [o.anchor];

  const out: number[] = [o.anchor];
  let up = o.anchor - 1;
  let down = o.anchor + 1;
  let upAtFloor = 0;
  let downAtFloor = 0;
  while (out.length < limit) {
    let progressed = 0;
    if (up >= 0) {
      const i = up;
      if (effective[i]! >= floor) {
        out.unshift(i);
        progressed += 1;
        up -= 1;
        if (effective[i] === floor && !o.includeSiblings) {
          if ((o.includeHeader && isComment(lines[i]!)) || upAtFloor === 0) upAtFloor += 1;
          else {
            out.shift();
            progressed -= 1;
            up = -1;
          }
        }
        if (out.length >= limit) break;
      } else up = -1;
    }
    if (down < lines.length) {
      const i = down;
      if (effective[i]! >= floor) {
        out.push(i);
        progressed += 1;
        down += 1;
        if (effective[i] === floor && !o.includeSiblings) {
          if (downAtFloor > 0) {
            out.pop();
            progressed -= 1;
            down = lines.length;
          }
          downAtFloor += 1;
        }
      } else down = lines.length;
    }
    if (progressed === 0) break;
  }
  while (out.length > 0 && isBlank(lines[out[0]!]!)) out.shift();
  while (out.length > 0 && isBlank(lines[out[out.length - 1]!]!)) out.pop();
  return out;
}
