// Qwen Code: a note in the style of its lsp tool's diagnostics listing ([SEVERITY] line:column).
import type { ChangeDiagnostics } from '../../engine/index.js';
import { diagnosticsNote, oneLine } from '../common/diagnostics-note.js';

export const qwenDiagnostics = (report: ChangeDiagnostics): string | undefined =>
  diagnosticsNote(report, {
    heading: 'New diagnostics after this edit:',
    line: (d, file) =>
      `- ${file} [${d.severity.toUpperCase()}] ${d.line}:${d.column}${d.code !== undefined ? ` (${d.code})` : ''}: ${oneLine(d.message)}`,
    missing: (file, reason) => `LSP diagnostics unavailable for ${file}: ${reason}.`,
  });
