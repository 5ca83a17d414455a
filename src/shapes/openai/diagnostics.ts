// OpenAI apply_patch: a short note after the operation's output.
import type { ChangeDiagnostics } from '../../engine/index.js';
import { diagnosticsNote, plainLine } from '../common/diagnostics-note.js';

export const openaiDiagnostics = (report: ChangeDiagnostics): string | undefined =>
  diagnosticsNote(report, {
    heading: 'New diagnostics:',
    line: (d, file) => `${plainLine(d, file)}`,
    missing: (file, reason) => `diagnostics unavailable for ${file}: ${reason}`,
  });
