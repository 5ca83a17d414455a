// The TypeScript declaration of a nested tool, as code mode's exec description and ALL_TOOLS
// give each one: `declare const tools: { name(args: {...}): Promise<...>; };`, built from the
// tool's own schemas (a freeform tool takes its input as a string).
import type { JsonSchema, ToolDefinition } from '../../registry/types.js';

function typeOf(s: JsonSchema | undefined, indent: string): string {
  if (!s) return 'unknown';
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  switch (s.type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return `Array<${typeOf(s.items as JsonSchema | undefined, indent)}>`;
    case 'object':
      return objectOf(s, indent);
    default:
      return 'unknown';
  }
}

function objectOf(s: JsonSchema, indent: string): string {
  const props = Object.entries((s.properties ?? {}) as Record<string, JsonSchema>);
  if (props.length === 0) return '{}';
  const required = new Set((s.required ?? []) as string[]);
  const inner = `${indent}  `;
  const lines = props
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, p]) => {
      const about = typeof p.description === 'string' ? `${inner}// ${p.description.replace(/\n/g, ' ')}\n` : '';
      return `${about}${inner}${name}${required.has(name) ? '' : '?'}: ${typeOf(p, inner)};`;
    });
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** `declare const tools: { <name>(…): Promise<…>; };` for one tool. */
export function declarationOf(def: ToolDefinition): string {
  const freeform = def.inputSchema['x-freeform'] === true;
  const args = freeform ? 'input: string' : `args: ${objectOf(def.inputSchema, '')}`;
  const result = def.outputSchema ? objectOf(def.outputSchema, '') : 'unknown';
  return `declare const tools: { ${def.name}(${args}): Promise<${result}>; };`;
}

/** A nested tool as exec's description and ALL_TOOLS show it: its description, then its declaration. */
export const nestedDescription = (def: ToolDefinition) =>
  `${def.description ?? def.summary}\n\nexec tool declaration:\n\`\`\`ts\n${declarationOf(def)}\n\`\`\``;
