// Schema fragments of Gemini CLI's and Qwen Code's tool declarations: an object of typed
// properties (in Gemini's key order, or in Qwen's, which puts `type` last) and the ignore-file
// options of their list and read tools.
import type { JsonSchema } from '../../registry/types.js';

/** A property as its JSON type's name ('string', 'boolean'...), or its whole schema. */
type Prop = string | JsonSchema;
const props = (p: Record<string, Prop>): JsonSchema => Object.fromEntries(Object.entries(p).map(([k, v]) => [k, typeof v === 'string' ? { type: v } : v]));

/** An object schema as Gemini declares it: type, properties, required, then anything more. */
export const object = (p: Record<string, Prop>, required?: string[], more: JsonSchema = {}): JsonSchema => ({
  type: 'object',
  properties: props(p),
  ...(required ? { required } : {}),
  ...more,
});

/** An object schema as Qwen declares most of its own: properties, required, then type. */
export const qwenObject = (p: Record<string, Prop>, required: string[]): JsonSchema => ({ properties: props(p), required, type: 'object' });

/** file_filtering_options: whether .gitignore and the vendor's own ignore file are honoured. */
export const filtering = (vendorIgnore: string): JsonSchema => object({ respect_git_ignore: 'boolean', [vendorIgnore]: 'boolean' });

/** An integer of at least `min`. */
export const atLeast = (min: number): JsonSchema => ({ type: 'integer', minimum: min });

/** No properties beyond those declared. */
export const CLOSED = { additionalProperties: false } as const;
