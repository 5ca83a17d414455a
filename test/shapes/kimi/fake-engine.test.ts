// Kimi's tool tables over a stand-in engine (no server, no disk): each tool's call hands the
// engine its own arguments and the call's context, and its format words the canned answer in
// Kimi's <system> framing; a failure is worded through the tool's or Kimi's error table.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseConfig } from '../../../src/config.js';
import { engineFailure, type GrepResult, type TodoItem } from '../../../src/engine/index.js';
import type { ToolResult } from '../../../src/registry/types.js';
import { kimiDialect } from '../../../src/shapes/kimi/v1/errors.js';
import { grepTool } from '../../../src/shapes/kimi/v1/grep.js';
import { setTodoListTool } from '../../../src/shapes/kimi/v1/set-todo-list.js';
import { strReplaceFileTool } from '../../../src/shapes/kimi/v1/str-replace-file.js';
import { taskStopTool } from '../../../src/shapes/kimi/v1/task-stop.js';
import { fakeContext, fakeEngine } from '../../helpers/fake-engine.js';

const config = parseConfig(['--listen', '127.0.0.1:0'], {}, '/tmp');
/** A fake context whose session works in /project (where a failed file call's host block resolves its path). */
function kimiContext() {
  const ctx = fakeContext('kimi');
  ctx.session.cwd = '/project';
  return ctx;
}

test('kimi SetTodoList: replace goes to the engine with Kimi statuses, and reads back', async () => {
  const seen: unknown[] = [];
  let list: TodoItem[] = [];
  const engine = fakeEngine({
    todos: {
      replace: (_c, items, rules) => (seen.push(rules), (list = items)),
      get: () => list,
    },
  });
  const tool = setTodoListTool({ config, engine }, kimiDialect);
  const ctx = kimiContext();
  const set = (await tool.handler({ todos: [{ title: 'Fix it', status: 'in_progress' }] }, ctx)) as ToolResult;
  assert.deepEqual(set, {
    text: '<system>Todo list updated</system>',
    parts: ['Todo list updated'],
    host: {
      tool: 'SetTodoList',
      summary: '1 todos',
      counts: { items: 1 },
      details: { todos: [{ id: '1', content: 'Fix it', status: 'in_progress' }] },
    },
  });
  assert.deepEqual(seen, [{ statuses: ['pending', 'in_progress', 'done'] }]);
  const read = (await tool.handler({}, ctx)) as ToolResult;
  assert.equal(read.text, 'Current todo list:\n- [in_progress] Fix it');
  assert.equal(read.parts, undefined);
});

test('kimi Grep: content lines, secrets left out, paging note, over a canned result', async () => {
  const canned: GrepResult = {
    backend: 'rg',
    mode: 'content',
    base: '/project',
    files: [
      {
        path: '/project/a.py',
        relative: 'a.py',
        matches: 2,
        lines: [
          { line: 1, kind: 'match', text: 'import os' },
          { line: 2, kind: 'match', text: 'import sys' },
        ],
      },
      { path: '/project/.env', relative: '.env', matches: 1, lines: [{ line: 1, kind: 'match', text: 'import=1' }] },
    ],
    shown: 3,
    offset: 0,
    total: 3,
    totalFiles: 2,
    totalMatchLines: 3,
    totalMatches: 3,
    truncated: false,
    timedOut: false,
  } as GrepResult;
  const asked: unknown[] = [];
  const engine = fakeEngine({ search: { grep: (_c, opts) => (asked.push(opts), Promise.resolve(canned)) } });
  const r = (await grepTool({ config, engine }, kimiDialect).handler(
    { pattern: 'import', output_mode: 'content', head_limit: 1 },
    kimiContext(),
  )) as ToolResult;
  assert.deepEqual(r, {
    text: '<system>Left out 1 sensitive file(s) (.env) to protect secrets; they may hold credentials or private keys. Results truncated to 1 lines (total: 2). Use offset=1 to see more.</system>',
    parts: ['a.py:1:import os'],
    host: { tool: 'Grep', counts: { files: 1, matches: 3, matchLines: 3 }, truncated: false },
  });
  assert.equal((asked[0] as { mode: string }).mode, 'content');
  assert.deepEqual((asked[0] as { paths: string[] }).paths, ['.']);
});

test('kimi StrReplaceFile: an ambiguous edit is worded by the tool, with the path in the host block', async () => {
  const engine = fakeEngine({
    files: {
      edit: () =>
        Promise.reject(
          engineFailure('ambiguous', 'found 2 times', { count: 2, editIndex: 0, rung: 'exact' }, { field: 'edit' }),
        ),
    },
  });
  const r = (await strReplaceFileTool({ config, engine }, kimiDialect).handler(
    { path: 'a.py', edit: { old: 'x', new: 'y' } },
    kimiContext(),
  )) as ToolResult;
  assert.equal(
    r.text,
    '<system>ERROR: No replacements were made: the old string occurs 2 times in `a.py`. Add surrounding text to make it unique, or set replace_all to change every occurrence.</system>',
  );
  assert.equal(r.parts, undefined);
  assert.equal(r.failure?.condition, 'ambiguous');
  assert.deepEqual(JSON.parse(JSON.stringify(r.host)), { tool: 'StrReplaceFile', paths: ['/project/a.py'] });
});

test("kimi TaskStop: an unknown task is worded by Kimi's table, the host block naming only the tool", async () => {
  const engine = fakeEngine({
    shell: {
      job: () => {
        throw engineFailure('job_missing', 'no job zz in this session', { job: 'zz', known: [] }, { field: 'id' });
      },
    },
  });
  const r = (await taskStopTool({ config, engine }, kimiDialect).handler(
    { task_id: 'zz' },
    kimiContext(),
  )) as ToolResult;
  assert.equal(
    r.text,
    '<system>ERROR: There is no background task `zz` in this session; TaskList shows the tasks there are.</system>',
  );
  assert.equal(r.failure?.condition, 'job_missing');
  assert.deepEqual(JSON.parse(JSON.stringify(r.host)), { tool: 'TaskStop' });
});
