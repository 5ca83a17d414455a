// Gemini CLI has no diagnostics after edits: a short note after the result in its plain sentences.
import type { ChangeDiagnostics } from '../../engine/index.js';
import { diagnosticsNote, plainLine } from '../common/diagnostics-note.js';

export const geminiDiagnostics = (report: ChangeDiagnostics): string | undefined =>
  diagnosticsNote(report, {
    heading: 'The language server reports new problems after this change:',
    line: (d, file) => `- ${plainLine(d, file)}`,
    missing: (file, reason) => `Could not check ${file} for problems: ${reason}.`,
  });
