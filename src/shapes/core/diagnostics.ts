// core: the introduced diagnostics as file:line:column lines under a heading, as code.diagnostics shows them.
import type { ChangeDiagnostics } from '../../engine/index.js';
import { diagnosticsNote, plainLine } from '../common/diagnostics-note.js';

export const coreDiagnostics = (report: ChangeDiagnostics): string | undefined =>
  diagnosticsNote(report, {
    heading: 'New diagnostics from this change:',
    line: (d, file) => `${plainLine(d, file)}`,
    missing: (file, reason) => `Diagnostics for ${file} are missing: ${reason}.`,
  });
