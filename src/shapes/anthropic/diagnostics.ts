// The Anthropic text editor tool: a short note after the tool's plain result.
import type { ChangeDiagnostics } from '../../engine/index.js';
import { diagnosticsNote, plainLine } from '../common/diagnostics-note.js';

export const anthropicDiagnostics = (report: ChangeDiagnostics): string | undefined =>
  diagnosticsNote(report, {
    heading: 'New diagnostics:',
    line: (d, file) => `${plainLine(d, file)}`,
    missing: (file, reason) => `Diagnostics for ${file} unavailable: ${reason}.`,
  });
