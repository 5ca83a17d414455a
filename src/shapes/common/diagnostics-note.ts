// The pieces every shape's diagnostics note is made of: the introduced diagnostics per file and
// the files whose diagnostics are missing, with why. Each shape's diagnostics.ts words them.
import type { ChangeDiagnostics, CodeDiagnostic } from '../../engine/index.js';

export interface NoteStyle {
  /** The line over the introduced diagnostics. */
  heading: string;
  /** One diagnostic of `file` (a path relative to its root). */
  line: (d: CodeDiagnostic, file: string) => string;
  /** Why `file`'s diagnostics are missing. */
  missing: (file: string, reason: string) => string;
}

/** A one-line message: servers' multi-line messages (pyright's) joined. */
export const oneLine = (message: string): string => message.replace(/\s*\n\s*/g, ' ');

/** The note for `report` in `style`, or undefined when nothing was introduced and nothing is missing. */
export function diagnosticsNote(report: ChangeDiagnostics, style: NoteStyle): string | undefined {
  const lines: string[] = [];
  const found = report.files.filter((f) => f.introduced.length > 0);
  if (found.length > 0) {
    lines.push(style.heading);
    for (const f of found) for (const d of f.introduced) lines.push(style.line(d, f.relative));
  }
  for (const m of report.missing) lines.push(style.missing(m.relative, m.reason));
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/** file:line:col: severity: message [source code], the plain style most shapes use. */
export const plainLine = (d: CodeDiagnostic, file: string): string =>
  `${file}:${d.line}:${d.column}: ${d.severity}: ${oneLine(d.message)}${d.code !== undefined ? ` [${d.source ? `${d.source} ` : ''}${d.code}]` : ''}`;
