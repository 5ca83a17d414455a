// What grok-dev 1.x answers after write_file and edit_file: "<verb> <path> (+a -r)", a summary
// line when language servers report problems, and beside it the diff object (a unified patch as
// the `diff` package writes one) and the diagnostics per file.
import type { ChangeDiagnostics, FileDiff } from '../../engine/index.js';
import type { Reply } from '../common/define.js';
import { devOk } from './dev-result.js';

const RULE = '='.repeat(67);
const SEVERITY = { error: 1, warning: 2, info: 3, hint: 4 } as const;

/** The patch grok-dev shows: an Index line and rule, both file names (tab-ended), then the hunks. */
export function devPatch(p: string, diff: FileDiff | undefined): string {
  const hunks = (diff?.hunks ?? []).map(
    // An empty side is numbered by the line before it (0 at the top), as the diff package writes it.
    (h) =>
      `@@ -${h.oldLines ? h.oldStart : h.oldStart - 1},${h.oldLines} +${h.newLines ? h.newStart : h.newStart - 1},${h.newLines} @@\n${h.lines.join('\n')}\n`,
  );
  return `Index: ${p}\n${RULE}\n--- ${p}\t\n+++ ${p}\t\n${hunks.join('')}`;
}

/** The diagnostics a change introduced, per file, in the protocol's shape (0-based positions, numeric severity). */
export function lspDiagnostics(reports: readonly ChangeDiagnostics[]) {
  return reports
    .flatMap((r) => r.files)
    .filter((f) => f.introduced.length > 0)
    .map((f) => ({
      filePath: f.path,
      serverId: f.server,
      diagnostics: f.introduced.map((d) => ({
        range: {
          start: { line: d.line - 1, character: d.column - 1 },
          end: { line: d.endLine - 1, character: d.endColumn - 1 },
        },
        severity: SEVERITY[d.severity],
        message: d.message,
        ...(d.code !== undefined ? { code: d.code } : {}),
        ...(d.source !== undefined ? { source: d.source } : {}),
      })),
    }));
}

const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3 LSP issues · 2 errors · 1 warning" over every diagnostic, or undefined when there are none. */
export function lspSummary(files: ReturnType<typeof lspDiagnostics>): string | undefined {
  const all = files.flatMap((f) => f.diagnostics);
  if (all.length === 0) return undefined;
  const errors = all.filter((d) => d.severity === 1).length;
  const warnings = all.filter((d) => d.severity === 2).length;
  const infos = all.length - errors - warnings;
  return [
    counted(all.length, 'LSP issue'),
    ...(errors ? [counted(errors, 'error')] : []),
    ...(warnings ? [counted(warnings, 'warning')] : []),
    ...(infos ? [`${infos} info`] : []),
  ].join(' · ');
}

/** The answer to a write or edit of `p`. */
export function changeReply(
  verb: 'Created' | 'Updated' | 'Edited',
  p: string,
  diff: FileDiff | undefined,
  isNew: boolean,
  reports: readonly ChangeDiagnostics[],
  host: Reply['host'],
): Reply {
  const added = diff?.added ?? 0;
  const removed = diff?.removed ?? 0;
  const files = lspDiagnostics(reports);
  const summary = lspSummary(files);
  const patch = devPatch(p, diff);
  return devOk(
    `${verb} ${p} (+${added} -${removed})${summary ? `\n${summary}` : ''}`,
    { diff: { filePath: p, additions: added, removals: removed, patch, isNew }, lspDiagnostics: files },
    host,
  );
}
