// Kimi CLI: a short note after the result in its plain voice.
import type { ChangeDiagnostics } from '../../../engine/index.js';
import { diagnosticsNote, plainLine } from '../../common/diagnostics-note.js';

export const kimiDiagnostics = (report: ChangeDiagnostics): string | undefined =>
  diagnosticsNote(report, {
    heading: 'New problems found by the language server:',
    line: (d, file) => `- ${plainLine(d, file)}`,
    missing: (file, reason) => `Could not check ${file} for problems: ${reason}.`,
  });
