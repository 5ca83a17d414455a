// A tool's arguments typed from its JSON Schema (declared `as const`), so the schema is the one
// source of both the check and the type.

/** The value a JSON Schema property (declared `as const`) accepts. */
type Value<P> = P extends { enum: readonly (infer E)[] }
  ? E
  : P extends { type: 'string' }
    ? string
    : P extends { type: 'integer' | 'number' }
      ? number
      : P extends { type: 'boolean' }
        ? boolean
        : P extends { type: 'array'; items: infer I }
          ? Value<I>[]
          : P extends { properties: object }
            ? ArgsOf<P>
            : P extends { additionalProperties: infer V }
              ? Record<string, Value<V>>
              : unknown;

type Required<S> = S extends { required: readonly (infer R)[] } ? R : never;

/** A tool's arguments as its input schema (declared `as const`) describes them: one source for both. */
export type ArgsOf<S> = S extends { properties: infer P }
  ? { -readonly [K in keyof P as K extends Required<S> ? K : never]: Value<P[K]> } & {
      -readonly [K in keyof P as K extends Required<S> ? never : K]?: Value<P[K]>;
    }
  : never;
