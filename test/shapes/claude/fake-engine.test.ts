// Claude's tool tables over a stand-in engine (no server, no disk): what each tool hands the
// engine, and the engine's structured answers and failures in Claude Code's words.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  EngineError,
  engineFailure,
  type Engine,
  type JobSnapshot,
  type RunOutcome,
  type Scope,
  type TextRead,
} from '../../../src/engine/index.js';
import { announceEnd } from '../../../src/shapes/kit/shell/announce.js';
import type { HandlerContext, ToolDefinition, ToolResult } from '../../../src/registry/types.js';
import type { ToolMaker } from '../../../src/shapes/common/define.js';
import { bash197 as bash } from '../../../src/shapes/claude/bash.js';
import { edit197 as edit } from '../../../src/shapes/claude/edit.js';
import { claudeDialect } from '../../../src/shapes/claude/errors.js';
import { glob } from '../../../src/shapes/claude/glob.js';
import { read197 as read } from '../../../src/shapes/claude/read.js';
import { todoWrite } from '../../../src/shapes/claude/todo-write.js';
import { write197 as write } from '../../../src/shapes/claude/write.js';
import type { FacetConfig } from '../../../src/config.js';
import { fakeContext, fakeEngine } from '../../helpers/fake-engine.js';

/** A context whose scope answers only what Claude's working-directory rule asks of it. */
function context(): HandlerContext {
  const scope = {
    roots: ['/project'],
    primary: '/project',
    contains: (p: string) => p.startsWith('/project'),
  } as unknown as Scope;
  return { ...fakeContext('claude'), scope };
}

async function run<A>(make: ToolMaker<A>, engine: Engine, args: A, ctx = context()): Promise<ToolResult> {
  const def: ToolDefinition<A> = make({ config: {} as FacetConfig, engine }, claudeDialect);
  return (await def.handler(args, ctx)) as ToolResult;
}

test('TodoWrite: the list goes to the engine with ids and rules; the answer is counted', async () => {
  const engine = fakeEngine({ todos: { replace: (_c, items) => items } });
  const r = await run(todoWrite, engine, {
    todos: [{ content: 'Fix it', status: 'completed', activeForm: 'Fixing it' }],
  });
  assert.equal(r.text.startsWith('Todos have been modified successfully.'), true);
  assert.deepEqual(r.host, {
    tool: 'TodoWrite',
    summary: '1 todos, 1 completed',
    counts: { items: 1, completed: 1 },
    details: { todos: [{ id: '1', content: 'Fix it', status: 'completed', activeForm: 'Fixing it' }] },
  });
});

test('Read: numbered lines from the 1-based offset, read at the working directory', async () => {
  const seen: Array<{ cwd?: string; path: string }> = [];
  const text: TextRead = {
    kind: 'text',
    path: '/project/a.ts',
    relative: 'a.ts',
    size: 12,
    mtimeMs: 0,
    encoding: 'utf-8',
    bom: false,
    lineEnding: 'lf',
    lines: ['b', 'c'],
    eols: ['\n', '\n'],
    startLine: 2,
    endLine: 3,
    hasMore: true,
    stoppedBy: 'limit',
    truncatedLines: [],
    pastEnd: false,
    complete: false,
  };
  const engine = fakeEngine({
    files: {
      readChecked: (c, p) => {
        seen.push({ cwd: c.cwd, path: p });
        return Promise.resolve(text);
      },
    },
  });
  const r = await run(read, engine, { file_path: 'a.ts', offset: 2, limit: 2 });
  assert.equal(r.text, '2\tb\n3\tc');
  assert.deepEqual(r.host, {
    tool: 'Read',
    paths: ['/project/a.ts'],
    summary: 'Read lines 2-3 of a.ts',
    counts: { lines: 2 },
    truncated: true,
  });
  assert.deepEqual(seen, [{ cwd: '/project', path: 'a.ts' }]);
});

test('Read: a missing file is a wrapped failure naming the working directory', async () => {
  const missing = new EngineError('not_found', 'x does not exist', { field: 'file_path', facts: { path: 'x' } });
  const engine = fakeEngine({ files: { readChecked: () => Promise.reject(missing) } });
  const r = await run(read, engine, { file_path: 'x' });
  assert.equal(
    r.text,
    '<tool_use_error>File does not exist: x. Relative paths are resolved from the current working directory, /project.</tool_use_error>',
  );
  assert.equal(r.failure?.kind, 'not_found');
  assert.equal(r.failure?.field, 'file_path');
});

test("Edit: the engine's no_match in Edit's words, repeating old_string", async () => {
  const engine = fakeEngine({
    files: {
      edit: () =>
        Promise.reject(engineFailure('no_match', 'old_string was not found', { path: '/project/a.ts', editIndex: 0 })),
    },
  });
  const r = await run(edit, engine, { file_path: 'a.ts', old_string: 'nope', new_string: 'yes' });
  assert.equal(
    r.text,
    '<tool_use_error>old_string was not found in the file. It must match the file exactly, whitespace and indentation included; Read the file again if unsure.\nString: nope</tool_use_error>',
  );
  assert.equal(r.failure?.condition, 'no_match');
  assert.deepEqual(r.host, {
    tool: 'Edit',
    summary: 'old_string was not found',
    failure: 'invalid_argument',
    paths: ['/project/a.ts'],
  });
});

test("Write: an unread file is refused in the dialect's words", async () => {
  const engine = fakeEngine({
    files: { write: () => Promise.reject(engineFailure('not_read', 'a.ts was not read', { path: '/project/a.ts' })) },
  });
  const r = await run(write, engine, { file_path: 'a.ts', content: 'x' });
  assert.equal(
    r.text,
    '<tool_use_error>This file has not been read in this session yet. Read it first, then change it.</tool_use_error>',
  );
  assert.equal(r.failure?.kind, 'conflict');
});

test('Glob: oldest-first paths relative to the working directory, with the cap noted', async () => {
  const entries = [{ path: '/project/src/a.ts' }, { path: '/elsewhere/b.ts' }];
  const engine = fakeEngine({
    search: { glob: () => Promise.resolve({ entries, total: 5, shown: 2, truncated: true, complete: true } as never) },
    files: { spill: () => Promise.resolve(undefined) },
  });
  const r = await run(glob, engine, { pattern: '**/*.ts' });
  assert.equal(
    r.text,
    'src/a.ts\n/elsewhere/b.ts\n(Showing 2 of 5 matching files; 3 more are not listed. Narrow the pattern or path to see the rest.)',
  );
  assert.deepEqual(r.host.counts, { files: 5, shown: 2 });
});

test('Bash: a non-zero exit is "Exit code N" and the output, failed with the process evidence', async () => {
  const outcome = {
    exitCode: 2,
    signal: null,
    timedOut: false,
    durationMs: 12.4,
    output: { text: '\nboom\n', truncated: false, totalBytes: 6 },
    cwd: '/project',
    sessionCwd: '/project',
    timeoutMs: 120000,
  } as unknown as RunOutcome;
  const engine = fakeEngine({
    shell: { run: () => Promise.resolve(outcome) },
    files: { spill: () => Promise.resolve(undefined) },
  });
  const r = await run(bash, engine, { command: 'false' });
  assert.equal(r.text, 'Exit code 2\nboom');
  assert.equal(r.failure?.kind, 'process_failed');
  assert.deepEqual(r.failure?.process, {
    tool: 'bash',
    exitCode: 2,
    signal: '',
    output: '\nboom\n',
    outputTruncated: false,
    backend: 'bash',
  });
  assert.equal(r.host.exitCode, 2);
});

test('the dialect announces a background task that ended on the next result, once', async () => {
  const job = {
    id: 'j1',
    status: 'completed',
    exitCode: 0,
    signal: null,
    command: 'make',
    cwd: '/project',
    logPath: '/state/j1.log',
  } as unknown as JobSnapshot;
  const engine = fakeEngine({ todos: { replace: (_c, items) => items }, shell: { job: () => job } });
  const ctx = context();
  announceEnd(ctx.session, 'j1', 'Build');
  const args = { todos: [] };
  const first = await run(todoWrite, engine, args, ctx);
  assert.equal(
    first.text.split('\n\n')[1],
    [
      '<system-reminder>',
      '[SYSTEM NOTIFICATION - NOT USER INPUT] A background task you started has ended.',
      '<task-notification>',
      '<task-id>j1</task-id>',
      '<output-file>/state/j1.log</output-file>',
      '<status>completed</status>',
      '<summary>Background command "Build" completed (exit code 0)</summary>',
      '</task-notification>',
      '</system-reminder>',
    ].join('\n'),
  );
  const second = await run(todoWrite, engine, args, ctx);
  assert.equal(second.text.includes('<system-reminder>'), false);
});
