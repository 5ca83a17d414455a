// Engine errors name the engine's own fields (path, command, patch, todos); a failure's
// field_violations must name the parameter the caller actually sent (file_path, cmd, input,
// plan). Each tool's map is its explicit `fields` over what its schema makes plain.
import { EngineError } from '../engine/errors.js';
import type { JsonSchema, ToolDefinition } from './types.js';

/** Engine field -> this tool's parameter. */
export type FieldMap = Readonly<Record<string, string>>;

/** Parameters a schema may call the one path it takes, and what an engine `command` may be called. */
const PATH_NAMES = ['file_path', 'absolute_path', 'notebook_path', 'dir_path', 'directory'];
const COMMAND_NAMES = ['cmd'];

export function fieldMap(def: ToolDefinition): FieldMap {
  const props = Object.keys(((def.argumentsSchema ?? def.inputSchema) as JsonSchema & { properties?: object }).properties ?? {});
  const derived: Record<string, string> = {};
  const only = (names: string[]) => {
    const found = props.filter((p) => names.includes(p));
    return found.length === 1 ? found[0] : undefined;
  };
  const path = only(PATH_NAMES);
  if (!props.includes('path') && path) derived.path = path;
  const command = only(COMMAND_NAMES);
  if (!props.includes('command') && command) derived.command = command;
  return { ...derived, ...def.fields };
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
  const facts = violations ? { ...err.facts, violations: violations.map((v) => ({ ...v, field: rename(v.field) })) } : err.facts;
  return new EngineError(err.kind, err.message, {
    field,
    facts,
    cause: err.cause,
    process: err.process,
    routedTo: err.routedTo,
    retryAfterMs: err.retryAfterMs,
  });
}
