// The portability rules Facet's own catalogs keep over MCP, so that the frameworks MCP servers
// are connected through can forward every tool to the model APIs (OpenAI, incl. strict mode;
// Anthropic; Gemini's schema subset): names the APIs accept, and schemas whose root is a plain
// object without combinators, free of const, not, type arrays and exclusive bounds anywhere.

export const PORTABLE_NAME = /^[a-zA-Z0-9_-]{1,128}$/;

type Schema = Record<string, unknown>;

const ROOT_COMBINATORS = ['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else'];
const NOWHERE = ['const', 'not', 'exclusiveMinimum', 'exclusiveMaximum', 'if', 'then', 'else'];
/** Keywords whose value is one subschema, and those whose value is a list or a map of them. */
const ONE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];
const MANY = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties', '$defs', 'definitions'];

/** Every rule a schema breaks, each as "<where>: <what>"; none: []. */
export function portabilityViolations(schema: Schema): string[] {
  const out: string[] = [];
  if (schema.type !== 'object') out.push(`root: type is ${JSON.stringify(schema.type)}, not "object"`);
  for (const k of ROOT_COMBINATORS) if (k in schema) out.push(`root: ${k}`);
  walk(schema, '#', out);
  return out;
}

function walk(s: unknown, at: string, out: string[]): void {
  if (typeof s !== 'object' || s === null || Array.isArray(s)) return;
  const schema = s as Schema;
  for (const k of NOWHERE) if (k in schema) out.push(`${at}: ${k}`);
  if (Array.isArray(schema.type)) out.push(`${at}: type array ${JSON.stringify(schema.type)}`);
  for (const k of ONE) if (k in schema) walk(schema[k], `${at}/${k}`, out);
  for (const k of MANY)
    if (Array.isArray(schema[k])) (schema[k] as unknown[]).forEach((x, i) => walk(x, `${at}/${k}/${i}`, out));
  for (const k of MAP) {
    const m = schema[k];
    if (typeof m === 'object' && m !== null)
      for (const [name, x] of Object.entries(m as Schema)) walk(x, `${at}/${k}/${name}`, out);
  }
}
