// Qwen's tool tables over a stand-in engine (no server, no disk): each tool hands its
// arguments to the engine call it maps onto, words the engine's structured answer as Qwen
// Code does, and words an engine failure through Qwen's dialect (text and error_type).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FacetConfig } from '../../../src/config.js';
import {
  engineFailure,
  type Engine,
  type JobSnapshot,
  type RunOutcome,
  type WriteResult,
} from '../../../src/engine/index.js';
import type { ToolResult } from '../../../src/registry/types.js';
import type { ToolMaker } from '../../../src/shapes/common/define.js';
import { edit } from '../../../src/shapes/qwen/edit.js';
import { qwenDialect } from '../../../src/shapes/qwen/errors.js';
import { runShellCommand } from '../../../src/shapes/qwen/run-shell-command.js';
import { taskStop } from '../../../src/shapes/qwen/task-stop.js';
import { todoWrite } from '../../../src/shapes/qwen/todo-write.js';
import { writeFile } from '../../../src/shapes/qwen/write-file.js';
import { fakeContext, fakeEngine } from '../../helpers/fake-engine.js';

const config = {} as FacetConfig;

async function run<A>(make: ToolMaker<A>, engine: Engine, args: A): Promise<ToolResult> {
  const tool = make({ config, engine }, qwenDialect);
  return (await tool.handler(args, fakeContext('qwen'))) as ToolResult;
}

test('write_file: the path and content go in with the read-first rule; a new file is announced as Qwen does', async () => {
  const calls: unknown[] = [];
  const answer = { path: '/project/a.py', relative: 'a.py', created: true, size: 6 } as WriteResult;
  const engine = fakeEngine({
    files: {
      write: (_c, path, content, opts) => {
        calls.push({ path, content, opts });
        return Promise.resolve(answer);
      },
    },
  });
  // A shell-escaped space names the file with a space.
  const r = await run(writeFile, engine, { file_path: '/project/my\\ a.py', content: 'x = 1\n' });
  assert.deepEqual(calls, [
    {
      path: '/project/my a.py',
      content: 'x = 1\n',
      opts: { freshness: { requireRead: true, requireUnchanged: true } },
    },
  ]);
  assert.deepEqual(r, {
    text: 'Successfully created and wrote to new file: /project/a.py.',
    host: {
      tool: 'write_file',
      summary: 'Successfully created and wrote to new file: /project/a.py.',
      paths: ['/project/a.py'],
      diff: undefined,
      diffNote: undefined,
      counts: { bytes: 6, added: 0, removed: 0 },
      details: { created: true },
    },
  });
});

test('edit: a missing old_string is worded through the dialect with its error type; a relative path never reaches the engine', async () => {
  const engine = fakeEngine({
    files: {
      edit: () =>
        Promise.reject(engineFailure('no_match', 'old_string not found', { path: '/project/a.py', editIndex: 0 })),
    },
  });
  const r = await run(edit, engine, { file_path: '/project/a.py', old_string: 'nope', new_string: 'yes' });
  const text =
    'Failed to edit: old_string was not found in /project/a.py (0 occurrences), so nothing was changed. Copy the text exactly as the file has it (no added escaping; same whitespace and indentation); read_file shows the current content.';
  assert.equal(r.text, text);
  assert.equal(r.failure?.condition, 'no_match');
  assert.deepEqual(r.host, {
    tool: 'edit',
    // The host's summary is the text's first line, at most 200 characters.
    summary: text.slice(0, 200),
    failure: 'invalid_argument',
    paths: ['/project/a.py'],
    details: { error_type: 'edit_no_occurrence_found' },
  });
  const rel = await run(edit, fakeEngine(), { file_path: 'a.py', old_string: 'a', new_string: 'b' });
  assert.equal(
    rel.text,
    'Error: Invalid parameters provided. Reason: file_path must be an absolute path, but "a.py" is relative; give the full path',
  );
  assert.deepEqual(rel.host.details, { error_type: 'invalid_tool_params' });
  assert.equal(rel.failure?.field, 'file_path');
});

test('run_shell_command: every field, the signal as its number, the pid in the host block', async () => {
  const outcome = {
    stdout: { text: 'out\n', truncated: false },
    stderr: { text: '\u001b[31merr\u001b[0m\n', truncated: false },
    exitCode: null,
    signal: 'SIGTERM',
    pid: 4242,
    cwd: '/project',
    durationMs: 12.4,
    timedOut: false,
  } as unknown as RunOutcome;
  let seen: unknown;
  const engine = fakeEngine({
    shell: {
      run: (_c, opts) => {
        seen = opts;
        return Promise.resolve(outcome);
      },
    } as Partial<Engine['shell']>,
  });
  const r = await run(runShellCommand, engine, { command: 'kill -TERM $$', description: 'stop itself' });
  assert.equal((seen as { timeoutMs: number }).timeoutMs, 120000);
  assert.equal((seen as { env: Record<string, string> }).env.QWEN_CODE, '1');
  assert.equal(
    r.text,
    'Command: kill -TERM $$\nDirectory: (root)\nOutput: out\nerr\nError: (none)\nExit Code: (none)\nSignal: 15\nProcess Group PGID: 4242',
  );
  assert.deepEqual(r.host, {
    tool: 'run_shell_command',
    summary: 'stop itself',
    exitCode: null,
    signal: 'SIGTERM',
    truncated: false,
    details: { pid: 4242, cwd: '/project', timeoutMs: 120000, durationMs: 12 },
  });
  const sleep = await run(runShellCommand, fakeEngine(), { command: 'sleep 5' });
  assert.equal(sleep.failure?.field, 'command');
  assert.deepEqual(sleep.host.details, { error_type: 'invalid_tool_params' });
});

test('task_stop: the bg_ id names the session job; an unknown id is task_stop_not_found', async () => {
  const job = { id: '1a2b3c4d', pid: 77, status: 'running', exitCode: null, signal: null } as JobSnapshot;
  const stopped: string[] = [];
  const engine = fakeEngine({
    shell: {
      jobs: () => [job],
      stop: (_c, id) => {
        stopped.push(String(id));
        return Promise.resolve({ ...job, status: 'killed', signal: 'SIGTERM' } as JobSnapshot);
      },
    } as Partial<Engine['shell']>,
  });
  const r = await run(taskStop, engine, { task_id: 'bg_1a2b3c4d' });
  assert.deepEqual(stopped, ['1a2b3c4d']);
  assert.deepEqual(r, {
    text: 'Stopped task bg_1a2b3c4d (pid 77).',
    host: {
      tool: 'task_stop',
      summary: 'Stopped task bg_1a2b3c4d (pid 77).',
      signal: 'SIGTERM',
      exitCode: null,
      details: { task_id: 'bg_1a2b3c4d', status: 'killed' },
    },
  });
  const gone = await run(taskStop, engine, { task_id: 'bg_ffffffff' });
  assert.equal(gone.text, 'No background task with id bg_ffffffff in this session.');
  assert.equal(gone.failure?.kind, 'not_found');
  assert.deepEqual(gone.host.details, { error_type: 'task_stop_not_found' });
});

test('todo_write: the list goes to the engine with Qwen rules and comes back as JSON in a system reminder', async () => {
  let rules: unknown;
  const engine = fakeEngine({
    todos: {
      replace: (_c, items, r) => {
        rules = r;
        return items;
      },
    },
  });
  const todos = [{ id: '1', content: 'Write the parser', status: 'in_progress' as const }];
  const r = await run(todoWrite, engine, { todos });
  assert.deepEqual(rules, { statuses: ['pending', 'in_progress', 'completed'], uniqueIds: true });
  assert.equal(
    r.text,
    'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable\n\n<system-reminder>\nYour todo list has changed. DO NOT mention this explicitly to the user. Here are the latest contents of your todo list: \n\n[{"id":"1","content":"Write the parser","status":"in_progress"}]. Continue on with the tasks at hand if applicable.\n</system-reminder>',
  );
  assert.deepEqual(r.host, { tool: 'todo_write', counts: { todos: 1 }, details: { todos }, summary: '1 todo(s)' });
});
