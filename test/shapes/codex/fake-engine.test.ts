// The codex tools over a stand-in engine (no server, no disk): each tool's call maps Codex's
// arguments onto the engine call the test fakes, and its format words the canned answer as
// Codex does; a failure the engine raises is worded by the codex dialect's error table.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  engineFailure,
  type Engine,
  type JobRead,
  type JobSnapshot,
  type ListResult,
  type ReadResult,
} from '../../../src/engine/index.js';
import type { HandlerContext, ToolDefinition, ToolResult } from '../../../src/registry/types.js';
import { buildTools } from '../../../src/shapes/common/define.js';
import { codexDialect } from '../../../src/shapes/codex/errors.js';
import { execCommand149 as execCommand } from '../../../src/shapes/codex/exec-command.js';
import { grepFiles } from '../../../src/shapes/codex/grep-files.js';
import { listDir } from '../../../src/shapes/codex/list-dir.js';
import { readFile } from '../../../src/shapes/codex/read-file.js';
import { updatePlan149 as updatePlan } from '../../../src/shapes/codex/update-plan.js';
import { writeStdin149 as writeStdin } from '../../../src/shapes/codex/write-stdin.js';
import type { FacetConfig } from '../../../src/config.js';
import { fakeContext, fakeEngine } from '../../helpers/fake-engine.js';

/** The codex tools over `engine`, by name. */
function tools(engine: Engine): Map<string, ToolDefinition> {
  const defs = buildTools({ config: {} as FacetConfig, engine }, codexDialect, [
    execCommand,
    writeStdin,
    readFile,
    listDir,
    grepFiles,
    updatePlan,
  ]);
  return new Map(defs.map((d) => [d.name, d]));
}

async function call(
  engine: Engine,
  name: string,
  args: Record<string, unknown>,
  ctx: HandlerContext = fakeContext('codex'),
): Promise<ToolResult> {
  return (await tools(engine).get(name)!.handler(args, ctx)) as ToolResult;
}

const text = (lines: string[], startLine: number): ReadResult => ({
  kind: 'text',
  path: '/project/src/app.py',
  relative: 'src/app.py',
  size: 60,
  mtimeMs: 0,
  encoding: 'utf-8',
  bom: false,
  lineEnding: 'lf',
  lines,
  eols: lines.map(() => '\n'),
  startLine,
  endLine: startLine + lines.length - 1,
  totalLines: 6,
  hasMore: false,
  stoppedBy: 'eof',
  truncatedLines: [],
  pastEnd: false,
  complete: false,
});

test('read_file slice: numbered "L<n>: " lines from the engine read of that range', async () => {
  const seen: unknown[] = [];
  const engine = fakeEngine({
    files: {
      read: (ctx, path, opts) => {
        seen.push([ctx.scope.roots, path, opts]);
        return Promise.resolve(text(['def greet():', '    print("hi")'], 4));
      },
    },
  });
  const r = await call(engine, 'read_file', { file_path: '/project/src/app.py', offset: 4, limit: 2 });
  assert.deepEqual(r, {
    text: 'L4: def greet():\nL5:     print("hi")',
    host: {
      tool: 'read_file',
      summary: 'Read lines 4-5 of src/app.py',
      paths: ['/project/src/app.py'],
      counts: { lines: 2, firstLine: 4, lastLine: 5 },
      truncated: false,
      details: { mode: 'slice', encoding: 'utf-8', totalLines: 6 },
    },
  });
  assert.deepEqual(seen, [
    [['/project'], '/project/src/app.py', { start: 4, limit: 2, maxLineChars: 500, media: [], utf8Lossy: true }],
  ]);
});

test('read_file indentation: the engine reads the whole file, the block around the anchor is shown', async () => {
  const lines = ['import os', '', 'def greet():', '    # say it', '    print("hi")', 'greet()'];
  const engine = fakeEngine({ files: { read: () => Promise.resolve(text(lines, 1)) } });
  const r = await call(engine, 'read_file', {
    file_path: '/project/src/app.py',
    mode: 'indentation',
    indentation: { anchor_line: 5, max_levels: 1 },
  });
  assert.equal(r.text, 'L3: def greet():\nL4:     # say it\nL5:     print("hi")\nL6: greet()');
});

test('read_file: a path outside the roots is worded by the codex error table, with its roots', async () => {
  const engine = fakeEngine({
    files: {
      read: (_c, path) =>
        Promise.reject(
          engineFailure(
            'outside_roots',
            `${path} is outside the roots`,
            { path, roots: ['/project'] },
            { field: 'path' },
          ),
        ),
    },
  });
  const r = await call(engine, 'read_file', { file_path: '/etc/passwd' });
  assert.equal(
    r.text,
    '/etc/passwd is outside the directories this session may use (/project); use a path inside them',
  );
  assert.equal(r.failure?.condition, 'outside_roots');
  assert.equal(r.failure?.field, 'file_path', "the engine's field under the tool's own name");
  assert.deepEqual(r.host, {
    tool: 'read_file',
    summary: '/etc/passwd is outside the roots',
    failure: 'permission_denied',
    paths: ['/etc/passwd'],
  });
});

test('read_file: a missing file points at list_dir and grep_files', async () => {
  const engine = fakeEngine({
    files: { read: (_c, path) => Promise.reject(engineFailure('path_missing', `${path} does not exist`, { path })) },
  });
  const r = await call(engine, 'read_file', { file_path: '/project/nope.py' });
  assert.equal(
    r.text,
    '/project/nope.py does not exist; list_dir shows what a directory holds and grep_files finds files by their contents',
  );
});

test('list_dir: entries in byte order, indented by depth, with type suffixes', async () => {
  const entry = (relative: string, depth: number, type: 'file' | 'directory' | 'symlink') => ({
    name: relative.split('/').pop()!,
    relative,
    depth,
    type,
    size: 0,
    mtimeMs: 0,
  });
  const listed: ListResult = {
    path: '/project',
    entries: [
      entry('src/main.py', 2, 'file'),
      entry('src', 1, 'directory'),
      entry('README.md', 1, 'file'),
      entry('link', 1, 'symlink'),
    ],
    offset: 0,
    total: 4,
    omitted: 0,
    complete: true,
    ignored: {},
    sized: true,
  };
  let opts: unknown;
  const engine = fakeEngine({ search: { list: (_c, _p, o) => ((opts = o), Promise.resolve(listed)) } });
  const r = await call(engine, 'list_dir', { dir_path: '/project', limit: 3 });
  assert.equal(r.text, 'Absolute path: /project\nREADME.md\nlink@\nsrc/\nMore than 3 entries found');
  assert.deepEqual(opts, { depth: 2, sort: 'name', includeHidden: true, maxCollect: 50_000 });
  assert.deepEqual(r.host.counts, { shown: 3, total: 4 });
});

test('grep_files: no match is a failed call answering "No matches found."', async () => {
  const engine = fakeEngine({
    search: {
      grep: () =>
        Promise.resolve({
          backend: 'rg',
          mode: 'files',
          base: '/project',
          files: [],
          shown: 0,
          offset: 0,
          total: 0,
          totalFiles: 0,
          totalMatchLines: 0,
          totalMatches: 0,
          truncated: false,
          timedOut: false,
        }),
    },
  });
  const r = await call(engine, 'grep_files', { pattern: 'TODO' });
  assert.equal(r.text, 'No matches found.');
  assert.equal(r.failure?.condition, 'no_matches');
  assert.deepEqual(r.host, {
    tool: 'grep_files',
    paths: [],
    counts: { files: 0, totalFiles: 0 },
    truncated: false,
    details: { backend: 'rg' },
    summary: 'No matches',
  });
});

test('update_plan: the steps go to the todo list; a second step in progress is worded in steps', async () => {
  const engine = fakeEngine({
    todos: {
      replace: (_c, items, rules) => {
        const busy = items.filter((t) => t.status === 'in_progress').length;
        if (busy > rules.inProgress!.max)
          throw engineFailure('too_many_in_progress', 'too many', { inProgress: busy, max: 1 });
        return items;
      },
    },
  });
  const ok = await call(engine, 'update_plan', {
    plan: [
      { step: 'Reproduce', status: 'completed' },
      { step: 'Fix', status: 'in_progress' },
    ],
  });
  assert.equal(ok.text, 'Plan updated');
  assert.deepEqual(ok.host, {
    tool: 'update_plan',
    summary: '1 of 2 steps completed',
    counts: { steps: 2, completed: 1 },
    details: {
      plan: [
        { step: 'Reproduce', status: 'completed' },
        { step: 'Fix', status: 'in_progress' },
      ],
    },
  });
  const bad = await call(engine, 'update_plan', {
    plan: [
      { step: 'A', status: 'in_progress' },
      { step: 'B', status: 'in_progress' },
    ],
  });
  assert.equal(
    bad.text,
    '2 steps are in_progress; at most one step may be in_progress at a time. The plan was not changed.',
  );
});

const job = (over: Partial<JobSnapshot>): JobSnapshot =>
  ({ id: 'j1', number: 1, pid: 4321, status: 'running', exitCode: null, signal: null, ...over }) as JobSnapshot;
const read = (j: JobSnapshot, out: string): JobRead => ({
  job: j,
  text: out,
  head: out,
  tail: '',
  truncated: false,
  omittedBytes: 0,
  fromOffset: 0,
  toOffset: out.length,
  rangeBytes: out.length,
  rangeLines: 1,
  hasMore: false,
});

test('exec_command then write_stdin: a running command gets a session id that write_stdin polls until it exits', async () => {
  const engine = fakeEngine({
    shell: {
      start: (_c, opts) => {
        assert.deepEqual(
          [opts.command, opts.login, opts.tty, opts.env?.TERM],
          ['sleep 1; echo done', true, false, 'dumb'],
        );
        return Promise.resolve(job({}));
      },
      output: (_c, id, opts) => {
        assert.deepEqual([id, opts?.waitMs, opts?.maxBytes], ['j1', 250, 40_000]);
        return Promise.resolve(read(job({}), ''));
      },
      job: () => job({}),
      write: (_c, id, chars) => {
        assert.deepEqual([id, chars], ['j1', '']);
        return Promise.resolve(read(job({ status: 'completed', exitCode: 0 }), 'done\n'));
      },
    },
  });
  const ctx = fakeContext('codex');
  const started = await call(engine, 'exec_command', { cmd: 'sleep 1; echo done', yield_time_ms: 10 }, ctx);
  const id = Number(/^Process running with session ID (\d+)$/m.exec(started.text)?.[1]);
  assert.ok(id >= 1000 && id < 100_000);
  assert.deepEqual(started.host, {
    tool: 'exec_command',
    summary: `Still running as session ${id}`,
    exitCode: null,
    truncated: false,
    counts: { outputBytes: 0, outputLines: 1 },
    details: { jobId: 'j1', pid: 4321, sessionId: id },
  });
  const ended = await call(engine, 'write_stdin', { session_id: id }, ctx);
  assert.match(
    ended.text,
    /^Chunk ID: [0-9a-f]{6}\nWall time: \d+\.\d{4} seconds\nProcess exited with code 0\nOriginal token count: 2\nOutput:\ndone\n$/,
  );
  assert.deepEqual(
    { ...ended.data, chunk_id: '', wall_time_seconds: 0 },
    { chunk_id: '', wall_time_seconds: 0, exit_code: 0, original_token_count: 2, output: 'done\n' },
  );
  const gone = await call(engine, 'write_stdin', { session_id: id }, ctx);
  assert.equal(gone.failure?.condition, 'unknown_process');
  assert.equal(
    gone.text,
    `no running process has session id ${id}; it may have exited already — start it again with exec_command`,
  );
});
