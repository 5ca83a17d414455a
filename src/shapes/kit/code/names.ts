// LSP's numbered enums by the names its specification gives them, both ways: symbol kinds
// (12 is Function) taken back from a name, diagnostic severities (1 is error) and diagnostic
// tags (1 is unnecessary), and a range read from loose JSON. Dialects that show these as words,
// and take them back from a model, share one table (symbol kinds' names: engine/lsp/symbol-kinds.ts).
import type { Range } from 'vscode-languageserver-protocol';
import { SYMBOL_KINDS } from '../../../engine/index.js';

/** The nine operations of the one-tool LSP dialects (Claude Code's LSP, grok-dev's lsp), in their order. */
export const LSP_OPERATIONS = [
  'goToDefinition',
  'findReferences',
  'hover',
  'documentSymbol',
  'workspaceSymbol',
  'goToImplementation',
  'prepareCallHierarchy',
  'incomingCalls',
  'outgoingCalls',
] as const;

/** DiagnosticSeverity 1-4 by the spec's names. */
export const SEVERITY_NAMES = ['error', 'warning', 'information', 'hint'] as const;
/** DiagnosticTag 1-2 by the spec's names. */
export const DIAGNOSTIC_TAG_NAMES = ['unnecessary', 'deprecated'] as const;

/** A symbol kind's number: from a string holding a number, or a kind's name; undefined otherwise. */
export function symbolKindNumber(kind: string | undefined): number | undefined {
  if (kind === undefined) return undefined;
  const n = Number(kind);
  const named = SYMBOL_KINDS.indexOf(kind as (typeof SYMBOL_KINDS)[number]);
  return Number.isFinite(n) ? n : named >= 0 ? named + 1 : undefined;
}

/** A range as numbers (a missing or non-numeric part read as JSON numbers would be; absent: 0). */
export const numericRange = (r: Range): Range => ({
  start: { line: Number(r.start.line ?? 0), character: Number(r.start.character ?? 0) },
  end: { line: Number(r.end.line ?? 0), character: Number(r.end.character ?? 0) },
});

/** A diagnostic severity's name (1 is error); undefined for none or an unknown number. */
export const severityName = (n: number | undefined) => (n ? SEVERITY_NAMES[n - 1] : undefined);

/** A severity's number from its name (error is 1); undefined for none or an unknown name. */
export function severityNumber(name: string | undefined): 1 | 2 | 3 | 4 | undefined {
  const i = SEVERITY_NAMES.indexOf(name as (typeof SEVERITY_NAMES)[number]);
  return i >= 0 ? ((i + 1) as 1 | 2 | 3 | 4) : undefined;
}

/** The names of the known diagnostic tags among `tags` (unknown numbers dropped), or undefined when none is left. */
export function diagnosticTagNames(tags: readonly number[] | undefined): string[] | undefined {
  const names = (tags ?? []).map((t) => DIAGNOSTIC_TAG_NAMES[t - 1]).filter((t) => t !== undefined);
  return names.length > 0 ? names : undefined;
}
