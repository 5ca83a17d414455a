// The seam between shapes and the engine: core tools built over a stand-in engine (no server,
// no disk) pass the call's context and their own arguments through, word the engine's
// structured answer as a Reply (text, data, host block), and word its failures through the
// core dialect. What the real engine does is tested in test/files, test/search and test/shell.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  type Engine,
  type EngineContext,
  engineFailure,
  type GrepResult,
  type ReadResult,
  type RunOutcome,
} from '../../../src/engine/index.js';
import type { FacetConfig } from '../../../src/config.js';
import type { HandlerContext, ToolResult } from '../../../src/registry/types.js';
import { coreDialect } from '../../../src/shapes/core/errors.js';
import { readTool } from '../../../src/shapes/core/fs-read.js';
import { statTool } from '../../../src/shapes/core/fs-stat.js';
import { writeTool } from '../../../src/shapes/core/fs-write.js';
import { todosTool } from '../../../src/shapes/core/plan-todos.js';
import { grepTool } from '../../../src/shapes/core/search-grep.js';
import { runTool } from '../../../src/shapes/core/shell-run.js';
import { fakeContext, fakeEngine } from '../../helpers/fake-engine.js';

// The core tools read nothing of the configuration; the engine holds what they need.
const config = {} as FacetConfig;
const env = (engine: Engine) => ({ config, engine });

/** The context an engine call got is the handler's: same scope, session and signal. */
function sameContext(got: EngineContext, ctx: HandlerContext): void {
  assert.equal(got.scope, ctx.scope);
  assert.equal(got.session, ctx.session);
  assert.equal(got.signal, ctx.signal);
}

const TEXT: ReadResult = {
  kind: 'text',
  path: '/project/src/a.ts',
  relative: 'src/a.ts',
  size: 24,
  mtimeMs: 0,
  encoding: 'utf-8',
  bom: false,
  lineEnding: 'lf',
  lines: ['const a = 1;', 'export { a };'],
  eols: ['\n', '\n'],
  startLine: 3,
  endLine: 4,
  totalLines: 9,
  hasMore: true,
  stoppedBy: 'limit',
  truncatedLines: [],
  pastEnd: false,
  complete: false,
};

test('core fs.read over a fake engine: context and range go in, the lines, their data and a host block come out', async () => {
  const ctx = fakeContext('core');
  const seen: unknown[] = [];
  const engine = fakeEngine({
    files: {
      read: (c, path, opts) => {
        sameContext(c, ctx);
        seen.push([path, opts]);
        return Promise.resolve(TEXT);
      },
    },
  });
  const r = await readTool(env(engine), coreDialect).handler({ path: 'src/a.ts', offset: 3, limit: 2 }, ctx);
  assert.deepEqual(r, {
    text: 'const a = 1;\nexport { a };',
    data: {
      path: '/project/src/a.ts',
      kind: 'text',
      size: 24,
      startLine: 3,
      endLine: 4,
      hasMore: true,
      totalLines: 9,
      encoding: 'utf-8',
      lineEnding: 'lf',
    },
    host: { tool: 'fs.read', summary: 'Read src/a.ts', paths: ['/project/src/a.ts'], counts: { lines: 2, bytes: 24 } },
  });
  assert.deepEqual(seen, [
    [
      'src/a.ts',
      {
        start: 3,
        limit: 2,
        maxLineChars: undefined,
        countTotal: undefined,
        notebooks: true,
        budget: { unit: 'bytes', max: 1024 * 1024, overflow: 'exclude' },
      },
    ],
  ]);
});

test("core fs.read words a missing file through the core dialect: the engine's message and the next step", async () => {
  const missing = engineFailure('file_missing', 'no file at src/b.ts', { path: '/project/src/b.ts' });
  const engine = fakeEngine({ files: { read: () => Promise.reject(missing) } });
  const r = (await readTool(env(engine), coreDialect).handler({ path: 'src/b.ts' }, fakeContext('core'))) as ToolResult;
  assert.equal(r.text, "no file at src/b.ts. fs.list shows a folder's entries and search.glob finds files by name.");
  assert.equal(r.failure, missing);
  assert.deepEqual(r.host, {
    tool: 'fs.read',
    summary: 'no file at src/b.ts',
    failure: 'not_found',
    paths: ['/project/src/b.ts'],
  });
});

test('core fs.write words an existing file for mode create with its remedy; other tools keep the plain message', async () => {
  const exists = engineFailure('file_exists', 'config/app.json already exists', { path: '/project/config/app.json' });
  const engine = fakeEngine({ files: { write: () => Promise.reject(exists) } });
  const r = (await writeTool(env(engine), coreDialect).handler(
    { path: 'config/app.json', content: '{}', mode: 'create' },
    fakeContext('core'),
  )) as ToolResult;
  assert.equal(
    r.text,
    'config/app.json already exists. Use mode "overwrite" to replace it, or fs.edit to change part of it.',
  );
  const read = readTool(env(fakeEngine()), coreDialect);
  assert.equal(read.formatError!(exists, { path: 'x' }, fakeContext('core')), 'config/app.json already exists');
});

test("core fs.stat over a fake engine words the engine's answer", async () => {
  const ctx = fakeContext('core');
  const mtimeMs = Date.UTC(2026, 0, 2, 3, 4, 5);
  const engine = fakeEngine({
    files: {
      stat: (c, path) => {
        sameContext(c, ctx);
        return Promise.resolve({
          path: `/project/${path}`,
          exists: true,
          isFile: true,
          isDirectory: false,
          size: 1234,
          mtimeMs,
        });
      },
    },
  });
  const r = await statTool(env(engine), coreDialect).handler({ path: 'package-lock.json' }, ctx);
  const text = '/project/package-lock.json is a file of 1234 bytes, modified 2026-01-02T03:04:05.000Z';
  assert.deepEqual(r, {
    text,
    data: { path: '/project/package-lock.json', exists: true, isFile: true, isDirectory: false, size: 1234, mtimeMs },
    host: { tool: 'fs.stat', summary: text, paths: ['/project/package-lock.json'], counts: { bytes: 1234 } },
  });
});

test('core search.grep renders the page rg-style with compact line records', async () => {
  const page: GrepResult = {
    ...{
      backend: 'fallback',
      mode: 'content',
      base: '/project',
      shown: 2,
      offset: 0,
      total: 2,
      totalFiles: 1,
      totalMatchLines: 1,
      totalMatches: 1,
    },
    ...{ truncated: false, timedOut: false },
    files: [
      {
        path: '/project/a.ts',
        relative: 'a.ts',
        matchLines: 1,
        matches: 1,
        lines: [
          { kind: 'context', line: 1, text: '// a' },
          { kind: 'match', line: 2, text: 'let x = 1', submatches: [{ start: 4, end: 5 }] },
        ],
      },
    ],
  };
  const seen: unknown[] = [];
  const engine = fakeEngine({
    search: { grep: (_c, o) => (seen.push([o.before, o.after, o.limit]), Promise.resolve(page)) },
  });
  const r = (await grepTool(env(engine), coreDialect).handler(
    { pattern: 'x', context: 1 },
    fakeContext('core'),
  )) as ToolResult;
  assert.equal(r.text, 'a.ts-1-// a\na.ts:2:let x = 1');
  assert.deepEqual((r.data!.files as unknown[])[0], {
    path: 'a.ts',
    matchLines: 1,
    matches: 1,
    mtimeMs: undefined,
    lines: [
      { line: 1, text: '// a', context: true },
      { line: 2, text: 'let x = 1', spans: [4, 5] },
    ],
  });
  assert.deepEqual(r.host, {
    tool: 'search.grep',
    summary: '1 matching line in 1 file',
    paths: ['/project'],
    counts: { shown: 2, total: 2, files: 1, matchLines: 1, matches: 1 },
    truncated: false,
  });
  assert.deepEqual(seen, [[1, 1, 500]], 'context fills before and after; the page defaults to 500 lines');
});

test('core shell.run: a non-zero exit keeps the output as text, with the failure and its words apart', async () => {
  const captured = (text: string) => ({
    text,
    head: text,
    tail: '',
    totalBytes: text.length,
    totalLines: 1,
    truncated: false,
    omittedBytes: 0,
  });
  const outcome = {
    ...{
      pid: 7,
      exitCode: 2,
      signal: null,
      timedOut: false,
      idle: false,
      durationMs: 12.4,
      backgroundPids: [],
      leftovers: 'none',
    },
    ...{
      output: captured('boom\n'),
      stdout: captured(''),
      stderr: captured('boom\n'),
      cwd: '/project',
      timeoutMs: 120000,
      sessionCwd: '/project',
    },
  } as RunOutcome;
  const engine = fakeEngine({ shell: { run: () => Promise.resolve(outcome) } });
  const r = (await runTool(env(engine), coreDialect).handler({ command: 'false' }, fakeContext('core'))) as ToolResult;
  assert.equal(r.text, 'boom\n');
  assert.equal(r.error, 'the command exited with code 2');
  assert.equal(r.failure?.kind, 'process_failed');
  assert.deepEqual(r.failure?.process, {
    tool: 'bash',
    exitCode: 2,
    signal: '',
    output: 'boom\n',
    outputTruncated: false,
    backend: 'child_process',
  });
  assert.deepEqual(r.host, {
    tool: 'shell.run',
    summary: 'the command exited with code 2',
    exitCode: 2,
    signal: null,
    truncated: false,
    counts: { outputBytes: 5, outputLines: 1 },
  });
  assert.equal(r.data?.durationMs, 12);
});

test('core plan.todos replaces the list, numbering items without ids', async () => {
  const ctx = fakeContext('core');
  const engine = fakeEngine({ todos: { replace: (c, items) => (sameContext(c, ctx), items) } });
  const r = await todosTool(env(engine), coreDialect).handler(
    { todos: [{ content: 'Reproduce', status: 'in_progress' }] },
    ctx,
  );
  const todos = [{ id: '1', content: 'Reproduce', status: 'in_progress', priority: undefined }];
  assert.deepEqual(r, {
    text: '1. [in_progress] Reproduce',
    data: { todos },
    host: {
      tool: 'plan.todos',
      summary: '1 item, 0 completed',
      counts: { items: 1, completed: 0 },
      details: { todos },
    },
  });
});
