// The grok tools over a stand-in engine (no server, no disk): each tool's call maps Grok CLI's
// arguments onto the engine call the test fakes, its format words the canned answer as Grok
// CLI does, and a failure the engine raises is worded by the tool's table or the grok dialect.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FacetConfig } from '../../../src/config.js';
import {
  engineFailure,
  type EditResult,
  type Engine,
  type GrepResult,
  type ReadResult,
  type RunOutcome,
} from '../../../src/engine/index.js';
import type { HandlerContext, ToolDefinition, ToolResult } from '../../../src/registry/types.js';
import { buildTools } from '../../../src/shapes/common/define.js';
import { bash0034 as bash } from '../../../src/shapes/grok/bash.js';
import { grokDialect } from '../../../src/shapes/grok/errors.js';
import { search } from '../../../src/shapes/grok/search.js';
import { strReplaceEditor } from '../../../src/shapes/grok/str-replace-editor.js';
import { updateTodoList } from '../../../src/shapes/grok/update-todo-list.js';
import { viewFile } from '../../../src/shapes/grok/view-file.js';
import { fakeContext, fakeEngine } from '../../helpers/fake-engine.js';

const config = { shell: { path: '/bin/sh' } } as FacetConfig;

function tools(engine: Engine): Map<string, ToolDefinition> {
  const defs = buildTools({ config, engine }, grokDialect, [viewFile, strReplaceEditor, bash, search, updateTodoList]);
  return new Map(defs.map((d) => [d.name, d]));
}

async function call(
  engine: Engine,
  name: string,
  args: Record<string, unknown>,
  ctx: HandlerContext = fakeContext('grok'),
): Promise<ToolResult> {
  return (await tools(engine).get(name)!.handler(args, ctx)) as ToolResult;
}

const fileStat = { path: '/project/a.txt', exists: true, isFile: true, isDirectory: false, size: 40, mtimeMs: 0 };

test('view_file without a range: stat, then the first 10 lines with the total counted, numbered "n: text"', async () => {
  const seen: unknown[] = [];
  const engine = fakeEngine({
    files: {
      stat: (_c, path) => Promise.resolve({ ...fileStat, path: `/project/${path}` }),
      read: (_c, path, opts) => {
        seen.push([path, opts]);
        return Promise.resolve({
          kind: 'text',
          path: '/project/a.txt',
          lines: ['one', 'two'],
          totalLines: 12,
          stoppedBy: 'limit',
        } as unknown as ReadResult);
      },
    },
  });
  const r = await call(engine, 'view_file', { path: 'a.txt' });
  assert.deepEqual(seen, [
    ['a.txt', { start: 1, limit: 10, finalEmptyLine: true, countTotal: true, media: [], budget: undefined }],
  ]);
  assert.deepEqual(r, {
    text: 'Contents of a.txt:\n1: one\n2: two\n... +10 lines',
    host: { tool: 'view_file', paths: ['/project/a.txt'], counts: { lines: 2, totalLines: 12 } },
  });
});

test("view_file of a path that does not exist: the tool's own words, code NOT_FOUND", async () => {
  const engine = fakeEngine({
    files: {
      stat: () =>
        Promise.resolve({
          path: '/project/nope',
          exists: false,
          isFile: false,
          isDirectory: false,
          size: 0,
          mtimeMs: 0,
        }),
    },
  });
  const r = await call(engine, 'view_file', { path: 'nope' });
  assert.equal(r.text, 'File or directory not found: nope');
  assert.equal(r.failure?.condition, 'view_missing');
  assert.equal(r.failure?.kind, 'not_found');
});

test('str_replace_editor: a single-line old_str is matched exactly, once; the diff is worded "Updated ... with"', async () => {
  const seen: unknown[] = [];
  const diff = {
    added: 1,
    removed: 1,
    unified: '--- a\n+++ b\n',
    changedLines: [2],
    hunks: [{ oldStart: 1, oldLines: 2, newStart: 1, newLines: 2, lines: [' keep', '-foo', '+bar'] }],
  };
  const engine = fakeEngine({
    files: {
      edit: (_c, path, edits, opts) => {
        seen.push([path, edits, opts]);
        return Promise.resolve({
          path: '/project/b.txt',
          relative: 'b.txt',
          changed: true,
          replacements: 1,
          diff,
        } as unknown as EditResult);
      },
    },
  });
  const r = await call(engine, 'str_replace_editor', { path: 'b.txt', old_str: 'foo', new_str: 'bar' });
  assert.deepEqual(seen, [
    [
      'b.txt',
      [{ oldString: 'foo', newString: 'bar', occurrences: 'unique' }],
      { ladder: ['exact'], allowNoChange: true },
    ],
  ]);
  assert.equal(
    r.text,
    'Updated b.txt with 1 addition and 1 removal\n--- a/b.txt\n+++ b/b.txt\n@@ -1,2 +1,2 @@\n keep\n-foo\n+bar',
  );
  assert.deepEqual(r.host, {
    tool: 'str_replace_editor',
    paths: ['/project/b.txt'],
    diff: '--- a\n+++ b\n',
    diffNote: undefined,
    counts: { replacements: 1, added: 1, removed: 1 },
    summary: 'Edited b.txt',
  });
});

test('str_replace_editor failures: the tool table words no_match and ambiguous, the grok dialect words outside_roots', async () => {
  const raising = (err: Error) => fakeEngine({ files: { edit: () => Promise.reject(err) } });
  const args = { path: 'b.txt', old_str: 'foo', new_str: 'bar' };
  const noMatch = await call(
    raising(engineFailure('no_match', 'no match', { path: 'b.txt' })),
    'str_replace_editor',
    args,
  );
  assert.equal(noMatch.text, 'String not found in file: "foo"');
  const twice = await call(
    raising(engineFailure('ambiguous', 'twice', { count: 2, editIndex: 0, rung: 'exact' })),
    'str_replace_editor',
    args,
  );
  assert.equal(
    twice.text,
    'String found 2 times in b.txt; nothing was changed. Include more surrounding lines in old_str so it matches once, or set replace_all to true.',
  );
  assert.equal(twice.failure?.kind, 'conflict');
  const outside = await call(
    raising(engineFailure('outside_roots', 'outside', { path: '/etc/passwd', roots: ['/project'] })),
    'str_replace_editor',
    {
      ...args,
      path: '/etc/passwd',
    },
  );
  assert.equal(outside.text, 'Access denied: /etc/passwd is outside the workspace (/project)');
  assert.equal(outside.failure?.kind, 'permission_denied');
});

test("search both: grep counts by absolute path, then the engine's name hits, relative; at most 8 shown", async () => {
  const seen: unknown[] = [];
  const grep = {
    files: Array.from({ length: 7 }, (_, i) => ({ path: `/project/f${i}.ts`, matchLines: i + 1 })),
  } as unknown as GrepResult;
  const engine = fakeEngine({
    search: {
      grep: (_c, opts) => {
        seen.push(opts);
        return Promise.resolve(grep);
      },
      names: (_c, root, opts) => {
        seen.push([root, opts]);
        return Promise.resolve([
          { relative: 'src/conf.ts', score: 80 },
          { relative: 'lib/c-o-n-f.ts', score: 10 },
        ]);
      },
    },
  });
  const ctx = {
    ...fakeContext('grok'),
    scope: { roots: ['/project'], primary: '/project' },
  } as unknown as HandlerContext;
  const r = await call(engine, 'search', { query: 'conf', max_results: 5, exclude_pattern: 'vendor' }, ctx);
  assert.deepEqual(seen, [
    {
      pattern: 'conf',
      paths: ['/project'],
      fixedStrings: true,
      caseMode: 'insensitive',
      wordMatch: undefined,
      maxPerFile: 5,
      types: undefined,
      globs: ['!vendor', '!.git/**', '!node_modules/**', '!.DS_Store', '!*.log'],
      mode: 'count',
      sort: 'path',
    },
    [
      '/project',
      {
        query: 'conf',
        depth: 10,
        includeHidden: false,
        skipNames: ['node_modules', '.git', '.svn', '.hg', 'dist', 'build', '.next', '.cache'],
        excludeSubstring: 'vendor',
        max: 5,
      },
    ],
  ]);
  assert.equal(
    r.text,
    'Search results for "conf":\n' +
      '  /project/f0.ts (1 matches)\n  /project/f1.ts (2 matches)\n  /project/f2.ts (3 matches)\n  /project/f3.ts (4 matches)\n' +
      '  /project/f4.ts (5 matches)\n  /project/f5.ts (6 matches)\n  /project/f6.ts (7 matches)\n  src/conf.ts\n  ... +1 more',
  );
  assert.deepEqual(r.host.counts, { textFiles: 7, fileNames: 2 });
});

test('search refuses an empty query before any engine call, in Grok\'s "Search error" words', async () => {
  const r = await call(fakeEngine(), 'search', { query: '  ' });
  assert.equal(r.text, 'Search error: the query is empty');
  assert.equal(r.failure?.kind, 'invalid_argument');
});

test('update_todo_list: an unknown id is worded by the tool table; a known one answers the coloured list', async () => {
  const missing = fakeEngine({
    todos: {
      update: () => {
        throw engineFailure('todo_missing', 'no todo with id 9', { id: '9', known: ['1'] });
      },
    },
  });
  const r = await call(missing, 'update_todo_list', { updates: [{ id: '9', status: 'completed' }] });
  assert.equal(r.text, 'Todo with id 9 not found; no update was applied');
  assert.equal(r.failure?.kind, 'not_found');
  const items = [
    { id: '1', content: 'A', status: 'completed', priority: 'high' },
    { id: '2', content: 'B', status: 'in_progress', priority: 'low' },
  ] as const;
  const ok = await call(fakeEngine({ todos: { update: () => items.map((t) => ({ ...t })) } }), 'update_todo_list', {
    updates: [{ id: '1', status: 'completed' }],
  });
  assert.equal(ok.text, '\x1b[32m\x1b[9m● A\x1b[0m\n  \x1b[36m◐ B\x1b[0m\n');
  assert.deepEqual(ok.host.counts, { items: 2 });
});

test('bash: "cd <dir>" resolves through the engine and moves the session; other lines run with a 30 s limit', async () => {
  const seen: unknown[] = [];
  const out = (text: string) => ({
    text,
    head: text,
    tail: '',
    totalBytes: text.length,
    totalLines: 1,
    truncated: false,
    omittedBytes: 0,
  });
  const engine = fakeEngine({
    shell: {
      resolveCwd: (_c, dir) => Promise.resolve(`/project/${dir}`),
      run: (_c, opts) => {
        seen.push([opts.command, opts.timeoutMs, opts.maxTimeoutMs, opts.input, opts.maxOutputBytes]);
        return Promise.resolve({
          exitCode: 2,
          signal: null,
          timedOut: false,
          stdout: out('hi\n'),
          stderr: out('bad'),
          durationMs: 12.4,
        } as unknown as RunOutcome);
      },
    },
  });
  const ctx = fakeContext('grok');
  const cd = await call(engine, 'bash', { command: 'cd src' }, ctx);
  assert.deepEqual(cd, {
    text: 'Changed directory to: /project/src',
    host: { tool: 'bash', paths: ['/project/src'], details: { cwd: '/project/src' } },
  });
  assert.equal(ctx.session.cwd, '/project/src');
  const r = await call(engine, 'bash', { command: 'make' }, ctx);
  assert.deepEqual(seen, [['make', 30_000, 30_000, '', 1 << 20]]);
  assert.equal(r.text, 'Command failed: make (exit code 2)\nhi\n\nSTDERR: bad');
  assert.equal(r.failure?.kind, 'process_failed');
  assert.deepEqual(r.host, { tool: 'bash', exitCode: 2, signal: null, truncated: false, counts: { durationMs: 12 } });
});

test('bash: a cd to a missing directory keeps the engine\'s condition and is worded "Cannot change directory"', async () => {
  const engine = fakeEngine({
    shell: {
      resolveCwd: () =>
        Promise.reject(
          engineFailure('path_missing', 'the directory nope does not exist', { path: 'nope' }, { field: 'command' }),
        ),
    },
  });
  const r = await call(engine, 'bash', { command: 'cd nope' });
  assert.equal(r.text, 'Cannot change directory: nope does not exist');
  assert.equal(r.failure?.condition, 'path_missing');
});
