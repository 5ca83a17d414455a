// Gemini's tool tables over a stand-in engine (no server, no disk): each tool passes its
// arguments to the engine call it maps onto and words the engine's structured answer, and a
// failure is worded through Gemini's error table with its ToolErrorType in the host block.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FacetConfig } from '../../../src/config.js';
import { engineFailure, type Engine, type GrepResult, type TextRead } from '../../../src/engine/index.js';
import type { ToolResult } from '../../../src/registry/types.js';
import type { ToolMaker } from '../../../src/shapes/common/define.js';
import { geminiDialect } from '../../../src/shapes/gemini/errors.js';
import { grepSearch } from '../../../src/shapes/gemini/grep-search.js';
import { listDirectory } from '../../../src/shapes/gemini/list-directory.js';
import { readFile } from '../../../src/shapes/gemini/read-file.js';
import { replace } from '../../../src/shapes/gemini/replace.js';
import { writeTodos } from '../../../src/shapes/gemini/write-todos.js';
import { fakeContext, fakeEngine } from '../../helpers/fake-engine.js';

async function call<A>(make: ToolMaker<A>, engine: Engine, args: A): Promise<ToolResult> {
  const tool = make({ config: {} as FacetConfig, engine }, geminiDialect);
  return (await tool.handler(args, fakeContext('gemini'))) as ToolResult;
}

const text: TextRead = {
  kind: 'text',
  path: '/project/src/a.ts',
  relative: 'src/a.ts',
  size: 30,
  mtimeMs: 0,
  encoding: 'utf-8',
  bom: false,
  lineEnding: 'lf',
  lines: ['one', 'two'],
  eols: ['\n', '\n'],
  startLine: 2,
  endLine: 3,
  totalLines: 5,
  hasMore: true,
  stoppedBy: 'limit',
  truncatedLines: [3],
  pastEnd: false,
  complete: false,
};

test('read_file: a window of lines comes back under the truncation notice, the cut line marked', async () => {
  const seen: unknown[] = [];
  const engine = fakeEngine({
    files: {
      hidden: (_c, path, ignoreFiles, gitignore) => (
        seen.push({ path, ignoreFiles, gitignore }),
        Promise.resolve(undefined)
      ),
      stat: (_c, path) =>
        Promise.resolve({
          path: `/project/${path}`,
          exists: true,
          isFile: true,
          isDirectory: false,
          size: 30,
          mtimeMs: 0,
        }),
      forModel: (_c, path, opts) => (
        seen.push({ path, start: opts?.start, limit: opts?.limit, av: opts?.audioVideoMax }),
        Promise.resolve(text)
      ),
    },
  });
  const r = await call(readFile, engine, { file_path: 'src/a.ts', start_line: 2, end_line: 3 });
  assert.deepEqual(seen, [
    { path: 'src/a.ts', ignoreFiles: ['.geminiignore'], gitignore: true },
    { path: 'src/a.ts', start: 2, limit: 2, av: 20 * 1024 * 1024 },
  ]);
  assert.equal(
    r.text,
    "\nIMPORTANT: The file content has been truncated.\nStatus: Showing lines 2-3 of 5 total lines.\nAction: To read more of the file, you can use the 'start_line' and 'end_line' parameters in a subsequent 'read_file' call. For example, to read the next section of the file, use start_line: 4.\n\n--- FILE CONTENT (truncated) ---\none\ntwo... [truncated]",
  );
  assert.deepEqual(r.host, {
    tool: 'read_file',
    paths: ['/project/src/a.ts'],
    summary: 'Read lines 2-3 of 5 from src/a.ts',
    counts: { startLine: 2, endLine: 3, totalLines: 5 },
    truncated: true,
  });
  assert.equal(r.failure, undefined);
});

test('read_file: start_line after end_line is refused before the engine is asked', async () => {
  const r = await call(readFile, fakeEngine(), { file_path: 'a.ts', start_line: 5, end_line: 2 });
  assert.equal(r.text, 'Invalid parameters: start_line cannot be greater than end_line.');
  assert.equal(r.failure?.kind, 'invalid_argument');
  assert.equal((r.host.details as Record<string, unknown>).error_type, 'invalid_tool_params');
});

test("replace: the engine's no_match is worded by Gemini's table as edit_no_occurrence_found", async () => {
  const engine = fakeEngine({
    files: {
      edit: (_c, path) => Promise.reject(engineFailure('no_match', `no match in ${path}`, { path, editIndex: 0 })),
    },
  });
  const r = await call(replace, engine, {
    file_path: 'src/a.ts',
    instruction: 'fix',
    old_string: 'x',
    new_string: 'y',
  });
  assert.equal(
    r.text,
    "No exact match for 'old_string' was found in 'src/a.ts', so nothing was changed. The file may differ from what you remember (an earlier edit, or lines outside what you read): read_file the target lines and retry with text copied exactly.",
  );
  assert.equal(r.failure?.condition, 'no_match');
  assert.deepEqual(r.host.details, { error_type: 'edit_no_occurrence_found' });
  assert.equal(r.host.tool, 'replace');
});

test('replace: new_string adding an omission placeholder is refused as invalid_tool_params', async () => {
  const r = await call(replace, fakeEngine(), {
    file_path: 'a.ts',
    instruction: 'x',
    old_string: 'a()',
    new_string: 'a()\n// ... rest of methods ...',
  });
  assert.equal(
    r.text,
    'Invalid parameters: `new_string` holds an omission placeholder ("// ... rest of methods ..."); give the exact literal replacement text.',
  );
  assert.deepEqual(r.host.details, { error_type: 'invalid_tool_params' });
});

test('list_directory: a missing directory is a failed listing (ls_execution_error)', async () => {
  const engine = fakeEngine({
    search: { list: (_c, path) => Promise.reject(engineFailure('path_missing', `${path} does not exist`, { path })) },
  });
  const r = await call(listDirectory, engine, { dir_path: 'nope' });
  assert.equal(r.text, 'Error: Directory not found: nope. Check the path with list_directory on its parent.');
  assert.deepEqual(r.host.details, { error_type: 'ls_execution_error' });
  assert.equal(r.failure?.kind, 'not_found');
});

test('grep_search: matches become File:/L<n>: blocks; four matches get no added context', async () => {
  const calls: number[] = [];
  const result: GrepResult = {
    backend: 'rg',
    mode: 'content',
    base: '/project',
    files: [
      {
        path: '/project/a.ts',
        relative: 'a.ts',
        matchLines: 4,
        matches: 4,
        lines: [1, 2, 3, 4].map((line) => ({ line, kind: 'match' as const, text: `todo ${line}` })),
      },
    ],
    shown: 4,
    offset: 0,
    total: 4,
    totalFiles: 1,
    totalMatchLines: 4,
    totalMatches: 4,
    truncated: false,
    timedOut: false,
  };
  const engine = fakeEngine({
    search: { grep: (_c, opts) => (calls.push(opts.maxTotal ?? 0), Promise.resolve(result)) },
  });
  const r = await call(grepSearch, engine, { pattern: 'todo' });
  assert.deepEqual(calls, [100]);
  assert.equal(
    r.text,
    'Found 4 matches for pattern "todo" in path ".":\n---\nFile: a.ts\nL1: todo 1\nL2: todo 2\nL3: todo 3\nL4: todo 4\n---',
  );
  assert.deepEqual(r.host.counts, { matches: 4, files: 1 });
});

test('write_todos: the list goes to the engine with its rules and comes back numbered', async () => {
  const engine = fakeEngine({ todos: { replace: (_c, items) => items } });
  const r = await call(writeTodos, engine, {
    todos: [
      { description: 'Reproduce', status: 'completed' },
      { description: 'Fix', status: 'in_progress' },
    ],
  });
  assert.equal(
    r.text,
    'Successfully updated the todo list. The current list is now:\n1. [completed] Reproduce\n2. [in_progress] Fix',
  );
  assert.equal(r.host.summary, '2 todo(s)');
});
