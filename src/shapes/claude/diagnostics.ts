// Claude Code reports the diagnostics an edit introduced as a meta message after the result:
// a system-reminder holding <new-diagnostics>, one block per file named by its base name, one
// line per diagnostic: severity symbol, [Line l:c] (1-based), message, [code], (source).
// Facet appends the same block to the tool's text. Claude Code has no words for diagnostics it
// could not get; Facet adds one reminder line per file saying why, except for a check a warm
// server is still running: Claude Code attaches diagnostics to a later turn anyway, and so does
// Facet (with the session's next call), so an edit that did not wait for them says nothing.
import path from 'node:path';
import type { ChangeDiagnostics, CodeDiagnostic } from '../../engine/index.js';

const SYMBOL: Record<CodeDiagnostic['severity'], string> = { error: '✘', warning: '⚠', info: 'ℹ', hint: '★' };

const line = (d: CodeDiagnostic) =>
  `  ${SYMBOL[d.severity]} [Line ${d.line}:${d.column}] ${d.message}${d.code !== undefined ? ` [${d.code}]` : ''}${d.source ? ` (${d.source})` : ''}`;

export function claudeDiagnostics(report: ChangeDiagnostics): string | undefined {
  const parts: string[] = [];
  const found = report.files.filter((f) => f.introduced.length > 0);
  if (found.length > 0) {
    const summary = found.map((f) => `${path.basename(f.path)}:\n${f.introduced.map(line).join('\n')}`).join('\n\n');
    parts.push(
      `<system-reminder>\n<new-diagnostics>The following new diagnostic issues were detected:\n\n${summary}</new-diagnostics>\n</system-reminder>`,
    );
  }
  for (const m of report.missing) {
    if (m.checking) continue;
    parts.push(
      `<system-reminder>\nDiagnostics for ${path.basename(m.path)} were not checked: ${m.reason}.\n</system-reminder>`,
    );
  }
  return parts.length > 0 ? parts.join('\n') : undefined;
}
