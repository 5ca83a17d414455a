// A failure's field comes from the engine error's field and the tool's declared map, nothing
// else: a schema that happens to call its path file_path renames nothing unless the tool says so.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { engineFailure } from '../../src/engine/errors.js';
import { fieldMap, renameFields } from '../../src/registry/fields.js';
import type { ToolDefinition } from '../../src/registry/types.js';

const tool = (fields?: Record<string, string>): ToolDefinition =>
  ({
    name: 't',
    summary: 't',
    inputSchema: { type: 'object', properties: { file_path: { type: 'string' }, cmd: { type: 'string' } } },
    tags: [],
    handler: () => Promise.reject(new Error('not called')),
    ...(fields ? { fields } : {}),
  }) as unknown as ToolDefinition;

const missing = () => engineFailure('path_missing', '/x does not exist', { path: '/x' }, { field: 'path' });

test("an undeclared field keeps the engine's name, however the schema names its parameters", () => {
  assert.deepEqual(fieldMap(tool()), {});
  const err = renameFields(missing(), fieldMap(tool()));
  assert.equal(err.field, 'path');
});

test('a declared field is renamed, with the condition, kind and facts kept', () => {
  const err = renameFields(missing(), fieldMap(tool({ path: 'file_path' })));
  assert.deepEqual(
    [err.field, err.kind, err.condition, err.facts],
    ['file_path', 'not_found', 'path_missing', { path: '/x', condition: 'path_missing' }],
  );
});

test('violations are renamed by their leading name', () => {
  const err = engineFailure(
    'bad_todo_status',
    'bad',
    { index: 1, status: 'x', allowed: ['a'] },
    { field: 'todos.1.status' },
  );
  assert.equal(renameFields(err, { todos: 'plan' }).field, 'plan.1.status');
});
