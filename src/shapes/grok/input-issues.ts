// Arguments a grok-dev tool's schema refuses, as the AI SDK tells the model (its zod 4 issues
// as JSON), for the kinds of mistake models make: a missing or mistyped argument, a value
// outside an enum, an integer that is not one or is below its minimum.
import type { JsonSchema } from '../../registry/types.js';

interface Property {
  type?: string;
  enum?: readonly unknown[];
  minimum?: number;
}

const received = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

function issue(key: string, p: Property, v: unknown): Record<string, unknown> | undefined {
  const at = [key];
  const wrongType = (expected: string, extra: Record<string, unknown> = {}) => ({
    expected,
    ...extra,
    code: 'invalid_type',
    path: at,
    message: `Invalid input: expected ${expected}, received ${received(v)}`,
  });
  if (p.type === 'integer') {
    if (typeof v !== 'number' || Number.isNaN(v)) return wrongType('number');
    if (!Number.isInteger(v)) return wrongType('int', { format: 'safeint' });
  } else if (p.type !== undefined && received(v) !== p.type) return wrongType(p.type);
  if (p.enum && !p.enum.includes(v))
    return {
      code: 'invalid_value',
      values: p.enum,
      path: at,
      message: `Invalid option: expected one of ${p.enum.map((x) => JSON.stringify(x)).join('|')}`,
    };
  if (p.minimum !== undefined && typeof v === 'number' && v < p.minimum)
    return {
      origin: 'number',
      code: 'too_small',
      minimum: p.minimum,
      inclusive: true,
      path: at,
      message: `Too small: expected number to be >=${p.minimum}`,
    };
  return undefined;
}

/** The AI SDK's words for `args` refused by `schema`; undefined when no issue of these kinds is found. */
export function inputIssues(tool: string, schema: JsonSchema, args: unknown): string | undefined {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return undefined;
  const s = schema as { properties?: Record<string, Property>; required?: readonly string[] };
  const given = args as Record<string, unknown>;
  const issues = Object.entries(s.properties ?? {}).flatMap(([key, p]) => {
    const v = given[key];
    if (v === undefined) return s.required?.includes(key) ? [issue(key, p, v)!] : [];
    const found = issue(key, p, v);
    return found ? [found] : [];
  });
  if (issues.length === 0) return undefined;
  return `Invalid input for tool ${tool}: Type validation failed: Value: ${JSON.stringify(args)}.\nError message: ${JSON.stringify(issues, null, 2)}`;
}
