// Codex: a short note after apply_patch's summary, paths as the patch names them.
import type { ChangeDiagnostics } from '../../engine/index.js';
import { diagnosticsNote, plainLine } from '../common/diagnostics-note.js';

export const codexDiagnostics = (report: ChangeDiagnostics): string | undefined =>
  diagnosticsNote(report, {
    heading: 'New diagnostics:',
    line: (d, file) => `${plainLine(d, file)}`,
    missing: (file, reason) => `diagnostics unavailable for ${file}: ${reason}`,
  });
