// Argument validation: every schema compiled once at start-up; each call's arguments are
// checked before any handler runs, and each bad field becomes one field violation.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema } from './types.js';

// ajv-formats is CommonJS with a default export.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

export interface FieldViolation {
  field: string;
  description: string;
}

export function createAjv(): Ajv2020 {
  // strict off: vendor schemas carry keywords (e.g. draft-07 $schema URIs) we serve as given.
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  return ajv;
}

/** Compiles `schema`; throws with ajv's reason when it does not compile. */
export function compileSchema(ajv: Ajv2020, schema: JsonSchema): ValidateFunction {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) {
    throw new Error('the input schema is missing or not an object');
  }
  if (schema.type !== 'object') {
    throw new Error('the input schema must describe an object (type: "object")');
  }
  // The $schema URI is informative for the model; compile against ajv's 2020-12 dialect.
  const { $schema: _ignored, ...rest } = schema;
  return ajv.compile(rest);
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
