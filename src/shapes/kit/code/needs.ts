// What each code operation needs before a server is asked: a file, a line in it, a query, or
// a call-hierarchy item. A dialect names these by its own arguments and words the refusal.
import type { CodeOperation } from './operations.js';

export type CodeInput = 'file' | 'line' | 'query' | 'item';

/** The inputs of each operation, file before line. */
export const OPERATION_INPUTS: Readonly<Record<CodeOperation, readonly CodeInput[]>> = {
  goToDefinition: ['file', 'line'],
  findReferences: ['file', 'line'],
  hover: ['file', 'line'],
  goToImplementation: ['file', 'line'],
  prepareCallHierarchy: ['file', 'line'],
  documentSymbol: ['file'],
  diagnostics: ['file'],
  codeActions: ['file', 'line'],
  workspaceSymbol: ['query'],
  incomingCalls: ['item'],
  outgoingCalls: ['item'],
  workspaceDiagnostics: [],
};

/** Given: a number for the line; for the rest, anything but absent, null, false or blank text. */
const present = (k: CodeInput, v: unknown) =>
  k === 'line'
    ? typeof v === 'number'
    : typeof v === 'string'
      ? v.trim() !== ''
      : v !== undefined && v !== null && v !== false;

/** The first input `operation` needs that `given` lacks, or undefined when it has them all. */
export const missingInput = (
  operation: CodeOperation,
  given: Partial<Record<CodeInput, unknown>>,
): CodeInput | undefined => OPERATION_INPUTS[operation].find((k) => !present(k, given[k]));
