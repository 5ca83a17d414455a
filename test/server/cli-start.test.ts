// Start-up refusals of the real `facet` binary: every bad value (a flag, a FACET_* variable,
// a root that is a file or missing) stops it before it serves, with a message naming the
// source and the one exit code the README documents.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { EXIT_BAD_START, parseConfig } from '../../src/config.js';
import { startServer } from '../../src/server/server.js';
import { createLogger } from '../../src/server/logger.js';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import { callTool, startTestServer, tempDir, withServer } from '../helpers/server.js';

const CLI = path.resolve('dist/src/cli.js');
const run = promisify(execFile);

/** Runs `facet serve ...` expecting it to refuse; returns its exit code and stderr. */
async function refused(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stderr: string }> {
  try {
    await run(process.execPath, [CLI, 'serve', '--listen', '127.0.0.1:0', ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      timeout: 20_000,
    });
  } catch (e) {
    const err = e as { code: number; stderr: string };
    return { code: err.code, stderr: err.stderr };
  }
  throw new Error('facet started');
}

test('the README documents the start-up exit code', () => {
  assert.equal(EXIT_BAD_START, 2);
  assert.ok(readFileSync('README.md', 'utf8').includes('`facet serve` exits with code 2'));
});

test('a --root that is a file is refused like a missing one', async () => {
  const { dir, cleanup } = tempDir();
  try {
    const file = path.join(dir, 'notes.txt');
    writeFileSync(file, 'x');
    assert.deepEqual(await refused(['--root', file]), {
      code: 2,
      stderr: `facet: --root: ${file} is not a directory\n`,
    });
    assert.deepEqual(await refused(['--root', path.join(dir, 'gone')]), {
      code: 2,
      stderr: `facet: --root: ${path.join(dir, 'gone')} does not exist\n`,
    });
  } finally {
    cleanup();
  }
});

test('FACET_ROOT=/nonexistent names FACET_ROOT; a bad FACET_* number names its variable', async () => {
  assert.deepEqual(await refused([], { FACET_ROOT: '/nonexistent' }), {
    code: 2,
    stderr: 'facet: FACET_ROOT: /nonexistent does not exist\n',
  });
  assert.deepEqual(await refused(['--root', '/'], { FACET_GRACE_MS: 'soon' }), {
    code: 2,
    stderr: 'facet: FACET_GRACE_MS must be a whole number, got "soon"\n',
  });
});

test('a FACET_* variable that names no option is reported (a typo would otherwise go unnoticed)', async () => {
  assert.deepEqual(await refused(['--root', '/'], { FACET_ROOTS: '/srv', FACET_GRACE_MS: 'soon' }), {
    code: 2,
    stderr:
      'facet: warning: FACET_ROOTS is not a Facet setting and is ignored (see facet serve --help)\nfacet: FACET_GRACE_MS must be a whole number, got "soon"\n',
  });
});

test('an address that cannot be listened on stops start-up with the same code', async () => {
  const { code, stderr } = await refused([
    '--root',
    '/',
    '--socket',
    '/nonexistent/dir/facet.sock',
    '--listen',
    'none',
  ]);
  assert.equal(code, 2);
  assert.match(stderr, /^facet: cannot start: /m);
});

test('a socket that cannot be listened on also stops a server whose TCP address was already bound', async () => {
  // The TCP listener comes first; before the fix it kept the process alive after the refusal.
  const { code, stderr } = await refused(['--root', '/', '--socket', '/nonexistent/dir/facet.sock']);
  assert.equal(code, 2);
  assert.match(stderr, /^facet: cannot start: cannot listen on unix:\/nonexistent\/dir\/facet\.sock: /m);
});

test('startServer itself refuses a root that is a file (embedders do not go through the CLI)', async () => {
  const { dir, cleanup } = tempDir();
  try {
    const file = path.join(dir, 'notes.txt');
    writeFileSync(file, 'x');
    const config = parseConfig(['--listen', '127.0.0.1:0', '--root', file], {}, dir);
    await assert.rejects(startServer(config, { logger: createLogger('silent') }), {
      message: `root ${file} is not a directory`,
    });
  } finally {
    cleanup();
  }
});

test('a CallToolRequest root that is a file is refused in band: a shell call answers instead of hanging', async () => {
  await withServer({}, async (t, dir) => {
    const file = path.join(dir, 'notes.txt');
    writeFileSync(file, 'x');
    const res = await callTool(t.client, 'shell.run', { command: 'echo hi', timeout_ms: 2000 }, { roots: [file] });
    assert.equal(res.error, `root ${file} is not a directory`);
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
    assert.deepEqual(
      res.failure?.fieldViolations.map((v) => v.field),
      ['roots'],
    );
  });
});

// The same condition arising while serving: the root directory is replaced by a file. The spawn
// then fails at once and execa emits no event for it; waiting for one hung every shell call past
// its timeout. The test's own time limit turns such a hang into a failure.
test(
  'a root replaced by a file while serving: shell calls of every kind answer in band',
  { timeout: 30_000 },
  async () => {
    const { dir, cleanup } = tempDir();
    const root = path.join(dir, 'root');
    mkdirSync(root);
    const t = await startTestServer(['--root', root]);
    try {
      rmdirSync(root);
      writeFileSync(root, 'x');
      const why = `cannot start /bin/bash: the working directory ${root} is not a directory`;
      const calls: Array<[string, string, Record<string, unknown>, string]> = [
        ['core', 'shell.run', { command: 'echo hi', timeout_ms: 2000 }, why],
        ['core', 'shell.start', { command: 'echo hi' }, why],
        [
          'claude',
          'Bash',
          { command: 'echo hi', timeout: 2000 },
          `<tool_use_error>Cannot start /bin/bash: the working directory ${root} is not a directory.</tool_use_error>`,
        ],
        ['kimi@1.49', 'Shell', { command: 'echo hi', timeout: 2 }, `<system>ERROR: ${why}.</system>`],
        ['grok', 'bash', { command: 'echo hi' }, JSON.stringify({ success: false, output: `Error: ${why}` })],
        ['codex@0.169.0', 'shell', { command: ['echo', 'hi'], timeout_ms: 2000 }, why],
      ];
      for (const [shape, tool, args, error] of calls) {
        const res = await callTool(t.client, tool, args, { shape, session: `${shape}-${tool}` });
        assert.equal(res.error, error, `${shape}/${tool}`);
        assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT, `${shape}/${tool}`);
      }
    } finally {
      await t.close();
      cleanup();
    }
  },
);
