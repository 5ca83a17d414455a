// Grok CLI's result texts: plain strings (no framing), a file change as "Updated <path> with
// N additions and M removals" followed by a unified diff, and errors as one plain line.
import type { EngineError, FileDiff } from '../../engine/index.js';
import { diffNote } from '../common/diff-note.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The change summary and diff Grok CLI shows after create_file and str_replace_editor. */
export function changeText(p: string, diff: FileDiff): string {
  const parts = [...(diff.added > 0 ? [plural(diff.added, 'addition')] : []), ...(diff.removed > 0 ? [plural(diff.removed, 'removal')] : [])];
  const head = `Updated ${p} with ${parts.join(' and ') || 'no line changes'}`;
  const note = diffNote(diff);
  if (note) return `${head}\n${note}`;
  const hunks = diff.hunks.map((h) => `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@\n${h.lines.join('\n')}`);
  return [head, `--- a/${p}`, `+++ b/${p}`, ...hunks].join('\n');
}

interface Violation {
  field: string;
  description: string;
}

/** Default wording of an engine error for a Grok model: one plain line. */
export function grokMessage(err: EngineError): string {
  const violations = err.facts.violations as Violation[] | undefined;
  if (violations) return `Invalid arguments: ${violations.map((v) => `${v.field || 'arguments'} ${v.description}`).join('; ')}`;
  const p = typeof err.facts.path === 'string' ? err.facts.path : undefined;
  if (p !== undefined && err.kind === 'not_found') return `File not found: ${p}`;
  if (p !== undefined && err.kind === 'permission_denied' && Array.isArray(err.facts.roots)) {
    return `Access denied: ${p} is outside the workspace (${(err.facts.roots as string[]).join(', ')})`;
  }
  return `Error: ${err.message}`;
}
