// A failure's field_violations name the parameter the caller sent, in each shape's own terms,
// never the engine's internal field (path, command, patch, todos, before/after).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callTool, serverFixture } from '../helpers/server.js';

const { t } = serverFixture({ shape: 'all' });

const cases: Array<[string, string, Record<string, unknown>, string]> = [
  ['claude', 'Grep', { pattern: 'x', output_mode: 'content', '-C': -1 }, '-C'],
  ['claude', 'Grep', { pattern: 'x', output_mode: 'content', '-A': 1.5 }, '-A'],
  ['claude', 'Grep', { pattern: 'x', output_mode: 'content', '-B': -2 }, '-B'],
  ['claude', 'Grep', { pattern: 'x', output_mode: 'content', context: -1 }, 'context'],
  ['claude', 'Read', { file_path: '/etc/passwd' }, 'file_path'],
  ['claude', 'Write', { file_path: '/etc/x.txt', content: 'x' }, 'file_path'],
  ['claude', 'NotebookEdit', { notebook_path: '/etc/x.ipynb', new_source: 'x' }, 'notebook_path'],
  ['codex@0.169.0', 'exec_command', { cmd: '' }, 'cmd'],
  ['codex@0.169.0', 'apply_patch', { input: '*** Begin Patch\n*** End Patch' }, 'input'],
  [
    'codex@0.169.0',
    'update_plan',
    {
      plan: [
        { step: 'a', status: 'in_progress' },
        { step: 'b', status: 'in_progress' },
      ],
    },
    'plan',
  ],
  ['gemini', 'read_file', { file_path: '/etc/passwd' }, 'file_path'],
  ['qwen', 'read_file', { file_path: '/etc/passwd' }, 'file_path'],
  ['qwen@0.15.10', 'list_directory', { path: '/etc' }, 'path'],
  ['kimi@1.49', 'ReadFile', { path: '/etc/passwd' }, 'path'],
  ['grok', 'read_file', { path: '/etc/passwd' }, 'path'],
  ['openai', 'apply_patch', { type: 'update_file', path: '/etc/passwd', diff: '@@\n-a\n+b' }, 'path'],
  ['openai', 'apply_patch', { type: 'update_file', path: 'x.txt' }, 'diff'],
  [
    'openai',
    'local_shell',
    { type: 'exec', command: ['pwd'], env: {}, working_directory: '/etc' },
    'working_directory',
  ],
];

test("field violations name the caller's parameter in every shape", async () => {
  for (const [shape, tool, args, field] of cases) {
    const r = await callTool(t.client, tool, args, { shape });
    assert.notEqual(r.failure, undefined, `${shape}/${tool} did not fail`);
    assert.deepEqual(
      r.failure!.fieldViolations.map((v) => v.field),
      [field],
      `${shape}/${tool} ${JSON.stringify(args)}`,
    );
    // The description is what the model was told.
    assert.equal(r.failure!.fieldViolations[0]!.description, r.error, `${shape}/${tool}`);
  }
});

test('the worded description of a bad Claude Grep context count', async () => {
  const r = await callTool(t.client, 'Grep', { pattern: 'x', output_mode: 'content', '-C': -1 }, { shape: 'claude' });
  assert.equal(r.error, '<tool_use_error>-C must be a whole number of lines, 0 or more; got -1.</tool_use_error>');
});
