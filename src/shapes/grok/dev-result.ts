// grok-dev 1.x sends a tool's result object to the model as JSON text: {"success":true,"output":…}
// plus the fields some tools add (diff, lspDiagnostics, backgroundProcess); a failure is
// {"success":false,"output":…} (grep's: "error" instead of "output"). Bad arguments never reach a
// tool there: the AI SDK answers "Invalid input for tool <name>: Type validation failed: …".
import path from 'node:path';
import type { EngineError } from '../../engine/index.js';
import type { JsonSchema } from '../../registry/types.js';
import {
  type Call,
  type ConditionWording,
  type Dialect,
  errorTable,
  type Reply,
  type Wording,
} from '../common/define.js';
import { grokMessage } from './errors.js';
import { inputIssues } from './input-issues.js';

/** A successful result: the model's text is the object as JSON. */
export const devOk = (output: string, extra: Record<string, unknown> = {}, host?: Reply['host']): Reply => ({
  text: JSON.stringify({ success: true, output, ...extra }),
  ...(host ? { host } : {}),
});

/** A failed result's text (grep puts its words in "error"). */
export const devFailText = (words: string, field: 'output' | 'error' = 'output'): string =>
  JSON.stringify({ success: false, [field]: words });

/** A failure the tool itself answers (the engine did not fail), carrying `err` for the host's failure code. */
export const devFail = (words: string, err: EngineError, field: 'output' | 'error' = 'output'): Reply => ({
  text: devFailText(words, field),
  failure: err,
});

/**
 * A grok-dev tool's failure words: arguments its schema refuses as the AI SDK words them; its own
 * conditions (plain words, sent as the failure object); anything else as the shape words it.
 */
export function devWords<A>(
  schema: JsonSchema,
  byCondition: ConditionWording<A> = {},
  field: 'output' | 'error' = 'output',
  otherwise: (err: EngineError) => string = grokMessage,
): Wording<A> {
  const own = errorTable<A>(byCondition);
  return (err, args, c) => {
    if (err.kind === 'invalid_argument' && err.facts.violations) {
      const issues = inputIssues(c.tool, schema, args);
      if (issues) return issues;
    }
    const said = own(err, args, c);
    const words = typeof said === 'object' ? said.text : (said ?? otherwise(err));
    return { text: devFailText(words, field) };
  };
}

/** A path as grok-dev's messages show it: resolved against the current directory. */
export const absolute = (c: Pick<Call, 'session' | 'scope'>, p: string): string =>
  path.resolve(c.session.cwd ?? c.scope.primary, p);

/** grok-dev 1.x's dialect: a failure no tool words is still a failure object; no diagnostics note after the JSON. */
export const grokDevDialect: Dialect = { errors: (err) => ({ text: devFailText(grokMessage(err)) }) };

/**
 * A grok-dev tool's parameters as its zod object is sent (draft-07, closed), and the schema its
 * arguments are checked against: the same, open, since zod strips unknown keys rather than refuse them.
 */
export function zodObject<P extends Record<string, object>>(properties: P, required?: ReadonlyArray<keyof P & string>) {
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties,
    ...(required ? { required } : {}),
    additionalProperties: false,
  };
  return { schema, argumentsSchema: { ...schema, additionalProperties: true } };
}
