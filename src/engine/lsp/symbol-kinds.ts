// LSP's symbol kinds by the names its specification gives them (12 is Function): the engine
// names the kinds of the symbols it returns, and tools take the names back (shapes' kit).

export const SYMBOL_KINDS = [
  'File', 'Module', 'Namespace', 'Package', 'Class', 'Method', 'Property', 'Field', 'Constructor', 'Enum', 'Interface', 'Function', 'Variable',
  'Constant', 'String', 'Number', 'Boolean', 'Array', 'Object', 'Key', 'Null', 'EnumMember', 'Struct', 'Event', 'Operator', 'TypeParameter',
] as const; // prettier-ignore

/**
 * A symbol kind's name: from its number (an unknown number as itself), or a string holding a number or a name;
 * undefined for none.
 */
export function symbolKindName(kind: number): string;
export function symbolKindName(kind: unknown): string | undefined;
export function symbolKindName(kind: unknown): string | undefined {
  if (typeof kind === 'number') return SYMBOL_KINDS[kind - 1] ?? String(kind);
  if (typeof kind !== 'string' || kind.trim() === '') return undefined;
  const n = Number(kind.trim());
  return Number.isFinite(n) && SYMBOL_KINDS[n - 1] ? SYMBOL_KINDS[n - 1] : kind.trim();
}
