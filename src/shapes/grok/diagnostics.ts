// Grok CLI: a short note after the result.
import type { ChangeDiagnostics } from '../../engine/index.js';
import { diagnosticsNote, plainLine } from '../common/diagnostics-note.js';

export const grokDiagnostics = (report: ChangeDiagnostics): string | undefined =>
  diagnosticsNote(report, {
    heading: 'Language server diagnostics introduced by this change:',
    line: (d, file) => `- ${plainLine(d, file)}`,
    missing: (file, reason) => `Diagnostics for ${file} unavailable: ${reason}.`,
  });
