// Schema fragments of Gemini CLI's and Qwen Code's tool declarations: an object of typed
// properties (in Gemini's key order, or in Qwen's, which puts `type` last) and the ignore-file
// options of their list and read tools. The schemas keep their literal types, so a tool's
// arguments are `ArgsOf<typeof schema>` (the engine's): one source for the check and the type.

/** A property as its JSON type's name ('string', 'boolean'...), or its whole schema. */
type Prop = string | object;
type Props<P> = { [K in keyof P]: P[K] extends string ? { type: P[K] } : P[K] };
const props = <P extends Record<string, Prop>>(p: P) =>
  Object.fromEntries(Object.entries(p).map(([k, v]) => [k, typeof v === 'string' ? { type: v } : v])) as Props<P>;

/** An object schema as Gemini declares it: type, properties, required, then anything more. */
export const object = <const P extends Record<string, Prop>, const R extends readonly string[] = never[]>(
  p: P,
  required?: R,
  more: object = {},
) =>
  ({ type: 'object', properties: props(p), ...(required ? { required } : {}), ...more }) as {
    type: 'object';
    properties: Props<P>;
    required: R;
  };

/** An object schema as Qwen declares most of its own: properties, required, then type. */
export const qwenObject = <const P extends Record<string, Prop>, const R extends readonly string[]>(
  p: P,
  required: R,
) => ({ properties: props(p), required, type: 'object' }) as { properties: Props<P>; required: R; type: 'object' };

/** file_filtering_options: whether .gitignore and the vendor's own ignore file are honoured. */
export const filtering = <const V extends string>(vendorIgnore: V) =>
  object({ respect_git_ignore: 'boolean', [vendorIgnore]: 'boolean' } as Record<'respect_git_ignore' | V, 'boolean'>);

/** An integer of at least `min`. */
export const atLeast = (min: number) => ({ type: 'integer', minimum: min }) as const;

/** No properties beyond those declared. */
export const CLOSED = { additionalProperties: false } as const;
