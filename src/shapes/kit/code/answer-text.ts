// Parts of a code answer that read the same in every dialect: a place as compilers print it
// ("src/a.ts:3:5", 1-based), the place a question was about, a severity by the name the LSP
// specification gives it, and the calls of a call-hierarchy answer in the protocol's own
// JSON. The words around them are the dialect's.
import type { CallEntry, CodeLocation, Severity } from '../../../engine/index.js';
import type { CodeAnswer } from './operations.js';

/** "src/a.ts:3:5": the file as the answer names it, then the 1-based line and column. */
export const placeText = (l: Pick<CodeLocation, 'relative' | 'line' | 'column'>): string =>
  `${l.relative}:${l.line}:${l.column}`;

/** The place a question was about, as placeText writes a place ("" for an answer about no place). */
export const askedText = (r: CodeAnswer): string =>
  'shown' in r ? placeText({ relative: r.shown, line: r.place.line, column: r.place.column }) : '';

/** A severity by the specification's name (DiagnosticSeverity's Information for info). */
export const specSeverity = (s: Severity): 'error' | 'warning' | 'information' | 'hint' =>
  s === 'info' ? 'information' : s;

/**
 * Calls as LSP's CallHierarchyIncomingCall ({from, fromRanges}) or OutgoingCall ({to, fromRanges}), each peer as
 * `peers` gives it (same order).
 */
export function protocolCalls<I>(
  operation: 'incomingCalls' | 'outgoingCalls',
  calls: readonly CallEntry[],
  peers: readonly I[],
) {
  return calls.map((e, i) =>
    operation === 'incomingCalls'
      ? { from: peers[i]!, fromRanges: e.fromRanges }
      : { to: peers[i]!, fromRanges: e.fromRanges },
  );
}
