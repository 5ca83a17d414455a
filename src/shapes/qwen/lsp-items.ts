// The JSON Qwen Code 0.15's lsp tool shows for call hierarchy and code actions, and the way
// back: a call-hierarchy item the model hands in again, and the diagnostics it passes to
// codeActions, turned into what a language server takes. Qwen Code labels kinds and
// severities with words; servers speak numbers.
import {
  symbolKindName,
  type CallHierarchyItem,
  type CodeAction,
  type LspCommand,
  type LspDiagnostic,
  type LspRange,
  type LspTextDocumentEdit as TextDocumentEdit,
  type LspTextEdit as TextEdit,
} from '../../engine/index.js';
import { diagnosticTagNames, numericRange, severityName, severityNumber, symbolKindNumber } from '../kit/code/names.js';

/** A call-hierarchy item as Qwen Code shows it (serverName left out: Facet routes by file). */
export interface QwenCallItem {
  name: string;
  kind?: string;
  rawKind?: number;
  detail?: string;
  uri: string;
  range: LspRange;
  selectionRange: LspRange;
  data?: unknown;
  serverName?: string;
}

export interface QwenDiagnostic {
  range: LspRange;
  severity?: 'error' | 'warning' | 'information' | 'hint';
  code?: string | number;
  source?: string;
  message: string;
  tags?: string[];
  serverName?: string;
}

export interface QwenCodeAction {
  title: string;
  kind?: string;
  diagnostics?: QwenDiagnostic[];
  isPreferred?: boolean;
  edit?: Record<string, unknown>;
  command?: { title: string; command: string; arguments?: unknown[] };
  data?: unknown;
}

/** The kinds Qwen Code names as themselves; any other kind passes through unchanged. */
const QUICKFIX_FOR_EMPTY = (kind: string) => (kind === '' ? 'quickfix' : kind);

export function qwenCallItem(item: CallHierarchyItem): QwenCallItem {
  return {
    name: item.name,
    kind: symbolKindName(item.kind),
    rawKind: typeof item.kind === 'number' ? item.kind : undefined,
    detail: typeof item.detail === 'string' ? item.detail : undefined,
    uri: item.uri,
    range: numericRange(item.range),
    selectionRange: numericRange(item.selectionRange ?? item.range),
    data: item.data,
  };
}

/** A model's item back as the server's: the numeric kind from rawKind, a number, or a kind's name. */
export function lspCallItem(item: QwenCallItem): CallHierarchyItem {
  const kind = item.rawKind ?? symbolKindNumber(item.kind);
  return {
    name: item.name,
    kind: kind as CallHierarchyItem['kind'],
    ...(item.detail !== undefined ? { detail: item.detail } : {}),
    uri: item.uri,
    range: item.range,
    selectionRange: item.selectionRange,
    ...(item.data !== undefined ? { data: item.data } : {}),
  };
}

function qwenDiagnostic(d: LspDiagnostic): QwenDiagnostic {
  return {
    range: numericRange(d.range),
    severity: severityName(d.severity),
    code: typeof d.code === 'string' || typeof d.code === 'number' ? d.code : undefined,
    source: d.source,
    message: typeof d.message === 'string' ? d.message : '',
    tags: diagnosticTagNames(d.tags),
  };
}

export function lspDiagnostic(d: QwenDiagnostic): LspDiagnostic {
  const severity = severityNumber(d.severity);
  return {
    range: d.range,
    message: d.message,
    ...(severity ? { severity } : {}),
    ...(d.code !== undefined ? { code: d.code } : {}),
    ...(d.source !== undefined ? { source: d.source } : {}),
  };
}

/** A code action (or a bare command a server offered) as Qwen Code shows it. */
export function qwenCodeAction(a: CodeAction | LspCommand): QwenCodeAction {
  if (typeof a.command === 'string' && (a as { kind?: unknown }).kind === undefined) {
    const cmd = a as LspCommand;
    return { title: cmd.title, command: { title: cmd.title, command: cmd.command, arguments: cmd.arguments } };
  }
  const action = a as CodeAction;
  const diagnostics = (action.diagnostics ?? [])
    .filter((d) => typeof d.message === 'string' && d.message !== '')
    .map(qwenDiagnostic);
  const command =
    action.command && typeof action.command.command === 'string' && action.command.command !== ''
      ? action.command
      : undefined;
  return {
    title: action.title,
    kind: typeof action.kind === 'string' ? QUICKFIX_FOR_EMPTY(action.kind) : undefined,
    diagnostics: diagnostics.length > 0 ? diagnostics : undefined,
    isPreferred: typeof action.isPreferred === 'boolean' ? action.isPreferred : undefined,
    edit: qwenEdit(action),
    command: command
      ? {
          title: command.title ?? '',
          command: command.command,
          arguments: Array.isArray(command.arguments) ? command.arguments : undefined,
        }
      : undefined,
    data: action.data,
  };
}

/** The edit as Qwen Code keeps it: text edits only (file operations dropped), and none when nothing is left. */
function qwenEdit(a: CodeAction): Record<string, unknown> | undefined {
  const e = a.edit;
  if (!e) return undefined;
  const textEdits = (edits: readonly TextEdit[]) =>
    edits.map((t) => ({ range: numericRange(t.range), newText: typeof t.newText === 'string' ? t.newText : '' }));
  const out: { changes?: Record<string, unknown>; documentChanges?: unknown[] } = {};
  if (e.changes) {
    out.changes = {};
    for (const [uri, edits] of Object.entries(e.changes)) if (edits.length > 0) out.changes[uri] = textEdits(edits);
  }
  if (e.documentChanges) {
    out.documentChanges = e.documentChanges
      .filter((dc): dc is TextDocumentEdit => 'textDocument' in dc && dc.edits.length > 0)
      .map((dc) => ({
        textDocument: { uri: dc.textDocument.uri, version: dc.textDocument.version ?? null },
        edits: textEdits(dc.edits as TextEdit[]),
      }));
  }
  const some = Object.keys(out.changes ?? {}).length > 0 || (out.documentChanges ?? []).length > 0;
  return some ? out : undefined;
}
