// Claude Code 2.1.332's InputValidationError: its schema library's issue list, pretty-printed
// with two-space indents inside <tool_use_error>. Built here from the registry's violations (an
// enum value or a bound the schema holds) or a tool's own check (a custom issue), so the tools
// that replay those cases word them exactly; other violations are left to the dialect.
import type { EngineError } from '../../engine/index.js';
import type { JsonSchema } from '../../registry/types.js';
import { toolUseError } from './errors.js';

type Issue = Record<string, unknown>;

export const issuesText = (issues: readonly Issue[]) =>
  toolUseError(`InputValidationError: ${JSON.stringify(issues, null, 2)}`);

/** A tool's own check failing on `field`: the custom issue Claude Code reports. */
export const customIssue = (field: string, message: string) => issuesText([{ code: 'custom', message, path: [field] }]);

/**
 * The issue of one violated top-level property, when the schema says which rule it broke (an enum, an exclusive
 * minimum).
 */
function issueOf(field: string, description: string, schema: JsonSchema): Issue | undefined {
  const prop = (schema.properties as Record<string, JsonSchema> | undefined)?.[field];
  if (!prop) return undefined;
  if (Array.isArray(prop.enum) && description.startsWith('must be one of')) {
    const values = prop.enum as unknown[];
    return {
      code: 'invalid_value',
      values,
      path: [field],
      message: `Invalid option: expected one of ${values.map((v) => JSON.stringify(v)).join('|')}`,
    };
  }
  if (typeof prop.exclusiveMinimum === 'number' && /^must be > /.test(description)) {
    return {
      origin: 'number',
      code: 'too_small',
      minimum: prop.exclusiveMinimum,
      inclusive: false,
      path: [field],
      message: `Too small: expected number to be >${prop.exclusiveMinimum}`,
    };
  }
  return undefined;
}

/**
 * The registry's argument failure as Claude Code's issue list, or undefined when one of its violations has no such
 * issue.
 */
export function schemaIssues(err: EngineError, schema: JsonSchema): string | undefined {
  const violations = err.facts.violations as Array<{ field: string; description: string }> | undefined;
  if (!violations || violations.length === 0) return undefined;
  const issues = violations.map((v) => issueOf(v.field, v.description, schema));
  return issues.every((i) => i !== undefined) ? issuesText(issues as Issue[]) : undefined;
}
