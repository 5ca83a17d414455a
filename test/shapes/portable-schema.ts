// The portable spelling of a vendor-API schema, as the anthropic and openai shapes serve it:
// those APIs publish no input schema (the vendors' files hold one written from their docs and
// types), and the model APIs MCP clients forward tools to refuse root combinators, const and
// type arrays. The fidelity test holds the served schema to this rewrite of the vendor's file.

type Schema = Record<string, unknown>;

const NULL_AS_ABSENT = 'Optional; null is taken as absent.';

/** `const` as an enum of one; `[T, "null"]` as T, optional, saying that null means absent. */
function portableProperty(p: Schema): Schema {
  if ('const' in p) {
    const { const: value, ...rest } = p;
    return { ...rest, type: typeof value, enum: [value] };
  }
  if (Array.isArray(p.type)) {
    const types = (p.type as string[]).filter((t) => t !== 'null');
    return { ...p, type: types.length === 1 ? types[0] : types, description: NULL_AS_ABSENT };
  }
  return p;
}

/**
 * Root allOf/anyOf of per-command rules (if/then, required lists) are dropped: the tools check
 * them when called and their descriptions state them. A root oneOf of object variants becomes
 * one object: every variant's properties, the discriminator's consts as one enum, required
 * what every variant requires.
 */
export function portableSpelling(schema: Schema): Schema {
  let s: Schema = { ...schema };
  if (Array.isArray(s.oneOf)) {
    const variants = s.oneOf as Schema[];
    const properties: Record<string, Schema> = {};
    for (const v of variants) {
      for (const [k, p] of Object.entries(v.properties as Record<string, Schema>)) {
        const seen = properties[k];
        if (seen && 'const' in p) (seen.enum as unknown[]).push(p.const);
        else if (!seen) properties[k] = 'const' in p ? { type: typeof p.const, enum: [p.const] } : p;
      }
    }
    const required = (variants[0]!.required as string[]).filter((r) =>
      variants.every((v) => (v.required as string[]).includes(r)),
    );
    delete s.oneOf;
    s = { type: 'object', properties, required, ...s };
  }
  delete s.allOf;
  delete s.anyOf;
  if (s.properties) {
    s.properties = Object.fromEntries(
      Object.entries(s.properties as Record<string, Schema>).map(([k, p]) => [k, portableProperty(p)]),
    );
  }
  return s;
}
