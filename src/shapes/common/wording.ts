// How a shape words a failure for its model: the one place, in one order.
//
//   A failure raised while the tool ran: the tool's own `errors`, then its dialect's `errors`;
//   the first that words it wins, and unworded it keeps the engine's message.
//   A failure raised before the call ran (bad arguments, an evicted session): the dialect's
//   `beforeCall` when the vendor frames those apart, else the same words as above.
//
// Fields are renamed (the tool's `fields`) before any of this, so words name the parameter
// the caller sent.
import type { Condition, EngineError, ErrorKind, FailureOf } from '../../engine/index.js';
import type { ToolDefinition } from '../../registry/types.js';
import type { Call, Reply } from './call.js';

/** Vendor wording of one failure: text, a full reply, or undefined to leave it to the next table. */
export type Wording<A> = (err: EngineError, args: A, c: Call) => Reply | string | undefined;

/**
 * A vendor's words by condition: each entry gets the failure with its condition's typed facts.
 * Only known conditions are keys, so a misspelt one does not build.
 */
export type ConditionWording<A> = {
  [C in Condition]?: (err: FailureOf<C>, args: A, c: Call) => Reply | string | undefined;
};

/** A vendor's words for every kind of failure: total, so the compiler names a missing kind. */
export type KindWording<A> = Record<ErrorKind, (err: EngineError, args: A, c: Call) => Reply | string | undefined>;

/** Wording from a condition table, then (for conditions it leaves out) a total kind table. */
export function errorTable<A>(byCondition: ConditionWording<A>, byKind?: KindWording<A>): Wording<A> {
  return (err, args, c) => {
    const word = err.condition !== undefined ? byCondition[err.condition] : undefined;
    const said = (word as Wording<A> | undefined)?.(err, args, c);
    return said ?? byKind?.[err.kind]?.(err, args, c);
  };
}

/** Tries each table in turn; the first that words the failure wins. */
export function firstWording<A>(...tables: Array<Wording<A> | undefined>): Wording<A> {
  return (err, args, c) => {
    for (const t of tables) {
      const said = t?.(err, args, c);
      if (said !== undefined) return said;
    }
    return undefined;
  };
}

/** What a dialect brings to the wording of its tools' failures. */
export interface DialectWords {
  errors?: Wording<unknown>;
  /** Wording for failures raised before a call runs, when the vendor frames them apart; default: `errors`. */
  beforeCall?: (err: EngineError, tool: ToolDefinition) => string;
}

/** One tool's failure wording in its dialect. */
export interface FailureWording<A> {
  /** A failure raised while the call ran: a reply, text, or undefined for the engine's message. */
  duringCall: Wording<A>;
  /** A failure raised before the call ran, as the text the model sees. */
  beforeCall(err: EngineError, args: A, c: () => Call, tool: ToolDefinition<A>): string;
}

export function failureWording<A>(toolErrors: Wording<A> | undefined, dialect: DialectWords): FailureWording<A> {
  const duringCall = firstWording<A>(toolErrors, dialect.errors as Wording<A> | undefined);
  return {
    duringCall,
    beforeCall(err, args, c, tool) {
      if (dialect.beforeCall) return dialect.beforeCall(err, tool as ToolDefinition);
      const said = duringCall(err, args, c());
      return typeof said === 'object' ? said.text : (said ?? err.message);
    },
  };
}
