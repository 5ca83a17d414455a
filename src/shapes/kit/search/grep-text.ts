// A grep page as ripgrep prints it ("path:line:text" matches, "path-line-text" context, "--"
// between groups), and as compact records for a host.
import type { GrepLine, GrepResult } from '../../../engine/index.js';
import { lineSeparator } from './line-separator.js';

/** rg-style text of a page, with a closing line when nothing matched or the page was cut. */
export function grepText(r: GrepResult): string {
  const out: string[] = [];
  if (r.mode === 'files') for (const f of r.files) out.push(f.relative);
  else if (r.mode === 'count') for (const f of r.files) out.push(`${f.relative}:${f.matchLines}`);
  else {
    // The file and line last printed (of a multiline match, its last line), kept as two
    // variables: a page can hold thousands of lines.
    let prevFile: string | undefined;
    let prevLine = 0;
    for (const f of r.files) {
      for (const l of f.lines) {
        if (prevFile !== undefined && (prevFile !== f.path || l.line > prevLine + 1)) out.push('--');
        const sep = lineSeparator(l.kind);
        out.push(`${f.relative}${sep}${l.line}${sep}${l.text}${l.cut ? ' […]' : ''}`);
        prevFile = f.path;
        prevLine = l.line;
        for (let i = l.text.indexOf('\n'); i !== -1; i = l.text.indexOf('\n', i + 1)) prevLine++;
      }
    }
  }
  if (r.total === 0) return r.timedOut ? 'No matches found before the time budget ran out.' : 'No matches found.';
  if (r.truncated) {
    const why =
      r.stoppedBy === 'timeout'
        ? 'the time budget ran out'
        : r.stoppedBy === 'max_total'
          ? 'max_total was reached'
          : '';
    const more = r.offset + r.shown < r.total ? ` use offset=${r.offset + r.shown} for more;` : '';
    out.push(
      `(showing ${r.shown} of ${r.total} ${r.mode === 'content' ? 'lines' : 'files'};${more}${why ? ` search stopped: ${why}` : ''})`,
    );
  }
  return out.join('\n');
}

/**
 * A page as small records. A page can hold thousands of lines, so each is `{ line, text, spans }`
 * for a match, where `spans` lists every submatch as a [start, end) pair of UTF-16 offsets into
 * `text`, flattened; `{ line, text, context: true }` for a context line; `cut: true` where the
 * text was cut. File paths are relative to `base`. (Records with a kind, a column and an offset
 * object per submatch made a 4,800-line page cost twice as much to encode and to decode.)
 */
export function grepRecords(r: GrepResult): Record<string, unknown> {
  const { files, ...totals } = r;
  return {
    ...totals,
    files: files.map((f) => ({
      path: f.relative,
      matchLines: f.matchLines,
      matches: f.matches,
      mtimeMs: f.mtimeMs,
      lines: f.lines.map(lineRecord),
    })),
  };
}

function lineRecord(l: GrepLine): Record<string, unknown> {
  const rec: Record<string, unknown> = { line: l.line, text: l.text };
  if (l.kind === 'context') rec.context = true;
  else {
    const spans: number[] = [];
    for (const s of l.submatches ?? []) spans.push(s.start, s.end);
    rec.spans = spans;
  }
  if (l.cut) rec.cut = true;
  return rec;
}
