// ripgrep's text output rebuilt from a structured grep result: "path:line:text" for matches,
// "path-line-text" for context, "--" between groups that do not touch (also across files),
// notes for lines cut at max-columns, and -o's one line per matched part. Also the splitting
// of a glob argument that holds several globs.
import type { GrepFile, GrepLine, GrepMode } from '../../../engine/index.js';
import { lineSeparator } from './line-separator.js';

export interface RgTextOptions {
  /** How a file is named before each line ('' when one file was searched and rg names none). */
  name: (f: GrepFile, kind: GrepLine['kind']) => string;
  lineNumbers: boolean;
  onlyMatching: boolean;
  /** Context was asked for, so groups are separated by "--". */
  grouped: boolean;
  /** A line cut at its length limit shows as rg's "[Omitted long line…]" note (default), or as its kept text. */
  cutNotes?: boolean;
}

function fileLines(f: GrepFile, o: RgTextOptions): Array<{ line: number; text: string }> {
  const out: Array<{ line: number; text: string }> = [];
  const prefix = (kind: GrepLine['kind'], n: number) => {
    const sep = lineSeparator(kind);
    const name = o.name(f, kind);
    const file = name === '' ? '' : `${name}${sep}`;
    return o.lineNumbers ? `${file}${n}${sep}` : file;
  };
  for (const l of f.lines) {
    if (l.cut && o.cutNotes !== false) {
      const text =
        l.kind === 'match'
          ? `[Omitted long line with ${l.submatches?.length ?? 1} matches]`
          : '[Omitted long context line]';
      out.push({ line: l.line, text: prefix(l.kind, l.line) + text });
    } else if (o.onlyMatching) {
      if (l.kind === 'match')
        for (const s of l.submatches ?? [])
          out.push({ line: l.line, text: prefix('match', l.line) + l.text.slice(s.start, s.end) });
    } else l.text.split('\n').forEach((t, i) => out.push({ line: l.line + i, text: prefix(l.kind, l.line + i) + t }));
  }
  return out;
}

/** The lines rg prints in content mode for these files. */
export function rgContentLines(files: readonly GrepFile[], o: RgTextOptions): string[] {
  const lines: string[] = [];
  for (const f of files) {
    let prev: number | undefined;
    for (const l of fileLines(f, o)) {
      if (o.grouped && lines.length > 0 && (prev === undefined || l.line > prev + 1)) lines.push('--');
      lines.push(l.text);
      prev = l.line;
    }
  }
  return lines;
}

/** Splits a glob argument on whitespace and commas, keeping {a,b} groups whole. */
export function splitGlobs(spec: string): string[] {
  const out: string[] = [];
  let cur = '';
  let depth = 0;
  for (const c of spec) {
    if (c === '{') depth++;
    else if (c === '}') depth = Math.max(0, depth - 1);
    if (depth === 0 && (c === ',' || /\s/.test(c))) {
      if (cur) out.push(cur);
      cur = '';
    } else cur += c;
  }
  if (cur) out.push(cur);
  return out;
}

/** The lines rg prints for these files in `mode`: their names (-l), "name:N" (-c), or the content lines. */
export function rgModeLines(files: readonly GrepFile[], mode: GrepMode, o: RgTextOptions): string[] {
  if (mode === 'files') return files.map((f) => o.name(f, 'match'));
  if (mode === 'count') return files.map((f) => `${o.name(f, 'match')}:${f.matches}`);
  return rgContentLines(files, o);
}
