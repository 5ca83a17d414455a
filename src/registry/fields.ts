// Engine errors name the engine's own fields (path, command, patch, todos); a failure's
// field_violations must name the parameter the caller actually sent (file_path, cmd, input,
// plan). Each tool declares that mapping in its `fields`: nothing here guesses it from the schema.
import { type EngineError, withDetails } from '../engine/errors.js';
import type { ToolDefinition } from './types.js';

/** Engine field -> this tool's parameter. */
export type FieldMap = Readonly<Record<string, string>>;

export function fieldMap(def: ToolDefinition): FieldMap {
  return { ...def.fields };
}

/** `err` with its field (and the leading name of each violation's field) renamed by `map`. */
export function renameFields(err: EngineError, map: FieldMap): EngineError {
  const rename = (f: string) => {
    const head = /^[^.[]+/.exec(f)?.[0] ?? f;
    return map[head] !== undefined ? map[head] + f.slice(head.length) : f;
  };
  const violations = err.facts.violations as Array<{ field: string; description: string }> | undefined;
  const field = err.field !== undefined ? rename(err.field) : undefined;
  if (field === err.field && !violations?.some((v) => rename(v.field) !== v.field)) return err;
  return withDetails(err, {
    field,
    facts: violations ? { violations: violations.map((v) => ({ ...v, field: rename(v.field) })) } : {},
  });
}
