// Every codex tool's catalog examples, read back through DescribeTool and called over gRPC
// once each, against a workspace laid out so that each example does what it promises.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { tempDir, unary } from '../../helpers/server.js';
import type { CallToolResponse } from '../../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { codexServer, norm, sessionId } from './helpers.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

// The machine's ~/.npmrc may hold settings npm warns about: npm reads an empty one here.
const npmrc = tempDir('facet-npmrc-');
writeFileSync(path.join(npmrc.dir, 'npmrc'), 'update-notifier=false\n');
const e = codexServer(['--shell-env', `NPM_CONFIG_USERCONFIG=${path.join(npmrc.dir, 'npmrc')}`]);
before(async () => {
  const w = (p: string, s: string | Buffer) => {
    mkdirSync(path.dirname(path.join(e.dir, p)), { recursive: true });
    writeFileSync(path.join(e.dir, p), s);
  };
  w('app.py', 'def greet():\n    print("hi")\n');
  w('docs/screenshot.png', PNG);
  const main = ['def main():'];
  for (let i = 2; i <= 130; i++) main.push(i % 10 === 0 ? `def f${i}():` : `    x${i} = ${i}  # TODO`);
  w('src/main.py', main.join('\n') + '\n');
  w('src/lib.rs', 'fn parse_config() {}\n');
  for (let i = 0; i < 30; i++) w(`many/f${i}.txt`, 'x\n'); // list_dir's second page needs more than 25 entries
  w('package.json', JSON.stringify({ name: 'x', version: '1.0.0', scripts: { test: 'echo tests pass' } }));
});
after(() => npmrc.cleanup());

const lines = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, k) => from + k)
    .map((n) => `L${n}: ${n === 1 ? 'def main():' : n % 10 === 0 ? `def f${n}():` : `    x${n} = ${n}  # TODO`}`)
    .join('\n');
const LS = '.\n..\napp.py\ndocs\nmany\npackage.json\nsrc\n';
const many = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, k) => `f${from + k}.txt`)
    .sort()
    .map((f) => `  ${f}`);

/**
 * Each example's exact text (after norm: chunk ids and times as placeholders); a RegExp only where the machine shows
 * through.
 */
function expected(dir: string): Record<string, string | RegExp> {
  return {
    'exec_command: List the files of the project': `Chunk ID: <id>\nWall time: <t> seconds\nProcess exited with code 0\nOriginal token count: 10\nOutput:\n${LS}`,
    // The interpreter's banner names its version and build date.
    'exec_command: Start a Python prompt to type into':
      /^Chunk ID: <id>\nWall time: <t> seconds\nProcess running with session ID \d+\nOriginal token count: \d+\nOutput:\nPython 3\.[^\n]*\r\nType "help", "copyright", "credits" or "license" for more information\.\r\n>>> $/,
    'write_stdin: Evaluate an expression in a Python prompt started with tty':
      /^Chunk ID: <id>\nWall time: <t> seconds\nProcess running with session ID \d+\nOriginal token count: 4\nOutput:\n1 \+ 1\r\n2\r\n>>> $/,
    'write_stdin: Wait for more output of a long build':
      'Chunk ID: <id>\nWall time: <t> seconds\nProcess exited with code 0\nOriginal token count: 2\nOutput:\nbuilt\n',
    'shell_command: Show the files of the session directory': `Exit code: 0\nWall time: <t> seconds\nOutput:\n${LS}`,
    'shell_command: Run the test suite with more time':
      'Exit code: 0\nWall time: <t> seconds\nOutput:\n\n> x@1.0.0 test\n> echo tests pass\n\ntests pass\n',
    'shell: Run a shell line': JSON.stringify({ output: LS, metadata: { exit_code: 0, duration_seconds: 0 } }).replace(
      '"duration_seconds":0',
      '"duration_seconds":<t>',
    ),
    'shell: Run a program directly':
      /^\{"output":"git version \d+\.\d+[^"]*\\n","metadata":\{"exit_code":0,"duration_seconds":<t>\}\}$/,
    'apply_patch: Change a line in one file and add another file': JSON.stringify({
      output: 'Success. Updated the following files:\nA NOTES.md\nM app.py\n',
      metadata: { exit_code: 0, duration_seconds: 0 },
    }).replace('"duration_seconds":0', '"duration_seconds":<t>'),
    'update_plan: Start a three-step plan': 'Plan updated',
    'view_image: Look at a screenshot': `Image ${dir}/docs/screenshot.png (image/png, 1x1, 70 bytes)`,
    'read_file: Read the first 50 lines': lines(1, 50),
    'read_file: Read the function around line 120': lines(101, 130),
    'list_dir: Look at the top of a project': [
      `Absolute path: ${dir}`,
      'NOTES.md',
      'app.py',
      'docs/',
      '  screenshot.png',
      'many/',
      ...many(0, 29).slice(0, 20),
      'More than 25 entries found',
    ].join('\n'),
    'list_dir: The next page': [
      `Absolute path: ${dir}`,
      ...many(0, 29).slice(20),
      'package.json',
      'src/',
      '  lib.rs',
      '  main.py',
    ].join('\n'),
    'grep_files: Files that define a function': `${dir}/src/lib.rs`,
    'grep_files: The ten newest files mentioning TODO under src': `${dir}/src/main.py`,
  };
}

/** The host's block (the last structured item), with the directory and the run's duration as placeholders. */
function display(res: CallToolResponse, dir: string): unknown {
  const items = res.content.flatMap((c) =>
    c.body?.$case === 'structured' ? [c.body.value as { display?: unknown }] : [],
  );
  const j = JSON.stringify(items.at(-1)?.display ?? null)
    .replaceAll(dir, '<dir>')
    .replace(/"durationMs":\d+/, '"durationMs":"<t>"');
  return JSON.parse(j);
}

const ran = (bytes: number, lines: number, timeoutMs: number) => ({
  summary: 'Exited with code 0',
  exitCode: 0,
  signal: null,
  truncated: false,
  counts: { outputBytes: bytes, outputLines: lines, durationMs: '<t>' },
  details: { cwd: '<dir>', timeoutMs },
});

/** The display blocks pinned (the exec and apply_patch ones are pinned by their own tests). */
const DISPLAY: Record<string, unknown> = {
  'shell_command: Show the files of the session directory': { tool: 'shell_command', ...ran(39, 7, 10_000) },
  'shell_command: Run the test suite with more time': { tool: 'shell_command', ...ran(46, 5, 120_000) },
  'shell: Run a shell line': { tool: 'shell', ...ran(39, 7, 10_000) },
  'update_plan: Start a three-step plan': {
    tool: 'update_plan',
    summary: '0 of 3 steps completed',
    counts: { steps: 3, completed: 0 },
    details: {
      plan: [
        { step: 'Reproduce the failure', status: 'in_progress' },
        { step: 'Fix the parser', status: 'pending' },
        { step: 'Run the tests', status: 'pending' },
      ],
      explanation: 'Fixing the failing parser test',
    },
  },
  'view_image: Look at a screenshot': {
    tool: 'view_image',
    summary: 'Viewed docs/screenshot.png',
    paths: ['<dir>/docs/screenshot.png'],
    counts: { bytes: 70 },
    details: { mediaType: 'image/png', detail: 'high', width: 1, height: 1 },
  },
  'read_file: Read the first 50 lines': {
    tool: 'read_file',
    summary: 'Read lines 1-50 of src/main.py',
    paths: ['<dir>/src/main.py'],
    counts: { lines: 50, firstLine: 1, lastLine: 50 },
    truncated: true,
    details: { mode: 'slice', encoding: 'utf8' },
  },
  'read_file: Read the function around line 120': {
    tool: 'read_file',
    summary: 'Read lines 101-130 of src/main.py',
    paths: ['<dir>/src/main.py'],
    counts: { lines: 30, firstLine: 101, lastLine: 130 },
    truncated: false,
    details: { mode: 'indentation', encoding: 'utf8', totalLines: 130 },
  },
  'list_dir: Look at the top of a project': {
    tool: 'list_dir',
    summary: 'Listed 25 entries of <dir>',
    paths: ['<dir>'],
    counts: { shown: 25, total: 39 },
    truncated: true,
    details: { offset: 1 },
  },
  'list_dir: The next page': {
    tool: 'list_dir',
    summary: 'Listed 14 entries of <dir>',
    paths: ['<dir>'],
    counts: { shown: 14, total: 39 },
    truncated: false,
    details: { offset: 26 },
  },
  'grep_files: Files that define a function': {
    tool: 'grep_files',
    paths: ['<dir>/src/lib.rs'],
    counts: { files: 1, totalFiles: 1 },
    truncated: false,
    details: { backend: 'rg' },
    summary: '1 matching file',
  },
  'grep_files: The ten newest files mentioning TODO under src': {
    tool: 'grep_files',
    paths: ['<dir>/src/main.py'],
    counts: { files: 1, totalFiles: 1 },
    truncated: false,
    details: { backend: 'rg' },
    summary: '1 matching file',
  },
};

test('every example of every codex tool gives its pinned result', async () => {
  const summaries = await unary(
    e.t.client.listToolSummaries,
    e.t.client,
    { tagsFilter: [] },
    { shape: 'codex@0.169.0' },
  );
  const names = summaries.tools.map((t) => t.name);
  assert.equal(names.length, 10);
  const want = expected(e.dir);
  const seen: string[] = [];
  // write_stdin's examples need live processes: a Python prompt (from exec_command's example) and a short job to wait
  // for.
  const ids: number[] = [];
  for (const name of ['exec_command', ...names.filter((n) => n !== 'exec_command')]) {
    const spec = (await unary(e.t.client.describeTool, e.t.client, { name }, { shape: 'codex@0.169.0' })).tool!;
    assert.ok(spec.examples.length >= 1, `${name} has examples`);
    for (const [k, ex] of spec.examples.entries()) {
      const key = `${name}: ${ex.description}`;
      let args = JSON.parse(JSON.stringify(ex.arguments).replaceAll('/srv/app', e.dir)) as Record<string, unknown>;
      if (name === 'write_stdin') {
        if (ids.length < 2)
          ids.push(sessionId(await e.call('exec_command', { cmd: 'sleep 0.3; echo built', yield_time_ms: 250 })));
        args = { ...args, session_id: ids[k] };
      }
      const res = await e.call(name, args);
      assert.equal(res.error, '', `${key}: ${res.error}`);
      if (name === 'exec_command' && args.tty) ids.unshift(sessionId(res));
      const text = norm(res);
      const pinned = want[key];
      assert.ok(pinned !== undefined, `no pinned result for ${key}`);
      if (pinned instanceof RegExp) assert.match(text, pinned, key);
      else assert.equal(text, pinned, key);
      if (key in DISPLAY) assert.deepEqual(display(res, e.dir), DISPLAY[key], `${key}: display`);
      seen.push(key);
    }
  }
  assert.deepEqual(seen, Object.keys(want));
});
