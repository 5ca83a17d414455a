// Schema validation: each input and output schema compiled once (at start-up, or at its tool's
// first call); each call's arguments are checked before any handler runs (each bad field
// becomes one field violation), and its structured data after, against the tool's output schema.
import { createRequire } from 'node:module';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type addFormatsModule from 'ajv-formats';
import type { JsonSchema } from './types.js';

// ajv and its formats are CommonJS, required when the first schema is compiled: a process that
// only lists tools (facet tools, an MCP tools/list) never loads them.
const require = createRequire(import.meta.url);

export interface FieldViolation {
  field: string;
  description: string;
}

let shared: Ajv2020 | undefined;

/**
 * The process-wide Ajv instance. Shared so that a schema object compiled by one toolbox is
 * a cache hit for the next (every shape and every test server reuses the same definitions).
 */
export function createAjv(): Ajv2020 {
  shared ??= newAjv(true);
  return shared;
}

function newAjv(allErrors: boolean): Ajv2020 {
  // strict off: vendor schemas carry keywords (e.g. draft-07 $schema URIs) we serve as given.
  // verbose: errors carry their schema, so a `not` rule can say what value it forbids.
  const { Ajv2020: Ajv } = require('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020 };
  // ajv-formats is CommonJS with a default export.
  const formats = require('ajv-formats') as { default?: typeof addFormatsModule } & typeof addFormatsModule;
  const addFormats = formats.default ?? formats;
  const ajv = new Ajv({ allErrors, strict: false, validateFormats: true, verbose: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  return ajv;
}

const compiledBySchema = new WeakMap<object, ValidateFunction>();

/**
 * Arguments holding an array longer than this are checked only as far as their first error.
 * With allErrors, ajv joins the errors of a referenced schema by concatenation, once per item:
 * 100,000 bad items held the event loop 90 s (every other call waited).
 */
export const ALL_ERRORS_MAX_ITEMS = 1000;
let firstErrorOnly: Ajv2020 | undefined;
const firstErrorBySchema = new WeakMap<object, ValidateFunction>();

/** Whether `v` holds, at any depth, an array of more than `max` items (a walk that stops there). */
export function holdsLongArray(v: unknown, max = ALL_ERRORS_MAX_ITEMS): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (Array.isArray(v)) return v.length > max || v.some((x) => holdsLongArray(x, max));
  for (const k in v) if (holdsLongArray((v as Record<string, unknown>)[k], max)) return true;
  return false;
}

/** `schema`'s validator that stops at the first error (for arguments with huge arrays), compiled on first use. */
export function firstErrorValidator(schema: JsonSchema): ValidateFunction {
  let compiled = firstErrorBySchema.get(schema);
  if (!compiled) {
    firstErrorOnly ??= newAjv(false);
    const { $schema: _ignored, ...rest } = schema;
    compiled = firstErrorOnly.compile(rest);
    firstErrorBySchema.set(schema, compiled);
  }
  return compiled;
}

/** Throws when `schema` (a tool's `which` schema) is not an object schema: checked before anything is compiled. */
export function checkSchema(schema: JsonSchema, which: 'input' | 'output' = 'input'): void {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) {
    throw new Error(`the ${which} schema is missing or not an object`);
  }
  if (schema.type !== 'object') {
    throw new Error(`the ${which} schema must describe an object (type: "object")`);
  }
}

/** Compiles `schema` (a tool's `which` schema); throws with ajv's reason when it does not compile. */
export function compileSchema(ajv: Ajv2020, schema: JsonSchema, which: 'input' | 'output' = 'input'): ValidateFunction {
  checkSchema(schema, which);
  // The $schema URI is informative for the model; compile against ajv's 2020-12 dialect.
  // Keyed by the schema object, so the stripped copy is made once per definition.
  let compiled = compiledBySchema.get(schema);
  if (!compiled) {
    const { $schema: _ignored, ...rest } = schema;
    compiled = ajv.compile(rest);
    compiledBySchema.set(schema, compiled);
  }
  return compiled;
}

/** One violation per bad field, named by its JSON path without the leading slash. */
export function toViolations(errors: ErrorObject[] | null | undefined): FieldViolation[] {
  const byField = new Map<string, string[]>();
  for (const e of errors ?? []) {
    let field = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    let description = e.message ?? 'is invalid';
    if (e.keyword === 'required') {
      const missing = (e.params as { missingProperty: string }).missingProperty;
      field = field ? `${field}.${missing}` : missing;
      description = 'is required';
    } else if (e.keyword === 'additionalProperties') {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      field = field ? `${field}.${extra}` : extra;
      description = 'is not a known parameter';
    } else if (e.keyword === 'not') {
      const forbidden = (e.schema as { const?: unknown; enum?: unknown[] } | undefined) ?? {};
      if ('const' in forbidden) description = `must not be ${JSON.stringify(forbidden.const)}`;
      else if (Array.isArray(forbidden.enum))
        description = `must not be one of ${forbidden.enum.map((v) => JSON.stringify(v)).join(', ')}`;
    } else if (e.keyword === 'enum') {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues;
      description = `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
    }
    if (field === '') field = '(arguments)';
    const list = byField.get(field) ?? [];
    if (!list.includes(description)) list.push(description);
    byField.set(field, list);
  }
  return [...byField].map(([field, ds]) => ({ field, description: ds.join('; ') }));
}
