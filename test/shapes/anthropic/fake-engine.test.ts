// Anthropic's tool tables over a stand-in engine (no server, no disk): the editor maps its
// commands onto stat/read/write and words the answer; bash hands the command to the live
// shell and words its outcome; failures carry the tool_result block with is_error.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FacetConfig } from '../../../src/config.js';
import {
  engineFailure,
  type Engine,
  type FileStat,
  type LiveOutcome,
  type ReadResult,
  type WriteResult,
} from '../../../src/engine/index.js';
import type { ToolResult } from '../../../src/registry/types.js';
import type { ToolMaker } from '../../../src/shapes/common/define.js';
import { bash } from '../../../src/shapes/anthropic/bash.js';
import { anthropicDialect } from '../../../src/shapes/anthropic/errors.js';
import { strReplaceBasedEditTool } from '../../../src/shapes/anthropic/str-replace-based-edit-tool.js';
import { fakeContext, fakeEngine } from '../../helpers/fake-engine.js';

const config = { anthropic: { maxCharacters: 0, bashTimeoutMs: 5000 } } as FacetConfig;

async function run<A>(make: ToolMaker<A>, engine: Engine, args: A): Promise<ToolResult> {
  const tool = make({ config, engine }, anthropicDialect);
  return (await tool.handler(args, fakeContext('anthropic'))) as ToolResult;
}

const file: FileStat = { path: '/project/a.py', exists: true, isFile: true, isDirectory: false, size: 8, mtimeMs: 0 };
const read = {
  kind: 'text',
  path: '/project/a.py',
  lines: ['x = 1', 'y = 2', ''],
  eols: ['\n', '\n', ''],
} as unknown as ReadResult;

test('str_replace: the whole text read, the one match replaced, written as is; the snippet and the tool_result block', async () => {
  const writes: unknown[] = [];
  const engine = fakeEngine({
    files: {
      stat: () => Promise.resolve(file),
      read: (_c, path, opts) => {
        assert.deepEqual([path, opts], ['a.py', { finalEmptyLine: true, media: [] }]);
        return Promise.resolve(read);
      },
      write: (_c, path, content, opts) => {
        writes.push({ path, content, opts });
        return Promise.resolve({ path: '/project/a.py' } as WriteResult);
      },
    },
  });
  const r = await run(strReplaceBasedEditTool, engine, {
    command: 'str_replace',
    path: 'a.py',
    old_str: 'y = 2',
    new_str: 'y = 3',
  });
  assert.deepEqual(writes, [{ path: 'a.py', content: 'x = 1\ny = 3\n', opts: { lineEnding: 'keep' } }]);
  const text =
    "The file a.py has been edited. Here's the result of running `cat -n` on a snippet of a.py:\n     1\tx = 1\n     2\ty = 3\n     3\t\n" +
    'Review the changes and make sure they are as expected. Edit the file again if necessary.';
  assert.equal(r.text, text);
  assert.deepEqual(r.data, { type: 'tool_result', content: text });
  assert.equal(r.failure, undefined);
});

test('a path outside the roots, raised by the engine, in the documented permission words with is_error', async () => {
  const engine = fakeEngine({
    files: {
      stat: () =>
        Promise.reject(
          engineFailure('outside_roots', '/etc/x is outside the roots', {
            path: '/etc/x',
            resolved: '/etc/x',
            roots: ['/project'],
          }),
        ),
    },
  });
  const r = await run(strReplaceBasedEditTool, engine, { command: 'create', path: '/etc/x', file_text: 'x' });
  const text =
    'Error: Permission denied. Cannot write to file. /etc/x is outside the directories this session may use (/project).';
  assert.equal(r.text, text);
  assert.deepEqual(r.data, { type: 'tool_result', content: text, is_error: true });
});

test('bash: the command and the configured timeout go to the live shell; a non-zero exit is shown first and is an error', async () => {
  const calls: unknown[] = [];
  const outcome: LiveOutcome = {
    output: 'boom',
    totalBytes: 5,
    totalLines: 1,
    truncated: false,
    started: true,
    end: { type: 'exit', code: 2, cwd: '/project' },
  };
  const engine = fakeEngine({
    shell: {
      runLive: (_c: unknown, command: string, opts: { timeoutMs: number }) => {
        calls.push({ command, timeoutMs: opts.timeoutMs });
        return Promise.resolve(outcome);
      },
    },
  });
  const r = await run(bash, engine, { command: 'make' });
  assert.deepEqual(calls, [{ command: 'make', timeoutMs: 5000 }]);
  assert.equal(r.text, '<system>Exit code 2</system>\nboom');
  assert.deepEqual(r.data, { type: 'tool_result', content: '<system>Exit code 2</system>\nboom', is_error: true });
  assert.equal(r.failure?.kind, 'process_failed');
});

test('bash restart: the session is restarted, no command runs', async () => {
  let restarted = 0;
  const engine = fakeEngine({ shell: { restartLive: () => (restarted++, true) } });
  const r = await run(bash, engine, { restart: true, command: 'ignored' });
  assert.equal(restarted, 1);
  assert.deepEqual(r.data, { type: 'tool_result', content: 'Bash session restarted' });
});
