// One code-intelligence question named by its operation (the twelve a many-operation LSP tool
// offers; the names are Qwen Code's, the first such dialect), answered as facts: what the
// servers found, cut to the caller's limit, and the file as the model should see it named.
// A dialect words the answer and names the inputs an operation needs (needs.ts) by its own
// arguments.
import { statFile } from '../../../engine/index.js';
import type {
  CallEntry,
  CallHierarchyEntry,
  CallHierarchyItem,
  CodeAction,
  CodeContext,
  CodeEngine,
  CodeLocation,
  CodeSymbol,
  LspCommand as Command,
  FileDiagnostics,
  LspDiagnostic,
} from '../../../engine/index.js';
import type { Place } from '../../../engine/index.js';
import { diagnosticTotal } from './tallies.js';

export type CodeOperation =
  | 'goToDefinition'
  | 'findReferences'
  | 'hover'
  | 'documentSymbol'
  | 'workspaceSymbol'
  | 'goToImplementation'
  | 'prepareCallHierarchy'
  | 'incomingCalls'
  | 'outgoingCalls'
  | 'diagnostics'
  | 'workspaceDiagnostics'
  | 'codeActions';

export interface CodeQuestion {
  operation: CodeOperation;
  /** The file asked about ('' when the operation takes none). */
  file: string;
  /** The 1-based place asked about (fractions dropped; 1 when absent). */
  line?: number;
  column?: number;
  /** codeActions: the end of the range (default: the place's line, the given column or 1). */
  endLine?: number;
  endColumn?: number;
  includeDeclaration?: boolean;
  query?: string;
  /** incomingCalls, outgoingCalls: the item asked about, as the server gave it. */
  item?: CallHierarchyItem;
  /** codeActions: the diagnostics of the range and the kinds wanted. */
  diagnostics?: LspDiagnostic[];
  kinds?: string[];
  /** At most this many places, symbols, items, files or actions. */
  limit: number;
  /** workspaceSymbol: also list up to this many references of the top match. */
  topReferences?: number;
}

/** What the file asked about is called in answers (relative to its root, or as given), and the place asked about. */
interface Shown {
  shown: string;
  place: Place;
}

export type CodeAnswer =
  | ({
      operation: 'goToDefinition' | 'findReferences' | 'goToImplementation';
      locations: CodeLocation[];
      total: number;
    } & Shown)
  | ({ operation: 'hover'; text?: string } & Shown)
  | ({ operation: 'documentSymbol'; symbols: CodeSymbol[]; total: number } & Shown)
  | {
      operation: 'workspaceSymbol';
      symbols: CodeSymbol[];
      total: number;
      /** How many of the total the limit lets through (the limit as given, when the total is larger). */
      listed: number;
      top?: { name: string; references: CodeLocation[]; error?: string };
    }
  | ({ operation: 'diagnostics'; file?: FileDiagnostics } & Shown)
  | { operation: 'workspaceDiagnostics'; files: FileDiagnostics[]; total: number }
  | ({ operation: 'prepareCallHierarchy'; entries: CallHierarchyEntry[] } & Shown)
  | { operation: 'incomingCalls' | 'outgoingCalls'; of: CallHierarchyEntry; calls: CallEntry[] }
  | ({ operation: 'codeActions'; actions: Array<CodeAction | Command> } & Shown);

/** The file's name relative to its root ('.' for the root itself), or as given when it does not resolve. */
async function shownOf(ctx: CodeContext, file: string): Promise<string> {
  const named = await statFile(ctx.scope, file, ctx.cwd ?? ctx.session.cwd)
    .then((s) => ctx.scope.relative(s.path))
    .catch(() => file);
  return named || '.';
}

/** Asks the language servers `q` (see CodeQuestion); their failures are thrown as the engine's. */
export async function askCode(code: CodeEngine, ctx: CodeContext, q: CodeQuestion): Promise<CodeAnswer> {
  const { file, limit } = q;
  const place = { line: Math.floor(q.line ?? 1), column: Math.floor(q.column ?? 1) };
  const shown = async () => ({ shown: await shownOf(ctx, file), place });
  switch (q.operation) {
    case 'goToDefinition':
    case 'findReferences':
    case 'goToImplementation': {
      const found =
        q.operation === 'findReferences'
          ? await code.references(ctx, file, place, q.includeDeclaration ?? false)
          : q.operation === 'goToDefinition'
            ? await code.definition(ctx, file, place)
            : await code.implementation(ctx, file, place);
      return { operation: q.operation, locations: found.slice(0, limit), total: found.length, ...(await shown()) };
    }
    case 'hover': {
      const text = await code.hover(ctx, file, place);
      return { operation: 'hover', ...(text ? { text } : {}), ...(await shown()) };
    }
    case 'documentSymbol': {
      const symbols = await code.documentSymbols(ctx, file);
      return {
        operation: 'documentSymbol',
        symbols: symbols.slice(0, limit),
        total: symbols.length,
        ...(await shown()),
      };
    }
    case 'workspaceSymbol':
      return workspaceSymbol(code, ctx, q);
    case 'diagnostics': {
      const [f] = await code.diagnostics(ctx, file);
      return { operation: 'diagnostics', ...(f ? { file: f } : {}), ...(await shown()) };
    }
    case 'workspaceDiagnostics': {
      const files = (await code.diagnostics(ctx)).filter((f) => f.diagnostics.length > 0).slice(0, limit);
      return { operation: 'workspaceDiagnostics', files, total: diagnosticTotal(files) };
    }
    case 'prepareCallHierarchy':
      return {
        operation: 'prepareCallHierarchy',
        entries: (await code.prepareCallHierarchy(ctx, file, place)).slice(0, limit),
        ...(await shown()),
      };
    case 'incomingCalls':
    case 'outgoingCalls': {
      const res =
        q.operation === 'incomingCalls'
          ? await code.incomingCalls(ctx, q.item!)
          : await code.outgoingCalls(ctx, q.item!);
      return { operation: q.operation, of: res.of, calls: res.calls.slice(0, limit) };
    }
    case 'codeActions': {
      const end = { line: Math.floor(q.endLine ?? place.line), column: Math.floor(q.endColumn ?? q.column ?? 1) };
      const found = await code.codeActions(ctx, file, place, end, q.diagnostics ?? [], q.kinds);
      return { operation: 'codeActions', actions: found.slice(0, limit), ...(await shown()) };
    }
  }
}

/**
 * Symbols matching the query and, when asked, the references of the top match (a failure there is reported, not
 * thrown).
 */
async function workspaceSymbol(code: CodeEngine, ctx: CodeContext, q: CodeQuestion): Promise<CodeAnswer> {
  const symbols = await code.workspaceSymbols(ctx, q.query ?? '', q.file || undefined);
  const answer = {
    operation: 'workspaceSymbol' as const,
    symbols: symbols.slice(0, q.limit),
    total: symbols.length,
    listed: Math.min(symbols.length, q.limit),
  };
  const top = symbols[0];
  if (!top || !q.topReferences) return answer;
  try {
    const refs = await code.references(ctx, top.location.path, top.location, false);
    return { ...answer, top: { name: top.name, references: refs.slice(0, q.topReferences) } };
  } catch (err) {
    return { ...answer, top: { name: top.name, references: [], error: (err as Error).message } };
  }
}
